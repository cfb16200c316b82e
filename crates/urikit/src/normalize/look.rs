//! Quick looks over the bytes that say whether a reference needs any work
//! beyond a copy: a `%`, an uppercase letter, a dot segment. Normalization
//! looks for two of them at once in each part of a reference, all rare:
//! an uppercase letter or a `%` before the path ([`has_upper_or`]), a `/.`
//! that may start a dot segment or a `%` from the path on
//! ([`has_dot_pair_or`]).
//!
//! Each looks at sixteen bytes at a time, written as a plain loop over a
//! 16-byte array that the compiler turns into one vector compare (SSE2 on
//! x86-64, NEON on aarch64; scalar code elsewhere, still correct): no
//! `unsafe`, no intrinsics. The last window overlaps the one before when the
//! length is not a multiple of sixteen (a byte looked at twice changes no
//! answer). Shorter inputs are looked at eight bytes at a time in a `u64`
//! (SWAR), the shortest byte by byte.

use crate::word::{bytes_equal, uppercase, HI, LO};

/// Whether `b` holds `byte`.
#[inline]
pub(crate) fn has_byte(b: &[u8], byte: u8) -> bool {
    if let Some(found) = any_window(b, |w| {
        let mut acc = 0u8;
        for &c in w {
            acc |= u8::from(c == byte);
        }
        acc != 0
    }) {
        return found;
    }
    // Fewer than sixteen bytes: one or two overlapping `u64` blocks.
    let found = |block: &[u8; 8]| bytes_equal(u64::from_le_bytes(*block), byte) != 0;
    match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        (Some(first), Some(last)) => found(first) || found(last),
        _ => b.contains(&byte),
    }
}

/// Whether `b` holds an ASCII uppercase letter (`A`-`Z`): [`has_upper_or`]
/// with a byte that is one.
#[inline]
pub(crate) fn has_upper(b: &[u8]) -> bool {
    has_upper_or(b, b'A')
}

/// Whether `b` holds an ASCII uppercase letter (`A`-`Z`) or `byte`, in
/// one pass ([`has_upper`] and [`has_byte`] at once): the look over a
/// reference's scheme and authority, where either is rare.
#[inline(always)]
pub(crate) fn has_upper_or(b: &[u8], byte: u8) -> bool {
    if let Some(found) = any_window(b, |w| {
        let mut acc = 0u8;
        for &c in w {
            acc |= u8::from(c.wrapping_sub(b'A') < 26) | u8::from(c == byte);
        }
        acc != 0
    }) {
        return found;
    }
    // Fewer than sixteen bytes: one or two overlapping `u64` blocks.
    let found = |block: &[u8; 8]| {
        let x = u64::from_le_bytes(*block);
        (uppercase(x) | bytes_equal(x, byte)) != 0
    };
    match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        (Some(first), Some(last)) => found(first) || found(last),
        _ => b.iter().any(|&c| c.is_ascii_uppercase() || c == byte),
    }
}

/// Whether `b[from..]` has a `/` followed by a `.`, a `.` first, or
/// `byte`: the look that says, when it does not hold, that a path starting
/// at `from` has no dot segment ([`has_dot_segment`]) and that `b[from..]`
/// has no `byte`, in one pass. (A `/.` pair is rarely a dot segment,
/// `/.well-known`; the rare text where this holds is looked at again by
/// the exact looks.)
///
/// Text shorter than a window is looked at in the last window of `b`,
/// which may start before `from`: this may also hold for a pair or a
/// `byte` among the sixteen bytes before `from` (never a false no).
#[inline(always)]
pub(crate) fn has_dot_pair_or(b: &[u8], from: usize, byte: u8) -> bool {
    if matches!(b.get(from), Some(&c) if c == b'.' || c == byte) {
        return true;
    }
    match b.len().checked_sub(17) {
        // Sixteen pairs at a time (a window of seventeen bytes), the last
        // window overlapping the one before.
        Some(last) if from < last => {
            let mut at = from;
            while at < last {
                if b.get(at..)
                    .and_then(<[u8]>::first_chunk::<17>)
                    .is_some_and(|w| pairs_or(w, Some(byte)))
                {
                    return true;
                }
                at += 16;
            }
            b.last_chunk::<17>()
                .is_some_and(|w| pairs_or(w, Some(byte)))
        }
        // All of it in the last window.
        Some(_) => b
            .last_chunk::<17>()
            .is_some_and(|w| pairs_or(w, Some(byte))),
        None => short_has_pair_or_out_of_line(b.get(from..).unwrap_or_default(), byte),
    }
}

/// Whether a window of seventeen bytes has a `/` followed by a `.`, or
/// (with `Some(byte)`) `byte` after its first byte: two overlapping
/// 16-byte arrays, compared as vectors.
#[inline(always)]
fn pairs_or(w: &[u8; 17], byte: Option<u8>) -> bool {
    let (Some(w0), Some(w1)) = (w.first_chunk::<16>(), w.last_chunk::<16>()) else {
        return false;
    };
    let mut acc = 0u8;
    for k in 0..16 {
        let is_byte = byte.map_or(0, |c| u8::from(w1[k] == c));
        acc |= (u8::from(w0[k] == b'/') & u8::from(w1[k] == b'.')) | is_byte;
    }
    acc != 0
}

/// Whether `path` has a `.` or `..` segment.
///
/// A dot segment starts with a `.` at the start of the path or after a `/`,
/// so the look is for `/.` pairs, sixteen pairs at a time (a window of
/// seventeen bytes); only a window with one, rare in real paths
/// (`/.well-known`), is looked at byte by byte. A `.` elsewhere (`a.html`)
/// costs nothing.
pub(crate) fn has_dot_segment(path: &[u8]) -> bool {
    has_dot_segment_inline(path)
}

/// [`has_dot_segment`] compiled into its caller: for the resolution's copy,
/// which asks it of every reference (the call and its register saves cost
/// a fifth of the look there).
#[inline(always)]
pub(crate) fn has_dot_segment_inline(path: &[u8]) -> bool {
    // A dot segment at the start, looked for last: the windows are then
    // compiled knowing nothing of the first byte (knowing it was not a `.`,
    // the compiler once rebuilt the first window byte by byte).
    let at_start = || path.first() == Some(&b'.') && dot_segment_at(path, 0);
    // The pairs starting at `path[at..at + 16]`, whole or cut by the end.
    let check = |at: usize| {
        let end = (at + 17).min(path.len());
        (at + 1..end).any(|d| path[d - 1] == b'/' && path[d] == b'.' && dot_segment_at(path, d))
    };
    let pairs = |w: &[u8; 17]| pairs_or(w, None);
    let Some(last) = path.len().checked_sub(17) else {
        return (short_has_pair(path) && check(0)) || at_start();
    };
    let mut at = 0;
    while at < last {
        if path
            .get(at..)
            .and_then(<[u8]>::first_chunk::<17>)
            .is_some_and(pairs)
            && check(at)
        {
            return true;
        }
        at += 16;
    }
    (path.last_chunk::<17>().is_some_and(pairs) && check(last)) || at_start()
}

/// Whether a path of fewer than seventeen bytes has a `/.` pair.
#[inline(always)]
fn short_has_pair(path: &[u8]) -> bool {
    short_has_pair_or(path, None)
}

/// Whether fewer than seventeen bytes have a `/.` pair or, with
/// `Some(byte)`, `byte` ([`has_dot_pair_or`] for short text): one or two
/// overlapping `u64` blocks, each xor-ed with `.`s and or-ed with itself
/// moved up one byte (the byte before it in the low place) xor-ed with `/`s,
/// so that a zero byte marks a pair; a `byte` is marked by
/// [`bytes_equal`].
#[inline(always)]
fn short_has_pair_or(b: &[u8], byte: Option<u8>) -> bool {
    match (
        b.first_chunk::<8>(),
        b.last_chunk::<8>(),
        b.len().checked_sub(9),
    ) {
        (Some(first), Some(last), Some(k)) => {
            block_has_pair_or(first, 0, byte) || block_has_pair_or(last, b[k], byte)
        }
        (Some(first), _, None) => block_has_pair_or(first, 0, byte),
        _ => b.windows(2).any(|w| w == b"/.") || byte.is_some_and(|c| b.contains(&c)),
    }
}

/// [`short_has_pair_or`] on one block of eight bytes, `before` the byte
/// before it (0 at the start). A function, not a closure: the compiler
/// once made the closure a call of its own.
#[inline(always)]
fn block_has_pair_or(block: &[u8; 8], before: u8, byte: Option<u8>) -> bool {
    let x = u64::from_le_bytes(*block);
    let v =
        (x ^ (LO * u64::from(b'.'))) | (((x << 8) | u64::from(before)) ^ (LO * u64::from(b'/')));
    let bytes = byte.map_or(0, |c| bytes_equal(x, c));
    ((v.wrapping_sub(LO) & !v) | bytes) & HI != 0
}

/// [`short_has_pair_or`] with a `byte`, out of line (text shorter than a
/// window is rare where normalization looks).
#[inline(never)]
fn short_has_pair_or_out_of_line(b: &[u8], byte: u8) -> bool {
    short_has_pair_or(b, Some(byte))
}

/// Whether the segment starting at `path[d]` (a `.`) is `.` or `..`.
#[inline]
fn dot_segment_at(path: &[u8], d: usize) -> bool {
    let end = |i: usize| matches!(path.get(i), None | Some(b'/'));
    end(d + 1) || (path.get(d + 1) == Some(&b'.') && end(d + 2))
}

/// Whether `test` holds for one of the 16-byte windows that cover `b`, the
/// last one overlapping the one before; `None` when `b` is shorter.
#[inline(always)]
fn any_window(b: &[u8], test: impl Fn(&[u8; 16]) -> bool) -> Option<bool> {
    let (first, last) = (b.first_chunk::<16>()?, b.last_chunk::<16>()?);
    if b.len() <= 32 {
        // One or two windows: no loop.
        return Some(test(first) | test(last));
    }
    let mut windows = b.chunks_exact(16);
    for w in &mut windows {
        if w.first_chunk::<16>().is_some_and(&test) {
            return Some(true);
        }
    }
    Some(!windows.remainder().is_empty() && test(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Byte strings over `/ . a % A é` (weighted to `/` and `.`), every one
    /// up to 7 bytes, then pseudo-random ones up to 80.
    fn inputs() -> Vec<Vec<u8>> {
        let alphabet: [&[u8]; 6] = [b"/", b".", b"a", b"%", b"A", "é".as_bytes()];
        let mut all = Vec::new();
        for len in 0..=7u32 {
            for mut n in 0..6usize.pow(len) {
                let mut p = Vec::new();
                for _ in 0..len {
                    p.extend_from_slice(alphabet[n % 6]);
                    n /= 6;
                }
                all.push(p);
            }
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 81) as usize;
            let mut p = Vec::new();
            let mut s = seed;
            for _ in 0..len {
                s = s.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let k = (s >> 33) % 16;
                p.extend_from_slice(
                    alphabet[[0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 4, 4, 5][k as usize]],
                );
            }
            all.push(p);
        }
        all
    }

    #[test]
    fn looks_agree_with_byte_by_byte_definitions() {
        for p in inputs() {
            assert_eq!(has_byte(&p, b'%'), p.contains(&b'%'), "{p:?}");
            assert_eq!(has_byte(&p, b'/'), p.contains(&b'/'), "{p:?}");
            assert_eq!(has_upper(&p), p.iter().any(u8::is_ascii_uppercase), "{p:?}");
            let s = String::from_utf8(p.clone()).unwrap();
            let by_split = s.split('/').any(|g| g == "." || g == "..");
            assert_eq!(has_dot_segment(&p), by_split, "{s:?}");
            let pair_or = s.starts_with('.') || s.contains("/.") || s.contains('%');
            assert_eq!(has_dot_pair_or(&p, 0, b'%'), pair_or, "{s:?}");
            let upper_or = p.iter().any(|&c| c.is_ascii_uppercase() || c == b'%');
            assert_eq!(has_upper_or(&p, b'%'), upper_or, "{p:?}");
            // From inside the text: what the look may see before `from`.
            for from in 0..=p.len() {
                let seen = from.min(p.len().saturating_sub(17));
                let has = |t: &[u8], first: bool| {
                    (first && t.first() == Some(&b'.'))
                        || t.contains(&b'%')
                        || t.windows(2).any(|w| w == b"/.")
                };
                let exact = has(&p[from..], true);
                let got = has_dot_pair_or(&p, from, b'%');
                assert!(got || !exact, "{p:?} {from}");
                assert!(!got || exact || has(&p[seen..], true), "{p:?} {from}");
            }
            // The quick look holds wherever the exact ones do.
            assert!(pair_or || !by_split, "{s:?}");
        }
    }

    #[test]
    fn upper_letters_in_every_position() {
        for len in 0..40 {
            for at in 0..len {
                for c in 0..=255u8 {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    assert_eq!(has_upper(&b), c.is_ascii_uppercase(), "{b:?}");
                    assert_eq!(has_byte(&b, b'%'), c == b'%', "{b:?}");
                    let pair_or = c == b'%' || (c == b'.' && at == 0);
                    assert_eq!(has_dot_pair_or(&b, 0, b'%'), pair_or, "{b:?}");
                    let upper_or = c.is_ascii_uppercase() || c == b'%';
                    assert_eq!(has_upper_or(&b, b'%'), upper_or, "{b:?}");
                }
            }
        }
    }
}
