//! Internationalized Resource Identifiers (RFC 3987): parse, take apart, and
//! convert to and from URIs.
//!
//! An IRI is a URI whose userinfo, host, path, query and fragment may hold
//! characters outside ASCII (`ucschar`; in the query also `iprivate`). The
//! scheme, the port and IP literals stay ASCII, and bidirectional formatting
//! characters are not allowed anywhere (section 4.1). Every URI is an IRI, and
//! an ASCII IRI is a URI.
//!
//! ```
//! use urikit::iri::IriRef;
//!
//! let iri = IriRef::parse("http://bücher.example/résumé?q=日本#§2")?;
//! assert_eq!(iri.host_str(), Some("bücher.example"));
//! assert_eq!(iri.path(), "/résumé");
//! assert_eq!(iri.to_uri().as_str(), "http://b%C3%BCcher.example/r%C3%A9sum%C3%A9?q=%E6%97%A5%E6%9C%AC#%C2%A72");
//!
//! // Errors are a byte index and a kind, as for URIs.
//! let err = IriRef::parse("http://example.org/a\u{202E}b").unwrap_err();
//! assert_eq!((err.index(), err.kind().name()), (20, "bidi_formatting_char"));
//! # Ok::<_, urikit::ParseError>(())
//! ```
//!
//! The types mirror the URI ones: [`IriRef`] and [`Iri`] borrow their input
//! and never allocate (the same accessors as [`UriRef`], the
//! same [`ParseError`]), [`IriRefBuf`] and [`IriBuf`] own it.
//!
//! | conversion | what | RFC 3987 |
//! |---|---|---|
//! | [`IriRef::to_uri`] | every non-ASCII character percent-encoded as UTF-8, nothing else changed (no NFC) | 3.1 |
//! | [`UriRef::to_iri`](crate::UriRef::to_iri) | `%XX` runs that form a UTF-8 `ucschar` decoded, the rest kept | 3.2 |
//! | `IriRef::to_uri_idna` (feature `idna`) | as `to_uri`, the host through UTS #46 ToASCII | 3.1, note |
//! | `UriRef::to_iri_display` (feature `idna`) | as `to_iri`, the host as [`idna::Uts46::to_display`](crate::idna::Uts46::to_display) shows it | 3.2, 4.4 |
//!
//! `to_uri` after `to_iri` gives the URI back, byte for byte (the conversion
//! decodes only what `to_uri` writes again the same way).
//!
//! ## Resolution, normalization, comparison
//!
//! - [`Resolver::resolve_iri`](crate::Resolver::resolve_iri) and
//!   [`IriRef::resolve_against`] (from text: [`Iri::join`]): RFC 3986
//!   section 5.2's algorithm on IRIs
//!   (RFC 3987 section 6.5). It looks only at ASCII delimiters and copies
//!   the rest, so it runs on the IRIs as written; the target keeps their
//!   characters (raw or `%XX`) as they were.
//! - [`Normalizer::normalize_iri`](crate::normalize::Normalizer::normalize_iri):
//!   RFC 3987 5.3.2 (and 5.3.3 at [`Level::Scheme`](crate::normalize::Level)).
//!   The IRI is mapped to its URI, normalized there (case of the scheme, of
//!   the host's ASCII letters and of `%XX`; percent-encoded unreserved
//!   characters decoded; dot segments removed...), and mapped back with every
//!   percent-encoded `ucschar` decoded (5.3.2.3: `iunreserved`); bidi
//!   formatting characters and `iprivate` stay encoded. No Unicode normalization: 5.3.2.2 has comparison rely on IRIs
//!   created in NFC, not apply it.
//! - [`equivalent`] and
//!   [`Normalizer::equivalent_iri`](crate::normalize::Normalizer::equivalent_iri):
//!   equal normal forms (equal normalized URIs).
//!
//! ```
//! use urikit::iri::{equivalent, IriRef};
//! use urikit::normalize::Level;
//! let a = IriRef::parse("http://bücher.example/./é")?;
//! let b = IriRef::parse("HTTP://b%C3%BCcher.example/%C3%A9")?;
//! assert!(equivalent(&a, &b, Level::Syntax));
//! # Ok::<_, urikit::ParseError>(())
//! ```

#[cfg(feature = "alloc")]
use alloc::string::String;
use core::ops::Deref;

use crate::error::{ParseError, ParseErrorKind};
use crate::grammar::ucs;
use crate::parse;
use crate::uri::string_traits;
#[cfg(feature = "alloc")]
use crate::UriRefBuf;
use crate::{Authority, Host, Segments, Spans, UriRef};

#[cfg(feature = "alloc")]
mod convert;
#[cfg(feature = "alloc")]
mod ops;

#[cfg(feature = "alloc")]
pub use convert::{KeptEscape, KeptReason};
#[cfg(feature = "alloc")]
pub use ops::equivalent;

/// A parsed IRI reference (RFC 3987 `IRI-reference`): an absolute IRI or a
/// relative reference, borrowing its input. The accessors are those of
/// [`UriRef`], and return raw text (non-ASCII characters and `%XX` as written).
///
/// ```
/// use urikit::iri::IriRef;
///
/// let r = IriRef::parse("//ñandú@例え.jp:8080/ü/ö?ä#ß")?;
/// assert_eq!(r.userinfo(), Some("ñandú"));
/// assert_eq!(r.host_str(), Some("例え.jp"));
/// assert_eq!(r.port_u16(), Some(8080));
/// assert_eq!(r.segments().collect::<Vec<_>>(), ["ü", "ö"]);
/// assert_eq!((r.query(), r.fragment()), (Some("ä"), Some("ß")));
///
/// // Private-use characters only in the query; no non-ASCII in a port.
/// assert!(IriRef::parse("?\u{E000}").is_ok());
/// assert_eq!(IriRef::parse("#\u{E000}").unwrap_err().kind().name(), "private_use_outside_query");
/// assert_eq!(IriRef::parse("//h:8\u{660}").unwrap_err().index(), 5);
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<'a>(UriRef<'a>);

/// An absolute IRI (RFC 3987 `IRI`): an [`IriRef`] with a scheme. Derefs to
/// [`IriRef`] for every accessor.
#[derive(Clone, Copy)]
pub struct Iri<'a>(IriRef<'a>);

/// An owned, parsed IRI reference; [`as_iri_ref`](IriRefBuf::as_iri_ref) gives
/// the borrowed view with every accessor.
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct IriRefBuf(UriRefBuf);

/// An owned absolute IRI; [`as_iri`](IriBuf::as_iri) gives the borrowed view.
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct IriBuf(IriRefBuf);

impl<'a> IriRef<'a> {
    /// Parses an RFC 3987 `IRI-reference`. Never allocates. An ASCII input is
    /// accepted exactly when [`UriRef::parse`] accepts it, with the same
    /// components.
    ///
    /// # Errors
    /// A [`ParseError`] at the first byte that does not fit the grammar: the
    /// URI kinds, and for characters outside ASCII
    /// [`NotUcschar`](ParseErrorKind::NotUcschar),
    /// [`PrivateUseOutsideQuery`](ParseErrorKind::PrivateUseOutsideQuery),
    /// [`BidiFormattingChar`](ParseErrorKind::BidiFormattingChar) (or the URI
    /// kind of the component, as `invalid_scheme`, where an IRI is ASCII too).
    pub fn parse(s: &'a str) -> Result<IriRef<'a>, ParseError> {
        parse::parse_into::<true, _>(s, |o| IriRef(UriRef::from_parsed(s, o)))
    }

    /// Parses raw bytes: they must be UTF-8, then an IRI reference.
    ///
    /// # Errors
    /// [`ParseErrorKind::InvalidUtf8`] at the first byte of a sequence that is
    /// not UTF-8 (overlong forms such as `C0 AF`, surrogates such as
    /// `ED A0 80`, a cut sequence...), or a parse error.
    ///
    /// ```
    /// use urikit::iri::IriRef;
    /// let e = IriRef::parse_bytes(b"http://a/\xC0\xAF").unwrap_err();
    /// assert_eq!((e.index(), e.kind().name()), (9, "invalid_utf8"));
    /// assert_eq!(IriRef::parse_bytes("/é".as_bytes())?.path(), "/é");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn parse_bytes(b: &'a [u8]) -> Result<IriRef<'a>, ParseError> {
        IriRef::parse(ucs::utf8(b)?)
    }

    /// The input, exactly as given.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }

    /// The scheme, as written; `None` for a relative reference.
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        self.0.scheme()
    }

    /// Whether the reference has a scheme (is an IRI rather than a relative reference).
    #[inline]
    pub fn is_absolute(&self) -> bool {
        self.0.is_absolute()
    }

    /// Whether the reference is a relative reference (has no scheme).
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.0.is_relative()
    }

    /// The authority, when the reference has `//`.
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.0.authority()
    }

    /// Whether the reference has an authority (even an empty one).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.0.has_authority()
    }

    /// The userinfo, raw; `None` without an authority or without `@`.
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.0.userinfo()
    }

    /// The host, typed; `None` without an authority. An `ireg-name` is a
    /// [`Host::RegName`], Unicode and `%XX` as written.
    #[inline]
    pub fn host(&self) -> Option<Host<'a>> {
        self.0.host()
    }

    /// The host as written (IP literals keep their brackets).
    #[inline]
    pub fn host_str(&self) -> Option<&'a str> {
        self.0.host_str()
    }

    /// The port digits; `Some("")` for `//h:`; `None` without a port.
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.0.port()
    }

    /// The port as a number, when it has digits and fits a `u16`.
    #[inline]
    pub fn port_u16(&self) -> Option<u16> {
        self.0.port_u16()
    }

    /// The path, raw. Always present, possibly empty.
    #[inline]
    pub fn path(&self) -> &'a str {
        self.0.path()
    }

    /// The path's segments (see [`Segments`]).
    #[inline]
    pub fn segments(&self) -> Segments<'a> {
        self.0.segments()
    }

    /// The query (after `?`), raw; `None` when there is no `?`.
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.0.query()
    }

    /// The fragment (after `#`), raw; `None` when there is no `#`.
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.0.fragment()
    }

    /// The byte ranges of the components (see [`Spans`]).
    #[inline]
    pub fn spans(&self) -> Spans {
        self.0.spans()
    }

    /// The reference without its fragment (and without the `#`).
    #[inline]
    pub fn without_fragment(&self) -> IriRef<'a> {
        IriRef(self.0.without_fragment())
    }

    /// The reference as an absolute [`Iri`], if it has a scheme.
    #[inline]
    pub fn as_iri(&self) -> Option<Iri<'a>> {
        self.is_absolute().then_some(Iri(*self))
    }

    /// The reference as a URI reference, when it is ASCII (then it is one,
    /// with the same components); [`to_uri`](IriRef::to_uri) converts any.
    ///
    /// ```
    /// use urikit::iri::IriRef;
    /// assert!(IriRef::parse("/a?b")?.as_uri_ref().is_some());
    /// assert!(IriRef::parse("/ä")?.as_uri_ref().is_none());
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> Option<UriRef<'a>> {
        self.as_str().is_ascii().then_some(self.0)
    }

    /// An owned copy.
    #[cfg(feature = "alloc")]
    pub fn to_owned(&self) -> IriRefBuf {
        IriRefBuf(self.0.to_owned())
    }

    /// The string and offsets, as a `UriRef` view, for the crate's
    /// byte-level machinery (resolution, normalization), which never looks
    /// at a byte outside ASCII but to copy it.
    #[cfg(feature = "alloc")]
    pub(crate) fn inner(&self) -> UriRef<'a> {
        self.0
    }
}

impl<'a> Iri<'a> {
    /// Parses an RFC 3987 `IRI` (scheme required).
    ///
    /// # Errors
    /// A syntax error as [`IriRef::parse`] reports it, or
    /// [`ParseErrorKind::MissingScheme`] at index 0 for a relative reference.
    ///
    /// ```
    /// let iri = urikit::iri::Iri::parse("http://www.example.org/résumé.html")?;
    /// assert_eq!(iri.scheme(), "http");
    /// assert!(urikit::iri::Iri::parse("/résumé").is_err());
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn parse(s: &'a str) -> Result<Iri<'a>, ParseError> {
        IriRef::parse(s)?
            .as_iri()
            .ok_or(ParseError::new(0, ParseErrorKind::MissingScheme))
    }

    /// Parses raw bytes as an absolute IRI (see [`IriRef::parse_bytes`]).
    ///
    /// # Errors
    /// As [`IriRef::parse_bytes`], or [`ParseErrorKind::MissingScheme`].
    #[inline]
    pub fn parse_bytes(b: &'a [u8]) -> Result<Iri<'a>, ParseError> {
        Iri::parse(ucs::utf8(b)?)
    }

    /// The scheme, as written.
    #[inline]
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or_default()
    }

    /// The reference view of this IRI.
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'a> {
        self.0
    }

    /// The string and offsets as a `Uri` view, for the crate's byte-level
    /// machinery (see [`IriRef::inner`]).
    #[cfg(feature = "alloc")]
    pub(crate) fn inner_uri(&self) -> crate::Uri<'a> {
        crate::Uri::from_ref(self.0.inner())
    }

    /// An owned copy.
    #[cfg(feature = "alloc")]
    pub fn to_owned(&self) -> IriBuf {
        IriBuf(self.0.to_owned())
    }
}

impl<'a> Deref for Iri<'a> {
    type Target = IriRef<'a>;
    fn deref(&self) -> &IriRef<'a> {
        &self.0
    }
}

#[cfg(feature = "alloc")]
impl IriRefBuf {
    /// Parses an owned string.
    ///
    /// # Errors
    /// The parse error and the string, given back.
    ///
    /// ```
    /// use urikit::iri::IriRefBuf;
    /// let r = IriRefBuf::parse(String::from("/ä?ö"))?;
    /// assert_eq!(r.as_iri_ref().query(), Some("ö"));
    /// let (err, s) = IriRefBuf::parse(String::from("/a\u{200F}")).unwrap_err();
    /// assert_eq!((err.index(), s.as_str()), (2, "/a\u{200F}"));
    /// # Ok::<_, (urikit::ParseError, String)>(())
    /// ```
    pub fn parse(s: String) -> Result<IriRefBuf, (ParseError, String)> {
        match parse::parse_iri(&s) {
            Ok(meta) => Ok(IriRefBuf(UriRefBuf::from_offsets(s, meta))),
            Err(e) => Err((e, s)),
        }
    }

    /// The borrowed view.
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef(self.0.as_uri_ref())
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The string, given up.
    #[inline]
    pub fn into_string(self) -> String {
        self.0.into_string()
    }

    /// A reference the crate built with its offsets (an IRI string).
    pub(crate) fn from_buf(r: UriRefBuf) -> IriRefBuf {
        debug_assert_eq!(parse::parse_iri(r.as_str()), Ok(r.as_uri_ref().offsets()));
        IriRefBuf(r)
    }
}

#[cfg(feature = "alloc")]
impl IriBuf {
    /// Parses an owned string as an absolute IRI.
    ///
    /// # Errors
    /// The parse error and the string, given back.
    pub fn parse(s: String) -> Result<IriBuf, (ParseError, String)> {
        let r = IriRefBuf::parse(s)?;
        if r.as_iri_ref().is_absolute() {
            Ok(IriBuf(r))
        } else {
            Err((
                ParseError::new(0, ParseErrorKind::MissingScheme),
                r.into_string(),
            ))
        }
    }

    /// The borrowed view.
    #[inline]
    pub fn as_iri(&self) -> Iri<'_> {
        Iri(self.0.as_iri_ref())
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The string, given up.
    #[inline]
    pub fn into_string(self) -> String {
        self.0.into_string()
    }

    /// As a reference (every IRI is one).
    #[inline]
    pub fn into_iri_ref(self) -> IriRefBuf {
        self.0
    }

    /// An absolute IRI the crate's URI machinery built from IRIs.
    pub(crate) fn from_uri_buf(u: crate::UriBuf) -> IriBuf {
        IriBuf(IriRefBuf::from_buf(u.into_uri_ref()))
    }

    /// An absolute reference the crate built (an IRI string with a scheme).
    pub(crate) fn from_ref_buf(r: IriRefBuf) -> IriBuf {
        debug_assert!(r.as_iri_ref().is_absolute());
        IriBuf(r)
    }
}

string_traits!(IriRef<'a>: 'a, Iri<'a>: 'a);
#[cfg(feature = "alloc")]
string_traits!(IriRefBuf, IriBuf);

/// Every URI reference is an IRI reference, with the same components.
impl<'a> From<UriRef<'a>> for IriRef<'a> {
    fn from(u: UriRef<'a>) -> IriRef<'a> {
        IriRef(u)
    }
}

/// Every URI is an IRI.
impl<'a> From<crate::Uri<'a>> for Iri<'a> {
    fn from(u: crate::Uri<'a>) -> Iri<'a> {
        Iri(IriRef(u.as_uri_ref()))
    }
}

impl<'a> From<Iri<'a>> for IriRef<'a> {
    fn from(i: Iri<'a>) -> IriRef<'a> {
        i.0
    }
}

#[cfg(feature = "alloc")]
impl From<IriBuf> for IriRefBuf {
    fn from(i: IriBuf) -> IriRefBuf {
        i.0
    }
}

#[cfg(feature = "alloc")]
impl From<IriRefBuf> for String {
    fn from(i: IriRefBuf) -> String {
        i.into_string()
    }
}

#[cfg(feature = "alloc")]
impl From<IriBuf> for String {
    fn from(i: IriBuf) -> String {
        i.into_string()
    }
}

impl<'a> TryFrom<&'a str> for IriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        IriRef::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for Iri<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Iri::parse(s)
    }
}

#[cfg(feature = "alloc")]
impl TryFrom<String> for IriRefBuf {
    type Error = (ParseError, String);
    fn try_from(s: String) -> Result<Self, Self::Error> {
        IriRefBuf::parse(s)
    }
}

#[cfg(feature = "alloc")]
impl TryFrom<String> for IriBuf {
    type Error = (ParseError, String);
    fn try_from(s: String) -> Result<Self, Self::Error> {
        IriBuf::parse(s)
    }
}

#[cfg(feature = "alloc")]
impl core::str::FromStr for IriRefBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Ok(IriRef::parse(s)?.to_owned())
    }
}

#[cfg(feature = "alloc")]
impl core::str::FromStr for IriBuf {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Ok(Iri::parse(s)?.to_owned())
    }
}
