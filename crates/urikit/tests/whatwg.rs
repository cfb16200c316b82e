//! The WHATWG URL Standard's Web Platform Tests (`shared/vectors/whatwg/wpt`):
//! every case of `urltestdata.json` (parsing, with and without a base, every
//! component) and of `setters_tests.json` (the API's setters) must pass.
//! There is no expected-failure list.

mod common;

use serde_json::Value;
use urikit::whatwg::Url;

const COMPONENTS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

fn component<'a>(url: &'a Url, name: &str) -> std::borrow::Cow<'a, str> {
    match name {
        "href" => url.href().into(),
        "protocol" => url.protocol().into(),
        "username" => url.username().into(),
        "password" => url.password().into(),
        "host" => url.host().into(),
        "hostname" => url.hostname().into(),
        "port" => url.port().into(),
        "pathname" => url.pathname().into(),
        "search" => url.search().into(),
        "hash" => url.hash().into(),
        "origin" => url.origin().into(),
        _ => panic!("unknown component {name}"),
    }
}

fn wpt(name: &str) -> Value {
    let path = common::shared_dir().join("vectors/whatwg/wpt").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn urltestdata() {
    let cases = wpt("urltestdata.json");
    let mut failures = Vec::new();
    let mut n = 0;
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        n += 1;
        let input = case["input"].as_str().unwrap();
        let base = match case.get("base").and_then(Value::as_str) {
            Some(b) => match Url::parse(b, None) {
                Ok(u) => Some(u),
                Err(e) => {
                    failures.push(format!("{input:?}: base {b:?} fails: {e}"));
                    continue;
                }
            },
            None => None,
        };
        let got = Url::parse(input, base.as_ref());
        if case.get("failure").is_some_and(|f| f == true) {
            if let Ok(u) = got {
                failures.push(format!(
                    "{input:?} (base {:?}): should fail, got {}",
                    base.map(|b| b.to_string()),
                    u.href()
                ));
            }
            continue;
        }
        let url = match got {
            Ok(u) => u,
            Err(e) => {
                failures.push(format!(
                    "{input:?} (base {:?}): failed {e} ({})",
                    base.map(|b| b.to_string()),
                    e.kind().name()
                ));
                continue;
            }
        };
        for name in COMPONENTS.iter().copied().chain(["origin"]) {
            let Some(want) = case.get(name).and_then(Value::as_str) else {
                continue;
            };
            let got = component(&url, name);
            if got != want {
                failures.push(format!(
                    "{input:?} (base {:?}): {name} {got:?}, want {want:?} (href {})",
                    base.as_ref().map(|b| b.to_string()),
                    url.href()
                ));
            }
        }
        // Serialization is idempotent: the href parses back to itself.
        match Url::parse(url.href(), None) {
            Ok(again) if again.href() == url.href() => {}
            other => failures.push(format!(
                "{input:?}: href {} re-parses to {other:?}",
                url.href()
            )),
        }
    }
    eprintln!("{n} urltestdata cases");
    assert!(n > 800, "only {n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn setters() {
    let all = wpt("setters_tests.json");
    let mut failures = Vec::new();
    let mut n = 0;
    for (setter, cases) in all.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            n += 1;
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let mut url = Url::parse(href, None).unwrap_or_else(|e| panic!("{href:?}: {e}"));
            match setter.as_str() {
                "href" => {
                    let _ = url.set_href(value);
                }
                "protocol" => url.set_protocol(value),
                "username" => url.set_username(value),
                "password" => url.set_password(value),
                "host" => url.set_host(value),
                "hostname" => url.set_hostname(value),
                "port" => url.set_port(value),
                "pathname" => url.set_pathname(value),
                "search" => url.set_search(value),
                "hash" => url.set_hash(value),
                other => panic!("unknown setter {other}"),
            }
            for (name, want) in case["expected"].as_object().unwrap() {
                let got = component(&url, name);
                if got != want.as_str().unwrap() {
                    failures.push(format!(
                        "{href:?} set {setter} to {value:?}: {name} {got:?}, want {want} (href {})",
                        url.href()
                    ));
                }
            }
            // A URL a setter wrote parses back to itself.
            match Url::parse(url.href(), None) {
                Ok(again) if again.href() == url.href() => {}
                other => failures.push(format!(
                    "{href:?} set {setter} to {value:?}: href {} re-parses to {other:?}",
                    url.href()
                )),
            }
        }
    }
    eprintln!("{n} setter cases");
    assert!(n > 250, "only {n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
