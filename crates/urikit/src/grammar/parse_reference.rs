//! The oracle of the parser's differential tests (`parse.rs`): RFC 3986's
//! `URI-reference`, read one byte at a time straight from the ABNF of
//! Appendix A, sharing nothing with the parser but the error types. Its
//! byte classes, IP literals, IPv4 and IPv6 addresses and ports are its own,
//! so that a mistake in the parser's tables, scanning loops or host code
//! shows up as a disagreement. Test-only: it spells out every offset (see
//! [`Meta`]) and allocates freely.
//!
//! Where an error points follows the parser's documented rule: the first
//! byte that cannot be accepted. Inside an IPv6 literal the unit that breaks
//! the address is the one pointed at: the group one too many, the second
//! `::`, the dotted tail that is not an IPv4 address, the fifth hex digit of
//! a group, the end when the address is cut short.

use crate::error::{ParseError, ParseErrorKind as K};

/// What the oracle finds: every offset of the reference, spelled out.
/// Offsets index the input; the scheme is `0 .. scheme_end` (0 without
/// one), the path `path_start .. path_end`, `query` and `fragment` the
/// indices of their `?` and `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meta {
    pub scheme_end: usize,
    pub auth: Option<AuthMeta>,
    pub path_start: usize,
    pub path_end: usize,
    pub query: Option<usize>,
    pub fragment: Option<usize>,
}

/// The authority: `start .. end` (after `//`), the host `host_start ..
/// host_end`, a userinfo before `host_start - 1` (the `@`), a port after
/// `host_end` (the `:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AuthMeta {
    pub start: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub end: usize,
    pub host: HostMeta,
}

/// The host's kind, with the address of an IP host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostMeta {
    RegName,
    Ipv4([u8; 4]),
    Ipv6([u8; 16]),
    IpvFuture,
}

// ---- Byte classes, from the ABNF.

/// `ALPHA = %x41-5A / %x61-7A`
fn alpha(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

/// `DIGIT = %x30-39`
fn digit(c: u8) -> bool {
    c.is_ascii_digit()
}

/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"` (case-insensitive)
fn hexdig(c: u8) -> bool {
    c.is_ascii_hexdigit()
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
fn unreserved(c: u8) -> bool {
    alpha(c) || digit(c) || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
fn sub_delim(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, after the first.
fn scheme_char(c: u8) -> bool {
    alpha(c) || digit(c) || matches!(c, b'+' | b'-' | b'.')
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
fn userinfo_char(c: u8) -> bool {
    unreserved(c) || sub_delim(c) || c == b':'
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
fn reg_name_char(c: u8) -> bool {
    unreserved(c) || sub_delim(c)
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, and `/`.
fn path_char(c: u8) -> bool {
    unreserved(c) || sub_delim(c) || matches!(c, b':' | b'@' | b'/')
}

/// `query = fragment = *( pchar / "/" / "?" )`
fn query_char(c: u8) -> bool {
    path_char(c) || c == b'?'
}

/// `IPvFuture`'s tail: `unreserved / sub-delims / ":"`
fn future_char(c: u8) -> bool {
    unreserved(c) || sub_delim(c) || c == b':'
}

// ---- The reference.

/// The index of the first byte from `i` on that is neither `class` nor a
/// `pct-encoded` triplet.
///
/// # Errors
/// A `%` not followed by two hex digits.
fn skip(b: &[u8], mut i: usize, class: fn(u8) -> bool) -> Result<usize, ParseError> {
    while let Some(&c) = b.get(i) {
        if class(c) {
            i += 1;
        } else if c == b'%' {
            match (b.get(i + 1), b.get(i + 2)) {
                (Some(&h), Some(&l)) if hexdig(h) && hexdig(l) => i += 3,
                _ => return Err(ParseError::new(i, K::InvalidPercentEncoding)),
            }
        } else {
            break;
        }
    }
    Ok(i)
}

/// Parses `s` as an RFC 3986 `URI-reference`.
pub(crate) fn parse_reference(s: &str) -> Result<Meta, ParseError> {
    let b = s.as_bytes();
    if b.len() > 4_294_966_272 {
        return Err(ParseError::new(4_294_966_272, K::TooLong));
    }
    let mut i = 0;
    let mut scheme_end = 0;

    // scheme ":", when the bytes before the first ":" make a scheme.
    if b.first().copied().is_some_and(alpha) {
        let mut j = 1;
        while b.get(j).copied().is_some_and(scheme_char) {
            j += 1;
        }
        if b.get(j) == Some(&b':') {
            scheme_end = j;
            i = j + 1;
        }
    }

    let mut auth = None;
    if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
        let a = authority(b, i + 2)?;
        i = a.end;
        auth = Some(a);
    }

    let path_start = i;
    i = skip(b, i, path_char)?;
    let path_end = i;
    if scheme_end == 0 && auth.is_none() {
        // path-noscheme: no ":" before the first "/".
        if let Some(k) = b[path_start..path_end].iter().position(|&c| c == b':') {
            if !b[path_start..path_start + k].contains(&b'/') {
                return Err(first_segment_error(b, path_start + k));
            }
        }
    }

    let mut query = None;
    if b.get(i) == Some(&b'?') {
        query = Some(i);
        i = skip(b, i + 1, query_char)?;
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        fragment = Some(i);
        i = skip(b, i + 1, query_char)?;
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

/// A relative reference's first segment holds the `:` at `colon`: an
/// attempt at a scheme (pointed at the byte that spoils it) or a misplaced
/// colon.
fn first_segment_error(b: &[u8], colon: usize) -> ParseError {
    let before = &b[..colon];
    match before.first() {
        None => ParseError::new(0, K::InvalidScheme),
        Some(&c) if alpha(c) => {
            let bad = before.iter().position(|&c| !scheme_char(c));
            ParseError::new(bad.unwrap_or(colon), K::InvalidScheme)
        }
        Some(_) if before.iter().all(|&c| scheme_char(c)) => ParseError::new(0, K::InvalidScheme),
        Some(_) => ParseError::new(colon, K::ColonInFirstSegment),
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` from `start` (after `//`).
fn authority(b: &[u8], start: usize) -> Result<AuthMeta, ParseError> {
    // The userinfo, if an "@" ends what could be one.
    let j = skip(b, start, userinfo_char)?;
    let host_start = match b.get(j) {
        Some(b'@') => j + 1,
        None | Some(b'/' | b'?' | b'#') => start,
        Some(b'[') if j == start => start,
        Some(_) => return Err(ParseError::new(j, K::UnexpectedCharInAuthority)),
    };

    let (host_end, host) = if b.get(host_start) == Some(&b'[') {
        ip_literal(b, host_start)?
    } else {
        let end = skip(b, host_start, reg_name_char)?;
        let host = match ipv4(&b[host_start..end]) {
            Some(a) => HostMeta::Ipv4(a),
            None => HostMeta::RegName,
        };
        (end, host)
    };

    // port = *DIGIT
    let mut end = host_end;
    let has_port = b.get(end) == Some(&b':');
    if has_port {
        end += 1;
        while b.get(end).copied().is_some_and(digit) {
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
        Some(_) if has_port => Err(ParseError::new(end, K::InvalidPort)),
        Some(_) => Err(ParseError::new(end, K::UnexpectedCharInHost)),
    }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` with its `[` at
/// `open`: the index after the `]` and the host.
fn ip_literal(b: &[u8], open: usize) -> Result<(usize, HostMeta), ParseError> {
    let content = open + 1;
    // The literal ends at the first "]"; without one, the error points at
    // the first byte that no literal holds (nor a zone's "%"), or the end.
    let mut close = None;
    let mut k = content;
    while k < b.len() {
        if b[k] == b']' {
            close = Some(k);
            break;
        }
        k += 1;
    }
    let Some(close) = close else {
        let mut k = content;
        while k < b.len() && (future_char(b[k]) || b[k] == b'%') {
            k += 1;
        }
        return Err(ParseError::new(k, K::UnclosedIpLiteral));
    };
    let inner = &b[content..close];
    if matches!(inner.first(), Some(b'v' | b'V')) {
        return match ipv_future(inner) {
            Ok(()) => Ok((close + 1, HostMeta::IpvFuture)),
            Err(k) => Err(ParseError::new(content + k, K::InvalidIpvFuture)),
        };
    }
    match ipv6(inner) {
        Ok(a) => Ok((close + 1, HostMeta::Ipv6(a))),
        Err(k) => Err(ParseError::new(content + k, K::InvalidIpv6)),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`: the
/// first byte that breaks it (the end when it is cut short).
fn ipv_future(t: &[u8]) -> Result<(), usize> {
    // States: 0 after "v" (a hex digit next), 1 in the version, 2 after
    // ".", 3 in the tail.
    let mut state = 0;
    for (k, &c) in t.iter().enumerate().skip(1) {
        state = match (state, c) {
            (0 | 1, c) if hexdig(c) => 1,
            (1, b'.') => 2,
            (2 | 3, c) if future_char(c) => 3,
            _ => return Err(k),
        };
    }
    if state == 3 {
        Ok(())
    } else {
        Err(t.len())
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, all
/// of `t`, where
/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`.
fn ipv4(t: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = t.split(|&c| c == b'.');
    for octet in &mut out {
        let p = parts.next()?;
        let ok = match p {
            [d] => digit(*d),
            [b'1'..=b'9', d] => digit(*d),
            [b'1', d, e] => digit(*d) && digit(*e),
            [b'2', b'0'..=b'4', d] => digit(*d),
            [b'2', b'5', b'0'..=b'5'] => true,
            _ => false,
        };
        if !ok {
            return None;
        }
        *octet = p.iter().fold(0u8, |v, &d| v * 10 + (d - b'0'));
    }
    parts.next().is_none().then_some(out)
}

/// One unit of an IPv6 address's text, with where it starts.
#[derive(Clone, Copy, Debug)]
enum Unit {
    /// A run of hex digits (of any length; more than four is an error),
    /// and its value from its first four digits.
    Hex(usize, usize, u16),
    /// A run of hex digits and dots from a digit followed by `.`, to the
    /// end: a dotted tail.
    Dotted(usize),
    /// `:`.
    Colon(usize),
    /// `::`.
    Gap(usize),
    /// Any other byte.
    Other(usize),
}

/// RFC 3986 `IPv6address` (the text between the brackets): its 16 bytes,
/// or the index of the unit that breaks it.
///
/// The text is cut into units first, then the units are read against the
/// ABNF's nine alternatives, which come to: up to eight `h16` groups
/// separated by `:`, the last two perhaps written as an `IPv4address`; one
/// `::` at most, standing for one or more zero groups.
fn ipv6(t: &[u8]) -> Result<[u8; 16], usize> {
    // Units, byte at a time.
    let mut units = alloc::vec::Vec::new();
    let mut k = 0;
    while k < t.len() {
        let c = t[k];
        if hexdig(c) {
            let start = k;
            while k < t.len() && hexdig(t[k]) {
                k += 1;
            }
            if t.get(k) == Some(&b'.') && k - start <= 4 {
                units.push(Unit::Dotted(start));
                break;
            }
            let mut v = 0u16;
            for &d in &t[start..(start + 4).min(k)] {
                v = v * 16 + (d as char).to_digit(16).unwrap_or(0) as u16;
            }
            units.push(Unit::Hex(start, k - start, v));
        } else if c == b':' && t.get(k + 1) == Some(&b':') {
            units.push(Unit::Gap(k));
            k += 2;
        } else if c == b':' {
            units.push(Unit::Colon(k));
            k += 1;
        } else {
            units.push(Unit::Other(k));
            break;
        }
    }

    // The units against the grammar: a group is expected at the start
    // (unless the address opens with "::") and after every ":" or "::"
    // (unless "::" ends it); after a group, ":" or "::" or the end.
    let mut groups: alloc::vec::Vec<u16> = alloc::vec::Vec::new();
    let mut gap: Option<usize> = None;
    let mut want_group = true;
    let mut u = 0;
    if let Some(Unit::Colon(_)) = units.first() {
        // A lone ":" cannot open an address.
        return Err(1);
    }
    while u < units.len() {
        match units[u] {
            Unit::Gap(at) => {
                if gap.is_some() {
                    return Err(at);
                }
                if !want_group || u == 0 {
                    gap = Some(groups.len());
                    want_group = u + 1 < units.len();
                } else {
                    // ":" ":" after ":" reads as ":" then a gap.
                    return Err(at);
                }
            }
            Unit::Colon(at) if !want_group => {
                want_group = true;
                if u + 1 == units.len() {
                    return Err(at + 1);
                }
            }
            Unit::Hex(at, len, v) if want_group => {
                if groups.len() == 8 || (groups.len() == 7 && gap.is_some()) {
                    return Err(at);
                }
                if len > 4 {
                    return Err(at + 4);
                }
                groups.push(v);
                want_group = false;
            }
            Unit::Dotted(at) if want_group => {
                let most = if gap.is_some() { 5 } else { 6 };
                if groups.len() > most {
                    return Err(at);
                }
                let a = ipv4(&t[at..]).ok_or(at)?;
                groups.push(u16::from_be_bytes([a[0], a[1]]));
                groups.push(u16::from_be_bytes([a[2], a[3]]));
                want_group = false;
            }
            Unit::Hex(at, ..) | Unit::Dotted(at) | Unit::Colon(at) | Unit::Other(at) => {
                return Err(at);
            }
        }
        u += 1;
    }
    // Cut short: nothing, or ":" last (reported above), or a count of
    // groups the gap (or its absence) does not fit.
    match gap {
        _ if want_group => return Err(t.len()),
        None if groups.len() != 8 => return Err(t.len()),
        Some(_) if groups.len() > 7 => return Err(t.len()),
        _ => {}
    }
    let mut words = [0u16; 8];
    let (head, tail) = groups.split_at(gap.unwrap_or(groups.len()));
    words[..head.len()].copy_from_slice(head);
    words[8 - tail.len()..].copy_from_slice(tail);
    let mut out = [0u8; 16];
    for (k, w) in words.iter().enumerate() {
        out[2 * k..2 * k + 2].copy_from_slice(&w.to_be_bytes());
    }
    Ok(out)
}
