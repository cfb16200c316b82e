//! Where the components of a parsed reference lie: the offsets a parsed
//! value stores ([`Offsets`], compact: six `u32`s and the host's kind), and
//! their spelled-out form ([`Meta`]).
//!
//! The parser (`grammar/parse.rs`) finds them; every other part of the crate
//! reads them, and the writers that build new references (resolution,
//! normalization, building) produce them. The limit on the length of an
//! input ([`MAX_LEN`]) lives here too: it comes from the `u32` storage.

use crate::host::parse_ipv6;

/// The kind of host a parsed authority holds, with the address value of IP hosts
/// (so that asking for it never parses twice).
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostMeta {
    RegName,
    Ipv4([u8; 4]),
    Ipv6([u8; 16]),
    IpvFuture,
}

/// Where the authority's parts are. All offsets index the input string.
///
/// Invariants: `start <= host_start <= host_end <= end`; when `host_start > start`
/// the byte at `host_start - 1` is the `@` ending the userinfo; when
/// `host_end < end` the byte at `host_end` is the `:` before the port, and the
/// port is `host_end + 1 .. end`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthMeta {
    pub start: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub end: usize,
    pub host: HostMeta,
}

/// The component offsets of a parsed URI reference, spelled out: what
/// resolution and normalization build and read. A parsed value stores the
/// compact [`Offsets`] instead ([`Offsets::pack`], [`Offsets::unpack`]).
///
/// Invariants: the scheme, if any, is `0 .. scheme_end` with `:` at `scheme_end`
/// (`scheme_end == 0` means no scheme, since a scheme is never empty); the path is
/// `path_start .. path_end`; `query` is the index of the `?` and `fragment` the
/// index of the `#` that start those components.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub scheme_end: usize,
    pub auth: Option<AuthMeta>,
    pub path_start: usize,
    pub path_end: usize,
    pub query: Option<usize>,
    pub fragment: Option<usize>,
}

/// The kind of host, or [`HostKind::None`] without an authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostKind {
    None,
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

/// The component offsets a parsed value stores: what [`Meta`] says, with
/// every offset that follows from another left out, so that a parse result
/// is small to return and to copy.
///
/// - the authority starts at `scheme_end + 3` (after `scheme "://"`), or at 2
///   without a scheme, and ends at `path_start`; it exists when `host` is not
///   [`HostKind::None`] (`host_start` and `host_end` are 0 otherwise);
/// - the query, when `path_end < query_end`, is `path_end + 1 .. query_end`
///   (the `?` is at `path_end`);
/// - the fragment, when `query_end` is not the length of the input, starts
///   after the `#` at `query_end`;
/// - an IPv4 host's address is kept (`ipv4`, zero otherwise); an IPv6 host's
///   is read again from the text when asked for (rare, and cheap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    pub(crate) scheme_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) path_end: u32,
    pub(crate) query_end: u32,
    pub(crate) host: HostKind,
    pub(crate) ipv4: [u8; 4],
}

/// How far below `u32::MAX` the parser's limit stays: room for what
/// normalization may add to a value of the limit's length (at most
/// [`crate::normalize`]'s `MAX_GROWTH`, a few dozen bytes: an IPv6 literal
/// written in RFC 5952 form, a `/` for an empty path, a `./` before a path),
/// so that every value the crate builds has offsets that fit a `u32`.
pub(crate) const MARGIN: usize = 1024;

/// The longest input the parser takes, 4 GiB minus 1 KiB (4294966272
/// bytes): offsets are stored as `u32`, and [`MARGIN`] bytes are left for
/// normalization to lengthen a value. A longer input is a
/// [`TooLong`](crate::ParseErrorKind::TooLong)
/// error at this index.
pub(crate) const MAX_LEN: usize = u32::MAX as usize - (MARGIN - 1);

/// An index that fits a `u32`, as stored. (Larger ones, which only a caller
/// of [`Offsets::pack`] breaking its contract could give, are clamped: the
/// offsets stay ordered and in bounds, so no slice panics.)
#[cfg(feature = "alloc")]
#[inline(always)]
fn narrow(i: usize) -> u32 {
    debug_assert!(i <= u32::MAX as usize, "{i}");
    u32::try_from(i).unwrap_or(u32::MAX)
}

impl Offsets {
    /// The end of the scheme (the index of its `:`); 0 without a scheme.
    #[inline]
    pub(crate) fn scheme_end(&self) -> usize {
        self.scheme_end as usize
    }

    /// Where the host starts, when there is an authority.
    #[inline]
    pub(crate) fn host_start(&self) -> usize {
        self.host_start as usize
    }

    /// Where the host ends, when there is an authority.
    #[inline]
    pub(crate) fn host_end(&self) -> usize {
        self.host_end as usize
    }

    /// Where the path starts (and the authority, if any, ends).
    #[inline]
    pub(crate) fn path_start(&self) -> usize {
        self.path_start as usize
    }

    /// Where the path ends.
    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        self.path_end as usize
    }

    /// Where the query ends: the index of the `#`, or the length.
    #[inline]
    pub(crate) fn query_end(&self) -> usize {
        self.query_end as usize
    }

    /// The host's kind ([`HostKind::None`] without an authority).
    #[inline]
    pub(crate) fn host(&self) -> HostKind {
        self.host
    }

    /// An IPv4 host's address.
    #[inline]
    pub(crate) fn ipv4(&self) -> [u8; 4] {
        self.ipv4
    }

    /// Where the authority starts (just after `//`), when there is one.
    #[inline]
    pub(crate) fn auth_start(&self) -> usize {
        if self.scheme_end == 0 {
            2
        } else {
            self.scheme_end() + 3
        }
    }

    /// Whether there is an authority (`//`).
    #[inline]
    pub(crate) fn has_authority(&self) -> bool {
        self.host != HostKind::None
    }

    /// The index of the `?`, when there is a query.
    #[inline]
    pub(crate) fn query(&self) -> Option<usize> {
        (self.path_end < self.query_end).then_some(self.path_end())
    }

    /// The index of the `#`, when there is a fragment (`len` is the input's).
    #[inline]
    pub(crate) fn fragment(&self, len: usize) -> Option<usize> {
        (self.query_end() < len).then_some(self.query_end())
    }

    /// The compact form of `m`, the offsets of a string of `len` bytes (at
    /// most `u32::MAX`: a parse, a resolution or a normalization of one).
    #[cfg(feature = "alloc")]
    pub(crate) fn pack(m: &Meta, len: usize) -> Offsets {
        let mut o = Offsets {
            scheme_end: narrow(m.scheme_end),
            host_start: 0,
            host_end: 0,
            path_start: narrow(m.path_start),
            path_end: narrow(m.path_end),
            query_end: narrow(m.fragment.unwrap_or(len)),
            host: HostKind::None,
            ipv4: [0; 4],
        };
        if let Some(a) = m.auth {
            o.host_start = narrow(a.host_start);
            o.host_end = narrow(a.host_end);
            o.host = match a.host {
                HostMeta::RegName => HostKind::RegName,
                HostMeta::Ipv4(addr) => {
                    o.ipv4 = addr;
                    HostKind::Ipv4
                }
                HostMeta::Ipv6(_) => HostKind::Ipv6,
                HostMeta::IpvFuture => HostKind::IpvFuture,
            };
            debug_assert_eq!((a.start, a.end), (o.auth_start(), o.path_start()), "{m:?}");
        }
        debug_assert_eq!(m.query, o.query(), "{m:?}");
        o
    }

    /// The offsets spelled out, for the string `s` they were found in.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn unpack(&self, s: &str) -> Meta {
        Meta {
            scheme_end: self.scheme_end(),
            auth: self.auth_meta(s),
            path_start: self.path_start(),
            path_end: self.path_end(),
            query: self.query(),
            fragment: self.fragment(s.len()),
        }
    }

    /// The authority's offsets spelled out (the [`Meta::auth`] of
    /// [`Offsets::unpack`]), for the string `s`; `None` without one.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn auth_meta(&self, s: &str) -> Option<AuthMeta> {
        self.has_authority().then(|| AuthMeta {
            start: self.auth_start(),
            host_start: self.host_start(),
            host_end: self.host_end(),
            end: self.path_start(),
            host: self.host_meta(s),
        })
    }

    /// The host kind with its address, for the string `s`.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn host_meta(&self, s: &str) -> HostMeta {
        match self.host {
            HostKind::None | HostKind::RegName => HostMeta::RegName,
            HostKind::Ipv4 => HostMeta::Ipv4(self.ipv4),
            HostKind::Ipv6 => HostMeta::Ipv6(self.ipv6(s)),
            HostKind::IpvFuture => HostMeta::IpvFuture,
        }
    }

    /// The address of an IPv6 host, read again from `s` (the parser checked
    /// it: the fallback is never taken).
    pub(crate) fn ipv6(&self, s: &str) -> [u8; 16] {
        s.as_bytes()
            .get(self.host_start() + 1..self.host_end().saturating_sub(1))
            .and_then(|t| parse_ipv6(t).ok())
            .unwrap_or_default()
    }
}

/// Where a spliced target (see [`Offsets::splice`]) switches from the
/// first string to the second: the components from this one on are the
/// second's.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// At the authority: only the scheme is the first's.
    Authority,
    /// At the path.
    Path,
    /// Inside the path: the first's path starts it, the second's ends it.
    PathTail,
    /// At the query (the second's path is empty).
    Query,
    /// At the fragment (the second has an empty path and no query).
    Fragment,
}

#[cfg(feature = "alloc")]
impl Offsets {
    /// The offsets of a string made of a prefix of `self`'s string, ending
    /// at byte `at`, and the suffix of `r`'s string from byte `from` on (the
    /// splice of reference resolution), read from the two without unpacking
    /// them: the components before `cut` are `self`'s, those from `cut` on
    /// are `r`'s, moved by `at - from`.
    ///
    /// The caller guarantees that the cut falls where `cut` says in both
    /// strings (`from` is where `r`'s components from `cut` on begin, less
    /// the `//` of an authority; `at` is where they begin in the target),
    /// that `from <= at`, and that the target is at most [`MAX_LEN`] bytes
    /// long; [`UriRefBuf::from_offsets`](crate::UriRefBuf) checks the result
    /// against a parse in debug builds. The arithmetic wraps: a broken
    /// contract gives wrong offsets, never a panic.
    #[inline(always)]
    pub(crate) fn splice(&self, r: &Offsets, cut: Cut, from: usize, at: usize) -> Offsets {
        let d = (at as u32).wrapping_sub(from as u32);
        let moved = |x: u32| x.wrapping_add(d);
        let mut o = *self;
        o.query_end = moved(r.query_end);
        match cut {
            Cut::Authority => {
                o.host_start = moved(r.host_start);
                o.host_end = moved(r.host_end);
                o.path_start = moved(r.path_start);
                o.path_end = moved(r.path_end);
                o.host = r.host;
                o.ipv4 = r.ipv4;
            }
            Cut::Path => {
                o.path_start = moved(r.path_start);
                o.path_end = moved(r.path_end);
            }
            Cut::PathTail | Cut::Query => o.path_end = moved(r.path_end),
            Cut::Fragment => {}
        }
        o
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_parse_result_is_small() {
        // Two words of string, six `u32` offsets, the host kind and an IPv4
        // address (with `usize` offsets and `Option`s it was 128 bytes).
        use crate::{ParseError, UriRef};
        assert_eq!(core::mem::size_of::<super::Offsets>(), 32);
        assert_eq!(core::mem::size_of::<UriRef<'_>>(), 48);
        assert!(core::mem::size_of::<Result<UriRef<'_>, ParseError>>() <= 56);
    }
}
