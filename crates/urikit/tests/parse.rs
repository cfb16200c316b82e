//! The parser against RFC 3986's own examples, its error reporting, and the
//! properties every parse must have (no panic, exact round trip, linear time).

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use urikit::{Host, ParseErrorKind as K, Uri, UriRef, UriRefBuf};

/// (input, scheme, authority, userinfo, host, port, path, query, fragment)
type Row = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

fn check(rows: &[Row]) {
    for &(input, scheme, authority, userinfo, host, port, path, query, fragment) in rows {
        let r = UriRef::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(r.scheme(), scheme, "{input} scheme");
        assert_eq!(
            r.authority().map(|a| a.as_str()),
            authority,
            "{input} authority"
        );
        assert_eq!(r.userinfo(), userinfo, "{input} userinfo");
        assert_eq!(r.host_str(), host, "{input} host");
        assert_eq!(r.port(), port, "{input} port");
        assert_eq!(r.path(), path, "{input} path");
        assert_eq!(r.query(), query, "{input} query");
        assert_eq!(r.fragment(), fragment, "{input} fragment");
        assert_eq!(r.as_str(), input);
        assert_eq!(r.to_string(), input);
    }
}

#[test]
fn rfc3986_section_1_1_2_examples() {
    check(&[
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            Some("ftp"),
            Some("ftp.is.co.za"),
            None,
            Some("ftp.is.co.za"),
            None,
            "/rfc/rfc1808.txt",
            None,
            None,
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            Some("http"),
            Some("www.ietf.org"),
            None,
            Some("www.ietf.org"),
            None,
            "/rfc/rfc2396.txt",
            None,
            None,
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some("ldap"),
            Some("[2001:db8::7]"),
            None,
            Some("[2001:db8::7]"),
            None,
            "/c=GB",
            Some("objectClass?one"),
            None,
        ),
        (
            "mailto:John.Doe@example.com",
            Some("mailto"),
            None,
            None,
            None,
            None,
            "John.Doe@example.com",
            None,
            None,
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            Some("news"),
            None,
            None,
            None,
            None,
            "comp.infosystems.www.servers.unix",
            None,
            None,
        ),
        (
            "tel:+1-816-555-1212",
            Some("tel"),
            None,
            None,
            None,
            None,
            "+1-816-555-1212",
            None,
            None,
        ),
        (
            "telnet://192.0.2.16:80/",
            Some("telnet"),
            Some("192.0.2.16:80"),
            None,
            Some("192.0.2.16"),
            Some("80"),
            "/",
            None,
            None,
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            Some("urn"),
            None,
            None,
            None,
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        ),
    ]);
    let ldap = UriRef::parse("ldap://[2001:db8::7]/c=GB?objectClass?one").unwrap();
    assert_eq!(
        ldap.host(),
        Some(Host::Ipv6 {
            addr: "2001:db8::7".parse::<Ipv6Addr>().unwrap(),
            literal: "2001:db8::7"
        })
    );
    let telnet = UriRef::parse("telnet://192.0.2.16:80/").unwrap();
    assert_eq!(
        telnet.host(),
        Some(Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16)))
    );
    assert_eq!(telnet.port_u16(), Some(80));
}

#[test]
fn rfc3986_section_3_examples() {
    check(&[
        (
            "foo://example.com:8042/over/there?name=ferret#nose",
            Some("foo"),
            Some("example.com:8042"),
            None,
            Some("example.com"),
            Some("8042"),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        ),
        (
            "urn:example:animal:ferret:nose",
            Some("urn"),
            None,
            None,
            None,
            None,
            "example:animal:ferret:nose",
            None,
            None,
        ),
    ]);
}

#[test]
fn absent_and_empty_are_different() {
    check(&[
        ("foo:", Some("foo"), None, None, None, None, "", None, None),
        (
            "foo:?",
            Some("foo"),
            None,
            None,
            None,
            None,
            "",
            Some(""),
            None,
        ),
        (
            "foo:#",
            Some("foo"),
            None,
            None,
            None,
            None,
            "",
            None,
            Some(""),
        ),
        (
            "//h",
            None,
            Some("h"),
            None,
            Some("h"),
            None,
            "",
            None,
            None,
        ),
        (
            "//h:",
            None,
            Some("h:"),
            None,
            Some("h"),
            Some(""),
            "",
            None,
            None,
        ),
        (
            "//@h",
            None,
            Some("@h"),
            Some(""),
            Some("h"),
            None,
            "",
            None,
            None,
        ),
        (
            "file:///etc/hosts",
            Some("file"),
            Some(""),
            None,
            Some(""),
            None,
            "/etc/hosts",
            None,
            None,
        ),
        ("", None, None, None, None, None, "", None, None),
        ("?#", None, None, None, None, None, "", Some(""), Some("")),
        ("//", None, Some(""), None, Some(""), None, "", None, None),
        ("///", None, Some(""), None, Some(""), None, "/", None, None),
        ("a/b:c", None, None, None, None, None, "a/b:c", None, None),
        ("./a:b", None, None, None, None, None, "./a:b", None, None),
    ]);
}

#[test]
fn hosts_are_typed() {
    let host = |s: &'static str| UriRef::parse(s).unwrap().host().unwrap();
    assert_eq!(host("//1.2.3.4"), Host::Ipv4(Ipv4Addr::new(1, 2, 3, 4)));
    // Not IPv4address: reg-names (RFC 3986 section 3.2.2).
    assert_eq!(host("//1.2.3.256"), Host::RegName("1.2.3.256"));
    assert_eq!(host("//01.2.3.4"), Host::RegName("01.2.3.4"));
    assert_eq!(host("//127.1"), Host::RegName("127.1"));
    assert_eq!(
        host("//[v7.fe80::a+en1]"),
        Host::IpvFuture("v7.fe80::a+en1")
    );
    assert_eq!(host("//[V7.x]"), Host::IpvFuture("V7.x"));
    match host("//[::ffff:192.0.2.1]") {
        Host::Ipv6 { addr, .. } => {
            assert_eq!(addr.to_ipv4_mapped(), Some(Ipv4Addr::new(192, 0, 2, 1)))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(host("//%41b"), Host::RegName("%41b"));
    assert_eq!(host("//h").kind_name(), "reg-name");
    assert_eq!(host("//[::1]").ip_addr(), Some("::1".parse().unwrap()));
}

#[test]
fn ports_as_digits_and_numbers() {
    let r = UriRef::parse("//h:65535").unwrap();
    assert_eq!((r.port(), r.port_u16()), (Some("65535"), Some(65535)));
    let r = UriRef::parse("//h:65536").unwrap();
    assert_eq!((r.port(), r.port_u16()), (Some("65536"), None));
    let r = UriRef::parse("//h:0080").unwrap();
    assert_eq!(r.port_u16(), Some(80));
    let huge = format!("//h:{}", "9".repeat(10_000));
    let r = UriRef::parse(&huge).unwrap();
    assert_eq!((r.port().map(str::len), r.port_u16()), (Some(10_000), None));
}

#[test]
fn segments() {
    let segs = |s: &'static str| UriRef::parse(s).unwrap().segments().collect::<Vec<_>>();
    assert_eq!(segs("/a/b/"), ["a", "b", ""]);
    assert_eq!(segs("/"), [""]);
    assert!(segs("").is_empty());
    assert_eq!(segs("a//b"), ["a", "", "b"]);
    assert_eq!(segs("http://h/%2F/x?q"), ["%2F", "x"]);
}

#[test]
fn errors_point_at_the_bad_byte() {
    let cases: &[(&str, usize, K)] = &[
        ("http://exa mple.com/", 10, K::UnexpectedCharInAuthority),
        ("http://h/a b", 10, K::UnexpectedCharInPath),
        ("http://h/?a b", 11, K::UnexpectedCharInQuery),
        ("http://h/#a#b", 11, K::UnexpectedCharInFragment),
        ("http://h/%4g", 9, K::InvalidPercentEncoding),
        ("%", 0, K::InvalidPercentEncoding),
        ("http://h:80a/", 11, K::InvalidPort),
        ("http://[::1/", 11, K::UnclosedIpLiteral),
        ("http://[::1]x/", 12, K::UnexpectedCharInHost),
        ("http://[1::2::3]/", 12, K::InvalidIpv6),
        ("http://[::1.2.3.256]/", 10, K::InvalidIpv6),
        ("http://[vx.a]/", 9, K::InvalidIpvFuture),
        ("http://[v1.]/", 11, K::InvalidIpvFuture),
        ("http://a@b@c/", 10, K::UnexpectedCharInHost),
        ("http://h[/", 8, K::UnexpectedCharInAuthority),
        ("a%20:foo", 1, K::InvalidScheme),
        ("3ttp://a.com", 0, K::InvalidScheme),
        (":hello", 0, K::InvalidScheme),
        ("(:", 1, K::ColonInFirstSegment),
        ("%41:b", 3, K::ColonInFirstSegment),
        ("foo\\bar", 3, K::UnexpectedCharInPath),
        ("é", 0, K::UnexpectedCharInPath),
    ];
    for &(input, index, kind) in cases {
        let e = UriRef::parse(input).unwrap_err();
        assert_eq!((e.index(), e.kind()), (index, kind), "{input}: {e}");
        assert!(e
            .to_string()
            .starts_with(&format!("at byte {index}: expected ")));
    }
    assert_eq!(Uri::parse("/rel").unwrap_err().kind(), K::MissingScheme);
    assert_eq!(K::ColonInFirstSegment.name(), "colon_in_first_segment");
}

#[test]
fn owned_types_and_conversions() {
    let r: UriRefBuf = "http://h/p?q".parse().unwrap();
    assert_eq!(r.as_uri_ref().path(), "/p");
    let (e, back) = UriRefBuf::try_from(String::from("bad uri")).unwrap_err();
    assert_eq!((e.index(), back.as_str()), (3, "bad uri"));
    let u = urikit::UriBuf::try_from(String::from("x:y")).unwrap();
    assert_eq!(u.as_uri().scheme(), "x");
    let (e, back) = urikit::UriBuf::try_from(String::from("y")).unwrap_err();
    assert_eq!((e.kind(), back.as_str()), (K::MissingScheme, "y"));
    // Equality, ordering and hashing are the string's.
    let a = UriRef::parse("http://a/").unwrap();
    let b = UriRef::parse("http://b/").unwrap();
    assert!(a < b && a != b && a == UriRef::parse("http://a/").unwrap());
    assert_eq!(format!("{a:?}"), "UriRef(\"http://a/\")");
    let set: std::collections::HashSet<_> = [a, b, a].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    {
        let r: UriRefBuf = serde_json::from_str("\"http://h/p\"").unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), "\"http://h/p\"");
        assert!(serde_json::from_str::<UriRefBuf>("\"a b\"").is_err());
        let b: UriRef<'_> = serde_json::from_str("\"//x\"").unwrap();
        assert_eq!(b.host_str(), Some("x"));
    }
}

#[test]
fn long_inputs_parse_in_linear_time() {
    // Megabytes of the shapes that could make a careless parser quadratic; a
    // quadratic parser would take minutes here, this takes milliseconds (the
    // time ratios themselves are measured in tests/adversarial.rs). Each
    // answer is checked: `None` is valid, `Some(i)` an error at byte `i`.
    // Wrappers: bare, "http://h/" + body, "//" + body, "?" + body.
    let shapes: [(&str, [Option<usize>; 4]); 7] = [
        ("../", [None, None, None, None]),
        ("%41", [None, None, None, None]),
        // "//a:a:a:..." reads as host "a" and a port that is not digits.
        ("a:", [None, None, Some(4), None]),
        ("//", [None, None, None, None]),
        ("[", [Some(0), Some(9), Some(3), Some(1)]),
        // "//@@@..." is an empty userinfo, an empty host, then a stray "@".
        ("@", [None, None, Some(3), None]),
        ("/./", [None, None, None, None]),
    ];
    for (shape, expected) in shapes {
        let body = shape.repeat(1 << 18);
        let inputs = [
            body.clone(),
            format!("http://h/{body}"),
            format!("//{body}"),
            format!("?{body}"),
        ];
        for (input, want) in inputs.iter().zip(expected) {
            let got = UriRef::parse(input).err().map(|e| e.index());
            assert_eq!(got, want, "{shape:?} x 2^18 in {:?}...", &input[..12]);
        }
    }
    let userinfo = format!("http://{}@h/", "a:".repeat(1 << 18));
    assert!(UriRef::parse(&userinfo).is_ok());
}

/// Strings made of URI characters and a few near misses, to reach deep into
/// the grammar rather than failing at the first byte.
fn uri_like() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a", "Z", "0", "9", "-", ".", "_", "~", "%", "%4", "%41", "%zz", ":", "/", "//", "?", "#",
        "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "::", "v1.",
        "1.2.3.4", "255", "http:", "[::1]", " ", "\\", "é",
    ]);
    prop::collection::vec(atoms, 0..24).prop_map(|v| v.concat())
}

fn check_round_trip(s: &str) {
    if let Ok(r) = UriRef::parse(s) {
        assert_eq!(r.as_str(), s);
        // The components put back together give the input again.
        let mut rebuilt = String::new();
        if let Some(sc) = r.scheme() {
            rebuilt.push_str(sc);
            rebuilt.push(':');
        }
        if let Some(a) = r.authority() {
            rebuilt.push_str("//");
            if let Some(u) = a.userinfo() {
                rebuilt.push_str(u);
                rebuilt.push('@');
            }
            rebuilt.push_str(a.host_str());
            if let Some(p) = a.port() {
                rebuilt.push(':');
                rebuilt.push_str(p);
            }
        }
        rebuilt.push_str(r.path());
        if let Some(q) = r.query() {
            rebuilt.push('?');
            rebuilt.push_str(q);
        }
        if let Some(f) = r.fragment() {
            rebuilt.push('#');
            rebuilt.push_str(f);
        }
        assert_eq!(rebuilt, s);
        // And re-parsing the text gives the same components.
        let again = UriRef::parse(&rebuilt).unwrap();
        assert_eq!(again.authority(), r.authority());
        assert_eq!(
            (again.path(), again.query(), again.fragment()),
            (r.path(), r.query(), r.fragment())
        );
    } else if let Err(e) = UriRef::parse(s) {
        assert!(e.index() <= s.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let s = String::from_utf8_lossy(&bytes);
        check_round_trip(&s);
    }

    #[test]
    fn uri_like_strings_round_trip(s in uri_like()) {
        check_round_trip(&s);
    }
}
