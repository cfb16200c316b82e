//! The Wayback key of a plain `http(s)` URL in one pass, without building
//! the canonical URL first: what [`super::wayback_key`] does for most inputs.
//!
//! It answers only when it can answer exactly as the general path
//! ([`Profile::Ia`](crate::canon::Profile::Ia) then [`Surt::IA`](super::Surt::IA))
//! would, and otherwise says no: the input is printable ASCII without `%` or
//! `\`; the scheme is `http`, `https` or `file` and `//` follows; no userinfo, no
//! IP-literal; a host of letters, digits, `-` and single dots whose last
//! label does not start with a digit and that has no `xn--` label; a port of
//! digits, if any; a path without dot segments, `//`, `(` or `;`; a query
//! without a session id (as written and once sorted), with at most
//! [`MAX_PARAMS`] parameters. A
//! test compares both paths on every line of the URL lists and on generated
//! input.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::scan::find_byte;

/// The most query parameters the fast path sorts (on the stack).
const MAX_PARAMS: usize = 16;

/// Whether every byte of `b` is one the fast path takes: printable ASCII
/// (`0x21`-`0x7E`) but `%` and `\`. Eight bytes at a time, with the
/// byte-wise comparisons of "Bit Twiddling Hacks" (has a byte less than /
/// more than / equal to), each exact as a yes-or-no.
fn all_plain(b: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let has_zero = |x: u64| x.wrapping_sub(LO) & !x & HI;
    let mut chunks = b.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let below = x.wrapping_sub(LO * 0x21) & !x & HI;
        // 127 - 0x7E = 1: adding one to each byte sets the high bit of 0x7F and up.
        let above = (x.wrapping_add(LO) | x) & HI;
        if below
            | above
            | has_zero(x ^ (LO * u64::from(b'%')))
            | has_zero(x ^ (LO * u64::from(b'\\')))
            != 0
        {
            return false;
        }
    }
    chunks
        .remainder()
        .iter()
        .all(|&c| (0x21..=0x7e).contains(&c) && c != b'%' && c != b'\\')
}

/// Writes the key of `input` to `out` and returns `true`, or returns `false`
/// (with `out` in any state) when the input needs the general path.
pub(super) fn wayback_key(input: &[u8], out: &mut Vec<u8>) -> bool {
    if !all_plain(input) {
        return false;
    }
    // The scheme: `http`, `https` or `file`, any case, then `//`.
    let (scheme, rest) = if input.len() > 7 && input[..7].eq_ignore_ascii_case(b"http://") {
        (Scheme::Http, &input[7..])
    } else if input.len() > 8 && input[..8].eq_ignore_ascii_case(b"https://") {
        (Scheme::Https, &input[8..])
    } else if input.len() >= 7 && input[..7].eq_ignore_ascii_case(b"file://") {
        (Scheme::File, &input[7..])
    } else {
        return false;
    };
    let auth_end = rest
        .iter()
        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let authority = &rest[..auth_end];
    if authority.contains(&b'@') || authority.first() == Some(&b'[') {
        return false;
    }
    let (host, port) = match authority.iter().position(|&c| c == b':') {
        Some(k) => (&authority[..k], Some(&authority[k + 1..])),
        None => (authority, None),
    };
    if scheme == Scheme::File && port.is_some() {
        // A `file` host runs to the next `/`: `:` is part of it.
        return false;
    }
    let hostless_file = scheme == Scheme::File && host.is_empty();
    if !hostless_file && !plain_host(host) {
        return false;
    }
    if let Some(p) = port {
        if p.is_empty() || !p.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    let tail = &rest[auth_end..];
    let path_end = tail
        .iter()
        .position(|&c| c == b'?' || c == b'#')
        .unwrap_or(tail.len());
    let path = &tail[..path_end];
    if !plain_path(path) {
        return false;
    }
    let query = match tail.get(path_end) {
        Some(b'?') => {
            let q = &tail[path_end + 1..];
            let end = q.iter().position(|&c| c == b'#').unwrap_or(q.len());
            &q[..end]
        }
        _ => &[],
    };
    // Session ids: none in the query as written (the general path removes
    // them before sorting) nor, below, once sorted.
    let maybe_session = super::super::steps::may_have_session_id(query);
    if maybe_session && super::super::steps::has_ia_session_id(query) {
        return false;
    }
    let mut params = [(0u32, 0u32); MAX_PARAMS];
    let mut n = 0;
    if !query.is_empty() {
        let mut start = 0;
        loop {
            if n == MAX_PARAMS {
                return false;
            }
            let end = find_byte(&query[start..], b'&').map_or(query.len(), |k| start + k);
            params[n] = (start as u32, end as u32);
            n += 1;
            if end == query.len() {
                break;
            }
            start = end + 1;
        }
    }
    // The host without `www.`, `www2.`... (while it matches).
    let mut host = host;
    while let Some(k) = www_prefix(host) {
        host = &host[k..];
    }
    out.reserve(input.len() + 2);
    if hostless_file {
        // No host: the key is the canonical URL (path neither normalized nor
        // made `/` when empty).
        out.extend_from_slice(b"file://");
        let keep = path
            .iter()
            .rposition(|&c| c != b'/')
            .map_or(path.len().min(1), |k| k + 1);
        let from = out.len();
        out.extend_from_slice(&path[..keep]);
        out[from..].make_ascii_lowercase();
        let from = out.len();
        write_query(query, &mut params[..n], out);
        return !(maybe_session && super::super::steps::has_ia_session_id(&out[from..]));
    }
    // The key: reversed host, port, `)`, path, query; lowercased in place
    // once written.
    let from = out.len();
    let mut end = host.len();
    while let Some(dot) = host[..end].iter().rposition(|&c| c == b'.') {
        out.extend_from_slice(&host[dot + 1..end]);
        out.push(b',');
        end = dot;
    }
    out.extend_from_slice(&host[..end]);
    out[from..].make_ascii_lowercase();
    if let Some(p) = port {
        let default: &[u8] = if scheme == Scheme::Https {
            b"443"
        } else {
            b"80"
        };
        if p != default {
            out.push(b':');
            out.extend_from_slice(p);
        }
    }
    out.push(b')');
    // An empty path is `/`; final slashes go but a lone one.
    let keep = path.iter().rposition(|&c| c != b'/').map_or(1, |k| k + 1);
    if path.is_empty() {
        out.push(b'/');
    } else {
        let from = out.len();
        out.extend_from_slice(&path[..keep.min(path.len())]);
        out[from..].make_ascii_lowercase();
    }
    let from = out.len();
    write_query(query, &mut params[..n], out);
    !(maybe_session && super::super::steps::has_ia_session_id(&out[from..]))
}

/// The schemes of the fast path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Http,
    Https,
    File,
}

/// `?` and the query's parameters (`params`: their ranges), lowercased and
/// sorted by key then value; nothing for an empty query.
fn write_query(query: &[u8], params: &mut [(u32, u32)], out: &mut Vec<u8>) {
    if query.is_empty() {
        return;
    }
    let p = |r: (u32, u32)| &query[r.0 as usize..r.1 as usize];
    params.sort_by(|&a, &b| key_value_order(p(a), p(b)));
    out.push(b'?');
    let from = out.len();
    for (k, &r) in params.iter().enumerate() {
        if k > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(p(r));
    }
    out[from..].make_ascii_lowercase();
}

/// A host the fast path takes: letters, digits, `-` and single dots, not at
/// either end; the last label does not start with a digit; no `xn--` label.
fn plain_host(host: &[u8]) -> bool {
    /// `1` for a letter, digit or `-`, `2` for `.`, `0` for the rest.
    static LDH: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut c = 0;
        while c < 256 {
            let b = c as u8;
            if b.is_ascii_alphanumeric() || b == b'-' {
                t[c] = 1;
            } else if b == b'.' {
                t[c] = 2;
            }
            c += 1;
        }
        t
    };
    let (Some(&first), Some(&last)) = (host.first(), host.last()) else {
        return false;
    };
    if first == b'.' || last == b'.' {
        return false;
    }
    let mut after_dot = true;
    let mut label_start = 0;
    for (i, &c) in host.iter().enumerate() {
        match LDH[usize::from(c)] {
            1 => {
                // `xn--` at the start of a label: IDNA must check it.
                if after_dot
                    && c | 0x20 == b'x'
                    && host[i..].len() >= 4
                    && host[i..i + 4].eq_ignore_ascii_case(b"xn--")
                {
                    return false;
                }
                after_dot = false;
            }
            2 if !after_dot => {
                after_dot = true;
                label_start = i + 1;
            }
            _ => return false,
        }
    }
    !host[label_start].is_ascii_digit()
}

/// A path the fast path takes: empty, or from `/` without `//`, `.` or `..`
/// segments, `(` or `;`.
fn plain_path(path: &[u8]) -> bool {
    if path.is_empty() {
        return true;
    }
    if path[0] != b'/' {
        return false;
    }
    // The bytes of the current segment so far, capped: 0, 1 or 2 dots, or 3
    // for anything else.
    let mut dots = 0u8;
    for &c in &path[1..] {
        match c {
            b'(' | b';' => return false,
            b'/' => {
                if dots < 3 {
                    // An empty, `.` or `..` segment.
                    return false;
                }
                dots = 0;
            }
            b'.' if dots < 2 => dots += 1,
            _ => dots = 3,
        }
    }
    // The last segment may be empty (a final `/`), not `.` or `..`.
    dots == 0 || dots == 3
}

/// The length of a `www`, digits, `.` prefix (any case), if `host` has one.
fn www_prefix(host: &[u8]) -> Option<usize> {
    if host.len() < 4 || !host[..3].eq_ignore_ascii_case(b"www") {
        return None;
    }
    let digits = host[3..].iter().take_while(|c| c.is_ascii_digit()).count();
    (host.get(3 + digits) == Some(&b'.')).then_some(4 + digits)
}

/// The order of [`QuerySort::KeyValue`](crate::canon::QuerySort::KeyValue)
/// on the lowercased parameters.
fn key_value_order(a: &[u8], b: &[u8]) -> Ordering {
    let (ka, kb) = (key_end(a), key_end(b));
    let (ea, eb) = (ka < a.len(), kb < b.len());
    match cmp_lower(&a[..ka], &b[..kb]).then(ea.cmp(&eb)) {
        Ordering::Equal if ea => cmp_lower(&a[ka + 1..], &b[kb + 1..]),
        o => o,
    }
}

/// The length of a parameter's key (up to the first `=`).
fn key_end(p: &[u8]) -> usize {
    p.iter().position(|&c| c == b'=').unwrap_or(p.len())
}

/// Byte-string order of the lowercased `a` and `b`.
fn cmp_lower(a: &[u8], b: &[u8]) -> Ordering {
    a.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(b.iter().map(u8::to_ascii_lowercase))
}
