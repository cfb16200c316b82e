//! The first version of the parser (one table test per byte, the authority
//! read twice), kept as the oracle of the differential tests in `parse.rs`:
//! the fast parser must give the same [`Meta`] or the same error (index and
//! kind) on every input. Test-only.

use crate::error::{ParseError, ParseErrorKind as K};
use crate::host::{parse_ipv4, parse_ipv6};
use crate::offsets::{AuthMeta, HostMeta, Meta};
use crate::table::{self, Table};

/// Advances over bytes of `table` and valid `%XX` triplets, returning the index
/// of the first byte that is neither.
///
/// # Errors
/// A `%` not followed by two hex digits.
#[inline(always)]
fn scan(b: &[u8], mut i: usize, table: &Table) -> Result<usize, ParseError> {
    while i < b.len() {
        let c = b[i];
        if table.contains(c) {
            i += 1;
        } else if c == b'%' {
            check_pct(b, i)?;
            i += 3;
        } else {
            break;
        }
    }
    Ok(i)
}

/// Checks the `pct-encoded = "%" HEXDIG HEXDIG` triplet starting at `i`.
#[inline]
fn check_pct(b: &[u8], i: usize) -> Result<(), ParseError> {
    let ok =
        i + 2 < b.len() && table::HEXDIG.contains(b[i + 1]) && table::HEXDIG.contains(b[i + 2]);
    if ok {
        Ok(())
    } else {
        Err(ParseError::new(i, K::InvalidPercentEncoding))
    }
}

/// Parses `s` as an RFC 3986 `URI-reference`.
pub(crate) fn parse_reference(s: &str) -> Result<Meta, ParseError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut scheme_end = 0;

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), only when ":" follows.
    if !b.is_empty() && table::ALPHA.contains(b[0]) {
        let mut j = 1;
        while j < b.len() && table::SCHEME.contains(b[j]) {
            j += 1;
        }
        if j < b.len() && b[j] == b':' {
            scheme_end = j;
            i = j + 1;
        }
    }

    let mut auth = None;
    if b.len() >= i + 2 && b[i] == b'/' && b[i + 1] == b'/' {
        let a = parse_authority(b, i + 2)?;
        i = a.end;
        auth = Some(a);
    }

    // path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
    let path_start = i;
    i = scan(b, i, &table::PATH)?;
    let path_end = i;
    if scheme_end == 0 && auth.is_none() {
        check_first_segment(b, path_start, path_end)?;
    }

    let mut query = None;
    if i < b.len() && b[i] == b'?' {
        query = Some(i);
        i = scan(b, i + 1, &table::QUERY)?;
    }
    let mut fragment = None;
    if i < b.len() && b[i] == b'#' {
        fragment = Some(i);
        i = scan(b, i + 1, &table::FRAGMENT)?;
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

/// Parses `authority = [ userinfo "@" ] host [ ":" port ]` starting at `start`
/// (just after `//`).
fn parse_authority(b: &[u8], start: usize) -> Result<AuthMeta, ParseError> {
    // First read: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
    let j = scan(b, start, &table::USERINFO)?;
    let host_start = match b.get(j) {
        Some(b'@') => j + 1,
        None | Some(b'/' | b'?' | b'#') => start,
        Some(b'[') if j == start => start,
        Some(_) => return Err(ParseError::new(j, K::UnexpectedCharInAuthority)),
    };

    let (host_end, host) = if b.get(host_start) == Some(&b'[') {
        parse_ip_literal(b, host_start)?
    } else {
        let end = scan(b, host_start, &table::REG_NAME)?;
        let host = match parse_ipv4(&b[host_start..end]) {
            Some(addr) => HostMeta::Ipv4(addr),
            None => HostMeta::RegName,
        };
        (end, host)
    };

    let mut end = host_end;
    let mut port = false;
    if b.get(end) == Some(&b':') {
        port = true;
        end += 1;
        while end < b.len() && table::DIGIT.contains(b[end]) {
            end += 1;
        }
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
