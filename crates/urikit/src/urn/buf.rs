//! [`UrnBuf`], the owned [`Urn`] (the `Path` / `PathBuf` pattern, as
//! [`UriBuf`] is to [`Uri`](crate::Uri)).
//!
//! It keeps what a [`Urn`] keeps, the string, the URI offsets, the profile
//! and the URN offsets, so [`UrnBuf::as_urn`] hands out the borrowed view
//! without parsing again.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use super::syntax::UrnMeta;
use super::{Urn, UrnError, UrnProfile};
use crate::uri::{Uri, UriBuf};

/// An owned, parsed URN. [`as_urn`](UrnBuf::as_urn) gives the borrowed view,
/// with every accessor ([`nid`](Urn::nid), [`nss`](Urn::nss),
/// [`r_component`](Urn::r_component), [`key`](Urn::key), ...), without parsing
/// again.
///
/// Equality, ordering and hashing are those of the string, as for
/// [`UriBuf`]; lexical equivalence goes through [`Urn::key`] (a
/// [`UrnKey`](super::UrnKey)) or [`Urn::equivalent`].
///
/// # Example
/// ```
/// use urikit::urn::{UrnBuf, UrnProfile};
///
/// let urn: UrnBuf = "URN:Example:a123?+res?=q#frag".parse()?;
/// assert_eq!(urn.as_urn().nid(), "Example");
/// assert_eq!(urn.as_urn().r_component(), Some("res"));
/// assert_eq!(urn.profile(), UrnProfile::Rfc8141);
///
/// // Equivalence goes through the key; `==` compares the strings.
/// let other = UrnBuf::parse(String::from("urn:example:a123")).map_err(|(e, _)| e)?;
/// assert_ne!(urn, other);
/// assert_eq!(urn.as_urn().key(), other.as_urn().key());
///
/// // A failed parse gives the string back.
/// let (err, s) = UrnBuf::try_from(String::from("urn:a:b")).unwrap_err();
/// assert_eq!((err.index(), err.kind().name(), s.as_str()), (5, "invalid_nid", "urn:a:b"));
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
#[derive(Clone)]
pub struct UrnBuf {
    uri: UriBuf,
    profile: UrnProfile,
    meta: UrnMeta,
}

impl UrnBuf {
    /// Parses an owned string as an RFC 8141 URN.
    ///
    /// # Errors
    /// The [`UrnError`] (as [`Urn::parse`] reports it) and the string, given back.
    pub fn parse(s: String) -> Result<UrnBuf, (UrnError, String)> {
        UrnBuf::parse_with(s, UrnProfile::Rfc8141)
    }

    /// Parses an owned string as a URN under `profile`.
    ///
    /// # Errors
    /// The [`UrnError`] (as [`Urn::parse_with`] reports it) and the string,
    /// given back.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{UrnBuf, UrnErrorKind, UrnProfile};
    ///
    /// let urn = UrnBuf::parse_with("urn:foo:a?s=I2L".into(), UrnProfile::Draft03).map_err(|(e, _)| e)?;
    /// assert_eq!(urn.as_urn().query(), Some("s=I2L"));
    ///
    /// let (err, s) = UrnBuf::parse_with("urn:foo:a%00".into(), UrnProfile::Draft03).unwrap_err();
    /// assert_eq!((err.index(), err.kind(), s.as_str()), (9, UrnErrorKind::EncodedNul, "urn:foo:a%00"));
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn parse_with(s: String, profile: UrnProfile) -> Result<UrnBuf, (UrnError, String)> {
        let (offsets, meta) = match Urn::parse_with(&s, profile) {
            Ok(urn) => (urn.uri.offsets(), urn.meta),
            Err(e) => return Err((e, s)),
        };
        Ok(UrnBuf {
            uri: UriBuf::from_offsets(s, offsets),
            profile,
            meta,
        })
    }

    /// The URN view of an owned URI under `profile`: the URI is not parsed
    /// again, only checked against the URN grammar.
    ///
    /// # Errors
    /// The [`UrnError`] (as [`Urn::from_uri`] reports it) and the URI, given back.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{UrnBuf, UrnProfile};
    /// use urikit::UriBuf;
    ///
    /// let uri: UriBuf = "urn:ietf:rfc:2648".parse()?;
    /// let urn = UrnBuf::from_uri(uri, UrnProfile::Draft04).map_err(|(e, _)| e)?;
    /// assert_eq!(urn.as_urn().nss(), "rfc:2648");
    ///
    /// let http: UriBuf = "http://example.com/".parse()?;
    /// let (err, back) = UrnBuf::from_uri(http, UrnProfile::Rfc8141).unwrap_err();
    /// assert_eq!((err.kind().name(), back.as_str()), ("not_urn", "http://example.com/"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_uri(uri: UriBuf, profile: UrnProfile) -> Result<UrnBuf, (UrnError, UriBuf)> {
        match Urn::from_uri(&uri.as_uri(), profile).map(|urn| urn.meta) {
            Ok(meta) => Ok(UrnBuf { uri, profile, meta }),
            Err(e) => Err((e, uri)),
        }
    }

    /// The borrowed view, with every accessor. Nothing is parsed again.
    pub fn as_urn(&self) -> Urn<'_> {
        Urn {
            uri: self.uri.as_uri(),
            profile: self.profile,
            meta: self.meta,
        }
    }

    /// The URI this URN is (scheme `urn`).
    pub fn as_uri(&self) -> Uri<'_> {
        self.uri.as_uri()
    }

    /// The profile it was parsed under.
    pub fn profile(&self) -> UrnProfile {
        self.profile
    }

    /// The string.
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// The string, given up.
    pub fn into_string(self) -> String {
        self.uri.into_string()
    }

    /// The owned URI, given up (every URN is one).
    pub fn into_uri(self) -> UriBuf {
        self.uri
    }
}

impl Urn<'_> {
    /// An owned copy, keeping the profile and the offsets (nothing is parsed
    /// again).
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{Urn, UrnProfile};
    ///
    /// let owned = {
    ///     let s = String::from("urn:isbn:0-395-36341-1?s=I2L");
    ///     Urn::parse_with(&s, UrnProfile::Draft03)?.to_owned()
    /// };
    /// assert_eq!(owned.as_urn().directives().count(), 1);
    /// assert_eq!(owned.profile(), UrnProfile::Draft03);
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn to_owned(&self) -> UrnBuf {
        UrnBuf {
            uri: self.uri.to_owned(),
            profile: self.profile,
            meta: self.meta,
        }
    }
}

// ---- Trait impls: all about the string, as for `UriBuf`. ----

impl PartialEq for UrnBuf {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for UrnBuf {}
impl PartialOrd for UrnBuf {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for UrnBuf {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}
impl Hash for UrnBuf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}
impl AsRef<str> for UrnBuf {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
impl fmt::Display for UrnBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
/// As [`Urn`]'s: the string and the profile's name.
impl fmt::Debug for UrnBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UrnBuf({:?}, {})", self.as_str(), self.profile.name())
    }
}

impl TryFrom<String> for UrnBuf {
    type Error = (UrnError, String);
    /// [`UrnBuf::parse`]: RFC 8141.
    fn try_from(s: String) -> Result<Self, Self::Error> {
        UrnBuf::parse(s)
    }
}
impl TryFrom<&str> for UrnBuf {
    type Error = UrnError;
    /// RFC 8141.
    fn try_from(s: &str) -> Result<Self, UrnError> {
        Ok(Urn::parse(s)?.to_owned())
    }
}
impl TryFrom<UriBuf> for UrnBuf {
    type Error = (UrnError, UriBuf);
    /// [`UrnBuf::from_uri`] under RFC 8141.
    fn try_from(uri: UriBuf) -> Result<Self, Self::Error> {
        UrnBuf::from_uri(uri, UrnProfile::Rfc8141)
    }
}
impl FromStr for UrnBuf {
    type Err = UrnError;
    /// RFC 8141 (the default profile).
    fn from_str(s: &str) -> Result<Self, UrnError> {
        UrnBuf::try_from(s)
    }
}
impl From<UrnBuf> for String {
    fn from(u: UrnBuf) -> String {
        u.into_string()
    }
}
impl From<UrnBuf> for UriBuf {
    fn from(u: UrnBuf) -> UriBuf {
        u.uri
    }
}
