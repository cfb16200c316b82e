//! Differential parsing: urikit against `fluent-uri` 0.3 and `iri-string` 0.7
//! (both RFC 3986 `URI-reference` parsers). On every input the three agree on
//! validity, and when all accept it, on every component.
//!
//! Accepted disagreements (see [`accepted`]): none. Over tens of millions of
//! inputs (`fuzz/README.md`) all three agreed: each takes RFC 3986 strictly,
//! so IPv6 zone ids (RFC 6874), non-ASCII (RFC 3987 IRIs), `#` in a fragment
//! and `[` `]` outside an IP literal are rejected by all, and `//h:` has the
//! present, empty port `""` in all. An entry added here must name the input
//! class, which side is right, and the RFC 3986 rule that says so.

use fluent_uri::UriRef as FUriRef;
use iri_string::types::UriReferenceStr;
use urikit::UriRef;

/// Components as plain strings, for comparing the three parsers.
#[derive(Debug, PartialEq, Eq)]
pub struct Components<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

fn ours<'a>(r: &UriRef<'a>) -> Components<'a> {
    Components {
        scheme: r.scheme(),
        authority: r.authority().map(|a| a.as_str()),
        userinfo: r.userinfo(),
        host: r.host_str(),
        port: r.port(),
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
    }
}

fn fluent<'a>(r: &'a FUriRef<&'a str>) -> Components<'a> {
    let auth = r.authority();
    Components {
        scheme: r.scheme().map(|s| s.as_str()),
        authority: auth.as_ref().map(|a| a.as_str()),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()).map(|p| p.as_str()),
        path: r.path().as_str(),
        query: r.query().map(|q| q.as_str()),
        fragment: r.fragment().map(|f| f.as_str()),
    }
}

fn iri(r: &UriReferenceStr) -> Components<'_> {
    let auth = r.authority_components();
    Components {
        scheme: r.scheme_str(),
        authority: r.authority_str(),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()),
        host: auth.as_ref().map(|a| a.host()),
        port: auth.as_ref().and_then(|a| a.port()),
        path: r.path_str(),
        query: r.query_str(),
        fragment: r.fragment_str(),
    }
}

/// Why a disagreement on `s` is accepted, if it is. `oracle` names the other
/// parser; `ours_ok` is urikit's verdict.
pub fn accepted(s: &str, oracle: &str, ours_ok: bool) -> Option<&'static str> {
    let _ = (s, oracle, ours_ok);
    None
}

/// Checks `s` against both oracles; panics on an unlisted disagreement.
pub fn check(s: &str) {
    let ours_r = UriRef::parse(s);
    let ours_c = ours_r.as_ref().ok().map(ours);

    let f = FUriRef::parse(s);
    let f_c = f.as_ref().ok().map(fluent);
    compare(s, "fluent-uri", ours_c.as_ref(), f_c.as_ref());

    let i = UriReferenceStr::new(s);
    let i_c = i.as_ref().ok().map(|r| iri(r));
    compare(s, "iri-string", ours_c.as_ref(), i_c.as_ref());
}

fn compare(s: &str, oracle: &str, ours: Option<&Components<'_>>, theirs: Option<&Components<'_>>) {
    match (ours, theirs) {
        (None, None) => {}
        (Some(a), Some(b)) => {
            if a != b && accepted(s, oracle, true).is_none() {
                panic!("{oracle} splits {s:?} differently:\n urikit {a:?}\n {oracle} {b:?}");
            }
        }
        (a, _) => {
            if accepted(s, oracle, a.is_some()).is_none() {
                panic!(
                    "validity of {s:?}: urikit {}, {oracle} {}",
                    a.is_some(),
                    a.is_none()
                );
            }
        }
    }
}
