//! The wide scans' block test by nibble lookup, where the CPU has SSSE3: the
//! one place in the crate with `unsafe` code.
//!
//! The portable block test of [`crate::scan`] writes each class as a dozen
//! byte-range tests, which compile to some thirty SSE2 instructions per block
//! of sixteen bytes. With SSSE3's byte shuffle (`pshufb`) a class is two
//! sixteen-entry tables instead, and a block takes eight instructions: the
//! low nibble of each byte picks an entry of [`Nibbles::lo`], the high nibble
//! one of [`Nibbles::hi`], and the byte is in the class when the two entries
//! share a bit. A class fits when it is, for each high nibble (a row of
//! sixteen ASCII bytes), any set of low nibbles: bit `h - 2` of `lo[l]` says
//! whether byte `h * 16 + l` is in the class, and `hi[h]` is that bit for the
//! rows 2 to 7 (the printable ASCII rows), zero for the controls and for
//! every byte outside ASCII. Every class of the wide scans is such a class
//! (no class has a control byte); the tables are built from the
//! [`crate::table`] sets at compile time and checked against them for all
//! 256 bytes.
//!
//! Whether the CPU has SSSE3 is known at compile time (`-C
//! target-feature=+ssse3`, or a `target-cpu` that has it: every x86-64 CPU
//! since 2006 but the first AMD64 ones), or else asked of the CPU once with
//! `std` ([`Ssse3::detect`]). Without it, and on other targets, the parser
//! runs its portable copy; the two copies give the same results: the scan
//! tests and the parser differential (against the oracle parser, on
//! generated input and every line of the URL lists) run both, the fuzz
//! targets compare them (`parse`), and CI runs the parser's integration
//! tests once more with the portable copy forced (`--cfg urikit_portable`).
//!
//! Soundness: the `unsafe` code is the SSSE3 intrinsics and the calls into
//! functions compiled with SSSE3. Both need a CPU with SSSE3, and both are
//! reached only through an [`Ssse3`] value, which only [`Ssse3::detect`]
//! makes, after checking.

// The unsafe blocks are unneeded (but harmless) on Rust versions that call
// intrinsics of enabled features safely; they are needed on the MSRV.
#![allow(unsafe_code, unused_unsafe)]

use crate::error::ParseError;
use crate::offsets::Offsets;
use crate::table::Table;

/// A class as two sixteen-entry tables, indexed by the low and the high
/// nibble of a byte: the byte is in the class when the two entries share a
/// bit.
#[derive(Debug)]
pub(crate) struct Nibbles {
    lo: [u8; 16],
    hi: [u8; 16],
}

impl Nibbles {
    /// The tables of `set`, which must have no control byte (rows 0 and 1).
    pub(crate) const fn of(set: Table) -> Nibbles {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        let mut h = 2;
        while h < 8 {
            hi[h] = 1 << (h - 2);
            let mut l = 0;
            while l < 16 {
                if set.contains((h * 16 + l) as u8) {
                    lo[l] |= 1 << (h - 2);
                }
                l += 1;
            }
            h += 1;
        }
        let mut c = 0;
        while c < 0x20 {
            assert!(!set.contains(c), "a control byte in a nibble class");
            c += 1;
        }
        Nibbles { lo, hi }
    }

    /// Whether `c` is in the class: the lookup one byte at a time (the
    /// definition the vector code computes sixteen at a time).
    #[cfg(test)]
    pub(crate) fn contains(&self, c: u8) -> bool {
        self.lo[usize::from(c & 15)] & self.hi[usize::from(c >> 4)] != 0
    }
}

/// Proof that the CPU has SSSE3: only [`Ssse3::detect`] makes one. Zero
/// bytes; `Option<Ssse3>` is a flag the compiler folds where it is a
/// constant. On other targets it has no value at all ([`Proof`]), so the
/// SSSE3 code is not even compiled there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ssse3(Proof);

/// What an [`Ssse3`] holds: nothing on x86-64, and on other targets a type
/// without values.
#[cfg(target_arch = "x86_64")]
type Proof = ();
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy, Debug)]
enum Proof {}

impl Ssse3 {
    /// An [`Ssse3`] when the CPU has SSSE3: known at compile time, or asked
    /// of the CPU once (`std` caches the answer). `None` on other targets.
    /// Built with `--cfg urikit_portable`, never: the portable copy runs
    /// everywhere (CI runs the parser's tests so too).
    #[inline(always)]
    pub(crate) fn detect() -> Option<Ssse3> {
        if cfg!(urikit_portable) {
            return None;
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        {
            Some(Ssse3(()))
        }
        #[cfg(all(target_arch = "x86_64", not(target_feature = "ssse3"), feature = "std"))]
        {
            std::is_x86_feature_detected!("ssse3").then_some(Ssse3(()))
        }
        #[cfg(not(all(target_arch = "x86_64", any(target_feature = "ssse3", feature = "std"))))]
        {
            None
        }
    }

    /// The block's bytes outside `class`: bit `k` is set when `block[k]` is
    /// not in it.
    #[inline(always)]
    pub(crate) fn stops(self, block: &[u8; 16], class: &Nibbles) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `self` exists, so the CPU has SSSE3.
            unsafe { stops_ssse3(block, class) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (block, class);
            match self.0 {}
        }
    }

    /// The parser's copy compiled with SSSE3 ([`crate::parse::parse_with`]),
    /// its offsets made into a `T` by `make`.
    #[inline(always)]
    pub(crate) fn parse<const IRI: bool, T>(
        self,
        s: &str,
        make: impl FnOnce(Offsets) -> T,
    ) -> Result<T, ParseError> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `self` exists, so the CPU has SSSE3.
            unsafe { parse_ssse3::<IRI, T>(s, self, make) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (s, make);
            match self.0 {}
        }
    }
}

/// [`Ssse3::stops`]: `pshufb` on the two nibbles, `and`, compare with zero,
/// one bit per byte.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[inline]
unsafe fn stops_ssse3(block: &[u8; 16], class: &Nibbles) -> u32 {
    use core::arch::x86_64::{
        _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };
    // SAFETY: the three loads read sixteen bytes of sixteen-byte arrays
    // (`loadu`: no alignment needed); the rest needs SSE2 and SSSE3, which
    // this function is compiled with and only called with.
    unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast());
        let lo_table = _mm_loadu_si128(class.lo.as_ptr().cast());
        let hi_table = _mm_loadu_si128(class.hi.as_ptr().cast());
        let nibble = _mm_set1_epi8(0x0f);
        let lo = _mm_and_si128(v, nibble);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), nibble);
        let both = _mm_and_si128(
            _mm_shuffle_epi8(lo_table, lo),
            _mm_shuffle_epi8(hi_table, hi),
        );
        _mm_movemask_epi8(_mm_cmpeq_epi8(both, _mm_setzero_si128())) as u32
    }
}

/// The parser, inlined here and compiled with SSSE3 (so that
/// [`stops_ssse3`] is inlined into its loops), and the value `make` makes
/// of its offsets (written where the caller's result goes: no copy).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn parse_ssse3<const IRI: bool, T>(
    s: &str,
    t: Ssse3,
    make: impl FnOnce(Offsets) -> T,
) -> Result<T, ParseError> {
    crate::parse::parse_with::<IRI>(s, Some(t)).map(make)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_sets() {
        use crate::table;
        for set in [table::PATH, table::QUERY, table::REG_NAME] {
            let n = Nibbles::of(set);
            for c in 0..=255u8 {
                assert_eq!(n.contains(c), set.contains(c), "byte {c}");
            }
        }
    }

    #[test]
    fn stops_is_the_lookup_sixteen_at_a_time() {
        let Some(t) = Ssse3::detect() else {
            return; // no SSSE3 here: the portable copy is all there is
        };
        let n = Nibbles::of(crate::table::QUERY);
        for start in (0..=255u8).step_by(16) {
            let block: [u8; 16] = core::array::from_fn(|k| start.wrapping_add(k as u8));
            let want = (0..16).fold(0u32, |m, k| m | u32::from(!n.contains(block[k])) << k);
            assert_eq!(t.stops(&block, &n), want, "block from {start}");
        }
    }
}
