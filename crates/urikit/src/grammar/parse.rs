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
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
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
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthMeta {
    pub start: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub end: usize,
    pub host: HostMeta,
}

/// The component offsets of a parsed URI reference, spelled out: what
/// resolution and normalization build and read. A parsed value stores the
/// compact [`Offsets`] instead ([`Offsets::pack`], [`Offsets::unpack`]).
///
/// Invariants: the scheme, if any, is `0 .. scheme_end` with `:` at `scheme_end`
/// (`scheme_end == 0` means no scheme, since a scheme is never empty); the path is
/// `path_start .. path_end`; `query` is the index of the `?` and `fragment` the
/// index of the `#` that start those components.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub scheme_end: usize,
    pub auth: Option<AuthMeta>,
    pub path_start: usize,
    pub path_end: usize,
    pub query: Option<usize>,
    pub fragment: Option<usize>,
}

/// The kind of host, or [`HostKind::None`] without an authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostKind {
    None,
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

/// The component offsets a parsed value stores: what [`Meta`] says, with
/// every offset that follows from another left out, so that a parse result
/// is small to return and to copy.
///
/// - the authority starts at `scheme_end + 3` (after `scheme "://"`), or at 2
///   without a scheme, and ends at `path_start`; it exists when `host` is not
///   [`HostKind::None`] (`host_start` and `host_end` are 0 otherwise);
/// - the query, when `path_end < query_end`, is `path_end + 1 .. query_end`
///   (the `?` is at `path_end`);
/// - the fragment, when `query_end` is not the length of the input, starts
///   after the `#` at `query_end`;
/// - an IPv4 host's address is kept (`ipv4`, zero otherwise); an IPv6 host's
///   is read again from the text when asked for (rare, and cheap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    scheme_end: u32,
    host_start: u32,
    host_end: u32,
    path_start: u32,
    path_end: u32,
    query_end: u32,
    host: HostKind,
    ipv4: [u8; 4],
}

/// How far below `u32::MAX` the parser's limit stays: room for what
/// normalization may add to a value of the limit's length (at most
/// [`crate::normalize`]'s `MAX_GROWTH`, a few dozen bytes: an IPv6 literal
/// written in RFC 5952 form, a `/` for an empty path, a `./` before a path),
/// so that every value the crate builds has offsets that fit a `u32`.
pub(crate) const MARGIN: usize = 1024;

/// The longest input the parser takes, 4 GiB minus 1 KiB (4294966272
/// bytes): offsets are stored as `u32`, and [`MARGIN`] bytes are left for
/// normalization to lengthen a value. A longer input is a [`K::TooLong`]
/// error at this index.
pub(crate) const MAX_LEN: usize = u32::MAX as usize - (MARGIN - 1);

/// An index that fits a `u32`, as stored. (Larger ones, which only a caller
/// of [`Offsets::pack`] breaking its contract could give, are clamped: the
/// offsets stay ordered and in bounds, so no slice panics.)
#[cfg(feature = "alloc")]
#[inline(always)]
fn narrow(i: usize) -> u32 {
    debug_assert!(i <= u32::MAX as usize, "{i}");
    u32::try_from(i).unwrap_or(u32::MAX)
}

impl Offsets {
    /// The end of the scheme (the index of its `:`); 0 without a scheme.
    #[inline]
    pub(crate) fn scheme_end(&self) -> usize {
        self.scheme_end as usize
    }

    /// Where the host starts, when there is an authority.
    #[inline]
    pub(crate) fn host_start(&self) -> usize {
        self.host_start as usize
    }

    /// Where the host ends, when there is an authority.
    #[inline]
    pub(crate) fn host_end(&self) -> usize {
        self.host_end as usize
    }

    /// Where the path starts (and the authority, if any, ends).
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        self.path_start as usize
    }

    /// Where the path ends.
    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        self.path_end as usize
    }

    /// Where the query ends: the index of the `#`, or the length.
    #[inline]
    pub(crate) fn query_end(&self) -> usize {
        self.query_end as usize
    }

    /// The host's kind ([`HostKind::None`] without an authority).
    #[inline]
    pub(crate) fn host(&self) -> HostKind {
        self.host
    }

    /// An IPv4 host's address.
    #[inline]
    pub(crate) fn ipv4(&self) -> [u8; 4] {
        self.ipv4
    }

    /// Where the authority starts (just after `//`), when there is one.
    #[inline]
    pub(crate) fn auth_start(&self) -> usize {
        if self.scheme_end == 0 {
            2
        } else {
            self.scheme_end() + 3
        }
    }

    /// Whether there is an authority (`//`).
    #[inline]
    pub(crate) fn has_authority(&self) -> bool {
        self.host != HostKind::None
    }

    /// The index of the `?`, when there is a query.
    #[inline]
    pub(crate) fn query(&self) -> Option<usize> {
        (self.path_end < self.query_end).then_some(self.path_end())
    }

    /// The index of the `#`, when there is a fragment (`len` is the input's).
    #[inline]
    pub(crate) fn fragment(&self, len: usize) -> Option<usize> {
        (self.query_end() < len).then_some(self.query_end())
    }

    /// The compact form of `m`, the offsets of a string of `len` bytes (at
    /// most `u32::MAX`: a parse, a resolution or a normalization of one).
    #[cfg(feature = "alloc")]
    pub(crate) fn pack(m: &Meta, len: usize) -> Offsets {
        let mut o = Offsets {
            scheme_end: narrow(m.scheme_end),
            host_start: 0,
            host_end: 0,
            path_start: narrow(m.path_start),
            path_end: narrow(m.path_end),
            query_end: narrow(m.fragment.unwrap_or(len)),
            host: HostKind::None,
            ipv4: [0; 4],
        };
        if let Some(a) = m.auth {
            o.host_start = narrow(a.host_start);
            o.host_end = narrow(a.host_end);
            o.host = match a.host {
                HostMeta::RegName => HostKind::RegName,
                HostMeta::Ipv4(addr) => {
                    o.ipv4 = addr;
                    HostKind::Ipv4
                }
                HostMeta::Ipv6(_) => HostKind::Ipv6,
                HostMeta::IpvFuture => HostKind::IpvFuture,
            };
            debug_assert_eq!((a.start, a.end), (o.auth_start(), o.path_start()), "{m:?}");
        }
        debug_assert_eq!(m.query, o.query(), "{m:?}");
        o
    }

    /// The offsets spelled out, for the string `s` they were found in.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn unpack(&self, s: &str) -> Meta {
        Meta {
            scheme_end: self.scheme_end(),
            auth: self.auth_meta(s),
            path_start: self.path_start(),
            path_end: self.path_end(),
            query: self.query(),
            fragment: self.fragment(s.len()),
        }
    }

    /// The authority's offsets spelled out (the [`Meta::auth`] of
    /// [`Offsets::unpack`]), for the string `s`; `None` without one.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn auth_meta(&self, s: &str) -> Option<AuthMeta> {
        self.has_authority().then(|| AuthMeta {
            start: self.auth_start(),
            host_start: self.host_start(),
            host_end: self.host_end(),
            end: self.path_start(),
            host: self.host_meta(s),
        })
    }

    /// The host kind with its address, for the string `s`.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn host_meta(&self, s: &str) -> HostMeta {
        match self.host {
            HostKind::None | HostKind::RegName => HostMeta::RegName,
            HostKind::Ipv4 => HostMeta::Ipv4(self.ipv4),
            HostKind::Ipv6 => HostMeta::Ipv6(self.ipv6(s)),
            HostKind::IpvFuture => HostMeta::IpvFuture,
        }
    }

    /// The address of an IPv6 host, read again from `s` (the parser checked
    /// it: the fallback is never taken).
    pub(crate) fn ipv6(&self, s: &str) -> [u8; 16] {
        s.as_bytes()
            .get(self.host_start() + 1..self.host_end().saturating_sub(1))
            .and_then(|t| parse_ipv6(t).ok())
            .unwrap_or_default()
    }
}

/// Where a spliced target (see [`Offsets::splice`]) switches from the
/// first string to the second: the components from this one on are the
/// second's.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// At the authority: only the scheme is the first's.
    Authority,
    /// At the path.
    Path,
    /// Inside the path: the first's path starts it, the second's ends it.
    PathTail,
    /// At the query (the second's path is empty).
    Query,
    /// At the fragment (the second has an empty path and no query).
    Fragment,
}

#[cfg(feature = "alloc")]
impl Offsets {
    /// The offsets of a string made of a prefix of `self`'s string, ending
    /// at byte `at`, and the suffix of `r`'s string from byte `from` on (the
    /// splice of reference resolution), read from the two without unpacking
    /// them: the components before `cut` are `self`'s, those from `cut` on
    /// are `r`'s, moved by `at - from`.
    ///
    /// The caller guarantees that the cut falls where `cut` says in both
    /// strings (`from` is where `r`'s components from `cut` on begin, less
    /// the `//` of an authority; `at` is where they begin in the target),
    /// that `from <= at`, and that the target is at most [`MAX_LEN`] bytes
    /// long; [`UriRefBuf::from_offsets`](crate::UriRefBuf) checks the result
    /// against a parse in debug builds. The arithmetic wraps: a broken
    /// contract gives wrong offsets, never a panic.
    #[inline(always)]
    pub(crate) fn splice(&self, r: &Offsets, cut: Cut, from: usize, at: usize) -> Offsets {
        let d = (at as u32).wrapping_sub(from as u32);
        let moved = |x: u32| x.wrapping_add(d);
        let mut o = *self;
        o.query_end = moved(r.query_end);
        match cut {
            Cut::Authority => {
                o.host_start = moved(r.host_start);
                o.host_end = moved(r.host_end);
                o.path_start = moved(r.path_start);
                o.path_end = moved(r.path_end);
                o.host = r.host;
                o.ipv4 = r.ipv4;
            }
            Cut::Path => {
                o.path_start = moved(r.path_start);
                o.path_end = moved(r.path_end);
            }
            Cut::PathTail | Cut::Query => o.path_end = moved(r.path_end),
            Cut::Fragment => {}
        }
        o
    }
}

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

/// Parses `s` as an RFC 3986 `URI-reference`.
///
/// Two copies of one parser: the compiler knows in each whether the input
/// is shorter than a block of the wide scans ([`scan::W`]), and keeps only
/// that case's code for the end of a run (a padded block for a short input,
/// the last block for a longer one).
#[inline(always)]
pub(crate) fn parse(s: &str) -> Result<Offsets, ParseError> {
    if s.len() < scan::W {
        parse_any(s, true)
    } else {
        parse_any(s, false)
    }
}

/// [`parse`]; `short` (a constant in each copy) says whether the input is
/// shorter than a block.
#[inline(always)]
fn parse_any(s: &str, short: bool) -> Result<Offsets, ParseError> {
    let b = s.as_bytes();
    check_len(b.len())?;
    let mut i = 0;
    let mut scheme_end = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), only when ":" follows.
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
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

    // Every index below is at most `b.len()`, so at most `MAX_LEN`: each
    // fits a `u32`.
    let mut a = Auth {
        host_start: 0,
        host_end: 0,
        end: i,
        host: HostKind::None,
        ipv4: [0; 4],
    };
    if b.get(i..i + 2) == Some(b"//") {
        a = parse_authority(b, i + 2, short)?;
        i = a.end;
    }

    // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
    let path_start = i;
    i = scan::scan_path(b, i, short)?;
    let path_end = i;
    if scheme_end == 0 && a.host == HostKind::None {
        check_first_segment(b, path_start, i)?;
    }
    if b.get(i) == Some(&b'?') {
        i = scan::scan_query(b, i + 1, short)?;
    }
    let query_end = i;
    if b.get(i) == Some(&b'#') {
        // `fragment` has the same rule as `query`.
        i = scan::scan_query(b, i + 1, short)?;
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
/// (just after `//`) into `o`'s host fields and `path_start` (the authority's end).
///
/// The fast path reads `reg-name [":" *DIGIT]` and stops at the end of the
/// authority. This gives what [`parse_authority_general`] gives, errors
/// included: a `%` error before the first `:` is the first one the general
/// routine meets too, since `reg-name` and `userinfo` agree on every byte but
/// `:`. Anything else (`@`, `[`, an unexpected byte) goes to the general
/// routine, which starts again from `start`.
#[inline(always)]
fn parse_authority(b: &[u8], start: usize, short: bool) -> Result<Auth, ParseError> {
    let host_end = scan::scan_reg_name(b, start, short)?;
    let mut end = host_end;
    if b.get(end) == Some(&b':') {
        end += 1;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
    }
    if !ends_authority(b.get(end)) {
        return parse_authority_general(b, start);
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
fn parse_authority_general(b: &[u8], start: usize) -> Result<Auth, ParseError> {
    // First read: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
    let j = scan(b, start, scan::USERINFO)?;
    let host_start = match b.get(j) {
        Some(b'@') => j + 1,
        None | Some(b'/' | b'?' | b'#') => start,
        Some(b'[') if j == start => start,
        Some(_) => return Err(ParseError::new(j, K::UnexpectedCharInAuthority)),
    };

    let (host_end, host, ipv4) = if b.get(host_start) == Some(&b'[') {
        let (host_end, host) = parse_ip_literal(b, host_start)?;
        let kind = match host {
            HostMeta::IpvFuture => HostKind::IpvFuture,
            _ => HostKind::Ipv6,
        };
        (host_end, kind, [0; 4])
    } else {
        let end = scan(b, host_start, scan::REG_NAME)?;
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
    use crate::grammar::parse_reference::parse_reference;
    use proptest::prelude::*;

    /// The fast parser's answer, spelled out as the oracle gives it (the
    /// IPv6 address read again from the text, every derived offset computed).
    fn parse(s: &str) -> Result<super::Meta, crate::ParseError> {
        super::parse(s).map(|o| o.unpack(s))
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
        use super::{check_len, MAX_LEN};
        use crate::ParseErrorKind as K;
        assert_eq!(MAX_LEN, 4_294_966_272); // 4 GiB - 1 KiB
        assert_eq!(MAX_LEN + super::MARGIN - 1, u32::MAX as usize);
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

    #[test]
    fn a_parse_result_is_small() {
        // Two words of string, six `u32` offsets, the host kind and an IPv4
        // address (with `usize` offsets and `Option`s it was 128 bytes).
        use crate::{ParseError, UriRef};
        assert_eq!(core::mem::size_of::<super::Offsets>(), 32);
        assert_eq!(core::mem::size_of::<UriRef<'_>>(), 48);
        assert!(core::mem::size_of::<Result<UriRef<'_>, ParseError>>() <= 56);
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
