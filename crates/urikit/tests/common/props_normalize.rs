//! Normalization properties (RFC 3986 section 6.2), shared like `props.rs` by
//! the `normalize` fuzz target, the property tests and the fuzz regression
//! tests: normalizing is idempotent, keeps the structure (the same components
//! present, the path's kind), keeps the decoded query and fragment, and gives
//! every respelling that section 6.2.2 calls equivalent (case of scheme and
//! host, hex case, encoded unreserved characters) the same normal form.

use urikit::equivalence::equivalent;
use urikit::normalize::{Level, Normalizer};
use urikit::{pct, Host, UriRef};

use super::props::check_parse;

const LEVELS: [Level; 3] = [Level::String, Level::Syntax, Level::Scheme];

/// The kind of a path: `(starts with '/', is empty)`.
fn path_kind(r: &UriRef<'_>) -> (bool, bool) {
    (r.path().starts_with('/'), r.path().is_empty())
}

/// Flips ASCII letter case.
fn flip(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// `text` with every other unreserved character percent-encoded (hex case
/// alternating) and the hex digits of existing triplets in the other case.
fn respell_text(text: &str, salt: usize) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && i + 2 < b.len() {
            out.push('%');
            out.push(flip(char::from(b[i + 1])));
            out.push(flip(char::from(b[i + 2])));
            i += 3;
            continue;
        }
        if (c.is_ascii_alphanumeric() || b"-._~".contains(&c)) && (i + salt) % 2 == 0 {
            if (i + salt) % 4 == 0 {
                out.push_str(&format!("%{c:02X}"));
            } else {
                out.push_str(&format!("%{c:02x}"));
            }
        } else {
            out.push(char::from(c));
        }
        i += 1;
    }
    out
}

/// A spelling of `r` that RFC 3986 section 6.2.2 says is equivalent: scheme
/// and host letters in the other case, hex digits in the other case,
/// unreserved characters percent-encoded. IP literals only change case.
pub fn respell(r: &UriRef<'_>, salt: usize) -> String {
    let mut s = String::new();
    if let Some(x) = r.scheme() {
        s.extend(x.chars().map(flip));
        s.push(':');
    }
    if let Some(a) = r.authority() {
        s.push_str("//");
        if let Some(u) = a.userinfo() {
            s.push_str(&respell_text(u, salt));
            s.push('@');
        }
        match a.host() {
            Host::RegName(name) => s.push_str(&respell_text(
                &name.chars().map(flip).collect::<String>(),
                salt,
            )),
            _ => s.extend(a.host_str().chars().map(flip)),
        }
        if let Some(p) = a.port() {
            s.push(':');
            s.push_str(p);
        }
    }
    s.push_str(&respell_text(r.path(), salt));
    if let Some(q) = r.query() {
        s.push('?');
        s.push_str(&respell_text(q, salt));
    }
    if let Some(f) = r.fragment() {
        s.push('#');
        s.push_str(&respell_text(f, salt));
    }
    s
}

/// Checks the normalization properties on `s` (nothing when it is invalid).
pub fn check_normalize(s: &str) {
    let Ok(r) = UriRef::parse(s) else { return };
    for level in LEVELS {
        let plain = Normalizer::new().level(level);
        let all = plain
            .drop_fragment(true)
            .sort_query(true)
            .remove_trailing_host_dot(true);
        for (n, optional) in [(plain, false), (all, true)] {
            let once = n.normalize(&r);
            // The text form gives the same result.
            assert_eq!(
                n.normalize_str(s).as_ref().map(|t| t.as_str()),
                Ok(once.as_str())
            );
            let u = once.as_uri_ref();
            check_parse(u.as_str());
            assert_eq!(
                n.normalize(&u).as_str(),
                u.as_str(),
                "{level:?} not idempotent on {s:?}"
            );
            assert!(n.is_normalized(&u));
            assert_eq!(n.is_normalized(&r), u.as_str() == s);

            // Structure.
            assert_eq!(u.scheme().is_some(), r.scheme().is_some());
            assert_eq!(u.has_authority(), r.has_authority(), "{s:?} -> {u}");
            assert_eq!(u.userinfo().is_some(), r.userinfo().is_some());
            assert_eq!(u.query().is_some(), r.query().is_some());
            if !optional {
                assert_eq!(u.fragment().is_some(), r.fragment().is_some());
            } else {
                assert_eq!(u.fragment(), None);
            }
            let (abs, empty) = path_kind(&r);
            let (abs2, empty2) = path_kind(&u);
            // An empty path stays empty, except that a scheme may ask for '/'.
            if empty && level == Level::Scheme && r.has_authority() {
                assert!(empty2 || u.path() == "/", "{s:?} -> {u}");
            } else {
                assert_eq!(abs, abs2, "path kind of {s:?} -> {u}");
                assert!(!empty || empty2, "{s:?} -> {u}");
            }
            if level == Level::String {
                if !optional {
                    assert_eq!(u.as_str(), s);
                }
                continue;
            }
            // Decoding is unchanged where nothing else may change it.
            if !optional {
                assert_eq!(
                    u.query().map(|q| pct::decode(q).into_owned()),
                    r.query().map(|q| pct::decode(q).into_owned())
                );
                assert_eq!(
                    u.fragment().map(|q| pct::decode(q).into_owned()),
                    r.fragment().map(|q| pct::decode(q).into_owned())
                );
            }
            if !optional {
                assert!(
                    equivalent(&r, &u, level),
                    "{s:?} not equivalent to its normal form {u}"
                );
            }
            // Equivalent respellings normalize identically.
            for salt in 0..2 {
                let other = respell(&r, salt);
                let o = UriRef::parse(&other)
                    .unwrap_or_else(|e| panic!("respelling {other:?} of {s:?}: {e}"));
                assert_eq!(n.normalize(&o).as_str(), u.as_str(), "{s:?} vs {other:?}");
                assert!(equivalent(&r, &o, level), "{s:?} vs {other:?}");
            }
        }
    }
}
