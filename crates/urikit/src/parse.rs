//! The single-pass RFC 3986 `URI-reference` parser.
//!
//! [`parse`] walks the input once, left to right, with table lookups (the
//! [`crate::table`] sets, folded into one 256-entry table by [`crate::scan`],
//! which also skips runs of ordinary bytes eight at a time) and records where
//! each component starts and ends in a [`Meta`]. It never allocates.
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
use crate::host::{parse_ipv4, parse_ipv6};
use crate::scan::{self, scan};
use crate::table;

/// The kind of host a parsed authority holds, with the address value of IP hosts
/// (so that asking for it never parses twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostMeta {
    RegName,
    Ipv4([u8; 4]),
    Ipv6([u8; 16]),
    IpvFuture,
}

/// Where the authority's parts are. All offsets index the input string.
///
/// Invariants: `start <= host_start <= host_end <= end`; when `host_start > start`
/// the byte at `host_start - 1` is the `@` ending the userinfo; when
/// `host_end < end` the byte at `host_end` is the `:` before the port, and the
/// port is `host_end + 1 .. end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthMeta {
    pub start: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub end: usize,
    pub host: HostMeta,
}

/// The component offsets of a parsed URI reference.
///
/// Invariants: the scheme, if any, is `0 .. scheme_end` with `:` at `scheme_end`
/// (`scheme_end == 0` means no scheme, since a scheme is never empty); the path is
/// `path_start .. path_end`; `query` is the index of the `?` and `fragment` the
/// index of the `#` that start those components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub scheme_end: usize,
    pub auth: Option<AuthMeta>,
    pub path_start: usize,
    pub path_end: usize,
    pub query: Option<usize>,
    pub fragment: Option<usize>,
}

/// Parses `s` as an RFC 3986 `URI-reference`.
pub(crate) fn parse(s: &str) -> Result<Meta, ParseError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut scheme_end = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), only when ":" follows.
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let j = scan::run(b, 1, scan::SCHEME);
        if b.get(j) == Some(&b':') {
            scheme_end = j;
            i = j + 1;
        }
    }

    let mut auth = None;
    if b.get(i..i + 2) == Some(b"//") {
        let a = parse_authority(b, i + 2)?;
        i = a.end;
        auth = Some(a);
    }

    // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
    let path_start = i;
    i = scan(b, i, scan::PATH)?;
    let path_end = i;
    if scheme_end == 0 && auth.is_none() {
        check_first_segment(b, path_start, path_end)?;
    }

    let mut query = None;
    if b.get(i) == Some(&b'?') {
        query = Some(i);
        i = scan(b, i + 1, scan::QUERY)?;
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        fragment = Some(i);
        // `fragment` has the same rule as `query`.
        i = scan(b, i + 1, scan::QUERY)?;
    }
    if i < b.len() {
        let kind = if fragment.is_some() {
            K::UnexpectedCharInFragment
        } else if query.is_some() {
            K::UnexpectedCharInQuery
        } else {
            K::UnexpectedCharInPath
        };
        return Err(ParseError::new(i, kind));
    }
    Ok(Meta {
        scheme_end,
        auth,
        path_start,
        path_end,
        query,
        fragment,
    })
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

#[inline]
fn check_first_segment(b: &[u8], start: usize, end: usize) -> Result<(), ParseError> {
    for (k, &c) in b[start..end].iter().enumerate() {
        match c {
            b'/' => return Ok(()),
            b':' => return Err(first_segment_error(b, start + k)),
            _ => {}
        }
    }
    Ok(())
}

/// Whether `c` may end an authority: the end of the input (`None`), `/`, `?`, `#`.
#[inline(always)]
fn ends_authority(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b'/' | b'?' | b'#'))
}

/// Parses `authority = [ userinfo "@" ] host [ ":" port ]` starting at `start`
/// (just after `//`).
///
/// The fast path reads `reg-name [":" *DIGIT]` and stops at the end of the
/// authority. This gives what [`parse_authority_general`] gives, errors
/// included: a `%` error before the first `:` is the first one the general
/// routine meets too, since `reg-name` and `userinfo` agree on every byte but
/// `:`. Anything else (`@`, `[`, an unexpected byte) goes to the general
/// routine, which starts again from `start`.
#[inline]
fn parse_authority(b: &[u8], start: usize) -> Result<AuthMeta, ParseError> {
    let host_end = scan(b, start, scan::REG_NAME)?;
    let end = match b.get(host_end) {
        Some(b':') => scan::run(b, host_end + 1, scan::DIGIT),
        _ => host_end,
    };
    if !ends_authority(b.get(end)) {
        return parse_authority_general(b, start);
    }
    Ok(AuthMeta {
        start,
        host_start: start,
        host_end,
        end,
        host: reg_name_or_ipv4(&b[start..host_end]),
    })
}

/// The kind of a host that matched `reg-name`: an `IPv4address` is one too.
#[inline]
fn reg_name_or_ipv4(host: &[u8]) -> HostMeta {
    // An IPv4address ends with a digit: skip the attempt for most names.
    if !host.last().is_some_and(u8::is_ascii_digit) {
        return HostMeta::RegName;
    }
    match parse_ipv4(host) {
        Some(addr) => HostMeta::Ipv4(addr),
        None => HostMeta::RegName,
    }
}

/// [`parse_authority`] for every authority: reads the bytes first as a possible
/// userinfo, then (from after the `@`, or from `start` again) as `host [":" port]`.
#[cold]
fn parse_authority_general(b: &[u8], start: usize) -> Result<AuthMeta, ParseError> {
    // First read: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
    let j = scan(b, start, scan::USERINFO)?;
    let host_start = match b.get(j) {
        Some(b'@') => j + 1,
        None | Some(b'/' | b'?' | b'#') => start,
        Some(b'[') if j == start => start,
        Some(_) => return Err(ParseError::new(j, K::UnexpectedCharInAuthority)),
    };

    let (host_end, host) = if b.get(host_start) == Some(&b'[') {
        parse_ip_literal(b, host_start)?
    } else {
        let end = scan(b, host_start, scan::REG_NAME)?;
        (end, reg_name_or_ipv4(&b[host_start..end]))
    };

    let mut end = host_end;
    let mut port = false;
    if b.get(end) == Some(&b':') {
        port = true;
        end += 1;
        end = scan::run(b, end, scan::DIGIT);
    }
    match b.get(end) {
        None | Some(b'/' | b'?' | b'#') => Ok(AuthMeta {
            start,
            host_start,
            host_end,
            end,
            host,
        }),
        Some(_) if port => Err(ParseError::new(end, K::InvalidPort)),
        Some(_) => Err(ParseError::new(end, K::UnexpectedCharInHost)),
    }
}

/// Parses `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `open` (the `[`),
/// returning the index just past `]` and the host kind.
fn parse_ip_literal(b: &[u8], open: usize) -> Result<(usize, HostMeta), ParseError> {
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
        return Ok((close + 1, HostMeta::IpvFuture));
    }
    match parse_ipv6(inner) {
        Ok(addr) => Ok((close + 1, HostMeta::Ipv6(addr))),
        Err(k) => Err(ParseError::new(content + k, K::InvalidIpv6)),
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::parse;
    use crate::parse_reference::parse_reference;
    use proptest::prelude::*;

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
