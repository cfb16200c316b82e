//! The IRI properties (RFC 3987) that the `iri` fuzz target, the property
//! tests (`tests/iri.rs`) and the fuzz regression tests check, written once.
//! Depends on `urikit` and `std` only (the fuzz crate includes it with
//! `#[path]`).

use urikit::iri::IriRef;
use urikit::{ParseErrorKind, UriRef};

/// For any bytes: parsing them as an IRI never panics and answers as the
/// `str` parse does; the text they hold (lossily) is checked by
/// [`check_iri_str`].
pub fn check_iri(data: &[u8]) {
    let got = IriRef::parse_bytes(data);
    match std::str::from_utf8(data) {
        Ok(s) => {
            let direct = IriRef::parse(s);
            assert_eq!(got.map(|r| r.spans()), direct.map(|r| r.spans()), "{s:?}");
            check_iri_str(s);
        }
        Err(e) => {
            let err = got.expect_err("not UTF-8, yet parsed");
            assert_eq!(
                (err.index(), err.kind()),
                (e.valid_up_to(), ParseErrorKind::InvalidUtf8)
            );
            check_iri_str(&String::from_utf8_lossy(data));
        }
    }
}

/// For any text: an error points inside it at a char boundary; an ASCII
/// text is an IRI exactly when it is a URI, with the same components; a
/// valid IRI's URI (3.1) parses with the same components, percent-encoded,
/// and converting that URI back (3.2) and forth again gives it back.
pub fn check_iri_str(s: &str) {
    let r = match IriRef::parse(s) {
        Err(e) => {
            assert!(
                e.index() <= s.len() && s.is_char_boundary(e.index()),
                "{s:?}: {e:?}"
            );
            if s.is_ascii() {
                assert_eq!(UriRef::parse(s).map(|_| ()), Err(e), "{s:?}");
            }
            return;
        }
        Ok(r) => r,
    };
    assert_eq!(r.as_str(), s);
    if s.is_ascii() {
        let u = UriRef::parse(s).expect("an ASCII IRI is a URI");
        assert_eq!(u.spans(), r.spans(), "{s:?}");
    }
    let uri = r.to_uri();
    let u = uri.as_uri_ref();
    let enc = |t: Option<&str>| {
        t.map(|t| urikit::pct::encode(t.as_bytes(), &urikit::table::URI_CHAR).into_owned())
    };
    assert_eq!(u.scheme(), r.scheme(), "{s:?}");
    assert_eq!(u.userinfo().map(str::to_owned), enc(r.userinfo()), "{s:?}");
    assert_eq!(u.host_str().map(str::to_owned), enc(r.host_str()), "{s:?}");
    assert_eq!(u.port(), r.port(), "{s:?}");
    assert_eq!(Some(u.path().to_owned()), enc(Some(r.path())), "{s:?}");
    assert_eq!(u.query().map(str::to_owned), enc(r.query()), "{s:?}");
    assert_eq!(u.fragment().map(str::to_owned), enc(r.fragment()), "{s:?}");
    // URI -> IRI -> URI is the identity.
    let shown = u.to_iri();
    assert_eq!(shown.as_iri_ref().to_uri(), uri, "{s:?}");
    // And the IRI shown is valid with the URI's structure.
    let again = IriRef::parse(shown.as_str()).expect("to_iri gives an IRI");
    assert_eq!(again.has_authority(), r.has_authority(), "{s:?}");
    assert_eq!(again.query().is_some(), r.query().is_some(), "{s:?}");
    assert_eq!(again.fragment().is_some(), r.fragment().is_some(), "{s:?}");
}
