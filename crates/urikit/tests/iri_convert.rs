//! IRI <-> URI (RFC 3987 sections 3.1 and 3.2): what is decoded and what is
//! kept, and the round trip URI -> IRI -> URI on every line of the URL lists
//! and on generated input.

mod common;

use common::gen;
use proptest::prelude::*;
use urikit::iri::IriRef;
use urikit::UriRef;

fn to_iri(s: &str) -> String {
    UriRef::parse(s).unwrap().to_iri().into_string()
}

#[test]
fn rfc_3987_examples() {
    // Section 3.1's example, and 3.2's.
    let iri = IriRef::parse("http://www.example.org/D\u{FC}rst").unwrap();
    assert_eq!(iri.to_uri().as_str(), "http://www.example.org/D%C3%BCrst");
    assert_eq!(
        to_iri("http://www.example.org/D%C3%BCrst"),
        "http://www.example.org/Dürst"
    );
    // 3.2: "%FC" is not UTF-8 (Latin-1 ü) and stays.
    assert_eq!(
        to_iri("http://www.example.org/D%FCrst"),
        "http://www.example.org/D%FCrst"
    );
    // 3.2.1: a bidi formatting character stays encoded.
    assert_eq!(
        to_iri("http://xn--99zt52a.example.org/%e2%80%ae"),
        "http://xn--99zt52a.example.org/%e2%80%ae"
    );
    assert_eq!(
        to_iri("http://xn--99zt52a.example.org/%E2%80%AE"),
        "http://xn--99zt52a.example.org/%E2%80%AE"
    );
    // No NFC: "e" + COMBINING ACUTE stays two characters.
    let iri = IriRef::parse("/e\u{301}").unwrap();
    assert_eq!(iri.to_uri().as_str(), "/e%CC%81");
    assert_eq!(to_iri("/e%CC%81"), "/e\u{301}");
}

#[test]
fn what_display_keeps_encoded() {
    for (uri, iri) in [
        // ASCII escapes: reserved, %25, controls, unreserved.
        ("/%2F%3F%23%25%41%0A%00%7F", "/%2F%3F%23%25%41%0A%00%7F"),
        // Not UTF-8: overlong "/", surrogates, past U+10FFFF, cut, stray.
        ("/%C0%AF", "/%C0%AF"),
        ("/%ED%A0%80", "/%ED%A0%80"),
        ("/%ED%BF%BF", "/%ED%BF%BF"),
        ("/%F4%90%80%80", "/%F4%90%80%80"),
        ("/%E4%BE", "/%E4%BE"),
        ("/%A9", "/%A9"),
        // C1 control, NBSP, zero width space and joiner, BOM, soft hyphen,
        // variation selector, noncharacter, tag, LRM, RLO, LRI.
        ("/%C2%85", "/%C2%85"),
        ("/%C2%A0", "/%C2%A0"),
        ("/%E2%80%8B%E2%80%8D", "/%E2%80%8B%E2%80%8D"),
        ("/%EF%BB%BF%C2%AD", "/%EF%BB%BF%C2%AD"),
        ("/%EF%B8%8F", "/%EF%B8%8F"),
        ("/%EF%B7%90", "/%EF%B7%90"),
        ("/%F3%A0%80%81", "/%F3%A0%80%81"),
        (
            "/%E2%80%8E%E2%80%AE%E2%81%A6",
            "/%E2%80%8E%E2%80%AE%E2%81%A6",
        ),
        // Private use: in the query only.
        (
            "/%EE%80%80?%EE%80%80#%EE%80%80",
            "/%EE%80%80?\u{E000}#%EE%80%80",
        ),
        // Lowercase hex maps back to uppercase: kept.
        ("/%c3%a9%C3%a9%C3%A9", "/%c3%a9%C3%a9é"),
        // Decoded everywhere a character may be.
        (
            "http://%C3%BC@b%C3%BCcher.de/%C3%A9?%C3%A9#%C3%A9",
            "http://ü@bücher.de/é?é#é",
        ),
        ("//h/%F0%9F%98%80%E4%BE%8B", "//h/😀例"),
    ] {
        assert_eq!(to_iri(uri), iri, "{uri}");
        let back = IriRef::parse(iri).unwrap().to_uri();
        assert_eq!(back.as_str(), uri, "{iri}");
    }
}

#[test]
fn components_are_the_same_after_conversion() {
    let uri =
        UriRef::parse("http://us%C3%A9r@b%C3%BC.de:80/p%C3%A4th?q%C3%B6=1#fr%C3%A4g").unwrap();
    let iri = uri.to_iri();
    let r = iri.as_iri_ref();
    assert_eq!(r.userinfo(), Some("usér"));
    assert_eq!(r.host_str(), Some("bü.de"));
    assert_eq!(r.port(), Some("80"));
    assert_eq!(r.path(), "/päth");
    assert_eq!(r.query(), Some("qö=1"));
    assert_eq!(r.fragment(), Some("fräg"));
    let back = r.to_uri();
    assert_eq!(back.as_uri_ref().spans(), uri.spans());
    let abs = urikit::Uri::parse("x:%C3%A9").unwrap().to_iri();
    assert_eq!(abs.as_iri().scheme(), "x");
    assert_eq!(abs.as_iri().to_uri().as_str(), "x:%C3%A9");
}

#[test]
fn uri_iri_uri_is_the_identity_on_the_url_lists() {
    let (mut n, mut changed) = (0, 0);
    for line in common::dataset_lines() {
        let Ok(uri) = UriRef::parse(&line) else {
            continue;
        };
        let iri = uri.to_iri();
        changed += usize::from(iri.as_str() != line);
        assert_eq!(iri.as_iri_ref().to_uri().as_str(), line);
        n += 1;
    }
    assert!(n > 100_000, "{n}");
    // Some lines do have UTF-8 escapes to show.
    assert!(changed > 0, "{changed} of {n}");
}

/// A string with `chars` written as UTF-8 `%XX`, upper or lower hex.
fn encoded(chars: &[(char, bool)]) -> String {
    let mut s = String::new();
    for &(c, upper) in chars {
        let mut buf = [0; 4];
        for b in c.encode_utf8(&mut buf).bytes() {
            if c.is_ascii_alphanumeric() {
                s.push(c);
            } else if upper {
                s.push_str(&format!("%{b:02X}"));
            } else {
                s.push_str(&format!("%{b:02x}"));
            }
        }
    }
    s
}

fn chars() -> impl Strategy<Value = Vec<(char, bool)>> {
    proptest::collection::vec(
        (
            prop_oneof![
                2 => any::<char>(),
                1 => proptest::sample::select(vec!['é', '例', '😀', '\u{202E}', '\u{E000}', '\u{85}', 'a']),
            ],
            prop_oneof![3 => Just(true), 1 => Just(false)],
        ),
        0..6,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Grammar-built references (every host form, dot segments...).
    #[test]
    fn uri_iri_uri_on_generated_references(s in gen::uri_reference()) {
        let uri = UriRef::parse(&s).unwrap();
        let iri = uri.to_iri();
        prop_assert_eq!(iri.as_iri_ref().to_uri().into_string(), s);
    }

    /// References full of UTF-8 escapes of any character, in every component.
    #[test]
    fn uri_iri_uri_on_encoded_text(
        user in chars(), host in chars(), path in chars(), query in chars(), frag in chars()
    ) {
        let s = format!(
            "http://{}@{}/{}?{}#{}",
            encoded(&user), encoded(&host), encoded(&path), encoded(&query), encoded(&frag)
        );
        let uri = UriRef::parse(&s).unwrap();
        let iri = uri.to_iri();
        let r = iri.as_iri_ref();
        prop_assert_eq!(r.to_uri().into_string(), s.clone());
        // The components decode to the same text.
        prop_assert_eq!(r.userinfo().map(|u| urikit::pct::decode(u).into_owned()),
                        uri.userinfo().map(|u| urikit::pct::decode(u).into_owned()));
        prop_assert_eq!(urikit::pct::decode(r.path()), urikit::pct::decode(uri.path()));
        prop_assert_eq!(r.query().map(|q| urikit::pct::decode(q).into_owned()),
                        uri.query().map(|q| urikit::pct::decode(q).into_owned()));
    }

    /// IRI -> URI -> IRI gives the IRI back when it has no `%XX` of its own
    /// (those stay as they are either way).
    #[test]
    fn iri_uri_iri_without_escapes(path in "[a-z/]{0,4}", text in proptest::collection::vec(any::<char>(), 0..8)) {
        let text: String = text.into_iter().filter(|c| !c.is_ascii()).collect();
        let s = format!("http://h/{path}{text}");
        if let Ok(iri) = IriRef::parse(&s) {
            let uri = iri.to_uri();
            let shown = uri.as_uri_ref().to_iri();
            // Decoded again unless display keeps the character encoded.
            prop_assert_eq!(shown.as_iri_ref().to_uri(), uri);
        }
    }
}

#[cfg(feature = "idna")]
mod idna {
    use urikit::idna::Uts46;
    use urikit::iri::IriRef;
    use urikit::UriRef;

    #[test]
    fn hosts_through_uts_46() {
        let idna = Uts46::new();
        let iri = IriRef::parse("http://Bücher.example/ü").unwrap();
        assert_eq!(
            iri.to_uri_idna(&idna).unwrap().as_str(),
            "http://xn--bcher-kva.example/%C3%BC"
        );
        // Percent-encoded UTF-8 in the host is decoded first.
        let iri = IriRef::parse("http://b%C3%BCcher.example/").unwrap();
        assert_eq!(
            iri.to_uri_idna(&idna).unwrap().as_str(),
            "http://xn--bcher-kva.example/"
        );
        // ASCII names and IP literals are left alone (an underscore would fail STD3).
        for s in [
            "http://a_b.example/é",
            "http://[::1]/é",
            "http://1.2.3.4/é",
            "http://EXAMPLE.com/",
        ] {
            let iri = IriRef::parse(s).unwrap();
            assert_eq!(iri.to_uri_idna(&idna).unwrap(), iri.to_uri(), "{s}");
        }
        // An error points into the IRI.
        let e = IriRef::parse("http://ok.ab--ü.de/")
            .unwrap()
            .to_uri_idna(&idna)
            .unwrap_err();
        assert_eq!((e.index(), e.kind().name()), (10, "invalid_label"));
    }

    #[test]
    fn display_shows_safe_hosts_in_unicode_only() {
        let idna = Uts46::new();
        for (uri, shown) in [
            ("http://xn--bcher-kva.de/%C3%BC", "http://bücher.de/ü"),
            ("http://xn--r8jz45g.jp/", "http://例え.jp/"),
            ("http://b%C3%BCcher.de/", "http://bücher.de/"),
            // Spoofs: Cyrillic among Latin, all-Cyrillic lookalike.
            ("http://%D0%B0pple.com/", "http://xn--pple-43d.com/"),
            ("http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/"),
            ("http://xn--pple-43d.com/", "http://xn--pple-43d.com/"),
            // UTS #46 refuses it: shown as written, not decoded.
            ("http://%D0%B0pple_x.com/", "http://%D0%B0pple_x.com/"),
            // ASCII and IP hosts as written.
            ("http://EXAMPLE.com/%C3%A9", "http://EXAMPLE.com/é"),
            ("http://[::1]/", "http://[::1]/"),
        ] {
            let got = UriRef::parse(uri).unwrap().to_iri_display(&idna);
            assert_eq!(got.as_str(), shown, "{uri}");
        }
    }
}

#[test]
fn kept_escapes_say_why() {
    use urikit::iri::KeptReason as R;
    let s = "/%C0%AF%E0%80%AF%ED%A0%80%F4%90%80%80%FF%E4%BE/%C2%A0%EE%80%80%c3%a9%C3%A9?%EE%80%80";
    let kept: Vec<_> = UriRef::parse(s)
        .unwrap()
        .kept_escapes()
        .iter()
        .map(|k| (&s[k.index..k.index + k.len], k.reason.name()))
        .collect();
    assert_eq!(
        kept,
        [
            ("%C0%AF", R::Overlong.name()),
            ("%E0%80%AF", "overlong_utf8"),
            ("%ED%A0%80", "surrogate"),
            ("%F4%90%80%80", "past_10ffff"),
            ("%FF", "invalid_utf8"),
            ("%E4%BE", "invalid_utf8"),
            ("%C2%A0", "not_shown"),
            ("%EE%80%80", "private_use_outside_query"),
            ("%c3%a9", "lowercase_hex"),
        ]
    );
    // What is not kept is decoded, and nothing else.
    assert!(to_iri(s).ends_with("%c3%a9é?\u{E000}"));
}
