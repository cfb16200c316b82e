//! Where the components of a parsed reference lie: the offsets a parsed
//! value stores ([`Offsets`], compact: six `u32`s and the host's kind).
//!
//! The parser (`grammar/parse.rs`) finds them; every other part of the crate
//! reads them, and the composer (`compose.rs`), which writes every
//! reference the crate builds, records them as it writes. The limit on the
//! length of an input ([`MAX_LEN`]) lives here too: it comes from the `u32`
//! storage.

use crate::host::parse_ipv6;

/// The kind of host, or [`HostKind::None`] without an authority.
///
/// Four bytes wide: with the IPv4 address beside it, [`Offsets`] is eight
/// `u32`-sized fields and no padding, which the compiler copies in two
/// vector moves rather than field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub(crate) enum HostKind {
    None,
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

/// The component offsets a parsed value stores: where each component
/// starts and ends, with every offset that follows from another left out, so
/// that a parse result is small to return and to copy.
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

    /// The address of an IPv6 host, read again from `s` (the parser checked
    /// it: the fallback is never taken).
    pub(crate) fn ipv6(&self, s: &str) -> [u8; 16] {
        s.as_bytes()
            .get(self.host_start() + 1..self.host_end().saturating_sub(1))
            .and_then(|t| parse_ipv6(t).ok())
            .unwrap_or_default()
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
