//! The Wayback key of a common URL in one pass, without building the
//! canonical URL first: what [`super::wayback_key`] does for most inputs.
//!
//! It answers only when it can answer exactly as the general path
//! ([`Profile::Ia`](crate::canon::Profile::Ia) then [`Surt::IA`](super::Surt::IA))
//! would, and otherwise says no. It takes:
//!
//! - the scheme `http://`, `https://` or `file://` (any case) at the very
//!   start, and no more slashes after an `http(s)` one; no junk (C0 controls,
//!   spaces) at the end;
//! - a host of at most 63 bytes of printable ASCII but `% , @ [ ] \`,
//!   without an empty label (a dot at either end or after another) or an
//!   `xn--` label, whose labels left once `www\d*` ones are gone are not all
//!   digits, unless they are an IPv4 address in dotted decimal (which the IA
//!   step leaves as it is); no userinfo; a port of digits;
//! - any path and query without tabs or newlines (percent-decoded repeatedly
//!   and encoded again when they hold a `%` or a byte to encode): a path, of
//!   a URL with a host, that `normalizePath` leaves as it is, from `/`; no
//!   `(` with `.aspx` (IA's ASP.NET session segments); a query without a
//!   session id (as written and once sorted), with at most [`MAX_PARAMS`]
//!   parameters;
//! - anything in the fragment, which goes.
//!
//! The common bytes are looked at several at a time: sixteen in a plain loop
//! over an array that the compiler makes vector code (as in
//! `normalize::look`), or eight in a `u64` (SWAR). A test compares this path
//! with the general one on every line of the URL lists and on generated
//! input (`tests/canon_props.rs`), and the word-at-a-time helpers with their
//! byte-by-byte definitions (below).

use alloc::vec::Vec;

use super::super::steps::{
    decode_repeatedly_onto, encode_tail, has_ia_session_id, ia_path_is_clean, key_value,
    GOOGLE_KEEP, PATH_KEEP,
};
use crate::scan::find_byte;
use crate::word::{ascii_lowercase, bytes_equal, HI, LO};

/// The most query parameters the fast path sorts (their ranges on the stack).
const MAX_PARAMS: usize = 32;

/// The schemes of the fast path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Http,
    Https,
    File,
}

/// Room for eight-byte stores after the key (of at most the input's length
/// when nothing is encoded) in the buffer it is written to.
const SLACK: usize = 32;

/// Writes the key of `input` to `out` and returns `true`, or returns `false`
/// (with `out` in any state) when the input needs the general path.
pub(super) fn wayback_key(input: &[u8], out: &mut Vec<u8>) -> bool {
    let Some((scheme, after)) = scheme(input) else {
        return false;
    };
    if input[input.len() - 1] <= b' ' {
        // Trailing junk, which the general path cuts off.
        return false;
    }
    // The host and path are written to a buffer the key fits in (a path to
    // encode goes on in `out`), then the query to `out`.
    let base = out.len();
    out.resize(base + input.len() + SLACK, 0);
    let buf = &mut out[base..];
    let Some((mut at, path_start, hosted)) = write_authority(scheme, input, after, buf) else {
        return false;
    };
    // The query starts at the first `?` (when no `#` comes first), the
    // fragment, which goes, at the first `#`.
    let (path_end, query) = match find_query_or_fragment(input, path_start) {
        Some(k) if input[k] == b'?' => {
            let q = &input[k + 1..];
            (k, Some(find_byte(q, b'#').map_or(q, |h| &q[..h])))
        }
        Some(k) => (k, None),
        None => (input.len(), None),
    };
    let path = &input[path_start..path_end];
    if hosted && path.is_empty() {
        buf[at] = b'/';
        at += 1;
    } else {
        match write_path(path, hosted, buf, at) {
            Path::Written(end) => at = end,
            Path::Encode => {
                out.truncate(base + at);
                if !write_path_encoded(path, hosted, out) {
                    return false;
                }
                at = out.len() - base;
            }
            Path::General => return false,
        }
    }
    // In the room left after the key so far; no query is written as an
    // empty one (`?` alone), which the key leaves out.
    write_query(query.unwrap_or_default(), out, base + at)
}

/// The scheme at the start of `input` and the length of it with its `://`
/// (the input is at least eight bytes long).
fn scheme(input: &[u8]) -> Option<(Scheme, usize)> {
    /// The little-endian word of up to eight bytes.
    const fn word(s: &[u8]) -> u64 {
        let mut w = 0;
        let mut i = s.len();
        while i > 0 {
            i -= 1;
            w = w << 8 | s[i] as u64;
        }
        w
    }
    const SEVEN_BYTES: u64 = 0x00ff_ffff_ffff_ffff;
    // `| 0x20` lowercases a letter, and only `H` and `h` give `h` (and so on
    // for each letter of the schemes).
    const FOUR_LETTERS: u64 = 0x2020_2020;
    let head = u64::from_le_bytes(*input.first_chunk::<8>()?);
    if (head | FOUR_LETTERS) & SEVEN_BYTES == word(b"http://") {
        Some((Scheme::Http, 7))
    } else if head | 0x20_2020_2020 == word(b"https://") {
        Some((Scheme::Https, 8))
    } else if (head | FOUR_LETTERS) & SEVEN_BYTES == word(b"file://") {
        Some((Scheme::File, 7))
    } else {
        None
    }
}

/// The high bit of each byte of `x` that is zero, and maybe of bytes above
/// the first zero one (never below it): the lowest is exact.
#[inline]
const fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(LO) & !x & HI
}

/// The index of the first `?` or `#` of `input` at or after `from`, eight
/// bytes at a time.
fn find_query_or_fragment(input: &[u8], from: usize) -> Option<usize> {
    let found = |i: usize| {
        let x = u64::from_le_bytes(*input[i..].first_chunk::<8>()?);
        let z = zero_bytes(x ^ (LO * u64::from(b'?'))) | zero_bytes(x ^ (LO * u64::from(b'#')));
        // The lowest flag of either is a match (a false one is above a true one).
        (z != 0).then(|| i + (z.trailing_zeros() / 8) as usize)
    };
    let mut i = from;
    // Sixteen bytes at a time while none is one (a loop over an array,
    // which the compiler makes vector code).
    while let Some(block) = input.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        if block
            .iter()
            .fold(false, |any, &c| any | (c == b'?') | (c == b'#'))
        {
            break;
        }
        i += 16;
    }
    while i + 8 <= input.len() {
        if let Some(k) = found(i) {
            return Some(k);
        }
        i += 8;
    }
    if i == from {
        return input[from..]
            .iter()
            .position(|&c| c == b'?' || c == b'#')
            .map(|k| from + k);
    }
    // The last eight bytes, the first of them looked at already.
    found(input.len() - 8)
}

/// The high bit of each byte of `x` that is not an ASCII letter, digit,
/// `-` or `.` (the bytes of most hosts), exact for each byte.
#[inline]
fn not_host_byte(x: u64) -> u64 {
    let low7 = x & !HI;
    // High bit of each byte at or above `lo` (bytes below 0x80: no carry).
    let from = |v: u64, lo: u8| v.wrapping_add(LO * (0x80 - u64::from(lo)));
    let folded = low7 | (LO * 0x20);
    let letters = from(folded, b'a') & !from(folded, b'z' + 1);
    let digits = from(low7, b'0') & !from(low7, b'9' + 1);
    let hyphen_dot = from(low7, b'-') & !from(low7, b'.' + 1);
    !((letters | digits | hyphen_dot) & !x) & HI
}

/// The eight bytes of `b` from `i` (`b` at least eight long), those past its
/// end zero.
#[inline]
fn load8(b: &[u8], i: usize) -> u64 {
    match b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        Some(w) => u64::from_le_bytes(*w),
        None => {
            let past = i + 8 - b.len();
            b.last_chunk::<8>()
                .map_or(0, |w| u64::from_le_bytes(*w))
                .checked_shr(8 * past as u32)
                .unwrap_or(0)
        }
    }
}

/// Stores the eight bytes of `w` at `buf[at..]`.
#[inline]
fn store8(buf: &mut [u8], at: usize, w: u64) {
    buf[at..at + 8].copy_from_slice(&w.to_le_bytes());
}

/// The eight bits of the high bits of the bytes of `m` (a mask of high
/// bits), bit `k` for byte `k`.
#[inline]
const fn byte_bits(m: u64) -> u64 {
    // Each high bit lands on its own bit of the top byte: no two products
    // overlap, so nothing carries.
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Whether a host byte is kept as it is (lowercased) besides letters,
/// digits, `-` and `.`: printable ASCII but `/ : ? #` (the end of the host)
/// and what the general path must see: `%` (decoded), `,` (written `.` in a
/// SURT), `@` (userinfo), `[` `]` (IP literals), `\` (the end of a host
/// that a path from `/` does not follow).
const fn other_host_byte(c: u8) -> bool {
    matches!(c, 0x21..=0x7e)
        && !matches!(
            c,
            b'/' | b':' | b'?' | b'#' | b'%' | b',' | b'@' | b'[' | b']' | b'\\'
        )
}

/// Reads the authority from `input[after]` and writes its part of the key
/// to `buf`: the reversed host, the port unless it is the scheme's default,
/// and `)`; or, for a `file` URL without a host, `file://`. Returns the
/// length written, where the path starts and whether there is a host;
/// `None` for the general path.
fn write_authority(
    scheme: Scheme,
    input: &[u8],
    after: usize,
    buf: &mut [u8],
) -> Option<(usize, usize, bool)> {
    // The host runs to the first byte that is not a letter, digit, `-`, `.`
    // or another byte kept; bit `k` of `dots` is set for a dot at
    // `after + k` (in a host of at most 63 bytes).
    let mut dots = 0u64;
    let mut len = 0;
    let host_len = loop {
        if len > 56 {
            return None;
        }
        let x = load8(input, after + len);
        let stop = not_host_byte(x);
        dots |= byte_bits(bytes_equal(x, b'.')) << len;
        if stop == 0 {
            len += 8;
        } else {
            len += (stop.trailing_zeros() / 8) as usize;
            match input.get(after + len) {
                None => break input.len() - after,
                Some(b'/' | b':' | b'?' | b'#') => break len,
                Some(&c) if other_host_byte(c) => len += 1,
                Some(_) => return None,
            }
        }
    };
    let host_end = after + host_len;
    // The port, if any: digits up to the path.
    let mut path_start = host_end;
    let mut port: &[u8] = &[];
    if input.get(host_end) == Some(&b':') {
        if scheme == Scheme::File {
            // A `file` host runs to the next `/`: `:` is part of it.
            return None;
        }
        let p = &input[host_end + 1..];
        let len = p
            .iter()
            .position(|&c| !c.is_ascii_digit())
            .unwrap_or(p.len());
        if len == 0 || !matches!(p.get(len), None | Some(b'/' | b'?' | b'#')) {
            return None;
        }
        port = &p[..len];
        path_start = host_end + 1 + len;
    }
    if host_len == 0 {
        if scheme != Scheme::File || !port.is_empty() {
            return None;
        }
        buf[..7].copy_from_slice(b"file://");
        return Some((7, path_start, false));
    }
    // Dots of the host only.
    dots &= (1 << host_len) - 1;
    if dots & 1 != 0 || dots >> (host_len - 1) != 0 || dots & (dots >> 1) != 0 {
        // Empty labels: host dots to remove, by the general path.
        return None;
    }
    // Without `www.`, `www2.`... while another label follows.
    let mut start = after;
    while let Some(k) = www_prefix(input, start, host_end) {
        start += k;
    }
    dots &= !0 << (start - after);
    // The last label's first byte.
    let last = if dots == 0 {
        start
    } else {
        after + 64 - dots.leading_zeros() as usize
    };
    if input[last].is_ascii_digit() {
        let host = &input[start..host_end];
        if host.iter().all(|&c| c.is_ascii_digit() || c == b'.')
            && crate::host::parse_ipv4(host).is_none()
        {
            // The IA step reads digits and dots as an IPv4 address, which
            // it leaves as written only in plain dotted decimal.
            return None;
        }
    }
    // The labels, last first, lowercased, joined by `,`.
    let mut at = 0;
    let mut end = host_end;
    loop {
        let top = 63_u32.wrapping_sub(dots.leading_zeros());
        let label = if dots == 0 {
            start
        } else {
            after + top as usize + 1
        };
        let len = end - label;
        if input[label] | 0x20 == b'x'
            && len >= 4
            && load8(input, label) as u32 | 0x2020 == u32::from_le_bytes(*b"xn--")
        {
            // IDNA must check it.
            return None;
        }
        copy_lowercase(input, label, len, buf, at);
        at += len;
        if dots == 0 {
            break;
        }
        buf[at] = b',';
        at += 1;
        end = label - 1;
        dots ^= 1 << top;
    }
    let default: &[u8] = if scheme == Scheme::Https {
        b"443"
    } else {
        b"80"
    };
    if !port.is_empty() && port != default {
        buf[at] = b':';
        buf[at + 1..at + 1 + port.len()].copy_from_slice(port);
        at += 1 + port.len();
    }
    buf[at] = b')';
    Some((at + 1, path_start, true))
}

/// Copies `input[from..from + len]` lowercased to `buf[at..]`, eight bytes
/// at a time (`buf` has room for eight more).
#[inline]
fn copy_lowercase(input: &[u8], from: usize, len: usize, buf: &mut [u8], at: usize) {
    let mut k = 0;
    while k < len {
        store8(buf, at + k, ascii_lowercase(load8(input, from + k)));
        k += 8;
    }
}

/// The length of a `www`, digits, `.` prefix (any case) of the host
/// `input[start..end]` that another label follows, if it has one.
#[inline]
fn www_prefix(input: &[u8], start: usize, end: usize) -> Option<usize> {
    if end - start < 5
        || (load8(input, start) as u32 | 0x0020_2020) & 0x00ff_ffff != u32::from_le_bytes(*b"www\0")
    {
        return None;
    }
    let host = &input[start..end];
    let digits = host[3..].iter().take_while(|c| c.is_ascii_digit()).count();
    (host.get(3 + digits) == Some(&b'.') && host.len() > 4 + digits).then_some(4 + digits)
}

/// A byte outside printable ASCII (`0x21`-`0x7E`).
const UNPRINTABLE: u8 = 1;
/// `%`.
const PERCENT: u8 = 2;
/// `(`.
const PAREN: u8 = 4;
/// `/` followed by `/` or `.`: maybe an empty or dot segment.
const SLASH_SLASH_OR_DOT: u8 = 8;
/// `&`: a query of more than one parameter.
const AMPERSAND: u8 = 16;
/// `id` (any case), which every IA session-id pattern has.
const ID: u8 = 32;

/// Lowercases `b[..len]` in place and says which of the bytes above it
/// holds ([`AMPERSAND`] and [`ID`] only for a `QUERY`), sixteen bytes at a
/// time (a loop over an array, which the compiler makes vector code); `b`
/// has seventeen bytes of room after them, which it fills with neutral
/// bytes.
fn lowercase_and_flag<const QUERY: bool>(b: &mut [u8], len: usize) -> u8 {
    b[len..len + 17].fill(b'a');
    let mut flags = [0u8; 16];
    let mut i = 0;
    while i < len {
        let Some(next) = b[i + 1..].first_chunk::<16>().copied() else {
            break;
        };
        let Some(w) = b[i..].first_chunk_mut::<16>() else {
            break;
        };
        for k in 0..16 {
            let c = w[k];
            flags[k] |= u8::from(c.wrapping_sub(0x21) > 0x7e - 0x21)
                | u8::from(c == b'%') << 1
                | u8::from(c == b'(') << 2
                | u8::from(c == b'/' && (next[k] == b'/' || next[k] == b'.')) << 3;
            if QUERY {
                flags[k] |= u8::from(c == b'&') << 4
                    | u8::from(c | 0x20 == b'i' && next[k] | 0x20 == b'd') << 5;
            }
            w[k] = c | u8::from(c.wrapping_sub(b'A') < 26) << 5;
        }
        i += 16;
    }
    flags.iter().fold(0, |a, &f| a | f)
}

/// Writes the query `src` lowercased to `out` from `from` (`out` made
/// longer when it has not the room), cuts `out` after it, and returns
/// [`lowercase_and_flag`]'s flags.
fn write_lowercase_at(src: &[u8], out: &mut Vec<u8>, from: usize) -> u8 {
    let room = from + src.len() + 17;
    if out.len() < room {
        out.resize(room, 0);
    }
    out[from..from + src.len()].copy_from_slice(src);
    let flags = lowercase_and_flag::<true>(&mut out[from..], src.len());
    out.truncate(from + src.len());
    flags
}

/// Whether a tab or newline is in `b` (which the general path removes).
fn has_tab_or_newline(b: &[u8]) -> bool {
    b.iter().any(|&c| matches!(c, b'\t' | b'\n' | b'\r'))
}

/// What [`write_path`] did.
enum Path {
    /// Wrote it; the key's length so far.
    Written(usize),
    /// It has a `%` or a byte to encode: [`write_path_encoded`].
    Encode,
    /// It needs the general path.
    General,
}

/// Writes the path to `buf[at..]` lowercased, without final `/`s (but a
/// lone one); with a host, only a path from `/` that `normalizePath` leaves
/// as it is.
fn write_path(path: &[u8], hosted: bool, buf: &mut [u8], at: usize) -> Path {
    let len = path.len();
    buf[at..at + len].copy_from_slice(path);
    let flags = lowercase_and_flag::<false>(&mut buf[at..], len);
    let p = &buf[at..at + len];
    if flags & (UNPRINTABLE | PERCENT) != 0 {
        return Path::Encode;
    }
    if hosted && flags & SLASH_SLASH_OR_DOT != 0 && !ia_path_is_clean(p)
        || flags & PAREN != 0 && has_aspx(p)
    {
        return Path::General;
    }
    Path::Written(at + without_final_slashes(p))
}

/// [`write_path`] for a path with a `%` or a byte to encode: decoded
/// repeatedly, encoded again, appended to `out`. `false` for the general
/// path.
fn write_path_encoded(path: &[u8], hosted: bool, out: &mut Vec<u8>) -> bool {
    if has_tab_or_newline(path) {
        return false;
    }
    let from = out.len();
    decode_repeatedly_onto(path, out);
    if hosted && !ia_path_is_clean(&out[from..]) {
        return false;
    }
    encode_tail(out, from, &PATH_KEEP);
    out[from..].make_ascii_lowercase();
    if has_aspx(&out[from..]) {
        return false;
    }
    out.truncate(from + without_final_slashes(&out[from..]));
    true
}

/// Whether a lowercased path has `(` and `.aspx`: maybe an ASP.NET session
/// segment, which the general path removes.
fn has_aspx(p: &[u8]) -> bool {
    p.contains(&b'(') && p.windows(5).any(|w| w == b".aspx")
}

/// The length of `p` without its final `/`s (but a lone one).
fn without_final_slashes(p: &[u8]) -> usize {
    if p.len() > 1 && p[p.len() - 1] == b'/' {
        p.iter().rposition(|&c| c != b'/').map_or(1, |k| k + 1)
    } else {
        p.len()
    }
}

/// Writes `?` and the query to `out` from `at` (what `out` has from there
/// on is spare room), decoded and encoded again when needed, lowercased, its
/// parameters sorted by key then value; nothing for an empty one. `false`
/// for the general path.
fn write_query(query: &[u8], out: &mut Vec<u8>, at: usize) -> bool {
    if query.is_empty() {
        out.truncate(at);
        return true;
    }
    let from = at + 1;
    let mut flags = write_lowercase_at(query, out, from);
    out[at] = b'?';
    if flags & (UNPRINTABLE | PERCENT) != 0 {
        out.truncate(from);
        if has_tab_or_newline(query) {
            return false;
        }
        decode_repeatedly_onto(query, out);
        encode_tail(out, from, &GOOGLE_KEEP);
        out[from..].make_ascii_lowercase();
        // What the decoded query holds is not known.
        flags = AMPERSAND | ID;
    }
    // Session ids: none in the query as written (the general path removes
    // them before sorting) nor once sorted.
    // (`has_ia_session_id` walks the `=`s as `may_have_session_id` does and
    // holds only where it does: no pre-check.)
    let no_session = |q: &[u8]| flags & ID == 0 || !has_ia_session_id(q);
    if !no_session(&out[from..]) {
        return false;
    }
    if flags & AMPERSAND == 0 {
        return true;
    }
    match sort_params(out, from) {
        None => false,
        Some(false) => true,
        Some(true) => no_session(&out[from..]),
    }
}

/// Sorts the `&`-separated parameters of `out[from..]` by key, then without
/// `=` before with, then by value (IA's order): whether their order changed,
/// `None` when there are more than [`MAX_PARAMS`].
fn sort_params(out: &mut Vec<u8>, from: usize) -> Option<bool> {
    let q = &out[from..];
    let Some(first_amp) = find_byte(q, b'&') else {
        return Some(false);
    };
    let mut params = [(0u32, 0u32); MAX_PARAMS];
    params[0] = (0, first_amp as u32);
    let mut n = 1;
    let mut start = first_amp + 1;
    loop {
        let end = find_byte(&q[start..], b'&').map_or(q.len(), |k| start + k);
        *params.get_mut(n)? = (start as u32, end as u32);
        n += 1;
        if end == q.len() {
            break;
        }
        start = end + 1;
    }
    let param = |r: (u32, u32)| key_value(&q[r.0 as usize..r.1 as usize]);
    let params = &mut params[..n];
    if params.windows(2).all(|w| param(w[0]) <= param(w[1])) {
        return Some(false);
    }
    params.sort_by(|&a, &b| param(a).cmp(&param(b)));
    // The sorted query after the query, then moved over it.
    let end = out.len();
    for (k, &(s, e)) in params.iter().enumerate() {
        if k > 0 {
            out.push(b'&');
        }
        out.extend_from_within(from + s as usize..from + e as usize);
    }
    out.copy_within(end.., from);
    out.truncate(end);
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte in every position of inputs up to 40 bytes long, among
    /// `a` (which the word-at-a-time code pads with).
    fn one_byte_inputs() -> impl Iterator<Item = (Vec<u8>, usize)> {
        (0..40).flat_map(|len| {
            (0..len).flat_map(move |at| {
                (0..=255u8).map(move |c| {
                    let mut b = alloc::vec![b'a'; len];
                    b[at] = c;
                    (b, at)
                })
            })
        })
    }

    /// Appends `src` to `out` lowercased, with [`lowercase_and_flag`]'s
    /// flags for a query.
    fn push_lowercase(src: &[u8], out: &mut Vec<u8>) -> u8 {
        write_lowercase_at(src, out, out.len())
    }

    #[test]
    fn push_lowercase_is_its_byte_by_byte_definition() {
        for (b, _) in one_byte_inputs() {
            let mut out = b"x".to_vec();
            let flags = push_lowercase(&b, &mut out);
            assert_eq!(out[1..], b.to_ascii_lowercase());
            let any = |f: &dyn Fn(u8) -> bool| b.iter().any(|&c| f(c));
            let expected = u8::from(any(&|c| !(0x21..=0x7e).contains(&c)))
                | u8::from(any(&|c| c == b'%')) << 1
                | u8::from(any(&|c| c == b'(')) << 2
                | u8::from(any(&|c| c == b'&')) << 4;
            assert_eq!(flags, expected, "{b:?}");
        }
        for p in [
            "id",
            "ID",
            "iD",
            "Id",
            "i",
            "d",
            "di",
            "i d",
            "xid=",
            "aspsessionid",
        ] {
            let mut out = Vec::new();
            let has_id = |p: &str| p.to_ascii_lowercase().contains("id");
            let found = push_lowercase(p.as_bytes(), &mut out) & ID != 0;
            assert_eq!(found, has_id(p), "{p}");
            for pad in [14, 15, 16] {
                let long = alloc::format!("{}{p}", "b".repeat(pad));
                let found = push_lowercase(long.as_bytes(), &mut out) & ID != 0;
                assert_eq!(found, has_id(&long), "{long}");
            }
        }
        for p in [
            "/", "//", "/a/", "/a//b", "/.", "/a/.b", "a/", "/a.b/", "/x/..", "./",
        ] {
            let mut out = Vec::new();
            let found = push_lowercase(p.as_bytes(), &mut out) & SLASH_SLASH_OR_DOT != 0;
            assert_eq!(found, p.contains("//") || p.contains("/."), "{p}");
            let long = alloc::format!("{}{p}", "b".repeat(15));
            let found = push_lowercase(long.as_bytes(), &mut out) & SLASH_SLASH_OR_DOT != 0;
            assert_eq!(found, long.contains("//") || long.contains("/."), "{long}");
        }
    }

    /// Words of every byte in every position among `a`, and pseudo-random
    /// words of bytes that the word-at-a-time code tells apart.
    fn words() -> impl Iterator<Item = [u8; 8]> {
        let alphabet = b"aZ09-._/:?#%\\\x00\x7f\x80\xff@,Aq";
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let random = (0..100_000).map(move |_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed.to_le_bytes()
                .map(|r| alphabet[usize::from(r) % alphabet.len()])
        });
        one_byte_inputs()
            .filter(|(b, _)| b.len() == 8)
            .map(|(b, _)| <[u8; 8]>::try_from(b).unwrap())
            .chain(random)
    }

    #[test]
    fn word_helpers_are_their_byte_by_byte_definitions() {
        let mask = |b: &[u8; 8], f: &dyn Fn(u8) -> bool| {
            (0..8).fold(0u64, |m, k| if f(b[k]) { m | 0x80 << (8 * k) } else { m })
        };
        for b in words() {
            let x = u64::from_le_bytes(b);
            let host_byte = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'.';
            assert_eq!(not_host_byte(x), mask(&b, &|c| !host_byte(c)), "{b:?}");
            let dots = mask(&b, &|c| c == b'.');
            assert_eq!(bytes_equal(x, b'.'), dots, "{b:?}");
            let bits = (0..8).fold(0, |m, k| if b[k] == b'.' { m | 1 << k } else { m });
            assert_eq!(byte_bits(dots), bits, "{b:?}");
            if b.is_ascii() {
                assert_eq!(
                    ascii_lowercase(x).to_le_bytes()[..],
                    b.to_ascii_lowercase(),
                    "{b:?}"
                );
            }
        }
        let b = b"0123456789abc";
        for i in 0..=b.len() {
            let mut w = [0u8; 8];
            let n = (b.len() - i).min(8);
            w[..n].copy_from_slice(&b[i..i + n]);
            assert_eq!(load8(b, i), u64::from_le_bytes(w), "{i}");
        }
    }

    #[test]
    fn find_query_or_fragment_finds_the_first() {
        for (mut b, at) in one_byte_inputs().filter(|(b, _)| b.len() >= 8) {
            for from in [0, 3, 7] {
                let expected = b[from..]
                    .iter()
                    .position(|&c| c == b'?' || c == b'#')
                    .map(|k| from + k);
                assert_eq!(find_query_or_fragment(&b, from), expected, "{b:?} {from}");
            }
            // A second one after the first changes nothing.
            if at + 1 < b.len() {
                b[at + 1] = b'#';
                let expected = b.iter().position(|&c| c == b'?' || c == b'#');
                assert_eq!(find_query_or_fragment(&b, 0), expected, "{b:?}");
            }
        }
    }
}
