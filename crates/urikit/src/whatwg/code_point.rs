//! Code point classes of the URL Standard (sections 3.1 and 4.1), as
//! [`Table`]s over ASCII; the non-ASCII rules are in the functions.

use crate::table::{Table, ALPHA, DIGIT};

/// Forbidden host code points: NUL, tab, LF, CR, space, `#`, `/`, `:`, `<`,
/// `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`. An opaque host (the host of a
/// URL whose scheme is not special) cannot hold them.
pub const FORBIDDEN_HOST: Table = Table::new(b"\0\t\n\r #/:<>?@[\\]^|");

/// Forbidden domain code points: the forbidden host code points, the C0
/// controls, `%` and DEL. A domain (after percent-decoding and IDNA) cannot
/// hold them.
pub const FORBIDDEN_DOMAIN: Table = FORBIDDEN_HOST
    .or(Table::range(0, 0x1f))
    .or(Table::new(b"%\x7f"));

/// The ASCII URL code points: alphanumerics and `!$&'()*+,-./:;=?@_~`.
pub const URL_CODE_POINT_ASCII: Table = ALPHA.or(DIGIT).or(Table::new(b"!$&'()*+,-./:;=?@_~"));

/// Whether `c` is a forbidden host code point.
pub const fn is_forbidden_host(c: char) -> bool {
    (c as u32) < 0x80 && FORBIDDEN_HOST.contains(c as u8)
}

/// Whether `c` is a forbidden domain code point.
pub const fn is_forbidden_domain(c: char) -> bool {
    (c as u32) < 0x80 && FORBIDDEN_DOMAIN.contains(c as u8)
}

/// Whether `c` is a URL code point: an ASCII one of [`URL_CODE_POINT_ASCII`],
/// or `U+00A0` to `U+10FFFD` except surrogates (never in a `char`) and
/// noncharacters.
pub const fn is_url_code_point(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return URL_CODE_POINT_ASCII.contains(u as u8);
    }
    u >= 0xa0 && !is_noncharacter(u)
}

/// `U+FDD0`-`U+FDEF` and the last two code points of every plane.
const fn is_noncharacter(u: u32) -> bool {
    (u >= 0xfdd0 && u <= 0xfdef) || u & 0xfffe == 0xfffe
}

/// Whether `s` starts with a Windows drive letter (an ASCII letter and `:` or
/// `|`) followed by the end or one of `/`, `\`, `?`, `#`.
pub fn starts_with_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_drive_letter(&s[..2], false)
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// Whether `s` is a Windows drive letter: an ASCII letter and `:`, or (when
/// not `normalized`) `|`.
pub fn is_drive_letter(s: &[u8], normalized: bool) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || (!normalized && s[1] == b'|'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert!(is_forbidden_host('^') && !is_forbidden_host('%') && is_forbidden_domain('%'));
        assert!(
            is_forbidden_domain('\x01') && is_forbidden_domain('\x7f') && !is_forbidden_domain('é')
        );
        assert!(
            is_url_code_point('é')
                && !is_url_code_point('\u{fdd0}')
                && !is_url_code_point('\u{1fffe}')
        );
        assert!(!is_url_code_point('\u{9f}') && !is_url_code_point('^') && is_url_code_point('~'));
        assert!(starts_with_drive_letter(b"C|/x") && starts_with_drive_letter(b"c:"));
        assert!(!starts_with_drive_letter(b"C:x") && !starts_with_drive_letter(b"1:"));
        assert!(is_drive_letter(b"C:", true) && !is_drive_letter(b"C|", true));
    }
}
