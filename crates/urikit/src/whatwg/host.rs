//! Hosts as the URL Standard parses and serializes them (section 3):
//! domains (percent-decoded, then IDNA), IPv4 addresses in every number form
//! browsers read (`0x7f.1`, `2130706433`, `0177.0.0.1`, `127.1.`), IPv6
//! addresses, and the opaque hosts of non-special URLs.
//!
//! ```
//! use urikit::whatwg::host::{parse_ipv4, parse_ipv6, write_ipv6, ends_in_a_number};
//! use std::net::Ipv4Addr;
//!
//! assert_eq!(parse_ipv4("0x7f.1")?.addr(), Ipv4Addr::LOCALHOST);
//! assert_eq!(parse_ipv4("127.0.0.1.")?.addr(), Ipv4Addr::LOCALHOST);
//! assert!(ends_in_a_number("foo.0x") && !ends_in_a_number("foo.bar"));
//!
//! let mut out = String::new();
//! write_ipv6(&mut out, parse_ipv6("0:0:0:0:0:FFFF:127.0.0.1")?);
//! assert_eq!(out, "::ffff:7f00:1");
//! # Ok::<_, urikit::whatwg::ValidationError>(())
//! ```
//!
//! With the `idna` feature, [`parse_host`] is the whole host parser; the
//! pieces (IPv4, IPv6, opaque hosts, serialization) need only `alloc`.

use alloc::string::String;
use core::fmt::{self, Write as _};
use core::net::{Ipv4Addr, Ipv6Addr};

use super::code_point::{is_url_code_point, FORBIDDEN_HOST};
use super::error::{ValidationError, ValidationErrorKind as K};
use super::EncodeSet;
use crate::table;

/// Where non-failure validation errors go.
pub(crate) type Report<'r> = &'r mut dyn FnMut(ValidationError);

/// A host as the URL Standard has it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain: ASCII, lowercase, IDNA applied (`xn--` labels).
    Domain(String),
    /// An IPv4 address (from any number form).
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// The host of a URL whose scheme is not special: as written, with C0
    /// controls and non-ASCII percent-encoded.
    Opaque(String),
    /// The empty host (`file:///`, `sc://`).
    Empty,
}

/// The kind of a [`Host`], without its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain.
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host.
    Opaque,
    /// The empty host.
    Empty,
}

impl HostKind {
    /// The kind's stable name: `"domain"`, `"ipv4"`, `"ipv6"`, `"opaque"`, `"empty"`.
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::Domain => "domain",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::Opaque => "opaque",
            HostKind::Empty => "empty",
        }
    }
}

impl Host {
    /// The host's kind.
    pub const fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }

    /// Appends the host serializer's output (`[...]` around IPv6) to `out`.
    pub fn write(&self, out: &mut String) {
        match self {
            Host::Domain(s) | Host::Opaque(s) => out.push_str(s),
            Host::Ipv4(a) => {
                let _ = write!(out, "{a}");
            }
            Host::Ipv6(a) => {
                out.push('[');
                write_ipv6(out, *a);
                out.push(']');
            }
            Host::Empty => {}
        }
    }
}

/// The host serializer.
///
/// ```
/// use urikit::whatwg::host::Host;
/// assert_eq!(Host::Ipv6("2001:db8::0:1".parse()?).to_string(), "[2001:db8::1]");
/// # Ok::<_, std::net::AddrParseError>(())
/// ```
impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

/// The host parser: `input` is the host as written in a URL (percent-encoded
/// or not, `[...]` for IPv6); `special` is whether the URL's scheme is
/// special (otherwise the host is opaque).
///
/// # Errors
/// The failing validation error, its index a byte offset in `input`.
///
/// # Example
/// ```
/// use urikit::whatwg::host::{parse_host, Host};
///
/// assert_eq!(parse_host("EXAMPLE.com", true)?, Host::Domain("example.com".into()));
/// assert_eq!(parse_host("%31%32%37.1", true)?, Host::Ipv4([127, 0, 0, 1].into()));
/// assert_eq!(parse_host("bücher.example", true)?, Host::Domain("xn--bcher-kva.example".into()));
/// assert_eq!(parse_host("EXAMPLE.com", false)?, Host::Opaque("EXAMPLE.com".into()));
/// assert_eq!(parse_host("a b", true).unwrap_err().kind().name(), "domain-invalid-code-point");
/// # Ok::<_, urikit::whatwg::ValidationError>(())
/// ```
#[cfg(feature = "idna")]
pub fn parse_host(input: &str, special: bool) -> Result<Host, ValidationError> {
    parse_host_reporting(input, special, &mut |_| {})
}

/// [`parse_host`], reporting the validation errors that do not fail.
#[cfg(feature = "idna")]
pub(crate) fn parse_host_reporting(
    input: &str,
    special: bool,
    report: Report<'_>,
) -> Result<Host, ValidationError> {
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            return Err(ValidationError::new(input.len(), K::Ipv6Unclosed));
        };
        return parse_ipv6(inner).map(Host::Ipv6).map_err(|e| e.shifted(1));
    }
    if !special {
        return parse_opaque_host_reporting(input, report);
    }
    let decoded = crate::pct::decode(input);
    let ascii = domain_to_ascii(&decoded).map_err(|kind| {
        // Point at the first forbidden byte when it is written as such.
        let at = (kind == K::DomainInvalidCodePoint)
            .then(|| {
                input
                    .bytes()
                    .position(|b| super::code_point::FORBIDDEN_DOMAIN.contains(b))
            })
            .flatten()
            .unwrap_or(0);
        ValidationError::new(at, kind)
    })?;
    if ends_in_a_number(&ascii) {
        // Offsets in `ascii` are offsets in `input` when nothing was decoded
        // or mapped; otherwise point at the host.
        let same = ascii.len() == input.len();
        let shift = |e: ValidationError| {
            if same {
                e
            } else {
                ValidationError::new(0, e.kind())
            }
        };
        let mut relay = |e: ValidationError| report(shift(e));
        return parse_ipv4_reporting(&ascii, &mut relay)
            .map(|a| Host::Ipv4(a.addr()))
            .map_err(shift);
    }
    Ok(Host::Domain(ascii.into_owned()))
}

/// Domain to ASCII (section 3.5) with `beStrict` false: UTS 46 ToASCII with
/// the URL Standard's parameters (CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength off; CheckBidi, CheckJoiners on; nontransitional), then
/// the forbidden domain code point check. `domain` is percent-decoded and
/// may not be UTF-8 (bad sequences fail, as their U+FFFD would).
///
/// The one place the WHATWG reading calls IDNA: an ASCII domain without an
/// `xn--` label is only lowercased (the standard says ToASCII does nothing
/// else to it), everything else goes through [`crate::idna::Uts46`] with the
/// standard's options.
///
/// # Errors
/// `domain-to-ASCII` (UTS 46 failed, or the result is empty) or
/// `domain-invalid-code-point`.
///
/// # Example
/// ```
/// use urikit::whatwg::host::domain_to_ascii;
/// assert_eq!(domain_to_ascii(b"Example.COM").unwrap(), "example.com");
/// assert_eq!(domain_to_ascii("ＥＸＡＭＰＬＥ。com".as_bytes()).unwrap(), "example.com");
/// assert_eq!(domain_to_ascii(b"xn--a").unwrap_err().name(), "domain-to-ASCII");
/// ```
#[cfg(feature = "idna")]
pub fn domain_to_ascii(
    domain: &[u8],
) -> Result<alloc::borrow::Cow<'_, str>, super::ValidationErrorKind> {
    use super::code_point::FORBIDDEN_DOMAIN;
    use alloc::borrow::Cow;
    let punycode = |d: &[u8]| {
        d.split(|&b| b == b'.')
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
    };
    let result = if domain.is_ascii() && !punycode(domain) {
        if domain.iter().any(|&b| FORBIDDEN_DOMAIN.contains(b)) {
            return Err(K::DomainInvalidCodePoint);
        }
        // ASCII, so UTF-8.
        let s = core::str::from_utf8(domain).unwrap_or_default();
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    } else {
        // "UTF-8 decode without BOM": a bad sequence would be U+FFFD, which
        // UTS 46 disallows.
        let text = core::str::from_utf8(domain).map_err(|_| K::DomainToAscii)?;
        let ascii = URL_UTS46.to_ascii(text).map_err(|_| K::DomainToAscii)?;
        if ascii.bytes().any(|b| FORBIDDEN_DOMAIN.contains(b)) {
            return Err(K::DomainInvalidCodePoint);
        }
        ascii
    };
    if result.is_empty() {
        return Err(K::DomainToAscii);
    }
    Ok(result)
}

/// UTS 46 with the URL Standard's options for `beStrict` false.
#[cfg(feature = "idna")]
const URL_UTS46: crate::idna::Uts46 = crate::idna::Uts46::new()
    .check_hyphens(false)
    .use_std3_ascii_rules(false)
    .verify_dns_length(false)
    .transitional(false);

/// The opaque-host parser: `input` must not hold a forbidden host code
/// point; C0 controls and non-ASCII are percent-encoded. An empty input is
/// the empty host.
///
/// # Errors
/// `host-invalid-code-point` at the first forbidden code point.
///
/// # Example
/// ```
/// use urikit::whatwg::host::{parse_opaque_host, Host};
/// assert_eq!(parse_opaque_host("Ex%41mple.é")?, Host::Opaque("Ex%41mple.%C3%A9".into()));
/// assert!(parse_opaque_host("a b").is_err());
/// # Ok::<_, urikit::whatwg::ValidationError>(())
/// ```
pub fn parse_opaque_host(input: &str) -> Result<Host, ValidationError> {
    parse_opaque_host_reporting(input, &mut |_| {})
}

pub(crate) fn parse_opaque_host_reporting(
    input: &str,
    report: Report<'_>,
) -> Result<Host, ValidationError> {
    if let Some(at) = input.bytes().position(|b| FORBIDDEN_HOST.contains(b)) {
        return Err(ValidationError::new(at, K::HostInvalidCodePoint));
    }
    report_url_units(input, 0, report);
    if input.is_empty() {
        return Ok(Host::Empty);
    }
    Ok(Host::Opaque(
        EncodeSet::C0Control.encode(input).into_owned(),
    ))
}

/// Reports `invalid-URL-unit` for each code point of `s` that is not a URL
/// code point and each `%` not followed by two hex digits (`offset` is
/// where `s` starts in the input).
pub(crate) fn report_url_units(s: &str, offset: usize, report: Report<'_>) {
    let b = s.as_bytes();
    for (i, c) in s.char_indices() {
        let bad = if c == '%' {
            crate::pct::triplet_at(b, i).is_none()
        } else {
            !is_url_code_point(c)
        };
        if bad {
            report(ValidationError::new(offset + i, K::InvalidUrlUnit));
        }
    }
}

/// An IPv4 address read from one of its number forms, with how it was
/// written: what the IPv4 parser here returns, and what `inet_aton()` reads
/// ([`crate::security::rare_ip::parse_inet_aton`], where it is called
/// `InetAton`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ipv4 {
    pub(crate) value: u32,
    pub(crate) parts: u8,
    pub(crate) octal: bool,
    pub(crate) hex: bool,
}

impl Ipv4 {
    /// The address as a 32-bit number (network order read as a big-endian
    /// integer: `127.0.0.1` is `0x7f000001`).
    pub const fn value(&self) -> u32 {
        self.value
    }

    /// The address.
    pub const fn addr(&self) -> Ipv4Addr {
        Ipv4Addr::from_bits(self.value)
    }

    /// How many dot-separated parts were written (1 to 4; a trailing dot,
    /// which the URL Standard allows, does not count).
    pub const fn parts(&self) -> u8 {
        self.parts
    }

    /// Whether some part was written in octal (a leading `0` and more digits).
    pub const fn has_octal(&self) -> bool {
        self.octal
    }

    /// Whether some part was written in hexadecimal (`0x`, digits or not).
    pub const fn has_hex(&self) -> bool {
        self.hex
    }

    /// Whether the parts were RFC 3986's own `IPv4address` form: four
    /// decimal parts without leading zeros (then the URI parser already
    /// reads the host as an IPv4 address and nothing is rare about it).
    pub const fn is_dotted_decimal(&self) -> bool {
        self.parts == 4 && !self.octal && !self.hex
    }
}

/// Whether a (domain) host "ends in a number": its last label, a trailing
/// dot aside, is all digits or an IPv4 number (`0x1f`, `0x`). Such a host is
/// read as an IPv4 address, or fails.
pub fn ends_in_a_number(s: &str) -> bool {
    if s.is_empty() {
        return false;
    }
    let t = s.strip_suffix('.').unwrap_or(s);
    let last = t.rsplit('.').next().unwrap_or_default();
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    parse_ipv4_number(last.as_bytes()).is_some()
}

/// The IPv4 number parser: a decimal, octal (`0` and more) or hexadecimal
/// (`0x`) number; `0x` alone is 0. The value saturates at `2^32`: anything
/// larger is out of range anyway. Returns the value and the radix.
fn parse_ipv4_number(b: &[u8]) -> Option<(u64, u32)> {
    if b.is_empty() {
        return None;
    }
    let (digits, radix) = if b.len() >= 2 && b[0] == b'0' && (b[1] | 0x20) == b'x' {
        (&b[2..], 16)
    } else if b.len() >= 2 && b[0] == b'0' {
        (&b[1..], 8)
    } else {
        (b, 10)
    };
    let mut v: u64 = 0;
    for &c in digits {
        let d = u64::from(table::hex_value(c).filter(|&d| u32::from(d) < radix)?);
        v = (v * u64::from(radix) + d).min(1 << 32);
    }
    Some((v, radix))
}

/// The IPv4 parser: one to four dot-separated numbers (an empty last part
/// aside), the last filling the bytes the others leave.
///
/// # Errors
/// `IPv4-too-many-parts`, `IPv4-non-numeric-part` or `IPv4-out-of-range-part`,
/// at the start of the part (or the dot) at fault.
///
/// # Example
/// ```
/// use urikit::whatwg::host::parse_ipv4;
/// assert_eq!(parse_ipv4("192.168.0x101")?.value(), 0xc0a8_0101);
/// assert_eq!(parse_ipv4("0x.0x.0")?.value(), 0);
/// assert_eq!(parse_ipv4("1.2.3.4.5").unwrap_err().kind().name(), "IPv4-too-many-parts");
/// assert_eq!(parse_ipv4("256.1").unwrap_err().kind().name(), "IPv4-out-of-range-part");
/// # Ok::<_, urikit::whatwg::ValidationError>(())
/// ```
pub fn parse_ipv4(input: &str) -> Result<Ipv4, ValidationError> {
    parse_ipv4_reporting(input, &mut |_| {})
}

pub(crate) fn parse_ipv4_reporting(
    input: &str,
    report: Report<'_>,
) -> Result<Ipv4, ValidationError> {
    let mut t = input;
    if let Some(stripped) = input.strip_suffix('.') {
        report(ValidationError::new(input.len() - 1, K::Ipv4EmptyPart));
        t = stripped;
    }
    let mut numbers = [0u64; 4];
    let mut starts = [0usize; 4];
    let mut n = 0;
    let (mut octal, mut hex) = (false, false);
    let mut start = 0;
    for part in t.split('.') {
        if n == 4 {
            return Err(ValidationError::new(start - 1, K::Ipv4TooManyParts));
        }
        let Some((v, radix)) = parse_ipv4_number(part.as_bytes()) else {
            return Err(ValidationError::new(start, K::Ipv4NonNumericPart));
        };
        if radix != 10 {
            report(ValidationError::new(start, K::Ipv4NonDecimalPart));
        }
        octal |= radix == 8;
        hex |= radix == 16;
        numbers[n] = v;
        starts[n] = start;
        n += 1;
        start += part.len() + 1;
    }
    for k in 0..n {
        if numbers[k] > 255 {
            let e = ValidationError::new(starts[k], K::Ipv4OutOfRangePart);
            if k + 1 < n {
                return Err(e);
            }
            report(e);
        }
    }
    let last = numbers[n - 1];
    if last >= 1u64 << (8 * (5 - n)) {
        return Err(ValidationError::new(starts[n - 1], K::Ipv4OutOfRangePart));
    }
    let mut value = last;
    for (k, &v) in numbers[..n - 1].iter().enumerate() {
        value += v << (8 * (3 - k));
    }
    Ok(Ipv4 {
        value: value as u32,
        parts: n as u8,
        octal,
        hex,
    })
}

/// The IPv6 parser (section 3.5): the text between the brackets.
///
/// # Errors
/// The standard's `IPv6-*` and `IPv4-in-IPv6-*` errors, at the byte where
/// the address stops being one (or its end).
///
/// # Example
/// ```
/// use urikit::whatwg::host::parse_ipv6;
/// assert_eq!(parse_ipv6("::ffff:1.2.3.4")?, "::ffff:102:304".parse::<std::net::Ipv6Addr>().unwrap());
/// assert_eq!(parse_ipv6("1::2::3").unwrap_err().kind().name(), "IPv6-multiple-compression");
/// # Ok::<_, urikit::whatwg::ValidationError>(())
/// ```
pub fn parse_ipv6(input: &str) -> Result<Ipv6Addr, ValidationError> {
    let b = input.as_bytes();
    let err = |i: usize, k| Err(ValidationError::new(i, k));
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    if b.first() == Some(&b':') {
        if b.get(1) != Some(&b':') {
            return err(0, K::Ipv6InvalidCompression);
        }
        p = 2;
        piece = 1;
        compress = Some(1);
    }
    while p < b.len() {
        if piece == 8 {
            return err(p, K::Ipv6TooManyPieces);
        }
        if b[p] == b':' {
            if compress.is_some() {
                return err(p, K::Ipv6MultipleCompression);
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let (mut value, mut length) = (0u16, 0);
        while length < 4 {
            let Some(d) = b.get(p).and_then(|&c| table::hex_value(c)) else {
                break;
            };
            value = value * 0x10 + u16::from(d);
            p += 1;
            length += 1;
        }
        match b.get(p) {
            Some(b'.') => {
                if length == 0 {
                    return err(p, K::Ipv4InIpv6InvalidCodePoint);
                }
                p -= length;
                if piece > 6 {
                    return err(p, K::Ipv4InIpv6TooManyPieces);
                }
                let mut numbers_seen = 0;
                while p < b.len() {
                    if numbers_seen > 0 {
                        if b[p] == b'.' && numbers_seen < 4 {
                            p += 1;
                        } else {
                            return err(p, K::Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !b.get(p).is_some_and(u8::is_ascii_digit) {
                        return err(p, K::Ipv4InIpv6InvalidCodePoint);
                    }
                    let mut ipv4_piece: Option<u16> = None;
                    while let Some(&c) = b.get(p).filter(|c| c.is_ascii_digit()) {
                        let number = u16::from(c - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return err(p, K::Ipv4InIpv6InvalidCodePoint),
                            Some(v) => Some(v * 10 + number),
                        };
                        if ipv4_piece > Some(255) {
                            return err(p, K::Ipv4InIpv6OutOfRangePart);
                        }
                        p += 1;
                    }
                    address[piece] = address[piece] * 0x100 + ipv4_piece.unwrap_or(0);
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece += 1;
                    }
                }
                if numbers_seen != 4 {
                    return err(p, K::Ipv4InIpv6TooFewParts);
                }
                break;
            }
            Some(b':') => {
                p += 1;
                if p == b.len() {
                    return err(p, K::Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return err(p, K::Ipv6InvalidCodePoint),
            None => {}
        }
        address[piece] = value;
        piece += 1;
    }
    if let Some(c) = compress {
        let mut swaps = piece - c;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, c + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        return err(b.len(), K::Ipv6TooFewPieces);
    }
    Ok(Ipv6Addr::from(address))
}

/// The IPv6 serializer (section 3.6), without brackets: lowercase hex, the
/// first longest run of two or more zero pieces written `::`, never dotted
/// IPv4 (`::ffff:7f00:1`, where `std` writes `::ffff:127.0.0.1`).
pub fn write_ipv6(out: &mut String, addr: Ipv6Addr) {
    let pieces = addr.segments();
    // The first longest run of zeros, if longer than one.
    let (mut compress, mut best) = (None, 1);
    let mut k = 0;
    while k < 8 {
        let run = pieces[k..].iter().take_while(|&&p| p == 0).count();
        if run > best {
            (compress, best) = (Some(k), run);
        }
        k += run.max(1);
    }
    let mut k = 0;
    while k < 8 {
        if Some(k) == compress {
            out.push_str(if k == 0 { "::" } else { ":" });
            k += best;
            continue;
        }
        let _ = write!(out, "{:x}", pieces[k]);
        if k != 7 {
            out.push(':');
        }
        k += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn v6(s: &str) -> String {
        let mut out = String::new();
        write_ipv6(&mut out, parse_ipv6(s).unwrap());
        out
    }

    #[test]
    fn ipv6_round_trip() {
        for (i, o) in [
            ("::", "::"),
            ("::1", "::1"),
            ("1::", "1::"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
            ("1:2:3:4:5:6:7:0", "1:2:3:4:5:6:7:0"),
            ("0:0:0:0:0:FFFF:1.2.3.4", "::ffff:102:304"),
            ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
        ] {
            assert_eq!(v6(i), o, "{i}");
        }
        for (s, k) in [
            (":1", K::Ipv6InvalidCompression),
            ("1:2:3:4:5:6:7:8:9", K::Ipv6TooManyPieces),
            ("1::2::3", K::Ipv6MultipleCompression),
            ("1:2", K::Ipv6TooFewPieces),
            ("1:", K::Ipv6InvalidCodePoint),
            ("g::", K::Ipv6InvalidCodePoint),
            ("::1.2.3", K::Ipv4InIpv6TooFewParts),
            ("::1.2.3.256", K::Ipv4InIpv6OutOfRangePart),
            ("::01.2.3.4", K::Ipv4InIpv6InvalidCodePoint),
            ("1:2:3:4:5:6:7:1.2.3.4", K::Ipv4InIpv6TooManyPieces),
        ] {
            assert_eq!(parse_ipv6(s).map_err(|e| e.kind()), Err(k), "{s}");
        }
    }

    /// The standard's IPv6 parser and RFC 3986's `IPv6address` take the
    /// same texts, with the same value.
    #[test]
    fn ipv6_agrees_with_the_rfc_3986_grammar() {
        let pieces = [
            "", "0", "1", "ffff", "12345", ":", "::", "1.2.3.4", "01.2.3.4", "1.2.3", ".", "g",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = alloc::format!("{a}:{b}:{c}");
                    let ours = parse_ipv6(&s).ok().map(|a| a.octets());
                    let rfc = crate::host::parse_ipv6(s.as_bytes()).ok();
                    assert_eq!(ours, rfc, "{s}");
                }
            }
        }
    }

    #[test]
    fn ipv4_forms() {
        let v = |s: &str| {
            parse_ipv4(s)
                .map(|a| a.value())
                .map_err(|e| (e.index(), e.kind()))
        };
        assert_eq!(v("127.1"), Ok(0x7f00_0001));
        assert_eq!(v("0177.0.0.1"), Ok(0x7f00_0001));
        assert_eq!(v("4294967295"), Ok(u32::MAX));
        assert_eq!(v("0xffffffff"), Ok(u32::MAX));
        assert_eq!(v("1.2.3.4."), Ok(0x0102_0304));
        assert_eq!(v("4294967296"), Err((0, K::Ipv4OutOfRangePart)));
        assert_eq!(v("1.2.3.4.5"), Err((7, K::Ipv4TooManyParts)));
        assert_eq!(v("1..2"), Err((2, K::Ipv4NonNumericPart)));
        assert_eq!(v("08"), Err((0, K::Ipv4NonNumericPart)));
        assert_eq!(v("."), Err((0, K::Ipv4NonNumericPart)));
        assert_eq!(v("1.2.65536"), Err((4, K::Ipv4OutOfRangePart)));
        let long = "0".repeat(100_000) + "1";
        assert_eq!(v(&long), Ok(1));
        let mut seen = alloc::vec::Vec::new();
        parse_ipv4_reporting("0x1.2.3.", &mut |e| seen.push(e.kind())).unwrap();
        assert_eq!(seen, [K::Ipv4EmptyPart, K::Ipv4NonDecimalPart]);
        let a = parse_ipv4("0x1.010").unwrap();
        assert!(a.has_hex() && a.has_octal() && a.parts() == 2);
    }

    #[test]
    fn ends_in_a_number_cases() {
        for s in ["1", "a.1", "a.1.", "a.0x", "a.0xF", "a.09"] {
            assert!(ends_in_a_number(s), "{s}");
        }
        for s in ["", "a", "a.", "1.a", "a.0xg", "a..", "."] {
            assert!(!ends_in_a_number(s), "{s}");
        }
    }

    #[test]
    fn opaque_hosts() {
        assert_eq!(parse_opaque_host("").unwrap(), Host::Empty);
        assert_eq!(
            parse_opaque_host("a%zz").unwrap(),
            Host::Opaque("a%zz".to_string())
        );
        let mut seen = 0;
        parse_opaque_host_reporting("a%zz`", &mut |_| seen += 1).unwrap();
        assert_eq!(seen, 2);
        assert_eq!(parse_opaque_host("a:b").unwrap_err().index(), 1);
    }

    #[cfg(feature = "idna")]
    #[test]
    fn domains() {
        assert_eq!(
            parse_host("0x7F.1", true).unwrap(),
            Host::Ipv4(Ipv4Addr::LOCALHOST)
        );
        assert_eq!(parse_host("[::1]", true).unwrap().to_string(), "[::1]");
        assert_eq!(
            parse_host("[::1", true).unwrap_err().kind(),
            K::Ipv6Unclosed
        );
        assert_eq!(
            parse_host("a%25b", true).unwrap_err().kind(),
            K::DomainInvalidCodePoint
        );
        assert_eq!(parse_host("a<b", true).unwrap_err().index(), 1);
        assert_eq!(
            parse_host("1.2.3.4.5", true).unwrap_err().kind(),
            K::Ipv4TooManyParts
        );
        assert_eq!(
            parse_host("%00", true).unwrap_err().kind(),
            K::DomainInvalidCodePoint
        );
        assert_eq!(
            parse_host("xn--", true).unwrap_err().kind(),
            K::DomainToAscii
        );
    }
}
