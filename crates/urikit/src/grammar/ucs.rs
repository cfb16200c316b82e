//! The non-ASCII characters of RFC 3987 (IRIs): `ucschar`, `iprivate`, the
//! bidirectional formatting characters section 4.1 forbids, and reading one
//! UTF-8 character at a byte index of a string or checking raw bytes.
//!
//! ```text
//! ucschar  = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//!          / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//!          / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//!          / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//!          / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//!          / %xD0000-DFFFD / %xE1000-EFFFD
//! iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//! ```
//!
//! Everything else outside ASCII is excluded: the C1 controls (U+0080-009F),
//! surrogates, the noncharacters U+FDD0-FDEF and the last two code points of
//! each plane, the specials U+FFF0-FFFF, the tags of U+E0000-E0FFF.

use crate::error::{ParseError, ParseErrorKind as K};

/// Whether `c` is an RFC 3987 `ucschar`.
#[inline]
pub(crate) const fn is_ucschar(c: u32) -> bool {
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // Planes 1 to 13 but their last two code points, and plane 14 from E1000.
        0x10000..=0xDFFFF => c & 0xFFFF <= 0xFFFD,
        0xE1000..=0xEFFFD => true,
        _ => false,
    }
}

/// Whether `c` is an RFC 3987 `iprivate` (allowed in the query only).
#[inline]
pub(crate) const fn is_iprivate(c: u32) -> bool {
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Whether `c` is a bidirectional formatting character, which RFC 3987
/// section 4.1 forbids in IRIs: Unicode's `Bidi_Control` set, that is the
/// section's LRM, RLM, LRE, RLE, PDF, LRO, RLO, and the ARABIC LETTER MARK
/// and the isolates LRI, RLI, FSI, PDI that Unicode added later for the
/// same purpose.
#[inline]
pub(crate) const fn is_bidi_formatting(c: u32) -> bool {
    matches!(c, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Whether showing `c` to people, instead of its percent-encoding, cannot
/// mislead them: not a control, space, invisible or bidirectional formatting
/// character, variation selector, noncharacter or tag. (Private-use
/// characters are left to the caller.)
#[cfg(feature = "alloc")]
pub(crate) fn shows_plainly(c: char) -> bool {
    !c.is_control()
        && !c.is_whitespace()
        && !matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FDD0}'..='\u{FDEF}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFF}'
            | '\u{E0000}'..='\u{E0FFF}')
        && (c as u32) & 0xFFFE != 0xFFFE
}

/// The character of the valid UTF-8 at `b[i..]` (the start of a character
/// of a `str`) and its length in bytes.
#[inline]
pub(crate) fn char_at(b: &[u8], i: usize) -> (u32, usize) {
    let lead = u32::from(b[i]);
    let cont = |k: usize| u32::from(b.get(i + k).copied().unwrap_or(0x80) & 0x3F);
    match lead {
        0x00..=0x7F => (lead, 1),
        0xC0..=0xDF => ((lead & 0x1F) << 6 | cont(1), 2),
        0xE0..=0xEF => ((lead & 0x0F) << 12 | cont(1) << 6 | cont(2), 3),
        _ => (
            (lead & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3),
            4,
        ),
    }
}

/// Where a non-ASCII character may appear: `iquery` also takes `iprivate`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// `iuserinfo`, `ireg-name`, `ipath`, `ifragment`: `ucschar` only.
    Other,
    /// `iquery`: `ucschar / iprivate`.
    Query,
}

/// Checks the non-ASCII character starting at `b[i]` (of a `str`) for the
/// component `place`, returning the index after it.
///
/// The common characters are told first, from the UTF-8 bytes: a two-byte
/// one from U+00A0 on but ALM (U+061C), a three-byte one below U+D800 but
/// for the window U+200E..U+2069 that holds the other bidi formatting
/// characters. The rest goes through [`check_char_rules`].
///
/// # Errors
/// [`K::BidiFormattingChar`], [`K::PrivateUseOutsideQuery`] or
/// [`K::NotUcschar`], at `i`.
#[inline(always)]
pub(crate) fn check_char(b: &[u8], i: usize, place: Place) -> Result<usize, ParseError> {
    let lead = b[i];
    let cont = |k: usize| u32::from(b.get(i + k).copied().unwrap_or(0x80) & 0x3F);
    if lead < 0xE0 {
        let c = u32::from(lead & 0x1F) << 6 | cont(1);
        if c >= 0xA0 && c != 0x061C {
            return Ok(i + 2);
        }
    } else if lead < 0xF0 {
        let c = u32::from(lead & 0x0F) << 12 | cont(1) << 6 | cont(2);
        if c < 0x200E || (c > 0x2069 && c < 0xD800) {
            return Ok(i + 3);
        }
    }
    check_char_rules(b, i, place)
}

/// [`check_char`] by the rules, for every character.
#[inline(never)]
fn check_char_rules(b: &[u8], i: usize, place: Place) -> Result<usize, ParseError> {
    let (c, len) = char_at(b, i);
    if is_ucschar(c) {
        if is_bidi_formatting(c) {
            return Err(ParseError::new(i, K::BidiFormattingChar));
        }
        return Ok(i + len);
    }
    if is_iprivate(c) {
        return match place {
            Place::Query => Ok(i + len),
            Place::Other => Err(ParseError::new(i, K::PrivateUseOutsideQuery)),
        };
    }
    Err(ParseError::new(i, K::NotUcschar))
}

/// The bytes as a `str`.
///
/// # Errors
/// [`K::InvalidUtf8`] at the first byte of the first sequence that is not
/// UTF-8: a byte that cannot start a character (a stray continuation byte,
/// `C0`, `C1`, `F5`-`FF`), an overlong form (`C0 AF` for `/`), a surrogate
/// (`ED A0 80`), a code point past U+10FFFF, or a sequence cut short.
pub(crate) fn utf8(b: &[u8]) -> Result<&str, ParseError> {
    core::str::from_utf8(b).map_err(|e| ParseError::new(e.valid_up_to(), K::InvalidUtf8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_the_abnf() {
        for (c, ucs) in [
            (0x9F, false),
            (0xA0, true),
            (0xD7FF, true),
            (0xD800, false),
            (0xE000, false),
            (0xF8FF, false),
            (0xF900, true),
            (0xFDCF, true),
            (0xFDD0, false),
            (0xFDEF, false),
            (0xFDF0, true),
            (0xFFEF, true),
            (0xFFF0, false),
            (0xFFFE, false),
            (0x10000, true),
            (0x1FFFD, true),
            (0x1FFFE, false),
            (0xDFFFD, true),
            (0xE0000, false),
            (0xE0FFF, false),
            (0xE1000, true),
            (0xEFFFD, true),
            (0xEFFFE, false),
            (0xF0000, false),
            (0x10FFFD, false),
        ] {
            assert_eq!(is_ucschar(c), ucs, "U+{c:X}");
        }
        for (c, private) in [
            (0xDFFF, false),
            (0xE000, true),
            (0xF8FF, true),
            (0xF900, false),
            (0xEFFFF, false),
            (0xF0000, true),
            (0xFFFFD, true),
            (0xFFFFE, false),
            (0x100000, true),
            (0x10FFFD, true),
            (0x10FFFF, false),
        ] {
            assert_eq!(is_iprivate(c), private, "U+{c:X}");
        }
    }

    #[test]
    fn char_at_reads_every_length() {
        for c in ['a', 'é', '€', '😀', '\u{10FFFD}'] {
            let mut buf = [0; 4];
            let s = c.encode_utf8(&mut buf);
            assert_eq!(char_at(s.as_bytes(), 0), (c as u32, c.len_utf8()));
        }
    }

    #[test]
    fn bad_utf8_is_an_error_at_its_first_byte() {
        for (bytes, at) in [
            (&b"ab\xC0\xAF"[..], 2),       // overlong "/"
            (&b"a\xED\xA0\x80z"[..], 1),   // surrogate U+D800
            (&b"\xF4\x90\x80\x80"[..], 0), // past U+10FFFF
            (&b"abc\xE2\x82"[..], 3),      // cut short
            (&b"\x80"[..], 0),             // stray continuation
        ] {
            let e = utf8(bytes).unwrap_err();
            assert_eq!((e.index(), e.kind()), (at, K::InvalidUtf8), "{bytes:?}");
        }
        assert_eq!(utf8("é".as_bytes()), Ok("é"));
    }
}
