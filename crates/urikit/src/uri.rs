//! The parsed types: borrowed [`UriRef`] and [`Uri`], owned [`UriRefBuf`] and
//! [`UriBuf`] (the `Path` / `PathBuf` pattern).
//!
//! A parsed value is the input string plus the component offsets found by the
//! parser, so every accessor is a slice of the input and costs nothing.
//! Equality, ordering and hashing are those of the string: two references are
//! equal when they are spelled the same (the first rung of the comparison
//! ladder, RFC 3986 section 6.2.1).

use core::ops::Deref;

#[cfg(feature = "alloc")]
use alloc::{borrow::ToOwned, string::String};

use crate::error::{ParseError, ParseErrorKind};
use crate::host::Host;
use crate::offsets::{HostKind, Offsets};
use crate::parse;

/// A parsed URI reference (RFC 3986 `URI-reference`): an absolute URI or a
/// relative reference, borrowing its input.
///
/// # Example
/// ```
/// use urikit::UriRef;
///
/// let r = UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(r.scheme(), Some("foo"));
/// assert_eq!(r.authority().map(|a| a.as_str()), Some("example.com:8042"));
/// assert_eq!(r.host_str(), Some("example.com"));
/// assert_eq!(r.port(), Some("8042"));
/// assert_eq!(r.path(), "/over/there");
/// assert_eq!(r.query(), Some("name=ferret"));
/// assert_eq!(r.fragment(), Some("nose"));
///
/// // Absent and empty are told apart.
/// assert_eq!(UriRef::parse("foo:")?.query(), None);
/// assert_eq!(UriRef::parse("foo:?")?.query(), Some(""));
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    s: &'a str,
    meta: Offsets,
}

/// The authority of a parsed reference: `[ userinfo "@" ] host [ ":" port ]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    s: &'a str,
    userinfo: Option<&'a str>,
    host: Host<'a>,
    host_str: &'a str,
    port: Option<&'a str>,
}

impl<'a> Authority<'a> {
    /// The whole authority, as written.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.s
    }
    /// The userinfo (before `@`), raw; `None` when there is no `@`.
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }
    /// The host, typed.
    #[inline]
    pub fn host(&self) -> Host<'a> {
        self.host
    }
    /// The host as written (IP literals keep their brackets).
    #[inline]
    pub fn host_str(&self) -> &'a str {
        self.host_str
    }
    /// The port digits; `Some("")` for an empty port (`//h:`), `None` without `:`.
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }
    /// The port as a number, when present, non-empty and at most 65535.
    #[inline]
    pub fn port_u16(&self) -> Option<u16> {
        port_number(self.port?)
    }
}

/// The value of a port's digits, if it fits a `u16` (leading zeros allowed).
pub(crate) fn port_number(digits: &str) -> Option<u16> {
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for b in digits.bytes() {
        v = v * 10 + u32::from(b - b'0');
        if v > u32::from(u16::MAX) {
            return None;
        }
    }
    Some(v as u16)
}

/// An iterator over the segments of a path, split on `/`.
///
/// An absolute path's leading `/` does not start an empty segment: `/a/b/`
/// yields `a`, `b`, `""`; `/` yields one empty segment; the empty path yields
/// none; `a//b` yields `a`, `""`, `b`. Segments are raw (not decoded).
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Segments<'a> {
    pub(crate) fn new(path: &'a str) -> Segments<'a> {
        let rest = match path {
            "" => None,
            p => Some(p.strip_prefix('/').unwrap_or(p)),
        };
        Segments { rest }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.find('/') {
            Some(k) => {
                self.rest = Some(&rest[k + 1..]);
                Some(&rest[..k])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl<'a> UriRef<'a> {
    /// Parses an RFC 3986 `URI-reference`. Never allocates.
    ///
    /// # Errors
    /// A [`ParseError`] with the byte index of the first byte that does not fit
    /// the grammar.
    ///
    /// # Example
    /// ```
    /// let err = urikit::UriRef::parse("http://exa mple.com/").unwrap_err();
    /// assert_eq!(err.index(), 10);
    /// assert_eq!(err.kind(), urikit::ParseErrorKind::UnexpectedCharInAuthority);
    /// ```
    pub fn parse(s: &'a str) -> Result<UriRef<'a>, ParseError> {
        parse::parse_into::<false, _>(s, |meta| UriRef { s, meta })
    }

    /// The input, exactly as given.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The scheme, as written (not case-folded); `None` for a relative reference.
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        match self.meta.scheme_end() {
            0 => None,
            e => Some(&self.s[..e]),
        }
    }

    /// Whether the reference has a scheme (is a URI rather than a relative reference).
    #[inline]
    pub fn is_absolute(&self) -> bool {
        self.meta.scheme_end() != 0
    }

    /// Whether the reference is a relative reference (has no scheme).
    #[inline]
    pub fn is_relative(&self) -> bool {
        !self.is_absolute()
    }

    /// The authority, when the reference has `//`. It may be empty (`file:///x`).
    pub fn authority(&self) -> Option<Authority<'a>> {
        let m = &self.meta;
        if !m.has_authority() {
            return None;
        }
        Some(Authority {
            s: &self.s[m.auth_start()..m.path_start()],
            userinfo: self.userinfo(),
            host: self.typed_host(),
            host_str: &self.s[m.host_start()..m.host_end()],
            port: self.port(),
        })
    }

    /// The host, typed, when there is an authority.
    fn typed_host(&self) -> Host<'a> {
        let m = &self.meta;
        let host_str = &self.s[m.host_start()..m.host_end()];
        match m.host() {
            HostKind::None | HostKind::RegName => Host::RegName(host_str),
            HostKind::Ipv4 => Host::Ipv4(m.ipv4().into()),
            HostKind::Ipv6 => Host::Ipv6 {
                addr: m.ipv6(self.s).into(),
                literal: &host_str[1..host_str.len() - 1],
            },
            HostKind::IpvFuture => Host::IpvFuture(&host_str[1..host_str.len() - 1]),
        }
    }

    /// Whether the reference has an authority (even an empty one).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.meta.has_authority()
    }

    /// The userinfo, raw; `None` without an authority or without `@`.
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        // Read from the offsets (no `Authority`, whose host an IPv6 literal
        // would make read again).
        let m = &self.meta;
        let (start, host_start) = (m.auth_start(), m.host_start());
        (m.has_authority() && host_start > start).then(|| &self.s[start..host_start - 1])
    }

    /// The host, typed; `None` without an authority.
    #[inline]
    pub fn host(&self) -> Option<Host<'a>> {
        self.meta.has_authority().then(|| self.typed_host())
    }

    /// The host as written (IP literals keep their brackets); `None` without an
    /// authority.
    #[inline]
    pub fn host_str(&self) -> Option<&'a str> {
        let m = &self.meta;
        m.has_authority()
            .then(|| &self.s[m.host_start()..m.host_end()])
    }

    /// The port digits; `Some("")` for `//h:`; `None` without a port.
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        let m = &self.meta;
        let (host_end, end) = (m.host_end(), m.path_start());
        (m.has_authority() && host_end < end).then(|| &self.s[host_end + 1..end])
    }

    /// The port as a number, when it has digits and fits a `u16`.
    #[inline]
    pub fn port_u16(&self) -> Option<u16> {
        port_number(self.port()?)
    }

    /// The path, raw. Always present, possibly empty.
    #[inline]
    pub fn path(&self) -> &'a str {
        &self.s[self.meta.path_start()..self.meta.path_end()]
    }

    /// The path's bytes (no UTF-8 boundary to check: for looks at them).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn path_bytes(&self) -> &'a [u8] {
        let m = &self.meta;
        self.s
            .as_bytes()
            .get(m.path_start()..m.path_end())
            .unwrap_or_default()
    }

    /// The path's segments (see [`Segments`]).
    #[inline]
    pub fn segments(&self) -> Segments<'a> {
        Segments::new(self.path())
    }

    /// The query (after `?`), raw; `None` when there is no `?`.
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        let q = self.meta.query()?;
        Some(&self.s[q + 1..self.meta.query_end()])
    }

    /// The fragment (after `#`), raw; `None` when there is no `#`.
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        Some(&self.s[self.meta.fragment(self.s.len())? + 1..])
    }

    /// The reference without its fragment (and without the `#`).
    pub fn without_fragment(&self) -> UriRef<'a> {
        match self.meta.fragment(self.s.len()) {
            None => *self,
            // The fragment's `#` is at `query_end`, the new length: no fragment.
            Some(f) => UriRef {
                s: &self.s[..f],
                meta: self.meta,
            },
        }
    }

    /// The reference as an absolute [`Uri`], if it has a scheme.
    #[inline]
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        self.is_absolute().then_some(Uri(*self))
    }

    /// An owned copy.
    #[cfg(feature = "alloc")]
    pub fn to_owned(&self) -> UriRefBuf {
        UriRefBuf {
            s: self.s.to_owned(),
            meta: self.meta,
        }
    }

    /// The reference as a source for the [`Composer`](crate::compose::Composer)
    /// to copy from.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn source(&self) -> crate::compose::Source<'_> {
        crate::compose::Source::new(self.s, &self.meta)
    }

    /// The component offsets as stored (compact, nothing unpacked), for
    /// code that builds a new reference from parts of this one and computes
    /// its offsets in the same form ([`Offsets::splice`]).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn offsets(&self) -> Offsets {
        self.meta
    }
}

/// An absolute URI (RFC 3986 `URI`): a [`UriRef`] with a scheme. It may have a
/// fragment. Derefs to [`UriRef`] for every accessor.
///
/// # Example
/// ```
/// let uri = urikit::Uri::parse("mailto:John.Doe@example.com")?;
/// assert_eq!(uri.scheme(), "mailto");
/// assert_eq!(uri.path(), "John.Doe@example.com");
/// assert!(urikit::Uri::parse("/relative/path").is_err());
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Uri<'a>(UriRef<'a>);

impl<'a> Uri<'a> {
    /// Parses an RFC 3986 `URI` (scheme required).
    ///
    /// # Errors
    /// A syntax error as [`UriRef::parse`] reports it, or
    /// [`ParseErrorKind::MissingScheme`] at index 0 for a relative reference.
    pub fn parse(s: &'a str) -> Result<Uri<'a>, ParseError> {
        let r = UriRef::parse(s)?;
        r.as_uri()
            .ok_or(ParseError::new(0, ParseErrorKind::MissingScheme))
    }

    /// The scheme, as written.
    #[inline]
    pub fn scheme(&self) -> &'a str {
        &self.0.s[..self.0.meta.scheme_end()]
    }

    /// The view of a reference the caller knows has a scheme (an absolute
    /// IRI's inside, for the IRI types).
    #[cfg(feature = "alloc")]
    pub(crate) fn from_ref(r: UriRef<'a>) -> Uri<'a> {
        debug_assert!(r.is_absolute());
        Uri(r)
    }

    /// The reference view of this URI.
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'a> {
        self.0
    }

    /// An owned copy.
    #[cfg(feature = "alloc")]
    pub fn to_owned(&self) -> UriBuf {
        UriBuf(self.0.to_owned())
    }
}

impl<'a> Deref for Uri<'a> {
    type Target = UriRef<'a>;
    fn deref(&self) -> &UriRef<'a> {
        &self.0
    }
}

/// An owned, parsed URI reference. [`as_uri_ref`](UriRefBuf::as_uri_ref) gives
/// the borrowed view with every accessor.
///
/// # Example
/// ```
/// use urikit::UriRefBuf;
///
/// let r: UriRefBuf = "../a?b".parse()?;
/// assert_eq!(r.as_uri_ref().query(), Some("b"));
///
/// // A failed conversion gives the string back.
/// let (err, s) = UriRefBuf::try_from(String::from("a b")).unwrap_err();
/// assert_eq!((err.index(), s.as_str()), (1, "a b"));
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct UriRefBuf {
    s: String,
    meta: Offsets,
}

#[cfg(feature = "alloc")]
impl UriRefBuf {
    /// Parses an owned string.
    ///
    /// # Errors
    /// The parse error and the string, given back.
    pub fn parse(s: String) -> Result<UriRefBuf, (ParseError, String)> {
        match parse::parse(&s) {
            Ok(meta) => Ok(UriRefBuf { s, meta }),
            Err(e) => Err((e, s)),
        }
    }

    /// The borrowed view.
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef {
            s: &self.s,
            meta: self.meta,
        }
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The string, given up.
    #[inline]
    pub fn into_string(self) -> String {
        self.s
    }
}

/// For the writers that record the offsets as they write (the
/// [`Composer`](crate::compose::Composer)): an owned value without a second
/// parse.
#[cfg(feature = "alloc")]
impl UriRefBuf {
    /// A reference from a string and its offsets, which the caller
    /// guarantees are what `parse::parse(&s)` finds in it, or, for the inside
    /// of an [`IriRefBuf`](crate::iri::IriRefBuf), what `parse::parse_iri(&s)`
    /// finds ([`parse::parse_either`], checked in debug builds).
    #[inline]
    pub(crate) fn from_offsets(s: String, meta: Offsets) -> UriRefBuf {
        debug_assert_eq!(parse::parse_either(&s), Ok(meta), "{s:?}");
        UriRefBuf { s, meta }
    }
}

/// The view of a string and the offsets its parse found, for the IRI types,
/// which keep their string and offsets in a `UriRef` to share its accessors
/// (the offsets of an IRI are where a URI's would be).
impl<'a> UriRef<'a> {
    #[inline]
    pub(crate) fn from_parsed(s: &'a str, meta: Offsets) -> UriRef<'a> {
        UriRef { s, meta }
    }
}

/// An owned absolute URI. [`as_uri`](UriBuf::as_uri) gives the borrowed view.
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct UriBuf(UriRefBuf);

#[cfg(feature = "alloc")]
impl UriBuf {
    /// Parses an owned string as an absolute URI.
    ///
    /// # Errors
    /// The parse error and the string, given back.
    pub fn parse(s: String) -> Result<UriBuf, (ParseError, String)> {
        let r = UriRefBuf::parse(s)?;
        if r.as_uri_ref().is_absolute() {
            Ok(UriBuf(r))
        } else {
            Err((ParseError::new(0, ParseErrorKind::MissingScheme), r.s))
        }
    }

    /// A URI from a string and its offsets, which the caller guarantees are
    /// what `parse::parse` finds in it and include a scheme (checked in debug
    /// builds).
    #[inline]
    pub(crate) fn from_offsets(s: String, meta: Offsets) -> UriBuf {
        debug_assert!(meta.scheme_end() > 0, "{s:?}");
        UriBuf(UriRefBuf::from_offsets(s, meta))
    }

    /// The borrowed view.
    #[inline]
    pub fn as_uri(&self) -> Uri<'_> {
        Uri(self.0.as_uri_ref())
    }

    /// The reference inside, to change in place: the caller keeps the scheme.
    pub(crate) fn as_ref_buf_mut(&mut self) -> &mut UriRefBuf {
        &mut self.0
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The string, given up.
    #[inline]
    pub fn into_string(self) -> String {
        self.0.s
    }

    /// As a reference (every URI is one).
    #[inline]
    pub fn into_uri_ref(self) -> UriRefBuf {
        self.0
    }
}

// ---- Trait impls shared by the four types: all are about the string. ----

macro_rules! string_traits {
    ($($ty:ty $(: $lt:lifetime)?),*) => {$(
        impl$(<$lt>)? PartialEq for $ty {
            fn eq(&self, other: &Self) -> bool { self.as_str() == other.as_str() }
        }
        impl$(<$lt>)? Eq for $ty {}
        impl$(<$lt>)? PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> { Some(self.cmp(other)) }
        }
        impl$(<$lt>)? Ord for $ty {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering { self.as_str().cmp(other.as_str()) }
        }
        impl$(<$lt>)? core::hash::Hash for $ty {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) { core::hash::Hash::hash(self.as_str(), state) }
        }
        impl$(<$lt>)? AsRef<str> for $ty {
            fn as_ref(&self) -> &str { self.as_str() }
        }
        impl$(<$lt>)? core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { f.write_str(self.as_str()) }
        }
        impl$(<$lt>)? core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({:?})", stringify!($ty).split('<').next().unwrap_or(""), self.as_str())
            }
        }
    )*};
}

pub(crate) use string_traits;

string_traits!(UriRef<'a>: 'a, Uri<'a>: 'a);
#[cfg(feature = "alloc")]
string_traits!(UriRefBuf, UriBuf);

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Uri::parse(s)
    }
}

#[cfg(feature = "alloc")]
mod owned_conversions {
    use super::*;
    use core::str::FromStr;

    impl TryFrom<String> for UriRefBuf {
        type Error = (ParseError, String);
        fn try_from(s: String) -> Result<Self, Self::Error> {
            UriRefBuf::parse(s)
        }
    }
    impl TryFrom<String> for UriBuf {
        type Error = (ParseError, String);
        fn try_from(s: String) -> Result<Self, Self::Error> {
            UriBuf::parse(s)
        }
    }
    impl TryFrom<&str> for UriRefBuf {
        type Error = ParseError;
        fn try_from(s: &str) -> Result<Self, ParseError> {
            Ok(UriRef::parse(s)?.to_owned())
        }
    }
    impl TryFrom<&str> for UriBuf {
        type Error = ParseError;
        fn try_from(s: &str) -> Result<Self, ParseError> {
            Ok(Uri::parse(s)?.to_owned())
        }
    }
    impl FromStr for UriRefBuf {
        type Err = ParseError;
        fn from_str(s: &str) -> Result<Self, ParseError> {
            UriRefBuf::try_from(s)
        }
    }
    impl FromStr for UriBuf {
        type Err = ParseError;
        fn from_str(s: &str) -> Result<Self, ParseError> {
            UriBuf::try_from(s)
        }
    }
    impl From<UriBuf> for UriRefBuf {
        fn from(u: UriBuf) -> UriRefBuf {
            u.0
        }
    }
    impl From<UriRefBuf> for String {
        fn from(u: UriRefBuf) -> String {
            u.s
        }
    }
    impl From<UriBuf> for String {
        fn from(u: UriBuf) -> String {
            u.0.s
        }
    }
    impl<'a> From<Uri<'a>> for UriRef<'a> {
        fn from(u: Uri<'a>) -> UriRef<'a> {
            u.0
        }
    }
}
