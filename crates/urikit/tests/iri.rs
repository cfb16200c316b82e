//! IRIs (RFC 3987): the grammar's non-ASCII rules component by component,
//! agreement with the URI parser on ASCII, bad input (invalid UTF-8,
//! surrogates, overlong forms, bidi controls) as errors with their index, and
//! the conversions IRI -> URI -> IRI on the URL lists and generated input.

mod common;

use proptest::prelude::*;
use urikit::iri::{Iri, IriBuf, IriRef, IriRefBuf};
use urikit::{ParseErrorKind as K, UriRef};

fn err(s: &str) -> (usize, K) {
    let e = IriRef::parse(s).unwrap_err();
    (e.index(), e.kind())
}

#[test]
fn non_ascii_where_rfc_3987_allows_it() {
    for s in [
        "http://www.example.org/résumé.html",
        "http://bücher.de/",
        "http://例え.jp/引き出し?検索=値#断片",
        "ftp://ユーザー:パス@例え.jp:21/",
        "//ñ/ñ?ñ#ñ",
        "ñ/a:b", // a relative path: non-ASCII is fine before a later ":"
        "./ñ:b",
        "?\u{E000}\u{F8FF}\u{F0000}\u{10FFFD}", // iprivate in the query
        "/\u{A0}\u{D7FF}\u{F900}\u{FDCF}\u{FDF0}\u{FFEF}", // ucschar edges
        "/\u{10000}\u{1FFFD}\u{E1000}\u{EFFFD}",
        "http://[::1]/é",
        "mailto:josé@example.org",
        "urn:example:ñ",
        "#\u{1F600}",
    ] {
        let r = IriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(r.as_str(), s);
        // Parsing the same bytes gives the same.
        assert_eq!(
            IriRef::parse_bytes(s.as_bytes()).unwrap().spans(),
            r.spans()
        );
    }
}

#[test]
fn non_ascii_where_it_is_not_allowed() {
    // The scheme, the port and IP literals stay ASCII.
    assert_eq!(err("hé:x"), (1, K::InvalidScheme));
    assert_eq!(err("é:x"), (2, K::ColonInFirstSegment));
    // A ":" after non-ASCII characters still spoils a relative first segment.
    assert_eq!(err("aé:b"), (1, K::InvalidScheme));
    assert_eq!(err("éa:b"), (3, K::ColonInFirstSegment));
    assert_eq!(err("é@ü:b/c"), (5, K::ColonInFirstSegment));
    assert!(IriRef::parse("é/a:b").is_ok());
    assert_eq!(err("http://h:8é/"), (10, K::InvalidPort));
    assert_eq!(err("http://[::é]/"), (10, K::InvalidIpv6));
    assert_eq!(err("http://[vé.x]/"), (9, K::InvalidIpvFuture));
    // Outside ucschar: C1 controls, noncharacters, specials, surrogates are
    // not in a str at all, tags.
    assert_eq!(err("/a\u{85}"), (2, K::NotUcschar));
    assert_eq!(err("/\u{9F}"), (1, K::NotUcschar));
    assert_eq!(err("/\u{FDD0}"), (1, K::NotUcschar));
    assert_eq!(err("//h\u{FFFE}"), (3, K::NotUcschar));
    assert_eq!(err("?\u{FFFF}"), (1, K::NotUcschar));
    assert_eq!(err("#\u{1FFFF}"), (1, K::NotUcschar));
    assert_eq!(err("//\u{E0001}@h"), (2, K::NotUcschar));
    assert_eq!(err("?\u{10FFFE}"), (1, K::NotUcschar));
    // iprivate outside the query.
    for (s, at) in [
        ("/\u{E000}", 1),
        ("#\u{E000}", 1),
        ("//\u{F0000}/", 2),
        ("//u\u{100000}@h/", 3),
        ("a?b#\u{F8FF}", 4),
    ] {
        assert_eq!(err(s), (at, K::PrivateUseOutsideQuery), "{s:?}");
    }
    // Spaces and other ASCII stay errors as in a URI.
    assert_eq!(err("/é é"), (3, K::UnexpectedCharInPath));
    assert_eq!(err("?é<"), (3, K::UnexpectedCharInQuery));
    assert_eq!(err("#é#"), (3, K::UnexpectedCharInFragment));
    assert_eq!(err("//é é"), (4, K::UnexpectedCharInAuthority));
    assert_eq!(err("//é é@h"), (4, K::UnexpectedCharInAuthority));
}

#[test]
fn bidi_formatting_characters_are_rejected_with_their_index() {
    // RFC 3987 section 4.1's seven, the isolates and ALM, in every component.
    let bidi = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
        '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{061C}',
    ];
    for c in bidi {
        for (prefix, suffix) in [
            ("http://", "/"),
            ("http://u", "@h/"),
            ("http://h/", ""),
            ("http://h/?", ""),
            ("http://h/#", ""),
            ("", ""),
        ] {
            let s = format!("{prefix}a{c}b{suffix}");
            assert_eq!(err(&s), (prefix.len() + 1, K::BidiFormattingChar), "{s:?}");
        }
    }
    // Right-to-left text itself is fine.
    assert!(IriRef::parse("http://example.org/שלום/مرحبا").is_ok());
    let e = IriRef::parse("http://a/\u{202E}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 9: expected no bidirectional formatting character (LRM, RLM, ALM, LRE-RLO, LRI-PDI: RFC 3987 section 4.1)"
    );
}

#[test]
fn bad_bytes_are_errors_with_their_index_never_panics() {
    for (bytes, at) in [
        (&b"http://a/\xC0\xAF"[..], 9),         // overlong "/"
        (&b"http://a/b\xED\xA0\x80"[..], 10),   // lone surrogate U+D800
        (&b"http://a/\xED\xBF\xBFx"[..], 9),    // lone surrogate U+DFFF
        (&b"http://a/\xF4\x90\x80\x80"[..], 9), // past U+10FFFF
        (&b"http://\xE4\xBE\x8B\xE3"[..], 10),  // cut short
        (&b"\xFF"[..], 0),
        (&b"?\x80"[..], 1), // stray continuation byte
    ] {
        let e = IriRef::parse_bytes(bytes).unwrap_err();
        assert_eq!((e.index(), e.kind()), (at, K::InvalidUtf8), "{bytes:?}");
        assert_eq!(Iri::parse_bytes(bytes).unwrap_err().index(), at);
    }
    // Encoded, the same bytes are percent-encoded octets: valid in a URI and
    // an IRI, and never decoded for display (see the conversion tests).
    for s in [
        "http://a/%C0%AF",
        "http://a/%ED%A0%80",
        "http://a/%E2%80%AE",
    ] {
        assert!(IriRef::parse(s).is_ok());
        assert_eq!(UriRef::parse(s).unwrap().to_iri().as_str(), s);
    }
}

#[test]
fn ascii_iris_are_uris_with_the_same_components_on_the_url_lists() {
    let lines = common::dataset_lines();
    assert!(lines.len() > 100_000, "{}", lines.len());
    for line in lines.iter().filter(|l| l.is_ascii()) {
        let (iri, uri) = (IriRef::parse(line), UriRef::parse(line));
        assert_eq!(iri.map(|r| r.spans()), uri.map(|r| r.spans()), "{line:?}");
        assert_eq!(iri.map(|r| r.host()), uri.map(|r| r.host()), "{line:?}");
    }
}

/// The percent-encoded form of `s` (every non-ASCII byte as `%XX`): the
/// oracle for the IRI parse. An IRI is valid when that form is a URI and
/// each non-ASCII character is allowed where it stands.
fn oracle(s: &str) -> Option<urikit::Spans> {
    let enc: String = s
        .bytes()
        .map(|b| {
            if b < 0x80 {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    let u = UriRef::parse(&enc).ok()?;
    // Where each byte of `s` is in `enc`.
    let mut at = Vec::with_capacity(s.len() + 1);
    let mut k = 0;
    for b in s.bytes() {
        at.push(k);
        k += if b < 0x80 { 1 } else { 3 };
    }
    at.push(k);
    let back = |x: usize| at.iter().position(|&v| v == x).unwrap();
    let map = |r: std::ops::Range<usize>| back(r.start)..back(r.end);
    let sp = u.spans();
    let spans = urikit::Spans {
        scheme: sp.scheme.map(map),
        userinfo: sp.userinfo.map(map),
        host: sp.host.map(map),
        port: sp.port.map(map),
        path: map(sp.path),
        query: sp.query.clone().map(map),
        fragment: sp.fragment.map(map),
    };
    // Non-ASCII only in userinfo, reg-name host, path, query, fragment;
    // ucschar (iprivate in the query); no bidi formatting character.
    let host_is_name = matches!(u.host(), Some(urikit::Host::RegName(_)) | None);
    for (i, c) in s.char_indices().filter(|(_, c)| !c.is_ascii()) {
        let v = c as u32;
        let in_query = spans.query.as_ref().is_some_and(|q| q.contains(&i));
        let in_text = spans.userinfo.as_ref().is_some_and(|r| r.contains(&i))
            || (host_is_name && spans.host.as_ref().is_some_and(|r| r.contains(&i)))
            || spans.path.contains(&i)
            || in_query
            || spans.fragment.as_ref().is_some_and(|r| r.contains(&i));
        let bidi = matches!(v, 0x61C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069);
        let ucs = matches!(v, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
            || ((0x10000..=0xDFFFF).contains(&v) && v & 0xFFFF <= 0xFFFD);
        let private = matches!(v, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
        if !in_text || bidi || !(ucs || (in_query && private)) {
            return None;
        }
    }
    Some(spans)
}

/// Characters that exercise every branch: ASCII delimiters and bad ASCII,
/// ucschar of every UTF-8 length, the range edges, iprivate, bidi, C1.
fn iri_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(
            "abc019:/?#[]@%.-_~!$&'()*+,;= <>\"{}|\\^`".chars().collect::<Vec<_>>()
        ),
        1 => proptest::sample::select(vec![
            'é', 'ñ', '例', 'え', '😀', '\u{A0}', '\u{D7FF}', '\u{F900}', '\u{FDCF}', '\u{FDD0}',
            '\u{FDF0}', '\u{FFEF}', '\u{FFF0}', '\u{FFFD}', '\u{10000}', '\u{1FFFD}', '\u{1FFFE}',
            '\u{E0001}', '\u{E1000}', '\u{EFFFD}', '\u{E000}', '\u{F8FF}', '\u{F0000}',
            '\u{10FFFD}', '\u{200E}', '\u{202E}', '\u{2066}', '\u{61C}', '\u{85}', '\u{9F}',
        ]),
        1 => any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn iri_parse_agrees_with_the_percent_encoded_oracle(
        scheme in "(|[a-z]{1,4}:)",
        auth in proptest::option::of(proptest::collection::vec(iri_char(), 0..8)),
        rest in proptest::collection::vec(iri_char(), 0..24),
    ) {
        let auth: String = auth.map(|a| format!("//{}", a.into_iter().collect::<String>())).unwrap_or_default();
        let s = format!("{scheme}{auth}{}", rest.into_iter().collect::<String>());
        let got = IriRef::parse(&s).ok().map(|r| r.spans());
        prop_assert_eq!(got, oracle(&s), "{:?}", s);
    }

    /// The fuzz target's properties (`common/props_iri.rs`) on random bytes
    /// and on IRI-like text.
    #[test]
    fn iri_properties_on_bytes(b in proptest::collection::vec(any::<u8>(), 0..40)) {
        common::props_iri::check_iri(&b);
    }

    #[test]
    fn iri_properties_on_text(
        scheme in "(|[a-z]{1,4}:)",
        auth in proptest::option::of(proptest::collection::vec(iri_char(), 0..8)),
        rest in proptest::collection::vec(iri_char(), 0..24),
    ) {
        let auth: String = auth.map(|a| format!("//{}", a.into_iter().collect::<String>())).unwrap_or_default();
        common::props_iri::check_iri_str(&format!("{scheme}{auth}{}", rest.into_iter().collect::<String>()));
    }
}

#[test]
fn owned_forms_and_traits() {
    let b: IriRefBuf = "//例え.jp/ü".parse().unwrap();
    assert_eq!(b.as_iri_ref().host_str(), Some("例え.jp"));
    assert_eq!(b.as_iri_ref().to_owned(), b);
    let a: IriBuf = "http://é".parse().unwrap();
    assert_eq!(a.as_iri().scheme(), "http");
    let (e, s) = IriBuf::parse(String::from("/é")).unwrap_err();
    assert_eq!((e.kind(), s.as_str()), (K::MissingScheme, "/é"));
    assert_eq!(format!("{b:?}"), "IriRefBuf(\"//例え.jp/ü\")");
    assert_eq!(b.to_string(), "//例え.jp/ü");
    let r = IriRef::parse("http://h/ä#f").unwrap();
    assert_eq!(r.without_fragment().as_str(), "http://h/ä");
    assert_eq!(r.as_iri().unwrap().as_iri_ref(), r);
    // Every URI is an IRI.
    let u = UriRef::parse("http://h/%C3%A4").unwrap();
    assert_eq!(IriRef::from(u).path(), "/%C3%A4");
    assert_eq!(
        IriRef::parse("/a").unwrap().as_uri_ref(),
        Some(UriRef::parse("/a").unwrap())
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_strings() {
    let r: IriRef<'_> = serde_json::from_str("\"http://例え.jp/ü\"").unwrap();
    assert_eq!(r.host_str(), Some("例え.jp"));
    assert_eq!(serde_json::to_string(&r).unwrap(), "\"http://例え.jp/ü\"");
    let b: IriBuf = serde_json::from_str("\"x:ü\"").unwrap();
    assert_eq!(b.as_iri().path(), "ü");
    assert!(serde_json::from_str::<IriRefBuf>("\"/a\\u202eb\"").is_err());
    assert!(serde_json::from_str::<Iri<'_>>("\"/relative\"").is_err());
}
