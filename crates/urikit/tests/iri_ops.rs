//! Resolution, normalization and comparison of IRIs (RFC 3987 sections 5.3
//! and 6.5): each commutes with the mapping to URIs (section 3.1), which is
//! how the RFC defines them.

mod common;

use common::gen;
use proptest::prelude::*;
use urikit::iri::{equivalent, Iri, IriRef};
use urikit::normalize::{Level, Normalizer};
use urikit::{Profile, Resolver, UriRef};

/// A piece of an IRI path, query or fragment: dot segments, delimiters,
/// escapes of ASCII and of UTF-8 (either case), raw characters of every
/// UTF-8 length.
fn piece() -> impl Strategy<Value = String> {
    proptest::sample::select(vec![
        "/",
        "..",
        ".",
        "a",
        "B",
        "%41",
        "%2e",
        "%2F",
        "%c3%a9",
        "%C3%A9",
        "%E2%80%AE",
        "%EE%80%80",
        "é",
        "ü",
        "例",
        "😀",
        "\u{A0}",
        // `iprivate`: raw in queries only (encoded elsewhere, below).
        "\u{E000}",
        ":",
        "@",
        "?",
        "=",
        "&",
        "%7e",
    ])
    .prop_map(String::from)
}

fn text(n: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(piece(), 0..n).prop_map(|v| v.concat())
}

/// IRI references of every shape: with or without scheme and authority,
/// non-ASCII hosts, paths full of dot segments, private-use characters in
/// queries.
fn iri_ref() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(vec!["", "http:", "HTTP:", "s:"]),
        proptest::option::of(proptest::sample::select(vec![
            "例え.jp",
            "B%C3%BCcher.Example",
            "h",
            "u@ñ:80",
            "[::1]",
            "",
        ])),
        text(8),
        proptest::option::of(text(4)),
        proptest::option::of(text(3)),
    )
        .prop_map(|(scheme, auth, path, query, frag)| {
            let mut s = String::from(scheme);
            if let Some(a) = auth {
                s.push_str("//");
                s.push_str(a);
                if !path.is_empty() && !path.starts_with('/') {
                    s.push('/');
                }
            }
            // A relative path's first segment must not hold ':'.
            let path = if s.is_empty() && path.split('/').next().unwrap_or("").contains(':') {
                format!("./{path}")
            } else {
                path
            };
            s.push_str(&path.replace('?', "%3F").replace('\u{E000}', "%EE%80%80"));
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f.replace('#', "%23").replace('\u{E000}', "%EE%80%80"));
            }
            s
        })
}

fn absolute_iri() -> impl Strategy<Value = String> {
    iri_ref().prop_filter("a scheme", |s| {
        IriRef::parse(s).is_ok_and(|r| r.is_absolute())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// RFC 3987 6.5: resolving IRIs, then mapping to a URI, is resolving
    /// their URIs; in every profile, strict or not.
    #[test]
    fn resolution_commutes_with_the_uri_mapping(base in absolute_iri(), r in iri_ref()) {
        let (Ok(b), Ok(r)) = (Iri::parse(&base), IriRef::parse(&r)) else {
            return Ok(());
        };
        let (bu, ru) = (b.to_uri(), r.to_uri());
        for profile in Profile::ALL {
            for strict in [true, false] {
                let resolver = Resolver::new().profile(profile).strict(strict);
                let via_iri = resolver.resolve_iri(&b, &r).map(|t| t.as_iri().to_uri());
                let via_uri = resolver.resolve(&bu.as_uri(), &ru.as_uri_ref());
                prop_assert_eq!(
                    via_iri.map(|u| u.into_string()).map_err(|e| e.kind()),
                    via_uri.map(|u| u.into_string()).map_err(|e| e.kind()),
                    "{} + {} ({:?})", base, r, profile
                );
            }
        }
    }

    /// RFC 3987 5.3: the normal form is an IRI, idempotent, maps to the
    /// URI's normal form, and is equivalent to its input; equivalence is
    /// equality of the URIs' normal forms.
    #[test]
    fn normalization_commutes_with_the_uri_mapping(a in iri_ref(), b in iri_ref()) {
        let (Ok(ra), Ok(rb)) = (IriRef::parse(&a), IriRef::parse(&b)) else {
            return Ok(());
        };
        for level in [Level::Syntax, Level::Scheme] {
            let n = Normalizer::new().level(level);
            let na = n.normalize_iri(&ra);
            let again = IriRef::parse(na.as_str()).expect("the normal form is an IRI");
            prop_assert_eq!(n.normalize_iri(&again), na.clone(), "not idempotent: {}", a);
            prop_assert_eq!(
                na.as_iri_ref().to_uri(),
                n.normalize(&ra.to_uri().as_uri_ref()),
                "{}", a
            );
            prop_assert!(equivalent(&ra, &na.as_iri_ref(), level), "{}", a);
            let nb = n.normalize_iri(&rb);
            prop_assert_eq!(equivalent(&ra, &rb, level), na == nb, "{} ~ {}", a, b);
        }
    }

    /// On URIs, the IRI operations are the URI ones (an ASCII IRI is a URI);
    /// the normal form may only show more characters decoded.
    #[test]
    fn on_uris_the_iri_operations_are_the_uri_ones(s in gen::uri_reference()) {
        let u = UriRef::parse(&s).unwrap();
        let n = Normalizer::new();
        let as_iri = n.normalize_iri(&IriRef::from(u));
        prop_assert_eq!(as_iri.as_iri_ref().to_uri(), n.normalize(&u));
    }
}

#[test]
fn rfc_3987_examples() {
    // 5.3.2.3: percent-encoded iunreserved characters are decoded.
    let n = Normalizer::new();
    let r = IriRef::parse("http://example.org/~user").unwrap();
    let s = IriRef::parse("http://example.org/%7euser").unwrap();
    assert!(n.equivalent_iri(&r, &s));
    let r = IriRef::parse("http://www.example.org/r%C3%A9sum%C3%A9.html").unwrap();
    assert_eq!(
        n.normalize_iri(&r).as_str(),
        "http://www.example.org/résumé.html"
    );
    // Case of the scheme and host (5.3.2.1); raw and encoded characters alike.
    let a = IriRef::parse("HTTP://www.EXAMPLE.org/résumé").unwrap();
    let b = IriRef::parse("http://www.example.org/r%c3%a9sum%c3%a9").unwrap();
    assert!(equivalent(&a, &b, Level::Syntax));
    // No NFC (5.3.2.2): composed and decomposed forms differ.
    let nfc = IriRef::parse("/\u{E9}").unwrap();
    let nfd = IriRef::parse("/e\u{301}").unwrap();
    assert!(!equivalent(&nfc, &nfd, Level::Scheme));
    // Resolution keeps the characters as written.
    let base = Iri::parse("http://例え.jp/a/%C3%A9/c").unwrap();
    let t = IriRef::parse("../ü?%C3%B6")
        .unwrap()
        .resolve_against(&base)
        .unwrap();
    assert_eq!(t.as_str(), "http://例え.jp/a/ü?%C3%B6");
}

/// The 1997 draft merges the reference's query into the path before
/// removing dot segments: a `..` in the query can take the `?` away, and
/// what followed it is then path, where an IRI takes no `iprivate`
/// character. It is percent-encoded there, as the URI mapping writes it
/// (found by the `resolve` fuzz target's `join_iri` property); in a query
/// it stays as it is.
#[test]
fn draft_1997_encodes_private_use_characters_the_merge_moves_into_the_path() {
    let base = Iri::parse("http://a/b/c").unwrap();
    let draft = Resolver::new().profile(Profile::Draft1997);
    for (reference, target) in [
        ("d?x/../\u{E000}", "http://a/b/%EE%80%80"),
        ("d?x/../\u{E000}?\u{E000}", "http://a/b/%EE%80%80?\u{E000}"),
        ("d?\u{E000}", "http://a/b/d?\u{E000}"),
        ("d?\u{E000}/../e", "http://a/b/e"),
    ] {
        let r = IriRef::parse(reference).unwrap();
        let t = draft.resolve_iri(&base, &r).unwrap();
        assert_eq!(t.as_str(), target, "{reference}");
        assert_eq!(
            Iri::parse(t.as_str()).map(|i| i.as_str().len()),
            Ok(target.len())
        );
        assert_eq!(draft.join_iri(&base, reference).unwrap(), t);
        // The URI of the target is the target of the URIs.
        let via_uri = draft
            .resolve(&base.to_uri().as_uri(), &r.to_uri().as_uri_ref())
            .unwrap();
        assert_eq!(t.as_iri().to_uri().as_str(), via_uri.as_str());
    }
}
