//! The IRI-heavy list of the `parse_iri` benchmark, generated (not picked by
//! hand) from the URL lists and the hosts of UTS #46's conformance file.
//!
//! - The hosts: every toUnicode value of `shared/vectors/idna/IdnaTestV2.txt`
//!   that the file marks error-free and that is not ASCII, in file order
//!   (duplicates dropped), kept when urikit parses `http://HOST/` as an IRI.
//! - The lines: each line of the lists that urikit parses as a URI with a
//!   registered-name host becomes an IRI: its UTF-8 `%XX` runs decoded
//!   (RFC 3987 section 3.2, `UriRef::to_iri`), its host replaced by host
//!   number `k % hosts` (line `k` of the list), and on every other line a
//!   Unicode first path segment (the first label of host `k * 7 % hosts`)
//!   put before its path. Other lines are left out.
//!
//! `cargo run --release --example iri_list > iri.txt` writes the list.

use std::path::Path;

/// The error-free, non-ASCII toUnicode hosts of IdnaTestV2.txt (its text).
pub fn idna_hosts(idna_test: &str) -> Vec<String> {
    let mut hosts: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for line in idna_test.lines() {
        let data = line.split('#').next().unwrap_or("");
        let cols: Vec<&str> = data.split(';').map(str::trim).collect();
        if cols.len() < 3 || cols[0].is_empty() {
            continue;
        }
        // Column 2 is toUnicode (blank: the source), column 3 its status
        // (blank: no error). Values with escapes are skipped rather than
        // unescaped: they are the controls and combining marks the file escapes.
        let to_unicode = if cols[1].is_empty() { cols[0] } else { cols[1] };
        if !cols[2].is_empty() || to_unicode.contains('\\') || to_unicode.is_ascii() {
            continue;
        }
        // Labels must be non-empty (a name for a URL, not a test of dots).
        if to_unicode.split('.').any(str::is_empty) {
            continue;
        }
        let url = format!("http://{to_unicode}/");
        if urikit::iri::IriRef::parse(&url).is_ok() && seen.insert(to_unicode.to_owned()) {
            hosts.push(to_unicode.to_owned());
        }
    }
    hosts
}

/// The IRI list made from `lines` (one URL list) and `hosts`.
pub fn iri_lines(lines: &[String], hosts: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if hosts.is_empty() {
        return out;
    }
    for (k, line) in lines.iter().enumerate() {
        let Ok(uri) = urikit::UriRef::parse(line) else {
            continue;
        };
        if !matches!(uri.host(), Some(urikit::Host::RegName(_))) {
            continue;
        }
        let iri = uri.to_iri();
        let r = iri.as_iri_ref();
        let s = r.as_str();
        let sp = r.spans();
        let Some(host) = sp.host else { continue };
        let mut t = String::with_capacity(s.len() + 32);
        t.push_str(&s[..host.start]);
        t.push_str(&hosts[k % hosts.len()]);
        t.push_str(&s[host.end..sp.path.start]);
        if k % 2 == 1 {
            let label = hosts[k * 7 % hosts.len()].split('.').next().unwrap_or("");
            t.push('/');
            t.push_str(label);
        }
        t.push_str(&s[sp.path.start..]);
        // The result is an IRI (a Unicode segment before a path that is
        // empty or starts with "/" keeps it a path-abempty).
        if urikit::iri::IriRef::parse(&t).is_ok() {
            out.push(t);
        }
    }
    out
}

/// The IRI list of every URL list in `datasets` (`shared/datasets`), with
/// the hosts of `../vectors/idna/IdnaTestV2.txt` beside it.
pub fn iri_list(datasets: &Path) -> Vec<String> {
    let idna = datasets.join("../vectors/idna/IdnaTestV2.txt");
    let text = std::fs::read_to_string(&idna).unwrap_or_else(|e| panic!("{idna:?}: {e}"));
    let hosts = idna_hosts(&text);
    crate::load_datasets(datasets)
        .iter()
        .flat_map(|d| iri_lines(&d.lines, &hosts))
        .collect()
}
