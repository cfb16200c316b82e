//! The host of an authority: IPv4, IPv6, IPvFuture or a registered name.
//!
//! ```text
//! host        = IP-literal / IPv4address / reg-name
//! IP-literal  = "[" ( IPv6address / IPvFuture  ) "]"
//! IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//! dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//! ```
//!
//! RFC 3986 reads a host as IPv4 only when it matches `IPv4address` exactly:
//! `1.2.3.256`, `01.2.3.4` and `127.1` are registered names (section 3.2.2).

use core::net::{Ipv4Addr, Ipv6Addr};

use crate::table;

/// A parsed host, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// An `IPv4address` (dotted decimal, RFC 3986 `dec-octet` rules).
    Ipv4(Ipv4Addr),
    /// An `IPv6address` inside `[` `]`; `literal` is the text between them.
    Ipv6 {
        /// The address value.
        addr: Ipv6Addr,
        /// The text between the brackets, as written.
        literal: &'a str,
    },
    /// An `IPvFuture` literal; the text between the brackets, as written.
    IpvFuture(&'a str),
    /// A `reg-name`: raw, possibly empty and possibly percent-encoded.
    RegName(&'a str),
}

impl<'a> Host<'a> {
    /// The kind's stable name: `"ipv4"`, `"ipv6"`, `"ipvfuture"` or `"reg-name"`.
    pub const fn kind_name(&self) -> &'static str {
        match self {
            Host::Ipv4(_) => "ipv4",
            Host::Ipv6 { .. } => "ipv6",
            Host::IpvFuture(_) => "ipvfuture",
            Host::RegName(_) => "reg-name",
        }
    }

    /// The IP address, for IPv4 and IPv6 hosts.
    #[cfg(feature = "std")]
    pub fn ip_addr(&self) -> Option<std::net::IpAddr> {
        match *self {
            Host::Ipv4(a) => Some(a.into()),
            Host::Ipv6 { addr, .. } => Some(addr.into()),
            _ => None,
        }
    }
}

/// Parses `IPv4address` (dotted decimal with RFC 3986 `dec-octet`s: no leading
/// zero, at most 255).
pub(crate) fn parse_ipv4(b: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut i = 0;
    for (n, octet) in out.iter_mut().enumerate() {
        if n > 0 {
            if b.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let start = i;
        let mut v: u32 = 0;
        while i < b.len() && i - start < 3 && table::DIGIT.contains(b[i]) {
            v = v * 10 + u32::from(b[i] - b'0');
            i += 1;
        }
        let len = i - start;
        if len == 0 || v > 255 || (len > 1 && b[start] == b'0') {
            return None;
        }
        *octet = v as u8;
    }
    if i == b.len() {
        Some(out)
    } else {
        None
    }
}

/// Parses RFC 3986 `IPv6address` (the text between the brackets).
///
/// The nine alternatives of the ABNF come to this: up to eight `h16` groups
/// (1 to 4 hex digits) separated by `:`, the last two of which may be written as
/// an `IPv4address`; with exactly one `::` standing for one or more zero groups
/// there are at most seven written groups, without one exactly eight.
///
/// # Errors
/// The offset within `b` of the first byte that cannot continue the address
/// (or `b.len()` when it ends too early).
pub(crate) fn parse_ipv6(b: &[u8]) -> Result<[u8; 16], usize> {
    let mut groups = [0u16; 8];
    let mut n = 0; // groups written
    let mut gap: Option<usize> = None; // index in `groups` where "::" stands
    let mut i = 0;
    if b.starts_with(b"::") {
        gap = Some(0);
        i = 2;
    } else if b.first() == Some(&b':') {
        return Err(1);
    }
    while i < b.len() {
        let start = i;
        let mut v: u32 = 0;
        while i < b.len() && i - start < 4 {
            match table::hex_value(b[i]) {
                Some(d) => v = v * 16 + u32::from(d),
                None => break,
            }
            i += 1;
        }
        if i == start {
            return Err(i);
        }
        if b.get(i) == Some(&b'.') {
            // ls32 written as an IPv4address: must end the literal, fill two groups.
            let limit = if gap.is_some() { 5 } else { 6 };
            if n > limit {
                return Err(start);
            }
            let v4 = parse_ipv4(&b[start..]).ok_or(start)?;
            groups[n] = u16::from_be_bytes([v4[0], v4[1]]);
            groups[n + 1] = u16::from_be_bytes([v4[2], v4[3]]);
            n += 2;
            break;
        }
        if n == 8 || (n == 7 && gap.is_some()) {
            return Err(start);
        }
        groups[n] = v as u16;
        n += 1;
        if i == b.len() {
            break;
        }
        if b[i] != b':' {
            return Err(i);
        }
        i += 1;
        if b.get(i) == Some(&b':') {
            if gap.is_some() {
                return Err(i - 1); // the second "::"
            }
            gap = Some(n);
            i += 1;
        } else if i == b.len() {
            return Err(i);
        }
    }
    match gap {
        None if n != 8 => return Err(b.len()),
        Some(_) if n > 7 => return Err(b.len()),
        _ => {}
    }
    let mut out = [0u16; 8];
    match gap {
        None => out = groups,
        Some(g) => {
            out[..g].copy_from_slice(&groups[..g]);
            let tail = n - g;
            out[8 - tail..].copy_from_slice(&groups[g..n]);
        }
    }
    let mut bytes = [0u8; 16];
    for (k, g) in out.iter().enumerate() {
        bytes[2 * k..2 * k + 2].copy_from_slice(&g.to_be_bytes());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Option<Ipv6Addr> {
        parse_ipv6(s.as_bytes()).ok().map(Ipv6Addr::from)
    }

    #[test]
    fn ipv4_follows_dec_octet() {
        assert_eq!(parse_ipv4(b"127.0.0.1"), Some([127, 0, 0, 1]));
        assert_eq!(parse_ipv4(b"255.255.255.255"), Some([255; 4]));
        for bad in [
            "1.2.3.256",
            "01.2.3.4",
            "127.1",
            "1.2.3.4.",
            "1..2.3",
            "",
            "1.2.3.0004",
        ] {
            assert_eq!(parse_ipv4(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn ipv6_every_abnf_alternative() {
        let ok = [
            "1:2:3:4:5:6:7:8",
            "::2:3:4:5:6:7:8",
            "1::3:4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::",
            "::1",
            "1::",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "::1.2.3.4",
            "FFFF:ffff::0",
        ];
        for s in ok {
            assert_eq!(v6(s), s.parse::<Ipv6Addr>().ok(), "{s}");
            assert!(v6(s).is_some(), "{s}");
        }
        let bad = [
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "::1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8::",
            "1::2::3",
            ":1::",
            "1:",
            "12345::",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1.2.3.256",
            "::01.2.3.4",
            "::1.2.3.4:5",
            "g::",
            "",
            ":",
            ":::",
        ];
        for s in bad {
            assert_eq!(v6(s), None, "{s}");
        }
    }
}
