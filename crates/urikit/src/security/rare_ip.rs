//! Rare IPv4 address formats (RFC 3986 section 7.3): the numbers-and-dots
//! forms that `inet_aton()` and friends accept although RFC 3986 reads them as
//! registered names.
//!
//! ```text
//! address = part [ "." part [ "." part [ "." part ] ] ]
//! part    = "0" ( "x" / "X" ) *HEXDIG      ; hexadecimal (C's 0x prefix)
//!         / "0" *( %x30-37 )               ; octal (C's leading 0)
//!         / %x31-39 *DIGIT                 ; decimal
//! ```
//!
//! Every part but the last is one byte (at most 255); the last part fills the
//! remaining bytes: with four parts one byte, three parts 16 bits, two parts 24
//! bits, one part 32 bits. So `127.1`, `0x7f.1`, `0177.0.0.1` and `2130706433`
//! all denote 127.0.0.1, which is why the text advises filtering on the
//! numeric value rather than on the string.
//!
//! The rules are glibc's (`resolv/inet_addr.c`, which reads each part with
//! `strtoul(…, 0)`), checked against the C library by a test on Linux:
//!
//! - a part is as long as it likes (`000000000001` is 1); its value must fit
//!   32 bits, or the address is rejected (`4294967296`, `0x100000000`);
//! - `0x` with no hex digit, `08` (a bad octal digit), an empty part (`1..2`),
//!   a leading or trailing dot (`127.0.0.1.`), a sign, and more than four
//!   parts are rejected;
//! - glibc stops at the first ASCII white-space character after a part and
//!   ignores whatever follows (`"127.1 junk"` is 127.0.0.1).
//!   [`parse_inet_aton`] does not: the whole string must be an address (a URI
//!   host cannot hold white space anyway). [`parse_inet_aton_glibc`] mirrors
//!   glibc, trailing text included.
//!
//! ```
//! use urikit::security::rare_ip::parse_inet_aton;
//! use std::net::Ipv4Addr;
//!
//! assert_eq!(parse_inet_aton("0x7f.1").map(|a| a.addr()), Ok(Ipv4Addr::LOCALHOST));
//! assert_eq!(parse_inet_aton("2130706433").map(|a| a.value()), Ok(0x7f00_0001));
//! assert!(parse_inet_aton("0x100000000").is_err());
//! ```

use crate::table;

/// What a string in a numbers-and-dots form stands for: the one type of
/// the crate for an IPv4 address read from a number form, shared with the
/// WHATWG host parser ([`crate::whatwg::host::Ipv4`]).
pub use crate::whatwg::host::Ipv4 as InetAton;

/// Why a string is not a numbers-and-dots address, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InetAtonError {
    index: usize,
    kind: InetAtonErrorKind,
}

/// What kind of mistake an [`InetAtonError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InetAtonErrorKind {
    /// A part does not start with a digit (empty part, sign, letter, the end).
    ExpectedDigit,
    /// An `8` or `9` in an octal part, or a byte that cannot continue a part.
    UnexpectedChar,
    /// A part's value does not fit 32 bits.
    Overflow,
    /// A part before the last is over 255, or the last part is over what the
    /// remaining bytes hold.
    PartTooLarge,
    /// More than four parts.
    TooManyParts,
}

impl InetAtonErrorKind {
    /// The stable snake_case name of the kind.
    pub const fn name(self) -> &'static str {
        match self {
            InetAtonErrorKind::ExpectedDigit => "expected_digit",
            InetAtonErrorKind::UnexpectedChar => "unexpected_char",
            InetAtonErrorKind::Overflow => "overflow",
            InetAtonErrorKind::PartTooLarge => "part_too_large",
            InetAtonErrorKind::TooManyParts => "too_many_parts",
        }
    }

    /// What was expected at the error's index.
    pub const fn expected(self) -> &'static str {
        match self {
            InetAtonErrorKind::ExpectedDigit => "a digit starting a part",
            InetAtonErrorKind::UnexpectedChar => {
                "a digit of the part's base, \".\" or the end of the address"
            }
            InetAtonErrorKind::Overflow => "a part whose value fits 32 bits",
            InetAtonErrorKind::PartTooLarge => {
                "parts of at most 255, the last one fitting the bytes left"
            }
            InetAtonErrorKind::TooManyParts => "at most four parts",
        }
    }
}

impl InetAtonError {
    const fn new(index: usize, kind: InetAtonErrorKind) -> InetAtonError {
        InetAtonError { index, kind }
    }

    /// The byte offset where the address went wrong: the first byte of the
    /// offending part, or the byte that could not be accepted.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> InetAtonErrorKind {
        self.kind
    }
}

crate::error::impl_expected_at_byte!(InetAtonError);

/// The largest value of the last part, by the number of parts before it.
const LAST_PART_MAX: [u32; 4] = [0xffff_ffff, 0x00ff_ffff, 0xffff, 0xff];

/// Parses `s` the way `inet_aton()` does, except that the whole string must be
/// the address (see the [module docs](self) for the one difference).
///
/// # Errors
/// An [`InetAtonError`] with the byte index of the problem.
///
/// # Example
/// ```
/// use urikit::security::rare_ip::{parse_inet_aton, InetAtonErrorKind};
///
/// let a = parse_inet_aton("0177.0.0.1")?;
/// assert_eq!(a.addr().to_string(), "127.0.0.1");
/// assert!(a.has_octal() && !a.is_dotted_decimal());
/// assert_eq!(parse_inet_aton("4294967295")?.value(), u32::MAX);
/// let err = parse_inet_aton("08").unwrap_err();
/// assert_eq!((err.index(), err.kind()), (1, InetAtonErrorKind::UnexpectedChar));
/// # Ok::<_, urikit::security::rare_ip::InetAtonError>(())
/// ```
pub fn parse_inet_aton(s: &str) -> Result<InetAton, InetAtonError> {
    let (a, end) = parse_prefix(s.as_bytes())?;
    if end == s.len() {
        Ok(a)
    } else {
        Err(InetAtonError::new(end, InetAtonErrorKind::UnexpectedChar))
    }
}

/// Parses `s` exactly as glibc's `inet_aton()` does: the address may be
/// followed by an ASCII white-space character (space, `\t`, `\n`, `\v`, `\f`,
/// `\r`) and then anything, which is ignored.
///
/// # Errors
/// As [`parse_inet_aton`], at the first byte after the address that is not
/// white space.
///
/// # Example
/// ```
/// use urikit::security::rare_ip::{parse_inet_aton, parse_inet_aton_glibc};
///
/// assert_eq!(parse_inet_aton_glibc("127.1 trailing words")?.value(), 0x7f00_0001);
/// assert!(parse_inet_aton("127.1 trailing words").is_err());
/// # Ok::<_, urikit::security::rare_ip::InetAtonError>(())
/// ```
pub fn parse_inet_aton_glibc(s: &str) -> Result<InetAton, InetAtonError> {
    let b = s.as_bytes();
    let (a, end) = parse_prefix(b)?;
    match b.get(end) {
        None | Some(b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') => Ok(a),
        Some(_) => Err(InetAtonError::new(end, InetAtonErrorKind::UnexpectedChar)),
    }
}

/// Parses `s` as the WHATWG URL standard's IPv4 parser does (what browsers
/// do with an `http:` host that ends in a number): as [`parse_inet_aton`],
/// except that a part may be a bare `0x` (zero) and one trailing dot is
/// allowed (`0x.0x.0`, `127.0.0.1.`). This is the URL parser's own reading,
/// [`crate::whatwg::host::parse_ipv4`], with its error told in this module's
/// terms.
///
/// # Errors
/// As [`parse_inet_aton`].
///
/// # Example
/// ```
/// use urikit::security::rare_ip::{parse_inet_aton, parse_whatwg_ipv4};
///
/// assert_eq!(parse_whatwg_ipv4("0x.0x.0")?.value(), 0);
/// assert_eq!(parse_whatwg_ipv4("127.1.")?.value(), 0x7f00_0001);
/// assert!(parse_inet_aton("0x.0x.0").is_err() && parse_inet_aton("127.1.").is_err());
/// # Ok::<_, urikit::security::rare_ip::InetAtonError>(())
/// ```
pub fn parse_whatwg_ipv4(s: &str) -> Result<InetAton, InetAtonError> {
    use crate::whatwg::ValidationErrorKind as W;
    match crate::whatwg::host::parse_ipv4(s) {
        Ok(a) => Ok(a),
        Err(e) => {
            let kind = match e.kind() {
                W::Ipv4TooManyParts => InetAtonErrorKind::TooManyParts,
                W::Ipv4OutOfRangePart => InetAtonErrorKind::PartTooLarge,
                _ if s.as_bytes().get(e.index()).is_some_and(u8::is_ascii_digit) => {
                    InetAtonErrorKind::UnexpectedChar
                }
                _ => InetAtonErrorKind::ExpectedDigit,
            };
            Err(InetAtonError::new(e.index(), kind))
        }
    }
}

/// Reads up to four parts from the start of `b`; returns the address and the
/// index of the first byte after it. Linear in `b.len()`, any part length.
fn parse_prefix(b: &[u8]) -> Result<(InetAton, usize), InetAtonError> {
    use InetAtonErrorKind as K;
    let mut bytes = [0u8; 4];
    let mut n = 0; // parts stored in `bytes`
    let mut i = 0;
    let mut octal = false;
    let mut hex = false;
    loop {
        let start = i;
        if !b.get(i).is_some_and(|&c| table::DIGIT.contains(c)) {
            return Err(InetAtonError::new(i, K::ExpectedDigit));
        }
        let mut base = 10u64;
        if b[i] == b'0' {
            i += 1;
            if matches!(b.get(i), Some(b'x' | b'X')) {
                // strtoul takes "0x" as hex only when a hex digit follows;
                // otherwise it reads the "0" alone and the "x" is left over.
                if b.get(i + 1).is_some_and(|&c| table::HEXDIG.contains(c)) {
                    base = 16;
                    hex = true;
                    i += 1;
                } else {
                    return Err(InetAtonError::new(i, K::UnexpectedChar));
                }
            } else {
                base = 8;
            }
        }
        let mut v: u64 = 0;
        let mut overflow = false;
        while let Some(&c) = b.get(i) {
            let d = match table::hex_value(c) {
                Some(d) if u64::from(d) < base => u64::from(d),
                // A digit too big for the base, where strtoul stops: for
                // octal an "8" or "9" ends the number and is then left over.
                _ => break,
            };
            if base == 8 {
                octal = true;
            }
            v = v * base + d;
            if v > u64::from(u32::MAX) {
                overflow = true;
                v = u64::from(u32::MAX) + 1; // keep reading; stays bounded
            }
            i += 1;
        }
        if overflow {
            return Err(InetAtonError::new(start, K::Overflow));
        }
        let v = v as u32;
        if b.get(i) == Some(&b'.') {
            if n == 3 {
                return Err(InetAtonError::new(i, K::TooManyParts));
            }
            if v > 0xff {
                return Err(InetAtonError::new(start, K::PartTooLarge));
            }
            bytes[n] = v as u8;
            n += 1;
            i += 1;
            continue;
        }
        if v > LAST_PART_MAX[n] {
            return Err(InetAtonError::new(start, K::PartTooLarge));
        }
        let value = u32::from_be_bytes(bytes) | v;
        let a = InetAton {
            value,
            parts: n as u8 + 1,
            octal,
            hex,
        };
        return Ok((a, i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Option<u32> {
        parse_inet_aton(s).ok().map(|a| a.value())
    }

    #[test]
    fn the_forms_of_section_7_3() {
        for s in [
            "127.0.0.1",
            "127.1",
            "127.0.1",
            "0x7f.1",
            "0177.0.0.1",
            "0177.1",
            "2130706433",
            "0x7f000001",
            "0X7F000001",
            "017700000001",
            "0x7f.0.0.0x1",
            "00000000000000000177.1",
        ] {
            assert_eq!(v(s), Some(0x7f00_0001), "{s}");
        }
        assert_eq!(v("10.0x10203"), Some(0x0a01_0203));
        assert_eq!(v("192.168.0x101"), Some(0xc0a8_0101));
        assert_eq!(v("0"), Some(0));
        assert_eq!(v("00"), Some(0));
        assert_eq!(v("0x0"), Some(0));
    }

    #[test]
    fn edge_values_and_overflow() {
        assert_eq!(v("4294967295"), Some(u32::MAX));
        assert_eq!(v("0xffffffff"), Some(u32::MAX));
        assert_eq!(v("037777777777"), Some(u32::MAX));
        assert_eq!(v("255.255.255.255"), Some(u32::MAX));
        assert_eq!(v("255.0xffffff"), Some(u32::MAX));
        assert_eq!(v("255.255.65535"), Some(u32::MAX));
        let kind = |s: &str| parse_inet_aton(s).map_err(|e| e.kind());
        assert_eq!(kind("4294967296"), Err(InetAtonErrorKind::Overflow));
        assert_eq!(kind("0x100000000"), Err(InetAtonErrorKind::Overflow));
        assert_eq!(kind("040000000000"), Err(InetAtonErrorKind::Overflow));
        assert_eq!(
            kind("99999999999999999999999999999"),
            Err(InetAtonErrorKind::Overflow)
        );
        assert_eq!(kind("1.16777216"), Err(InetAtonErrorKind::PartTooLarge));
        assert_eq!(kind("1.2.65536"), Err(InetAtonErrorKind::PartTooLarge));
        assert_eq!(kind("1.2.3.256"), Err(InetAtonErrorKind::PartTooLarge));
        assert_eq!(kind("256.1"), Err(InetAtonErrorKind::PartTooLarge));
        assert_eq!(kind("1.2.3.4.5"), Err(InetAtonErrorKind::TooManyParts));
    }

    #[test]
    fn malformed() {
        let err = |s: &str| {
            parse_inet_aton(s)
                .map(|_| ())
                .map_err(|e| (e.index(), e.kind()))
        };
        use InetAtonErrorKind as K;
        assert_eq!(err(""), Err((0, K::ExpectedDigit)));
        assert_eq!(err("08"), Err((1, K::UnexpectedChar)));
        assert_eq!(err("0x"), Err((1, K::UnexpectedChar)));
        assert_eq!(err("0xg"), Err((1, K::UnexpectedChar)));
        assert_eq!(err("1..2"), Err((2, K::ExpectedDigit)));
        assert_eq!(err(".1"), Err((0, K::ExpectedDigit)));
        assert_eq!(err("127.0.0.1."), Err((9, K::TooManyParts)));
        assert_eq!(err("127.1."), Err((6, K::ExpectedDigit)));
        assert_eq!(err("+1"), Err((0, K::ExpectedDigit)));
        assert_eq!(err("1a"), Err((1, K::UnexpectedChar)));
        assert_eq!(err("example.com"), Err((0, K::ExpectedDigit)));
        assert_eq!(err("1 "), Err((1, K::UnexpectedChar)));
        assert_eq!(parse_inet_aton_glibc("1 x").map(|a| a.value()), Ok(1));
        assert!(parse_inet_aton_glibc("1x").is_err());
    }

    #[test]
    fn whatwg_flavor() {
        let w = |s: &str| parse_whatwg_ipv4(s).ok().map(|a| a.value());
        assert_eq!(w("0x.0x.0"), Some(0));
        assert_eq!(w("0x"), Some(0));
        assert_eq!(w("0X.1"), Some(1));
        assert_eq!(w("127.0.0.1."), Some(0x7f00_0001));
        assert_eq!(w("0x7f.1"), Some(0x7f00_0001));
        for bad in [
            "127.0.0.1..",
            ".",
            "",
            "1..2",
            "08",
            "0xg",
            "4294967296",
            "1.2.3.4.5",
        ] {
            assert_eq!(w(bad), None, "{bad}");
        }
    }

    #[test]
    fn flags() {
        let a = parse_inet_aton("1.2.3.4").unwrap();
        assert!(a.is_dotted_decimal() && a.parts() == 4);
        let a = parse_inet_aton("1.2.3.04").unwrap();
        assert!(a.has_octal() && !a.is_dotted_decimal());
        // A lone "0" is octal to C, but it is also a dec-octet.
        assert!(parse_inet_aton("0.0.0.0").unwrap().is_dotted_decimal());
        assert!(parse_inet_aton("0x1.2.3.4").unwrap().has_hex());
        assert_eq!(parse_inet_aton("1.2").unwrap().parts(), 2);
    }

    #[test]
    fn long_inputs_are_linear() {
        let zeros = "0".repeat(1 << 20) + "1";
        assert_eq!(v(&zeros), Some(1));
        let nines = "9".repeat(1 << 20);
        assert!(v(&nines).is_none());
    }
}
