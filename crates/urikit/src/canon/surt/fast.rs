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
//! - a host of printable ASCII but `% , @ [ ] \`, without an `xn--` label,
//!   whose labels left once the empty ones and `www\d*` are gone are not all
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
    may_have_session_id, GOOGLE_KEEP, PATH_KEEP,
};
use crate::scan::find_byte;

/// The most query parameters the fast path sorts (their ranges on the stack).
const MAX_PARAMS: usize = 32;
/// The most dots a host may have on the fast path.
const MAX_DOTS: usize = 32;

/// Every byte 1.
const LO: u64 = 0x0101_0101_0101_0101;
/// Every byte's high bit.
const HI: u64 = 0x8080_8080_8080_8080;

/// The schemes of the fast path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Http,
    Https,
    File,
}

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
    out.reserve(input.len() + 32);
    let Some((path_start, hosted)) = write_authority(scheme, input, after, out) else {
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
        out.push(b'/');
    } else if !write_path(path, hosted, out) {
        return false;
    }
    query.map_or(true, |q| write_query(q, out))
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

/// What a host byte is to the fast path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HostByte {
    /// Kept (lowercased): a letter, a digit, `-`, `_`, most printable ASCII.
    Other,
    /// `.`, between labels.
    Dot,
    /// `/`, `:`, `?` or `#`: the end of the host.
    End,
    /// What the general path must see: `%` (decoded), `,` (written `.` in a
    /// SURT), `@` (userinfo), `[` `]` (IP literals), `\` (the end of a host
    /// that a path from `/` does not follow), non-printable bytes.
    Refuse,
}

/// [`HostByte`] of each byte.
static HOST_BYTES: [HostByte; 256] = {
    let mut t = [HostByte::Refuse; 256];
    let mut c = 0x21;
    while c < 0x7f {
        t[c] = match c as u8 {
            b'.' => HostByte::Dot,
            b'/' | b':' | b'?' | b'#' => HostByte::End,
            b'%' | b',' | b'@' | b'[' | b']' | b'\\' => HostByte::Refuse,
            _ => HostByte::Other,
        };
        c += 1;
    }
    t
};

/// The high bit of each byte of `x` that is not an ASCII letter, digit or
/// `-` (the bytes of most hosts), exact for each byte.
#[inline]
fn not_letter_digit_hyphen(x: u64) -> u64 {
    let low7 = x & !HI;
    // High bit of each byte at or above `lo` (bytes below 0x80: no carry).
    let from = |lo: u8| low7.wrapping_add(LO * (0x80 - lo as u64));
    let letters = {
        let folded = low7 | (LO * 0x20);
        let from_a = folded.wrapping_add(LO * (0x80 - b'a' as u64));
        let after_z = folded.wrapping_add(LO * (0x80 - b'z' as u64 - 1));
        from_a & !after_z
    };
    let digits = from(b'0') & !from(b'9' + 1);
    let hyphen = !(low7 ^ (LO * u64::from(b'-'))).wrapping_add(LO * 0x7f);
    !((letters | digits | hyphen) & !x) & HI
}

/// The index of the first byte of `input[i..end]` that is not a letter,
/// digit or `-`, or `end`; eight bytes at a time while eight can be read.
fn skip_letters_digits_hyphens(input: &[u8], mut i: usize, end: usize) -> usize {
    while let Some(chunk) = input.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let stop = not_letter_digit_hyphen(u64::from_le_bytes(*chunk));
        if stop != 0 {
            return end.min(i + (stop.trailing_zeros() / 8) as usize);
        }
        i += 8;
        if i >= end {
            return end;
        }
    }
    while i < end && (input[i].is_ascii_alphanumeric() || input[i] == b'-') {
        i += 1;
    }
    i
}

/// Reads the authority from `input[after]` and writes its part of the
/// key: the reversed host, the port unless it is the scheme's default, and
/// `)`; or, for a `file` URL without a host, `file://`. Returns where the
/// path starts and whether there is a host; `None` for the general path.
fn write_authority(
    scheme: Scheme,
    input: &[u8],
    after: usize,
    out: &mut Vec<u8>,
) -> Option<(usize, bool)> {
    // The host `after..host_end`: label `k` is `starts[k]..starts[k + 1] - 1`
    // (`starts[n + 1]` one past the end).
    let mut starts = [0u32; MAX_DOTS + 2];
    starts[0] = after as u32;
    let mut n = 0;
    let mut empty_label = false;
    let mut i = after;
    let host_end = loop {
        i = skip_letters_digits_hyphens(input, i, input.len());
        let Some(&c) = input.get(i) else {
            break i;
        };
        match HOST_BYTES[usize::from(c)] {
            HostByte::Other => {}
            HostByte::Dot => {
                empty_label |= i == starts[n] as usize;
                n += 1;
                if n > MAX_DOTS {
                    return None;
                }
                starts[n] = i as u32 + 1;
            }
            HostByte::End => break i,
            HostByte::Refuse => return None,
        }
        i += 1;
    };
    empty_label |= host_end == starts[n] as usize;
    starts[n + 1] = host_end as u32 + 1;
    // The port, if any: digits up to the path.
    let mut path_start = host_end;
    let mut port: Option<&[u8]> = None;
    if input.get(host_end) == Some(&b':') {
        if scheme == Scheme::File {
            // A `file` host runs to the next `/`: `:` is part of it.
            return None;
        }
        let p = &input[host_end + 1..];
        let len = p.iter().position(|&c| !c.is_ascii_digit()).unwrap_or(p.len());
        if len == 0 || !matches!(p.get(len), None | Some(b'/' | b'?' | b'#')) {
            return None;
        }
        port = Some(&p[..len]);
        path_start = host_end + 1 + len;
    }
    if host_end == after {
        if scheme != Scheme::File || port.is_some() {
            return None;
        }
        out.extend_from_slice(b"file://");
        return Some((path_start, false));
    }
    let starts = &starts[..n + 2];
    let label = |k: usize| starts[k] as usize..starts[k + 1] as usize - 1;
    // The first label kept: empty labels go (host dots), then `www\d*`
    // labels from the left while another follows.
    let first = if empty_label {
        first_label_kept(n, |k| &input[label(k)])?
    } else {
        let mut k = 0;
        while k < n && is_www(&input[label(k)]) {
            k += 1;
        }
        k
    };
    if empty_label || input[starts[n] as usize].is_ascii_digit() {
        // Maybe only digits and dots are left: the IA step reads them as an
        // IPv4 address, which it leaves as written only in plain dotted
        // decimal.
        let left = &input[starts[first] as usize..host_end];
        if left.iter().all(|&c| c.is_ascii_digit() || c == b'.')
            && (empty_label || crate::host::parse_ipv4(left).is_none())
        {
            return None;
        }
    }
    // Written last label first, lowercased.
    let mut comma = false;
    for k in (first..=n).rev() {
        let l = label(k);
        if l.is_empty() {
            continue;
        }
        if input[l.clone()].len() >= 4 && input[l.start..l.start + 4].eq_ignore_ascii_case(b"xn--") {
            // IDNA must check it.
            return None;
        }
        if comma {
            out.push(b',');
        }
        comma = true;
        push_lowercase_short(input, l.start, l.end, out);
    }
    if let Some(p) = port {
        let default: &[u8] = if scheme == Scheme::Https { b"443" } else { b"80" };
        if p != default {
            out.push(b':');
            out.extend_from_slice(p);
        }
    }
    out.push(b')');
    Some((path_start, true))
}

/// The first label kept of a host with an empty label (`label(k)`: label
/// `k`, `0..=n`): the first non-empty one, after the `www\d*` ones that
/// another non-empty label follows. `None` when every label is empty.
fn first_label_kept<'a>(n: usize, label: impl Fn(usize) -> &'a [u8]) -> Option<usize> {
    let next = |from: usize| (from..=n).find(|&k| !label(k).is_empty());
    let mut first = next(0)?;
    while is_www(label(first)) {
        match next(first + 1) {
            Some(k) => first = k,
            None => break,
        }
    }
    Some(first)
}

/// Whether a label is `www`, `www2`, `www34`... (any case).
fn is_www(label: &[u8]) -> bool {
    label.len() >= 3
        && label[0] | 0x20 == b'w'
        && label[1] | 0x20 == b'w'
        && label[2] | 0x20 == b'w'
        && label[3..].iter().all(u8::is_ascii_digit)
}

/// The ASCII letters of `x` lowercased (its bytes ASCII).
#[inline]
const fn lowercase_word(x: u64) -> u64 {
    // High bit of each byte from `A`, and of each byte after `Z`.
    let from_a = (x & !HI).wrapping_add(LO * (0x80 - b'A' as u64));
    let after_z = (x & !HI).wrapping_add(LO * (0x80 - b'Z' as u64 - 1));
    x | (from_a & !after_z & !x & HI) >> 2
}

/// Appends `input[s..e]` lowercased (a label: printable ASCII), eight bytes
/// at a time while eight can be read.
fn push_lowercase_short(input: &[u8], mut s: usize, e: usize, out: &mut Vec<u8>) {
    while let Some(chunk) = input.get(s..).and_then(<[u8]>::first_chunk::<8>) {
        out.extend_from_slice(&lowercase_word(u64::from_le_bytes(*chunk)).to_le_bytes());
        s += 8;
        if s >= e {
            // Bytes after the label were written too.
            out.truncate(out.len() - (s - e));
            return;
        }
    }
    out.extend(input[s..e].iter().map(u8::to_ascii_lowercase));
}

/// A byte outside printable ASCII (`0x21`-`0x7E`).
const UNPRINTABLE: u8 = 1;
/// `%`.
const PERCENT: u8 = 2;
/// `(`.
const PAREN: u8 = 4;
/// `/` followed by `/` or `.`: maybe an empty or dot segment.
const SLASH_SLASH_OR_DOT: u8 = 8;

/// Appends `src` to `out` lowercased and says which of the bytes above it
/// holds, sixteen bytes at a time (a loop over an array, which the compiler
/// makes vector code).
fn push_lowercase(src: &[u8], out: &mut Vec<u8>) -> u8 {
    // Neutral bytes after `src`, so that every window is whole.
    const PAD: [u8; 17] = [b'a'; 17];
    let from = out.len();
    out.extend_from_slice(src);
    out.extend_from_slice(&PAD);
    let mut flags = [0u8; 16];
    let mut i = from;
    while i < from + src.len() {
        let Some(next) = out[i + 1..].first_chunk::<16>().copied() else {
            break;
        };
        let Some(w) = out[i..].first_chunk_mut::<16>() else {
            break;
        };
        for k in 0..16 {
            let c = w[k];
            flags[k] |= u8::from(c.wrapping_sub(0x21) > 0x7e - 0x21)
                | u8::from(c == b'%') << 1
                | u8::from(c == b'(') << 2
                | u8::from(c == b'/' && (next[k] == b'/' || next[k] == b'.')) << 3;
            w[k] = c | u8::from(c.wrapping_sub(b'A') < 26) << 5;
        }
        i += 16;
    }
    out.truncate(from + src.len());
    flags.iter().fold(0, |a, &f| a | f)
}

/// Whether a tab or newline is in `b` (which the general path removes).
fn has_tab_or_newline(b: &[u8]) -> bool {
    b.iter().any(|&c| matches!(c, b'\t' | b'\n' | b'\r'))
}

/// Writes the path, decoded and encoded again when needed, lowercased,
/// without final `/`s (but a lone one); with a host, only a path from `/`
/// that `normalizePath` leaves as it is. `false` for the general path.
fn write_path(path: &[u8], hosted: bool, out: &mut Vec<u8>) -> bool {
    let from = out.len();
    let mut flags = push_lowercase(path, out);
    if flags & (UNPRINTABLE | PERCENT) != 0 {
        out.truncate(from);
        if has_tab_or_newline(path) {
            return false;
        }
        decode_repeatedly_onto(path, out);
        if hosted && !ia_path_is_clean(&out[from..]) {
            return false;
        }
        encode_tail(out, from, &PATH_KEEP);
        out[from..].make_ascii_lowercase();
        flags = u8::from(out[from..].contains(&b'(')) << 2;
    } else if hosted && flags & SLASH_SLASH_OR_DOT != 0 && !ia_path_is_clean(&out[from..]) {
        return false;
    }
    if flags & PAREN != 0 && out[from..].windows(5).any(|w| w == b".aspx") {
        // Maybe an ASP.NET session segment.
        return false;
    }
    let p = &out[from..];
    if p.len() > 1 && p[p.len() - 1] == b'/' {
        let keep = p.iter().rposition(|&c| c != b'/').map_or(1, |k| k + 1);
        out.truncate(from + keep);
    }
    true
}

/// Writes `?` and the query, decoded and encoded again when needed,
/// lowercased, its parameters sorted by key then value; nothing for an
/// empty one. `false` for the general path.
fn write_query(query: &[u8], out: &mut Vec<u8>) -> bool {
    if query.is_empty() {
        return true;
    }
    out.push(b'?');
    let from = out.len();
    if push_lowercase(query, out) & (UNPRINTABLE | PERCENT) != 0 {
        out.truncate(from);
        if has_tab_or_newline(query) {
            return false;
        }
        decode_repeatedly_onto(query, out);
        encode_tail(out, from, &GOOGLE_KEEP);
        out[from..].make_ascii_lowercase();
    }
    // Session ids: none in the query as written (the general path removes
    // them before sorting) nor once sorted.
    let no_session = |q: &[u8]| !(may_have_session_id(q) && has_ia_session_id(q));
    if !no_session(&out[from..]) {
        return false;
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

    #[test]
    fn push_lowercase_is_its_byte_by_byte_definition() {
        for (b, _) in one_byte_inputs() {
            let mut out = b"x".to_vec();
            let flags = push_lowercase(&b, &mut out);
            assert_eq!(out[1..], b.to_ascii_lowercase());
            let any = |f: &dyn Fn(u8) -> bool| b.iter().any(|&c| f(c));
            let expected = u8::from(any(&|c| !(0x21..=0x7e).contains(&c)))
                | u8::from(any(&|c| c == b'%')) << 1
                | u8::from(any(&|c| c == b'(')) << 2;
            assert_eq!(flags, expected, "{b:?}");
        }
        for p in ["/", "//", "/a/", "/a//b", "/.", "/a/.b", "a/", "/a.b/", "/x/..", "./"] {
            let mut out = Vec::new();
            let found = push_lowercase(p.as_bytes(), &mut out) & SLASH_SLASH_OR_DOT != 0;
            assert_eq!(found, p.contains("//") || p.contains("/."), "{p}");
            let long = alloc::format!("{}{p}", "b".repeat(15));
            let found = push_lowercase(long.as_bytes(), &mut out) & SLASH_SLASH_OR_DOT != 0;
            assert_eq!(found, long.contains("//") || long.contains("/."), "{long}");
        }
    }

    #[test]
    fn skip_letters_digits_hyphens_is_its_byte_by_byte_definition() {
        for (b, _) in one_byte_inputs() {
            for from in [0, 1, 9].into_iter().filter(|&f| f <= b.len()) {
                for end in [b.len(), from.max(b.len().saturating_sub(3))] {
                    let expected = (from..end)
                        .find(|&i| !(b[i].is_ascii_alphanumeric() || b[i] == b'-'))
                        .unwrap_or(end);
                    let got = skip_letters_digits_hyphens(&b, from, end);
                    assert_eq!(got, expected, "{b:?} {from} {end}");
                }
            }
        }
    }

    #[test]
    fn lowercase_word_is_to_ascii_lowercase() {
        for (b, _) in one_byte_inputs().filter(|(b, _)| b.len() == 8 && b.is_ascii()) {
            let w = u64::from_le_bytes(b[..].try_into().unwrap());
            assert_eq!(lowercase_word(w).to_le_bytes(), *b.to_ascii_lowercase(), "{b:?}");
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
