//! The single-pass RFC 3986 `URI-reference` parser.
//!
//! [`parse`] walks the input once, left to right, with table lookups (the
//! [`crate::table`] sets, folded into one 256-entry table by [`crate::scan`],
//! which also skips runs of ordinary bytes eight at a time) and records where
//! each component starts and ends in an [`Offsets`]. It never allocates.
//!
//! The authority is read once as `host [":" port]` in the common case. Only
//! when that reading stops at a byte it cannot explain (an `@`, a `[`, an
//! unexpected character) is it read again from its start by the general
//! routine, which first takes the bytes as a possible userinfo and, when no `@`
//! follows, as `host [":" port]`. Every pass stops at the end of the authority,
//! so each byte is looked at a bounded number of times and the parse stays
//! linear.
//!
//! The grammar (RFC 3986 section 4.1 and Appendix A):
//!
//! ```text
//! URI-reference = URI / relative-ref
//! URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//! hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//! relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//! authority     = [ userinfo "@" ] host [ ":" port ]
//! ```

use crate::error::{ParseError, ParseErrorKind as K};
use crate::grammar::nibbles::Ssse3;
use crate::host::{parse_ipv4, parse_ipv6};
use crate::offsets::{HostKind, Offsets, MAX_LEN};
use crate::scan::{self, Blocks};
use crate::table;

/// The error for an input longer than [`MAX_LEN`] bytes, if `len` is.
#[inline(always)]
pub(crate) fn check_len(len: usize) -> Result<(), ParseError> {
    if len > MAX_LEN {
        return Err(too_long());
    }
    Ok(())
}

#[cold]
fn too_long() -> ParseError {
    ParseError::new(MAX_LEN, K::TooLong)
}

/// Parses `s` as an RFC 3986 `URI-reference`. (The borrowed types call
/// [`parse_into`]; the owned ones, with `alloc`, this.)
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn parse(s: &str) -> Result<Offsets, ParseError> {
    parse_into::<false, _>(s, |o| o)
}

/// Parses `s` as a `URI-reference` ([`parse`]), or as an `IRI-reference`
/// when `IRI` ([`parse_iri`]), with the copy of the parser the CPU runs
/// fastest, and makes a `T` of the offsets. The copies are out of line and
/// write the caller's value themselves: the caller is a test and a jump.
#[inline(always)]
pub(crate) fn parse_into<const IRI: bool, T>(
    s: &str,
    make: impl FnOnce(Offsets) -> T,
) -> Result<T, ParseError> {
    match Ssse3::detect() {
        Some(t) => t.parse::<IRI, T>(s, make),
        None => parse_portable::<IRI, T>(s, make),
    }
}

/// Whether the parser's copies (the portable one, and where the CPU has
/// SSSE3 the one compiled with it, and the nibble test called from the
/// portable code) give the same answer on `s`, as a URI reference and as an
/// IRI reference: for the fuzz targets (`crate::__fuzz`) and the parser's
/// differential test.
pub(crate) fn copies_agree(s: &str) -> bool {
    let portable = (parse_with::<false>(s, None), parse_with::<true>(s, None));
    Ssse3::detect().map_or(true, |t| {
        let compiled = (t.parse::<false, _>(s, |o| o), t.parse::<true, _>(s, |o| o));
        let called = (
            parse_with::<false>(s, Some(t)),
            parse_with::<true>(s, Some(t)),
        );
        compiled == portable && called == portable
    })
}

/// The portable copy of the parser (range tests for the wide scans).
#[inline(never)]
fn parse_portable<const IRI: bool, T>(
    s: &str,
    make: impl FnOnce(Offsets) -> T,
) -> Result<T, ParseError> {
    parse_with::<IRI>(s, None).map(make)
}

/// Parses `s` as an RFC 3987 `IRI-reference`: the same parser, whose scans
/// go on over the non-ASCII characters each component allows
/// (`scan::scan_ipath` and the others). Its components are where a URI's
/// are, and an ASCII input is an IRI exactly when it is a URI.
///
/// ```text
/// IRI-reference = IRI / irelative-ref      (each rule of RFC 3986 with an "i")
/// iunreserved   = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
/// iquery        = *( ipchar / iprivate / "/" / "?" )
/// ```
///
/// The scheme, the port and IP literals stay ASCII.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn parse_iri(s: &str) -> Result<Offsets, ParseError> {
    parse_into::<true, _>(s, |o| o)
}

/// [`parse`] (or [`parse_iri`] when `IRI`) with the wide scans' block test
/// `ssse3` says (the nibble lookup of [`crate::grammar::nibbles`], inlined
/// into a copy compiled with SSSE3, or the portable range tests).
///
/// Two copies of one parser for each: the compiler knows in each whether
/// the input is shorter than a block of the wide scans ([`scan::W`]), and
/// keeps only that case's code for the end of a run (a padded block for a
/// short input, the last block for a longer one).
#[inline(always)]
pub(crate) fn parse_with<const IRI: bool>(
    s: &str,
    ssse3: Option<Ssse3>,
) -> Result<Offsets, ParseError> {
    if s.len() < scan::W {
        parse_any::<IRI>(s, Blocks { short: true, ssse3 })
    } else {
        parse_any::<IRI>(
            s,
            Blocks {
                short: false,
                ssse3,
            },
        )
    }
}

/// [`parse`] for ASCII, [`parse_iri`] for the others: the offsets a URI or
/// an IRI string has (the two grammars agree on ASCII). For checks in debug
/// builds of values built from parts.
#[cfg(feature = "alloc")]
pub(crate) fn parse_either(s: &str) -> Result<Offsets, ParseError> {
    if s.is_ascii() {
        parse(s)
    } else {
        parse_iri(s)
    }
}

/// [`parse`], or [`parse_iri`] when `IRI`; `blocks` (a constant in each
/// copy) says whether the input is shorter than a block and which block
/// test the wide scans use.
#[inline(always)]
fn parse_any<const IRI: bool>(s: &str, blocks: Blocks) -> Result<Offsets, ParseError> {
    let b = s.as_bytes();
    check_len(b.len())?;
    let mut i = 0;
    let mut scheme_end = 0;
    // Whether `//` (an authority) starts at `i`: known without a look after
    // a common scheme.
    let mut slashes = None;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), only when ":" follows.
    // (A relative reference, whose first byte is seldom a letter, is not
    // tried against the common schemes.)
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        if let Some(len) = common_scheme(b) {
            scheme_end = len;
            i = len + 1;
            slashes = Some(true);
        } else {
            let mut j = 1;
            while let Some(&c) = b.get(j) {
                if !scan::is(c, scan::SCHEME) {
                    break;
                }
                j += 1;
            }
            if b.get(j) == Some(&b':') {
                scheme_end = j;
                i = j + 1;
            }
        }
    }

    // Every index below is at most `b.len()`, so at most `MAX_LEN`: each
    // fits a `u32`.
    let mut a = Auth {
        host_start: 0,
        host_end: 0,
        end: i,
        host: HostKind::None,
        ipv4: [0; 4],
    };
    if slashes.unwrap_or_else(|| b.get(i..i + 2) == Some(b"//")) {
        a = parse_authority::<IRI>(b, i + 2, blocks)?;
        i = a.end;
    }

    // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
    let path_start = i;
    if scheme_end == 0 && a.host == HostKind::None && b.get(i).is_some_and(|&c| c != b'/') {
        i = first_segment::<IRI>(b, i, blocks)?;
    }
    i = scan::scan_ipath::<IRI>(b, i, blocks)?;
    let path_end = i;
    if b.get(i) == Some(&b'?') {
        i = scan::scan_iquery::<IRI>(b, i + 1, blocks)?;
    }
    let query_end = i;
    if b.get(i) == Some(&b'#') {
        // `fragment` has the same rule as `query` (`ifragment` that of
        // `iquery` without `iprivate`).
        i = scan::scan_ifragment::<IRI>(b, i + 1, blocks)?;
    }
    if i < b.len() {
        return Err(trailing_error(path_end, query_end, i));
    }
    Ok(Offsets {
        scheme_end: scheme_end as u32,
        host_start: a.host_start as u32,
        host_end: a.host_end as u32,
        path_start: path_start as u32,
        path_end: path_end as u32,
        query_end: query_end as u32,
        host: a.host,
        ipv4: a.ipv4,
    })
}

/// The schemes most URLs start with, and the `//` after them, as the first
/// eight bytes of the input (`0` where any byte may follow) and the
/// scheme's length: [`common_scheme`].
const COMMON_SCHEMES: [([u8; 8], usize); 3] =
    [(*b"https://", 5), (*b"http://\0", 4), (*b"file://\0", 4)];

/// The length of the scheme of `b` when `b` starts with one of the
/// [`COMMON_SCHEMES`] and `//`, from one 8-byte load: the scheme's byte loop
/// costs more than this on every URL of the benchmark lists. Any other input
/// (an uppercase `HTTP`, a short one) is read by that loop, with the same
/// result.
#[inline(always)]
fn common_scheme(b: &[u8]) -> Option<usize> {
    let first = u64::from_le_bytes(*b.first_chunk::<8>()?);
    COMMON_SCHEMES.iter().find_map(|(prefix, len)| {
        // The bytes after the `//` of a shorter scheme are left out.
        let keep = u64::MAX >> (8 * (5 - len));
        (first & keep == u64::from_le_bytes(*prefix)).then_some(*len)
    })
}

/// The error for a byte that ends the last component before the end of the input.
#[cold]
fn trailing_error(path_end: usize, query_end: usize, i: usize) -> ParseError {
    let kind = if query_end < i {
        K::UnexpectedCharInFragment
    } else if path_end < query_end {
        K::UnexpectedCharInQuery
    } else {
        K::UnexpectedCharInPath
    };
    ParseError::new(i, kind)
}

/// A relative reference's first segment must not hold `:` (`path-noscheme`).
///
/// When the text before that `:` looks like an attempt at a scheme, the error
/// says so and points at the byte that spoilt it.
#[cold]
fn first_segment_error(b: &[u8], colon: usize) -> ParseError {
    let prefix = &b[..colon];
    match prefix.first() {
        None => ParseError::new(0, K::InvalidScheme),
        Some(&c) if table::ALPHA.contains(c) => {
            // A scheme but for one byte: point at it. (The prefix cannot be all
            // scheme bytes, or it would have parsed as a scheme.)
            let bad = prefix
                .iter()
                .position(|&c| !table::SCHEME.contains(c))
                .unwrap_or(colon);
            ParseError::new(bad, K::InvalidScheme)
        }
        Some(_) if prefix.iter().all(|&c| table::SCHEME.contains(c)) => {
            ParseError::new(0, K::InvalidScheme)
        }
        Some(_) => ParseError::new(colon, K::ColonInFirstSegment),
    }
}

/// The end of a relative reference's first segment, which must not hold
/// `:` (`path-noscheme = segment-nz-nc *( "/" segment )`, `segment-nz-nc =
/// 1*( unreserved / pct-encoded / sub-delims / "@" )`): the path is read
/// from there on. The segment is read once, here.
///
/// For an IRI (`isegment-nz-nc`), the segment's characters outside ASCII
/// are read here too: a `:` after them still spoils it.
///
/// # Errors
/// A bad `%` escape (or, for an IRI, a bad character); for a `:`, the first
/// bad escape in the rest of the path, or else the `:`'s error.
#[inline]
fn first_segment<const IRI: bool>(
    b: &[u8],
    start: usize,
    blocks: Blocks,
) -> Result<usize, ParseError> {
    let mut i = start;
    loop {
        // `reg-name` bytes are `segment-nz-nc`'s but for "@".
        i = scan::scan_iauth::<IRI>(b, i, scan::REG_NAME)?;
        match b.get(i) {
            Some(b'@') => i += 1,
            Some(b':') => {
                scan::scan_ipath::<IRI>(b, i, blocks)?;
                return Err(first_segment_error(b, i));
            }
            _ => return Ok(i),
        }
    }
}

/// Whether `c` may end an authority: the end of the input (`None`), `/`, `?`, `#`.
#[inline(always)]
fn ends_authority(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b'/' | b'?' | b'#'))
}

/// Parses `authority = [ userinfo "@" ] host [ ":" port ]` starting at `start`
/// (just after `//`) into `o`'s host fields and `path_start` (the authority's end).
///
/// The fast path reads `reg-name [":" *DIGIT]` and stops at the end of the
/// authority. This gives what [`parse_authority_general`] gives, errors
/// included: a `%` error before the first `:` is the first one the general
/// routine meets too, since `reg-name` and `userinfo` agree on every byte but
/// `:`. Anything else (`@`, `[`, an unexpected byte) goes to the general
/// routine, which starts again from `start`.
#[inline(always)]
fn parse_authority<const IRI: bool>(
    b: &[u8],
    start: usize,
    blocks: Blocks,
) -> Result<Auth, ParseError> {
    let host_end = scan::scan_ireg_name::<IRI>(b, start, blocks)?;
    let mut end = host_end;
    if b.get(end) == Some(&b':') {
        end += 1;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
    }
    if !ends_authority(b.get(end)) {
        return parse_authority_general::<IRI>(b, start);
    }
    let (host, ipv4) = reg_name_or_ipv4(&b[start..host_end]);
    Ok(Auth {
        host_start: start,
        host_end,
        end,
        host,
        ipv4,
    })
}

/// What [`parse_authority`] finds: the [`Offsets`] fields of the authority,
/// returned by value (an `&mut Offsets` handed to the cold routine would keep
/// the whole of it in memory on the fast path too).
struct Auth {
    host_start: usize,
    host_end: usize,
    end: usize,
    host: HostKind,
    ipv4: [u8; 4],
}

/// The kind of a host that matched `reg-name`: an `IPv4address` is one too.
#[inline(always)]
fn reg_name_or_ipv4(host: &[u8]) -> (HostKind, [u8; 4]) {
    // An IPv4address ends with a digit: skip the attempt for most names.
    if host.last().is_some_and(u8::is_ascii_digit) {
        if let Some(addr) = ipv4(host) {
            return (HostKind::Ipv4, addr);
        }
    }
    (HostKind::RegName, [0; 4])
}

/// [`parse_ipv4`], out of line: rare on the fast path.
#[inline(never)]
fn ipv4(host: &[u8]) -> Option<[u8; 4]> {
    parse_ipv4(host)
}

/// [`parse_authority`] for every authority: reads the bytes first as a possible
/// userinfo, then (from after the `@`, or from `start` again) as `host [":" port]`.
#[cold]
#[inline(never)]
fn parse_authority_general<const IRI: bool>(b: &[u8], start: usize) -> Result<Auth, ParseError> {
    // First read: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
    let j = scan::scan_iauth::<IRI>(b, start, scan::USERINFO)?;
    let host_start = match b.get(j) {
        Some(b'@') => j + 1,
        None | Some(b'/' | b'?' | b'#') => start,
        Some(b'[') if j == start => start,
        Some(_) => return Err(ParseError::new(j, K::UnexpectedCharInAuthority)),
    };

    let (host_end, host, ipv4) = if b.get(host_start) == Some(&b'[') {
        let (host_end, kind) = parse_ip_literal(b, host_start)?;
        (host_end, kind, [0; 4])
    } else {
        let end = scan::scan_iauth::<IRI>(b, host_start, scan::REG_NAME)?;
        let (kind, addr) = reg_name_or_ipv4(&b[host_start..end]);
        (end, kind, addr)
    };

    let mut end = host_end;
    let mut port = false;
    if b.get(end) == Some(&b':') {
        port = true;
        end += 1;
        end = scan::run(b, end, scan::DIGIT);
    }
    match b.get(end) {
        None | Some(b'/' | b'?' | b'#') => Ok(Auth {
            host_start,
            host_end,
            end,
            host,
            ipv4,
        }),
        Some(_) if port => Err(ParseError::new(end, K::InvalidPort)),
        Some(_) => Err(ParseError::new(end, K::UnexpectedCharInHost)),
    }
}

/// Parses `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `open` (the `[`),
/// returning the index just past `]` and the host kind.
pub(crate) fn parse_ip_literal(b: &[u8], open: usize) -> Result<(usize, HostKind), ParseError> {
    let content = open + 1;
    let close = match b[content..].iter().position(|&c| c == b']') {
        Some(k) => content + k,
        None => {
            // Point at the first byte that cannot be part of a literal, or the end.
            let k = b[content..]
                .iter()
                .position(|&c| !table::IPV_FUTURE.contains(c) && c != b'%')
                .map_or(b.len(), |k| content + k);
            return Err(ParseError::new(k, K::UnclosedIpLiteral));
        }
    };
    let inner = &b[content..close];
    if matches!(inner.first(), Some(b'v' | b'V')) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let mut k = 1;
        while k < inner.len() && table::HEXDIG.contains(inner[k]) {
            k += 1;
        }
        if k == 1 || k >= inner.len() || inner[k] != b'.' {
            return Err(ParseError::new(content + k, K::InvalidIpvFuture));
        }
        k += 1;
        if k == inner.len() {
            return Err(ParseError::new(content + k, K::InvalidIpvFuture));
        }
        while k < inner.len() {
            if !table::IPV_FUTURE.contains(inner[k]) {
                return Err(ParseError::new(content + k, K::InvalidIpvFuture));
            }
            k += 1;
        }
        return Ok((close + 1, HostKind::IpvFuture));
    }
    match parse_ipv6(inner) {
        Ok(_) => Ok((close + 1, HostKind::Ipv6)),
        Err(k) => Err(ParseError::new(content + k, K::InvalidIpv6)),
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::grammar::parse_reference::{parse_reference, AuthMeta, HostMeta, Meta};
    use crate::offsets::{HostKind, Offsets};
    use proptest::prelude::*;

    #[test]
    fn common_schemes_are_read_from_their_first_eight_bytes() {
        let cases = [
            ("https://h", Some(5)),
            ("https://", Some(5)),
            ("http://h", Some(4)),
            ("http:///", Some(4)),
            ("file:///", Some(4)),
            ("http://", None), // shorter than eight bytes: the byte loop
            ("https:/h/", None),
            ("HTTPS://h", None),
            ("httpx://h", None),
            ("http:/h/x", None),
            ("ftp://h/x", None),
        ];
        for (s, len) in cases {
            assert_eq!(super::common_scheme(s.as_bytes()), len, "{s}");
            // Either way, the scheme is where the byte loop finds it.
            let o = super::parse(s).unwrap();
            assert_eq!(o.scheme_end(), s.find(':').unwrap(), "{s}");
        }
    }

    /// The fast parser's answer, spelled out as the oracle gives it (the
    /// IPv6 address read again from the text, every derived offset computed).
    /// Both copies of the parser are run: the portable one and, where the
    /// CPU has SSSE3, the one whose scans test blocks by nibble lookup (the
    /// one `parse` then calls); they must agree, for URIs and IRIs.
    fn parse(s: &str) -> Result<Meta, crate::ParseError> {
        assert!(super::copies_agree(s), "{s:?}");
        let portable = super::parse_with::<false>(s, None);
        assert_eq!(super::parse(s), portable, "{s:?}");
        portable.map(|o| spelled(&o, s))
    }

    fn spelled(o: &Offsets, s: &str) -> Meta {
        Meta {
            scheme_end: o.scheme_end(),
            auth: o.has_authority().then(|| AuthMeta {
                start: o.auth_start(),
                host_start: o.host_start(),
                host_end: o.host_end(),
                end: o.path_start(),
                host: match o.host() {
                    HostKind::None | HostKind::RegName => HostMeta::RegName,
                    HostKind::Ipv4 => HostMeta::Ipv4(o.ipv4()),
                    HostKind::Ipv6 => HostMeta::Ipv6(o.ipv6(s)),
                    HostKind::IpvFuture => HostMeta::IpvFuture,
                },
            }),
            path_start: o.path_start(),
            path_end: o.path_end(),
            query: o.query(),
            fragment: o.fragment(s.len()),
        }
    }

    fn same(s: &str) {
        assert_eq!(parse(s), parse_reference(s), "input {s:?}");
    }

    #[test]
    fn agrees_with_the_reference_parser_on_tricky_inputs() {
        let cases = [
            "",
            "a",
            "a:",
            ":",
            "//",
            "///",
            "//@",
            "//:",
            "//::",
            "//:80",
            "//h:80x",
            "//h:8%41",
            "//u:p@h:1/p",
            "//u@[::1]:80",
            "//[",
            "//[v1.x]",
            "//[::1",
            "//[::1]x",
            "//a[",
            "//a%4",
            "//a%41:12",
            "//a:1%41",
            "//a:1:2",
            "//a:b@c",
            "//a@b@c",
            "//1.2.3.4",
            "//1.2.3.4:5",
            "//1.2.3.256",
            "//01.2.3.4",
            "http://example.com",
            "http://example.com:8080/a/b?c=d#e",
            "http://a b",
            "http://a/b c",
            "a:b:c",
            "1a:b",
            "./a:b",
            "a/b:c",
            "%41:b",
            "?a#b",
            "#",
            "?",
            "http://a/%zz",
            "http://a/%4",
            "http://a/abcdefgh%",
            "http://a/abcdefghi%4",
            "mailto:a@b",
            "x://\u{e9}",
            "http://a/\u{e9}",
            "foo:/.//b",
            "http://u%41:p%42@h%43:1/p%44?q%45#f%46",
            "http://[2001:db8::7]:8080/",
            "http://[v7.a:b]/",
            "http://[V7.]/",
            "http://[vz.a]",
            "http://h:99999999999999999999/",
            "HTTP://EXAMPLE.COM/",
            "s+-.1://h",
            "1a:%zz",
            "1a:b c",
            "1a b:c",
            "a@b:c",
            "%41@:x",
            "@@:",
            "x/y:z",
            "//[1:2:3:4:5:6:7:8:9]",
            "//[1::2::3]",
            "//[12345::]",
            "//[1234.1.2.3]",
            "//[::1.2.3.4:5]",
            "//[::1.2.3.256]",
            "//[1:2:3:4:5:6:7:8::]",
            "//[1:2:3:4:5:6:7::]",
            "//[1:2:3:4:5:6:7:1.2.3.4]",
            "//[1:2:3:4:5::1.2.3.4]",
            "//[::ffff:1.2.3.4]",
            "//[:1]",
            "//[1:]",
            "//[:::]",
            "//[1:::2]",
            "//[]",
            "//[::]",
            "//[g::]",
            "//[1g]",
            "//[v1]",
            "//[v.x]",
            "//[v1x]",
            "//[v1.x/]",
            "//[::1%25eth0]",
        ];
        for s in cases {
            same(s);
        }
    }

    #[test]
    fn agrees_with_the_reference_parser_on_the_url_lists() {
        let Some(dir) = option_env!("CARGO_MANIFEST_DIR") else {
            return;
        };
        let shared = std::path::Path::new(dir)
            .ancestors()
            .map(|a| a.join("shared/datasets"));
        let mut seen = 0;
        for d in shared.filter(|d| d.is_dir()).take(1) {
            for e in std::fs::read_dir(d).unwrap() {
                let text = std::fs::read(e.unwrap().path()).unwrap();
                for line in String::from_utf8_lossy(&text).lines() {
                    same(line);
                    seen += 1;
                }
            }
        }
        // Without shared/ beside the checkout there is nothing to compare.
        assert!(seen == 0 || seen > 100_000, "{seen} lines");
    }

    #[test]
    fn inputs_past_the_offset_limit_are_too_long() {
        // The check itself: a 4 GiB input is not allocated here.
        use super::check_len;
        use crate::offsets::{MARGIN, MAX_LEN};
        use crate::ParseErrorKind as K;
        assert_eq!(MAX_LEN, 4_294_966_272); // 4 GiB - 1 KiB
        assert_eq!(MAX_LEN + MARGIN - 1, u32::MAX as usize);
        assert_eq!(check_len(0), Ok(()));
        assert_eq!(check_len(MAX_LEN), Ok(()));
        for len in [MAX_LEN + 1, usize::MAX] {
            let e = check_len(len).unwrap_err();
            assert_eq!((e.index(), e.kind()), (MAX_LEN, K::TooLong));
        }
        assert_eq!(K::TooLong.name(), "too_long");
        assert_eq!(
            check_len(MAX_LEN + 1).unwrap_err().to_string(),
            "at byte 4294966272: expected at most 4294966272 bytes (4 GiB minus 1 KiB) in all"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn agrees_with_the_reference_parser(s in "[a-c0-9:/?#@%\\[\\]. vV+-]{0,24}") {
            prop_assert_eq!(parse(&s), parse_reference(&s));
        }

        #[test]
        fn agrees_on_urlish_inputs(
            scheme in "(|[a-z]{1,5}:)",
            auth in "(|//[a-z0-9:@%.\\[\\]]{0,12})",
            rest in "[a-zA-Z0-9/._~%!$&'()*+,;=:@?# <>{}\\\\]{0,40}",
        ) {
            let s = format!("{scheme}{auth}{rest}");
            prop_assert_eq!(parse(&s), parse_reference(&s));
        }
    }
}
