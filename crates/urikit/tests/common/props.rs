//! The properties that the fuzz targets (`fuzz/`), the property tests
//! (`tests/properties.rs`) and the fuzz regression tests
//! (`tests/fuzz_regressions.rs`) check, written once.
//!
//! Each `check_*` function takes an arbitrary input and panics, with a message
//! naming the broken property, when the library misbehaves on it. They depend
//! on `urikit` and `std` only, because the fuzz crate includes this file with
//! `#[path]`.

use std::fmt::Write as _;
use std::net::{Ipv4Addr, Ipv6Addr};

use urikit::{pct, table, Host, Uri, UriRef, UriRefBuf};

/// Every component of a parsed reference, for comparing two parses.
#[derive(Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<Host<'a>>,
    pub host_str: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    pub fn of(r: &UriRef<'a>) -> Parts<'a> {
        Parts {
            scheme: r.scheme(),
            authority: r.authority().map(|a| a.as_str()),
            userinfo: r.userinfo(),
            host: r.host(),
            host_str: r.host_str(),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }
}

/// RFC 3986 section 5.3, component recomposition.
pub fn recompose(r: &UriRef<'_>) -> String {
    let mut out = String::new();
    if let Some(s) = r.scheme() {
        let _ = write!(out, "{s}:");
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        if let Some(u) = a.userinfo() {
            let _ = write!(out, "{u}@");
        }
        out.push_str(a.host_str());
        if let Some(p) = a.port() {
            let _ = write!(out, ":{p}");
        }
    }
    out.push_str(r.path());
    if let Some(q) = r.query() {
        let _ = write!(out, "?{q}");
    }
    if let Some(f) = r.fragment() {
        let _ = write!(out, "#{f}");
    }
    out
}

/// Fuzz input bytes as text: the bytes themselves when they are UTF-8,
/// otherwise their lossy reading (so non-ASCII text is still exercised).
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Splits `s` into `N` parts at its first `N - 1` newlines (a newline is never
/// part of a URI reference); missing parts are empty.
pub fn split<const N: usize>(s: &str) -> [&str; N] {
    let mut out = [""; N];
    let mut rest = s;
    for (k, slot) in out.iter_mut().enumerate() {
        if k + 1 == N {
            *slot = rest;
            break;
        }
        match rest.split_once('\n') {
            Some((a, b)) => {
                *slot = a;
                rest = b;
            }
            None => {
                *slot = rest;
                rest = "";
            }
        }
    }
    out
}

/// Parsing: never panics; an error points inside the input at a character
/// boundary (the CLI puts a caret there); a valid reference prints back byte
/// for byte, recomposes (RFC 3986 section 5.3) to its input, and each component
/// re-parses on its own to the same value.
pub fn check_parse(s: &str) {
    let r = match UriRef::parse(s) {
        Ok(r) => r,
        Err(e) => {
            assert!(e.index() <= s.len(), "error index {} past end", e.index());
            assert!(
                s.is_char_boundary(e.index()),
                "error index {} inside a char",
                e.index()
            );
            assert!(!e.to_string().is_empty() && !e.kind().name().is_empty());
            assert!(Uri::parse(s).is_err(), "Uri accepts what UriRef rejects");
            assert!(UriRefBuf::parse(s.to_owned()).is_err());
            return;
        }
    };
    assert_eq!(r.as_str(), s);
    assert_eq!(r.to_string(), s, "Display is not the input");
    assert!(s.is_ascii(), "a valid reference is ASCII");
    let parts = Parts::of(&r);
    let rebuilt = recompose(&r);
    assert_eq!(rebuilt, s, "recomposition differs from the input");

    // Owned and absolute forms agree with the borrowed parse.
    let owned = UriRefBuf::parse(s.to_owned()).expect("UriRefBuf rejects a valid reference");
    assert_eq!(Parts::of(&owned.as_uri_ref()), parts);
    assert_eq!(Uri::parse(s).is_ok(), r.scheme().is_some());
    assert_eq!(r.is_absolute(), r.scheme().is_some());
    assert_eq!(r.as_uri().is_some(), r.scheme().is_some());

    // Without the fragment: the prefix before '#', re-parsing the same way.
    let wf = r.without_fragment();
    let prefix = s.split('#').next().unwrap_or("");
    assert_eq!(wf.as_str(), prefix);
    assert_eq!(wf.fragment(), None);
    let wf2 = UriRef::parse(prefix).expect("prefix before '#' re-parses");
    assert_eq!(Parts::of(&wf2), Parts::of(&wf));

    if let Some(a) = r.authority() {
        check_authority(&a, &parts);
    }
    check_path(&r);
    if let Some(q) = r.query() {
        let alone = format!("?{q}");
        let q2 = UriRef::parse(&alone).expect("query re-parses alone");
        assert_eq!(q2.query(), Some(q));
        assert_eq!(q2.path(), "");
    }
    if let Some(f) = r.fragment() {
        let alone = format!("#{f}");
        let f2 = UriRef::parse(&alone).expect("fragment re-parses alone");
        assert_eq!(f2.fragment(), Some(f));
        assert_eq!(f2.query(), None);
    }
    if let Some(scheme) = r.scheme() {
        let alone = format!("{scheme}:");
        let s2 = UriRef::parse(&alone).expect("scheme re-parses alone");
        assert_eq!(s2.scheme(), Some(scheme));
        assert_eq!(s2.path(), "");
    }
}

fn check_authority(a: &urikit::Authority<'_>, parts: &Parts<'_>) {
    let alone = format!("//{}", a.as_str());
    let a2 = UriRef::parse(&alone).expect("authority re-parses alone");
    assert_eq!(a2.authority(), Some(*a), "authority re-parses differently");
    assert_eq!(a2.path(), "");
    assert_eq!(parts.host, Some(a.host()));

    let host_str = a.host_str();
    match a.host() {
        Host::Ipv4(addr) => {
            assert_eq!(addr.to_string(), host_str);
            assert_eq!(host_str.parse::<Ipv4Addr>(), Ok(addr));
        }
        Host::Ipv6 { addr, literal } => {
            assert_eq!(format!("[{literal}]"), host_str);
            assert_eq!(
                literal.parse::<Ipv6Addr>(),
                Ok(addr),
                "std reads {literal} differently"
            );
        }
        Host::IpvFuture(lit) => {
            assert_eq!(format!("[{lit}]"), host_str);
            assert!(matches!(lit.as_bytes().first(), Some(b'v' | b'V')));
        }
        Host::RegName(name) => {
            assert_eq!(name, host_str);
            assert!(
                host_str.parse::<Ipv4Addr>().is_err(),
                "IPv4 read as reg-name"
            );
        }
    }
    match a.port() {
        Some(p) => {
            assert!(p.bytes().all(|c| c.is_ascii_digit()), "port {p:?}");
            let expected = if p.is_empty() {
                None
            } else {
                p.parse::<u16>().ok()
            };
            assert_eq!(a.port_u16(), expected, "port_u16 of {p:?}");
        }
        None => assert_eq!(a.port_u16(), None),
    }
}

fn check_path(r: &UriRef<'_>) {
    let path = r.path();
    let segs: Vec<&str> = r.segments().collect();
    let joined = segs.join("/");
    if path.starts_with('/') {
        assert_eq!(format!("/{joined}"), path, "segments of {path:?}");
    } else {
        assert_eq!(joined, path, "segments of {path:?}");
    }
    if r.has_authority() {
        assert!(path.is_empty() || path.starts_with('/'), "path-abempty");
    } else {
        assert!(
            !path.starts_with("//"),
            "a path without authority starts with //"
        );
    }
    // The path alone, under a scheme, is the same path.
    if !path.starts_with("//") {
        let alone = format!("x:{path}");
        let p2 = UriRef::parse(&alone).expect("path re-parses under a scheme");
        assert_eq!(p2.path(), path);
        assert!(!p2.has_authority());
    }
}

/// Every byte table the percent-encoder may be asked to keep.
pub const TABLES: [&table::Table; 9] = [
    &table::UNRESERVED,
    &table::SUB_DELIMS,
    &table::RESERVED,
    &table::USERINFO,
    &table::REG_NAME,
    &table::PCHAR,
    &table::PATH,
    &table::QUERY,
    &table::FRAGMENT,
];

/// Percent-encoding: for arbitrary bytes and every table, encoding writes only
/// table bytes and uppercase `%XX`, and decoding gives the bytes back; decoding
/// arbitrary text never panics, and the UTF-8 variants agree with `std`.
pub fn check_pct(data: &[u8]) {
    for keep in TABLES {
        let enc = pct::encode(data, keep);
        let b = enc.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'%' {
                assert!(
                    i + 2 < b.len()
                        && matches!(b[i + 1], b'0'..=b'9' | b'A'..=b'F')
                        && matches!(b[i + 2], b'0'..=b'9' | b'A'..=b'F'),
                    "bad triplet in {enc:?}"
                );
                let v = u8::from_str_radix(&enc[i + 1..i + 3], 16).unwrap_or(0);
                assert!(!keep.contains(v), "{v:#x} encoded though kept");
                i += 3;
            } else {
                assert!(keep.contains(b[i]), "{:#x} kept though not in table", b[i]);
                i += 1;
            }
        }
        assert_eq!(pct::decode(&enc).as_ref(), data, "decode(encode) differs");
        let mut pushed = String::from("x");
        pct::push_encoded(&mut pushed, data, keep);
        assert_eq!(&pushed[1..], enc.as_ref());
    }
    // Encoded with UNRESERVED, the data fits every component.
    let enc = pct::encode(data, &table::UNRESERVED);
    let uri = format!("s://{enc}@{enc}/{enc}?{enc}#{enc}");
    let r = UriRef::parse(&uri).expect("encoded data fits every component");
    assert_eq!(pct::decode(r.path()).as_ref()[1..], *data);

    // Decoding arbitrary text.
    let s = text(data);
    let dec = pct::decode(&s);
    assert!(dec.len() <= s.len());
    if !s.contains('%') {
        assert_eq!(dec.as_ref(), s.as_bytes());
    }
    match pct::decode_utf8(&s) {
        Ok(t) => assert_eq!(t.as_bytes(), dec.as_ref()),
        Err(e) => {
            let err = std::str::from_utf8(&dec).expect_err("decode_utf8 rejects UTF-8");
            assert_eq!(e.valid_up_to, err.valid_up_to());
        }
    }
    assert_eq!(pct::decode_utf8_lossy(&s), String::from_utf8_lossy(&dec));
    // Re-encoding the decoded bytes and decoding again gives them back.
    let re = pct::encode(&dec, &table::UNRESERVED);
    assert_eq!(pct::decode(&re).as_ref(), dec.as_ref());
}
