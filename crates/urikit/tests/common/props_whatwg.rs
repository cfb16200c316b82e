//! The properties of the WHATWG reading (`urikit::whatwg`), checked by the
//! `whatwg` fuzz target, `tests/whatwg.rs` and the fuzz regression tests.
//! Depends on `urikit` and `std` only (the fuzz crate includes it).

use urikit::whatwg::{readings, Url};
use urikit::UriRef;

/// A fuzz input's base and input: split at the first newline, or no base
/// (`""`) when there is none.
pub fn base_and_input(s: &str) -> (&str, &str) {
    match s.split_once('\n') {
        Some((base, input)) => (base, input),
        None => ("", s),
    }
}

/// Everything a URL exposes, to compare two of them.
pub fn fields(u: &Url) -> Vec<String> {
    let mut v: Vec<String> = [
        u.href(),
        u.protocol(),
        u.username(),
        u.password(),
        u.host(),
        u.hostname(),
        u.port(),
        u.pathname(),
        u.search(),
        u.hash(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(format!(
        "{:?} {:?} {}",
        u.host_kind(),
        u.port_u16(),
        u.has_opaque_path()
    ));
    v.push(format!("{:?} {:?}", u.query(), u.fragment()));
    v
}

/// `input` read against `base` (when `base` parses and is not empty):
///
/// - the parser never panics; with the violation callback it gives the
///   same result, every reported index inside the input, on a char boundary;
/// - without a base, the fast path and the state machine agree;
/// - serialization is idempotent: the href parses back to the same URL;
/// - `to_rfc3986` parses as RFC 3986, and is a fixed point through the
///   browser's reading (`tests/whatwg.rs` explains when the URL itself
///   comes back);
/// - the setters never panic and leave a URL whose href parses back to it;
/// - `readings` never panics and lists differences only when both parse.
pub fn check_whatwg(base: &str, input: &str) {
    let base = (!base.is_empty())
        .then(|| Url::parse(base, None).ok())
        .flatten();
    let base = base.as_ref();
    let mut seen = Vec::new();
    let url = Url::parse(input, base);
    let again = Url::parse_with_violations(input, base, &mut |e| seen.push(e));
    assert_eq!(
        url.as_ref().map(fields),
        again.as_ref().map(fields),
        "{input:?}: with violations"
    );
    for e in &seen {
        assert!(
            e.index() <= input.len() && input.is_char_boundary(e.index()),
            "{input:?}: {e:?}"
        );
    }
    if let Err(e) = &url {
        assert!(
            e.index() <= input.len() && input.is_char_boundary(e.index()),
            "{input:?}: {e:?}"
        );
    }
    if base.is_none() {
        let full = Url::parse_without_fast_path(input, None);
        assert_eq!(
            url.as_ref().map(fields),
            full.as_ref().map(fields),
            "{input:?}: fast path"
        );
    }
    if let Ok(url) = &url {
        check_url(url, input);
        for k in 0..10 {
            let mut u = url.clone();
            let v = input;
            match k {
                0 => u.set_protocol(v),
                1 => u.set_username(v),
                2 => u.set_password(v),
                3 => u.set_host(v),
                4 => u.set_hostname(v),
                5 => u.set_port(v),
                6 => u.set_pathname(v),
                7 => u.set_search(v),
                8 => u.set_hash(v),
                _ => {
                    let _ = u.set_href(v);
                }
            }
            check_url(&u, input);
        }
    }
    let r = readings(input);
    if !r.differences.is_empty() {
        assert!(r.rfc3986.is_ok() && r.whatwg.is_ok(), "{input:?}");
    }
}

/// A URL's href reads back as the same URL; its RFC 3986 form parses and
/// is a fixed point.
pub fn check_url(url: &Url, input: &str) {
    let back = Url::parse(url.href(), None)
        .unwrap_or_else(|e| panic!("{input:?}: href {:?} does not parse: {e}", url.href()));
    assert_eq!(
        fields(&back),
        fields(url),
        "{input:?}: href is not idempotent"
    );
    let uri = url.to_rfc3986().unwrap();
    assert!(UriRef::parse(uri.as_str()).is_ok(), "{input:?}: {uri}");
    let read = Url::parse(uri.as_str(), None)
        .unwrap_or_else(|e| panic!("{input:?}: to_rfc3986 {uri} does not parse: {e}"));
    assert_eq!(
        read.to_rfc3986().unwrap().as_str(),
        uri.as_str(),
        "{input:?}: to_rfc3986 is not a fixed point"
    );
    if UriRef::parse(url.href()).is_ok() {
        assert_eq!(uri.as_str(), url.href(), "{input:?}");
    }
}
