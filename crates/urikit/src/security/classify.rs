//! What an IP address is: loopback, private, link-local or otherwise special,
//! and the IPv4 address an IPv6 address carries (IPv4-mapped, -compatible).
//!
//! The ranges are those of the IANA special-purpose address registries
//! (RFC 6890 and its updates); each row below names its RFC.
//!
//! ```
//! use urikit::security::classify::{classify, embedded_ipv4, AddressClass, Embedding};
//! use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
//!
//! assert_eq!(classify(IpAddr::V4(Ipv4Addr::new(10, 1, 2, 3))), AddressClass::Private);
//! let mapped: Ipv6Addr = "::ffff:127.0.0.1".parse().unwrap();
//! assert_eq!(embedded_ipv4(mapped), Some((Embedding::Mapped, Ipv4Addr::LOCALHOST)));
//! // The class of a mapped address is that of the IPv4 address inside.
//! assert_eq!(classify(IpAddr::V6(mapped)), AddressClass::Loopback);
//! ```

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The kind of an IP address, for filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressClass {
    /// An ordinary, globally routable address.
    Global,
    /// `0.0.0.0`, `::`: "this host" to many stacks, so often the local one.
    Unspecified,
    /// `127.0.0.0/8` (RFC 1122), `::1` (RFC 4291).
    Loopback,
    /// `10/8`, `172.16/12`, `192.168/16` (RFC 1918), `fc00::/7` (unique local,
    /// RFC 4193), `fec0::/10` (deprecated site-local, RFC 3879).
    Private,
    /// `100.64.0.0/10`, carrier-grade NAT space (RFC 6598).
    Shared,
    /// `169.254/16` (RFC 3927), `fe80::/10` (RFC 4291).
    LinkLocal,
    /// `0.0.0.0/8` other than `0.0.0.0` ("this network", RFC 1122).
    ThisNetwork,
    /// `192.0.0.0/24` (IETF protocol assignments, RFC 6890).
    ProtocolAssignment,
    /// `192.0.2/24`, `198.51.100/24`, `203.0.113/24` (RFC 5737),
    /// `2001:db8::/32` (RFC 3849).
    Documentation,
    /// `198.18.0.0/15` (RFC 2544).
    Benchmarking,
    /// `224.0.0.0/4` (RFC 5771), `ff00::/8` (RFC 4291).
    Multicast,
    /// `255.255.255.255` (RFC 919).
    Broadcast,
    /// `240.0.0.0/4` (RFC 1112), `100::/64` (discard-only, RFC 6666).
    Reserved,
}

impl AddressClass {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            AddressClass::Global => "global",
            AddressClass::Unspecified => "unspecified",
            AddressClass::Loopback => "loopback",
            AddressClass::Private => "private",
            AddressClass::Shared => "shared",
            AddressClass::LinkLocal => "link_local",
            AddressClass::ThisNetwork => "this_network",
            AddressClass::ProtocolAssignment => "protocol_assignment",
            AddressClass::Documentation => "documentation",
            AddressClass::Benchmarking => "benchmarking",
            AddressClass::Multicast => "multicast",
            AddressClass::Broadcast => "broadcast",
            AddressClass::Reserved => "reserved",
        }
    }

    /// Whether an address of the class reaches the local host or network
    /// (unspecified, loopback, private, shared, link-local, this network):
    /// what a server fetching URIs for others must refuse (SSRF).
    pub const fn is_internal(self) -> bool {
        matches!(
            self,
            AddressClass::Unspecified
                | AddressClass::Loopback
                | AddressClass::Private
                | AddressClass::Shared
                | AddressClass::LinkLocal
                | AddressClass::ThisNetwork
        )
    }
}

/// `(network, prefix length, class)`, most specific first where they nest.
const V4_RANGES: &[(u32, u8, AddressClass)] = &[
    (0x0000_0000, 32, AddressClass::Unspecified),
    (0x0000_0000, 8, AddressClass::ThisNetwork),
    (0x0a00_0000, 8, AddressClass::Private),
    (0x6440_0000, 10, AddressClass::Shared),
    (0x7f00_0000, 8, AddressClass::Loopback),
    (0xa9fe_0000, 16, AddressClass::LinkLocal),
    (0xac10_0000, 12, AddressClass::Private),
    (0xc000_0000, 24, AddressClass::ProtocolAssignment),
    (0xc000_0200, 24, AddressClass::Documentation),
    (0xc0a8_0000, 16, AddressClass::Private),
    (0xc612_0000, 15, AddressClass::Benchmarking),
    (0xc633_6400, 24, AddressClass::Documentation),
    (0xcb00_7100, 24, AddressClass::Documentation),
    (0xe000_0000, 4, AddressClass::Multicast),
    (0xffff_ffff, 32, AddressClass::Broadcast),
    (0xf000_0000, 4, AddressClass::Reserved),
];

/// The class of an IPv4 address.
///
/// # Example
/// ```
/// use urikit::security::classify::{classify_v4, AddressClass};
/// use std::net::Ipv4Addr;
///
/// assert_eq!(classify_v4(Ipv4Addr::new(169, 254, 169, 254)), AddressClass::LinkLocal);
/// assert_eq!(classify_v4(Ipv4Addr::new(93, 184, 216, 34)), AddressClass::Global);
/// ```
pub fn classify_v4(a: Ipv4Addr) -> AddressClass {
    let bits = a.to_bits();
    for &(net, len, class) in V4_RANGES {
        let mask = u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0);
        if bits & mask == net {
            return class;
        }
    }
    AddressClass::Global
}

/// The class of an IPv6 address. An address carrying an IPv4 address
/// ([`embedded_ipv4`]: mapped, compatible) has the class of that address.
///
/// # Example
/// ```
/// use urikit::security::classify::{classify_v6, AddressClass};
///
/// assert_eq!(classify_v6("fe80::1".parse().unwrap()), AddressClass::LinkLocal);
/// assert_eq!(classify_v6("::ffff:10.0.0.1".parse().unwrap()), AddressClass::Private);
/// ```
pub fn classify_v6(a: Ipv6Addr) -> AddressClass {
    if a.is_unspecified() {
        return AddressClass::Unspecified;
    }
    if a.is_loopback() {
        return AddressClass::Loopback;
    }
    if let Some((_, v4)) = embedded_ipv4(a) {
        return classify_v4(v4);
    }
    let s = a.segments();
    match s[0] {
        0xfe80..=0xfebf => AddressClass::LinkLocal,
        0xfec0..=0xfeff => AddressClass::Private,
        0xfc00..=0xfdff => AddressClass::Private,
        0xff00..=0xffff => AddressClass::Multicast,
        0x2001 if s[1] == 0x0db8 => AddressClass::Documentation,
        0x0100 if s[1] == 0 && s[2] == 0 && s[3] == 0 => AddressClass::Reserved,
        _ => AddressClass::Global,
    }
}

/// The class of an IP address.
pub fn classify(a: IpAddr) -> AddressClass {
    match a {
        IpAddr::V4(a) => classify_v4(a),
        IpAddr::V6(a) => classify_v6(a),
    }
}

/// How an IPv6 address carries an IPv4 address (RFC 4291 section 2.5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Embedding {
    /// `::ffff:a.b.c.d`, IPv4-mapped: a dual-stack socket connects to the
    /// IPv4 address.
    Mapped,
    /// `::a.b.c.d`, IPv4-compatible (deprecated by RFC 4291), other than `::`
    /// and `::1`.
    Compatible,
}

impl Embedding {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            Embedding::Mapped => "ipv4_mapped",
            Embedding::Compatible => "ipv4_compatible",
        }
    }
}

/// The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address.
///
/// # Example
/// ```
/// use urikit::security::classify::{embedded_ipv4, Embedding};
/// use std::net::Ipv4Addr;
///
/// let a = "::10.0.0.1".parse().unwrap();
/// assert_eq!(embedded_ipv4(a), Some((Embedding::Compatible, Ipv4Addr::new(10, 0, 0, 1))));
/// assert_eq!(embedded_ipv4("::1".parse().unwrap()), None);
/// assert_eq!(embedded_ipv4("2001:db8::1".parse().unwrap()), None);
/// ```
pub fn embedded_ipv4(a: Ipv6Addr) -> Option<(Embedding, Ipv4Addr)> {
    let s = a.segments();
    if s[..5] != [0; 5] {
        return None;
    }
    let v4 = Ipv4Addr::from_bits(u32::from(s[6]) << 16 | u32::from(s[7]));
    match s[5] {
        0xffff => Some((Embedding::Mapped, v4)),
        0 if v4.to_bits() > 1 => Some((Embedding::Compatible, v4)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddressClass as C;

    fn v4(s: &str) -> AddressClass {
        classify_v4(s.parse().unwrap())
    }
    fn v6(s: &str) -> AddressClass {
        classify_v6(s.parse().unwrap())
    }

    #[test]
    fn ipv4_ranges_and_their_edges() {
        let cases = [
            ("0.0.0.0", C::Unspecified),
            ("0.1.2.3", C::ThisNetwork),
            ("1.0.0.0", C::Global),
            ("9.255.255.255", C::Global),
            ("10.0.0.0", C::Private),
            ("10.255.255.255", C::Private),
            ("11.0.0.0", C::Global),
            ("100.63.255.255", C::Global),
            ("100.64.0.0", C::Shared),
            ("100.127.255.255", C::Shared),
            ("100.128.0.0", C::Global),
            ("127.0.0.1", C::Loopback),
            ("127.255.255.254", C::Loopback),
            ("169.254.169.254", C::LinkLocal),
            ("172.15.255.255", C::Global),
            ("172.16.0.0", C::Private),
            ("172.31.255.255", C::Private),
            ("172.32.0.0", C::Global),
            ("192.0.0.8", C::ProtocolAssignment),
            ("192.0.2.1", C::Documentation),
            ("192.168.1.1", C::Private),
            ("192.169.0.0", C::Global),
            ("198.18.0.1", C::Benchmarking),
            ("198.19.255.255", C::Benchmarking),
            ("198.20.0.0", C::Global),
            ("198.51.100.7", C::Documentation),
            ("203.0.113.9", C::Documentation),
            ("224.0.0.1", C::Multicast),
            ("239.255.255.255", C::Multicast),
            ("240.0.0.1", C::Reserved),
            ("255.255.255.254", C::Reserved),
            ("255.255.255.255", C::Broadcast),
            ("93.184.216.34", C::Global),
            ("8.8.8.8", C::Global),
        ];
        for (s, c) in cases {
            assert_eq!(v4(s), c, "{s}");
        }
    }

    #[test]
    fn ipv6_ranges() {
        let cases = [
            ("::", C::Unspecified),
            ("::1", C::Loopback),
            ("fe80::1", C::LinkLocal),
            ("febf::1", C::LinkLocal),
            ("fec0::1", C::Private),
            ("fc00::1", C::Private),
            ("fd12:3456::1", C::Private),
            ("fe00::1", C::Global),
            ("ff02::1", C::Multicast),
            ("2001:db8::1", C::Documentation),
            ("2001:db9::1", C::Global),
            ("100::1", C::Reserved),
            ("100:0:0:1::1", C::Global),
            ("2606:2800:220:1:248:1893:25c8:1946", C::Global),
            ("::ffff:127.0.0.1", C::Loopback),
            ("::ffff:192.168.0.1", C::Private),
            ("::ffff:8.8.8.8", C::Global),
            ("::127.0.0.1", C::Loopback),
            ("::169.254.0.1", C::LinkLocal),
        ];
        for (s, c) in cases {
            assert_eq!(v6(s), c, "{s}");
        }
    }

    #[test]
    fn embeddings() {
        let e = |s: &str| embedded_ipv4(s.parse().unwrap());
        assert_eq!(
            e("::ffff:7f00:1"),
            Some((Embedding::Mapped, Ipv4Addr::LOCALHOST))
        );
        assert_eq!(
            e("::ffff:0.0.0.0"),
            Some((Embedding::Mapped, Ipv4Addr::UNSPECIFIED))
        );
        assert_eq!(
            e("::0.0.0.2"),
            Some((Embedding::Compatible, Ipv4Addr::new(0, 0, 0, 2)))
        );
        assert_eq!(e("::"), None);
        assert_eq!(e("::1"), None);
        assert_eq!(e("::fffe:1.2.3.4"), None);
        assert_eq!(e("1::ffff:1.2.3.4"), None);
        // Agrees with std where std has an answer.
        for s in ["::ffff:1.2.3.4", "::1.2.3.4", "::1", "1::"] {
            let a: Ipv6Addr = s.parse().unwrap();
            assert_eq!(
                e(s).filter(|(k, _)| *k == Embedding::Mapped).map(|x| x.1),
                a.to_ipv4_mapped(),
                "{s}"
            );
        }
        assert_eq!(Embedding::Mapped.name(), "ipv4_mapped");
        assert!(C::Loopback.is_internal() && !C::Documentation.is_internal());
    }
}
