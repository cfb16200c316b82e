//! Eight bytes at a time: a `u64` holding eight bytes of the input
//! (little-endian), and the per-byte tests on it that the fast paths share
//! (normalization's looks, the WHATWG fast path, the Wayback key, the public
//! suffix lookup). Each test gives the high bit (bit 7) of every byte it
//! holds for, exactly (no false positive from a borrow between bytes).

// Which of these a build uses depends on its features.
#![cfg_attr(
    not(all(feature = "whatwg", feature = "canon", feature = "psl")),
    allow(dead_code)
)]

/// Every byte 1.
pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
/// Every byte's high bit.
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` equal to `byte`.
#[inline(always)]
pub(crate) const fn bytes_equal(x: u64, byte: u8) -> u64 {
    let t = x ^ (LO * byte as u64);
    !(((t & !HI) + !HI) | t) & HI
}

/// The high bit of each byte of `x` that is an ASCII capital letter (bytes
/// from 0x80 are not).
#[inline(always)]
pub(crate) const fn uppercase(x: u64) -> u64 {
    // On the low seven bits of each byte (no carry between bytes): the high
    // bit from `A` on, and from one past `Z` on.
    let from_a = (x & !HI).wrapping_add(LO * (0x80 - b'A' as u64));
    let after_z = (x & !HI).wrapping_add(LO * (0x80 - b'Z' as u64 - 1));
    from_a & !after_z & !x & HI
}

/// `x` with its ASCII capital letters lowercased, other bytes as they are.
#[inline(always)]
pub(crate) const fn ascii_lowercase(x: u64) -> u64 {
    x | uppercase(x) >> 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each test against its byte-by-byte definition, on words mixing
    /// every byte value with its neighbours.
    #[test]
    fn tests_are_their_byte_by_byte_definitions() {
        for b in 0..=255u8 {
            for n in [0u8, 1, 0x40, 0x41, 0x5a, 0x5b, 0x7f, 0x80, 0xc1, 0xff] {
                let bytes = [n, b, n, b, b, n, 0, b];
                let x = u64::from_le_bytes(bytes);
                let bit = |f: &dyn Fn(u8) -> bool| {
                    u64::from_le_bytes(bytes.map(|c| if f(c) { 0x80 } else { 0 }))
                };
                assert_eq!(bytes_equal(x, b), bit(&|c| c == b), "{x:x} {b}");
                assert_eq!(uppercase(x), bit(&|c| c.is_ascii_uppercase()), "{x:x}");
                let lower = u64::from_le_bytes(bytes.map(|c| c.to_ascii_lowercase()));
                assert_eq!(ascii_lowercase(x), lower, "{x:x}");
            }
        }
    }
}
