//! Test support shared by the integration tests: finding and loading the public
//! vectors of `shared/vectors/` (schema: `shared/vectors/README.md`).

#![allow(dead_code)]

use serde_json::Value;

mod shared;
pub use shared::shared_dir;

/// Every line of the URL lists (`shared/datasets/*.txt`, in name order; bytes
/// that are not UTF-8 replaced).
pub fn dataset_lines() -> Vec<String> {
    let dir = shared_dir().join("datasets");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for p in files {
        let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
        out.extend(text.lines().map(str::to_owned));
    }
    out
}

/// One vector file, parsed: the whole envelope (`source`, `flavor`, `cases`...).
pub fn load(rel: &str) -> Value {
    let path = shared_dir().join("vectors").join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The cases of one vector file.
pub fn cases(rel: &str) -> Vec<Value> {
    match load(rel).get("cases") {
        Some(Value::Array(a)) => a.clone(),
        _ => panic!("{rel}: no cases array"),
    }
}

/// A string field of a case, `None` when absent or null.
pub fn str_field<'a>(case: &'a Value, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Value::as_str)
}

pub mod gen;
pub mod linear;
pub mod props;
#[cfg(feature = "extract")]
pub mod props_extract;
pub mod props_iri;
pub mod props_normalize;
pub mod props_resolve;
pub mod props_urn;
#[cfg(feature = "whatwg")]
pub mod props_whatwg;
