//! Quick looks over the bytes that say whether a reference needs any work
//! beyond a copy: a `%`, an uppercase letter, a dot segment.
//!
//! Each looks at sixteen bytes at a time, written as a plain loop over a
//! 16-byte array that the compiler turns into one vector compare (SSE2 on
//! x86-64, NEON on aarch64; scalar code elsewhere, still correct): no
//! `unsafe`, no intrinsics. The last window overlaps the one before when the
//! length is not a multiple of sixteen (a byte looked at twice changes no
//! answer). Shorter inputs are looked at eight bytes at a time in a `u64`
//! (SWAR), the shortest byte by byte.

use crate::word::{HI, LO};

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
    // Fewer than sixteen bytes: one or two overlapping `u64` blocks, a zero
    // byte of the block xor-ed with `byte`s marking a match.
    let found = |block: &[u8; 8]| {
        let v = u64::from_le_bytes(*block) ^ (LO * u64::from(byte));
        v.wrapping_sub(LO) & !v & HI != 0
    };
    match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        (Some(first), Some(last)) => found(first) || found(last),
        _ => b.contains(&byte),
    }
}

/// Whether `b` holds an ASCII uppercase letter (`A`-`Z`).
#[inline]
pub(crate) fn has_upper(b: &[u8]) -> bool {
    if let Some(found) = any_window(b, |w| {
        let mut acc = 0u8;
        for &c in w {
            acc |= u8::from(c.wrapping_sub(b'A') < 26);
        }
        acc != 0
    }) {
        return found;
    }
    // Fewer than sixteen bytes: in each byte of a `u64` block, with its high
    // bit cleared, adding `0x80 - b'A'` sets the high bit from `A` up and
    // adding `0x80 - b'Z' - 1` from past `Z` (no carry leaves a byte), so the
    // two differ exactly on `A`-`Z`; bytes outside ASCII are masked out.
    let found = |block: &[u8; 8]| {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let x = u64::from_le_bytes(*block);
        let y = x & LOW7;
        ((y + LO * u64::from(0x80 - b'A')) ^ (y + LO * u64::from(0x80 - b'Z' - 1))) & !x & HI != 0
    };
    match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        (Some(first), Some(last)) => found(first) || found(last),
        _ => b.iter().any(u8::is_ascii_uppercase),
    }
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
    let pairs = |w: &[u8; 17]| {
        let mut acc = 0u8;
        for k in 0..16 {
            acc |= u8::from(w[k] == b'/') & u8::from(w[k + 1] == b'.');
        }
        acc != 0
    };
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

/// Whether a path of fewer than seventeen bytes has a `/.` pair: one or two
/// overlapping `u64` blocks, each xor-ed with `.`s and or-ed with itself
/// moved up one byte (the byte before it in the low place) xor-ed with `/`s,
/// so that a zero byte marks a pair.
fn short_has_pair(path: &[u8]) -> bool {
    let pairs = |block: &[u8; 8], before: u8| {
        let x = u64::from_le_bytes(*block);
        let v = (x ^ (LO * u64::from(b'.')))
            | (((x << 8) | u64::from(before)) ^ (LO * u64::from(b'/')));
        v.wrapping_sub(LO) & !v & HI != 0
    };
    match (path.first_chunk::<8>(), path.len().checked_sub(9)) {
        (Some(first), Some(k)) => {
            pairs(first, 0)
                || path[k + 1..]
                    .first_chunk::<8>()
                    .is_some_and(|b| pairs(b, path[k]))
        }
        (Some(first), None) => pairs(first, 0),
        _ => path.windows(2).any(|w| w == b"/."),
    }
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
    let last = b.last_chunk::<16>()?;
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
                }
            }
        }
    }
}
