//! URNs: the `urn` scheme of RFC 8141 and of the two 2012 drafts it grew from,
//! as a view over a parsed [`Uri`].
//!
//! ```
//! use urikit::urn::Urn;
//!
//! let urn = Urn::parse("URN:Example:a123,z456/b?+res?=q#frag")?;
//! assert_eq!(urn.nid(), "Example");
//! assert_eq!(urn.nss(), "a123,z456/b");
//! assert_eq!(urn.r_component(), Some("res"));
//! assert_eq!(urn.q_component(), Some("q"));
//! assert_eq!(urn.f_component(), Some("frag"));
//!
//! // Lexical equivalence: "urn" and the NID are case-insensitive, so is the hex
//! // of percent-encodings; r-, q- and f-components do not count.
//! assert!(urn.equivalent(&Urn::parse("urn:example:a123,z456/b")?));
//! assert_eq!(urn.canonical(), "urn:example:a123,z456/b");
//!
//! let err = Urn::parse("urn:a:b").unwrap_err(); // an NID has 2 to 32 characters
//! assert_eq!((err.index(), err.kind().name()), (5, "invalid_nid"));
//! # Ok::<_, urikit::urn::UrnError>(())
//! ```
//!
//! ## Profiles
//!
//! [`UrnProfile`] picks the grammar:
//!
//! - [`Rfc8141`](UrnProfile::Rfc8141) (default): `NID = (alphanum) 0*30(ldh)
//!   (alphanum)`, `NSS = pchar *(pchar / "/")`, then optional `?+` r-component,
//!   `?=` q-component (in that order, each non-empty) and `#` f-component. An
//!   NID starting with `urn-` must be an informal name, `urn-` and a number
//!   (section 5.2). Both components are `pchar *( pchar / "/" / "?" )`, so
//!   `?+` inside either and `?=` inside a q-component are plain characters;
//!   the first `?=` after an r-component's first character starts the
//!   q-component.
//! - [`Draft03`](UrnProfile::Draft03) (draft-ietf-urnbis-rfc2141bis-urn-03):
//!   the same NID, `NSS = 1*pchar` (no `/`), no `%00` anywhere, a query made of
//!   `keywd=value` [`directives`](Urn::directives) joined by `&` (`s` and `c`
//!   at most once each), and a fragment (accepted by the syntax: whether a
//!   namespace allows one is its own policy, section 2.4).
//! - [`Draft04`](UrnProfile::Draft04) (draft-ietf-urnbis-rfc2141bis-urn-04):
//!   `URN = "urn" ":" NID ":" NSS`, `NSS = 1*pchar`, and nothing after it.
//!
//! Every profile reserves the NID `urn`. In draft-03 section 2.1 is followed
//! for the NID; its informative Appendix B writes `1*31(ALPHA / DIGIT / "-")`,
//! which would allow a trailing `-`, and says the sections win.
//!
//! ## Equivalence
//!
//! [`Urn::equivalent`], [`Urn::canonical`] and [`Urn::key`] implement lexical
//! equivalence: case-fold `urn` and the NID, uppercase the hex of
//! percent-encodings, never decode. Under RFC 8141 the r-, q- and f-components
//! are ignored. Under draft-03 the fragment is removed, then either the query
//! ([`Objective::Names`], step 5a) or the directives are put in a fixed order,
//! sorted by keyword ([`Objective::Caching`], step 5b). [`Comparator`] combines
//! an objective with the rules of known [`Namespaces`], which only ever add
//! equivalences.
//!
//! ## Names and display
//!
//! [`encode_nss`] turns any Unicode name into an NSS (UTF-8, percent-encoding
//! every character outside `pchar`), [`Urn::from_name`] builds a whole URN, and
//! [`Urn::name`] decodes the NSS back. [`Urn::to_display`] shows a URN for
//! people, decoding only what cannot be mistaken for something else
//! (draft-03 section 4).
//!
//! ## Owned URNs
//!
//! [`UrnBuf`] (feature `alloc`) is the owned [`Urn`], as [`UriBuf`](crate::UriBuf)
//! is the owned [`Uri`]: `UrnBuf::parse(String)` gives the string back with the
//! error, [`Urn::to_owned`] copies, and [`UrnBuf::as_urn`] is the borrowed view,
//! without parsing again.

#[cfg(feature = "alloc")]
mod buf;
mod directives;
#[cfg(feature = "alloc")]
mod equivalence;
mod error;
#[cfg(feature = "alloc")]
mod name;
#[cfg(feature = "alloc")]
mod namespace;
mod syntax;

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::uri::Uri;

#[cfg(feature = "alloc")]
pub use buf::UrnBuf;
pub use directives::{Directive, Directives, ResolutionService, REGISTERED_KEYWORDS};
#[cfg(feature = "alloc")]
pub use equivalence::{Comparator, UrnKey};
pub use error::{NamespaceRule, UrnError, UrnErrorKind};
#[cfg(feature = "alloc")]
pub use name::{decode_nss, encode_nss};
#[cfg(feature = "alloc")]
pub use namespace::{
    ExampleNamespace, IetfNamespace, IsbnNamespace, IssnNamespace, Namespace, Namespaces,
    OidNamespace, UuidNamespace,
};

use syntax::UrnMeta;

/// Which URN grammar to apply (see the [module docs](self#profiles)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrnProfile {
    /// RFC 8141 (2017), the standard: r-, q- and f-components, `/` in the NSS.
    #[default]
    Rfc8141,
    /// draft-ietf-urnbis-rfc2141bis-urn-03 (Hoenes, 2012): query directives,
    /// fragment, no `%00`.
    Draft03,
    /// draft-ietf-urnbis-rfc2141bis-urn-04 (Saint-Andre, Moats, 2012):
    /// `urn:NID:NSS` only.
    Draft04,
}

impl UrnProfile {
    /// Every profile, the default first.
    ///
    /// ```
    /// use urikit::urn::UrnProfile;
    /// let names = UrnProfile::ALL.map(UrnProfile::name);
    /// assert_eq!(names, ["rfc8141", "draft-03", "draft-04"]);
    /// ```
    pub const ALL: [UrnProfile; 3] = [
        UrnProfile::Rfc8141,
        UrnProfile::Draft03,
        UrnProfile::Draft04,
    ];

    /// The profile's stable name: `rfc8141`, `draft-03`, `draft-04`.
    pub const fn name(self) -> &'static str {
        match self {
            UrnProfile::Rfc8141 => "rfc8141",
            UrnProfile::Draft03 => "draft-03",
            UrnProfile::Draft04 => "draft-04",
        }
    }

    /// The profile named `name` (as [`name`](UrnProfile::name) spells it).
    pub fn from_name(name: &str) -> Option<UrnProfile> {
        UrnProfile::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// What lexical equivalence is for, which matters under draft-03 only
/// (section 5, step 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Distinguishing named resources: the query is removed (step 5a).
    #[default]
    Names,
    /// Caching resolution results: the directives are kept, in keyword order
    /// (step 5b).
    Caching,
}

impl Objective {
    /// Both objectives, the default first.
    ///
    /// ```
    /// use urikit::urn::Objective;
    /// let names = Objective::ALL.map(Objective::name);
    /// assert_eq!(names, ["names", "caching"]);
    /// ```
    pub const ALL: [Objective; 2] = [Objective::Names, Objective::Caching];

    /// The objective's stable name: `names`, `caching`.
    pub const fn name(self) -> &'static str {
        match self {
            Objective::Names => "names",
            Objective::Caching => "caching",
        }
    }
}

/// A URN: a parsed [`Uri`] with scheme `urn` whose parts follow a
/// [`UrnProfile`]. Borrows its input and never allocates to parse.
///
/// Equality and hashing are those of the string (as for [`Uri`]); use
/// [`equivalent`](Urn::equivalent) or [`key`](Urn::key) for lexical
/// equivalence.
///
/// # Example
/// ```
/// use urikit::urn::{Urn, UrnProfile};
/// use urikit::Uri;
///
/// let uri = Uri::parse("urn:ietf:rfc:2648")?;
/// let urn = Urn::try_from(&uri)?;
/// assert_eq!((urn.nid(), urn.nss()), ("ietf", "rfc:2648"));
/// assert_eq!(urn.as_uri().path(), "ietf:rfc:2648");
///
/// // draft-03 has no "/" in the NSS.
/// assert!(Urn::parse_with("urn:example:a/b", UrnProfile::Draft03).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Urn<'a> {
    uri: Uri<'a>,
    profile: UrnProfile,
    meta: UrnMeta,
}

impl<'a> Urn<'a> {
    /// Parses an RFC 8141 URN (with its optional r-, q- and f-components).
    ///
    /// # Errors
    /// A [`UrnError`] naming the rule broken and the byte that breaks it.
    pub fn parse(s: &'a str) -> Result<Urn<'a>, UrnError> {
        Urn::parse_with(s, UrnProfile::Rfc8141)
    }

    /// Parses a URN under `profile`.
    ///
    /// # Errors
    /// A [`UrnError`] naming the rule broken and the byte that breaks it.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{Urn, UrnErrorKind, UrnProfile};
    ///
    /// let err = Urn::parse_with("urn:foo:a?s=I2L&s=I2R", UrnProfile::Draft03).unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (16, UrnErrorKind::DuplicateDirective));
    /// let err = Urn::parse_with("urn:foo:a%00", UrnProfile::Draft03).unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (9, UrnErrorKind::EncodedNul));
    /// ```
    pub fn parse_with(s: &'a str, profile: UrnProfile) -> Result<Urn<'a>, UrnError> {
        let meta = syntax::parse(s, profile)?;
        // Every profile's grammar is a subset of RFC 3986 `URI`.
        let uri =
            Uri::parse(s).map_err(|e| UrnError::new(e.index(), UrnErrorKind::Uri(e.kind())))?;
        Ok(Urn { uri, profile, meta })
    }

    /// The URN view of a parsed URI under `profile`.
    ///
    /// # Errors
    /// As [`parse_with`](Urn::parse_with).
    pub fn from_uri(uri: &Uri<'a>, profile: UrnProfile) -> Result<Urn<'a>, UrnError> {
        let meta = syntax::parse(uri.as_str(), profile)?;
        Ok(Urn {
            uri: *uri,
            profile,
            meta,
        })
    }

    /// Builds `urn:{nid}:{nss}` with the given components and parses it, so the
    /// result is checked as a whole. `None` leaves a component out; an empty
    /// r- or q-component is an error (RFC 8141 requires them non-empty). Under
    /// draft-03 `q` is the query of directives; `r` must be `None`.
    ///
    /// # Errors
    /// As [`parse_with`](Urn::parse_with), on the assembled string.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{Urn, UrnProfile};
    ///
    /// let s = Urn::build("example", "weather", Some("CCResolve:cc=uk"), Some("op=map"), None, UrnProfile::Rfc8141)?;
    /// assert_eq!(s, "urn:example:weather?+CCResolve:cc=uk?=op=map");
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build(
        nid: &str,
        nss: &str,
        r: Option<&str>,
        q: Option<&str>,
        f: Option<&str>,
        profile: UrnProfile,
    ) -> Result<alloc::string::String, UrnError> {
        use alloc::string::String;
        let mut s = String::with_capacity(8 + nid.len() + nss.len());
        s.push_str("urn:");
        s.push_str(nid);
        s.push(':');
        s.push_str(nss);
        let (r_mark, q_mark) = match profile {
            UrnProfile::Draft03 => ("?+", "?"),
            _ => ("?+", "?="),
        };
        if let Some(r) = r {
            s.push_str(r_mark);
            s.push_str(r);
        }
        if let Some(q) = q {
            s.push_str(q_mark);
            s.push_str(q);
        }
        if let Some(f) = f {
            s.push('#');
            s.push_str(f);
        }
        let urn = Urn::parse_with(&s, profile)?;
        // A delimiter inside a part would move the boundaries: "a#b" as a
        // q-component is a q-component "a" and an f-component "b".
        let m = urn.meta;
        let (q_got, q_end, q_kind) = match profile {
            UrnProfile::Draft03 => (
                urn.query(),
                m.query.map(|q| q.1),
                UrnErrorKind::InvalidDirective,
            ),
            _ => (
                urn.q_component(),
                m.q.map(|q| q.1),
                UrnErrorKind::InvalidQComponent,
            ),
        };
        let parts = [
            (
                Some(urn.nid()),
                Some(nid),
                Some(m.nid_end),
                UrnErrorKind::InvalidNid,
            ),
            (
                Some(urn.nss()),
                Some(nss),
                Some(m.nss_end),
                UrnErrorKind::InvalidNss,
            ),
            (
                urn.r_component(),
                r,
                m.r.map(|r| r.1),
                UrnErrorKind::InvalidRComponent,
            ),
            (q_got, q, q_end, q_kind),
            (urn.f_component(), f, None, UrnErrorKind::InvalidFComponent),
        ];
        for (got, given, end, kind) in parts {
            if got != given {
                return Err(UrnError::new(end.unwrap_or(s.len()), kind));
            }
        }
        Ok(s)
    }

    /// The input, exactly as given.
    pub fn as_str(&self) -> &'a str {
        self.uri.as_str()
    }

    /// The URI this URN is a view of.
    pub fn as_uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The profile it was parsed under.
    pub fn profile(&self) -> UrnProfile {
        self.profile
    }

    /// The scheme as written (`urn`, any case).
    pub fn scheme(&self) -> &'a str {
        &self.as_str()[..3]
    }

    /// The namespace identifier, as written (compare it case-insensitively).
    pub fn nid(&self) -> &'a str {
        &self.as_str()[4..self.meta.nid_end]
    }

    /// The namespace-specific string, raw (not decoded).
    pub fn nss(&self) -> &'a str {
        &self.as_str()[self.meta.nid_end + 1..self.meta.nss_end]
    }

    /// The assigned name `urn:NID:NSS`, without any component after it.
    pub fn assigned_name(&self) -> &'a str {
        &self.as_str()[..self.meta.nss_end]
    }

    /// RFC 8141: the r-component (after `?+`), raw; `None` when absent.
    pub fn r_component(&self) -> Option<&'a str> {
        self.meta.r.map(|(a, b)| &self.as_str()[a..b])
    }

    /// RFC 8141: the q-component (after `?=`), raw; `None` when absent.
    pub fn q_component(&self) -> Option<&'a str> {
        self.meta.q.map(|(a, b)| &self.as_str()[a..b])
    }

    /// The f-component (fragment, after `#`), raw; `None` when absent.
    pub fn f_component(&self) -> Option<&'a str> {
        self.meta.fragment.map(|f| &self.as_str()[f + 1..])
    }

    /// draft-03: the query of directives (after `?`), raw; `None` when absent
    /// (and always `None` under the other profiles).
    pub fn query(&self) -> Option<&'a str> {
        self.meta.query.map(|(a, b)| &self.as_str()[a..b])
    }

    /// draft-03: the `keywd=value` directives of the query, in order (none
    /// without a query or under the other profiles).
    pub fn directives(&self) -> Directives<'a> {
        Directives::new(self.query())
    }

    /// Whether the NID is `nid`, compared case-insensitively.
    pub fn nid_is(&self, nid: &str) -> bool {
        self.nid().eq_ignore_ascii_case(nid)
    }
}

impl<'a> TryFrom<&Uri<'a>> for Urn<'a> {
    type Error = UrnError;
    /// The RFC 8141 view of `uri`.
    fn try_from(uri: &Uri<'a>) -> Result<Urn<'a>, UrnError> {
        Urn::from_uri(uri, UrnProfile::Rfc8141)
    }
}

impl<'a> TryFrom<Uri<'a>> for Urn<'a> {
    type Error = UrnError;
    fn try_from(uri: Uri<'a>) -> Result<Urn<'a>, UrnError> {
        Urn::from_uri(&uri, UrnProfile::Rfc8141)
    }
}

impl<'a> TryFrom<&'a str> for Urn<'a> {
    type Error = UrnError;
    fn try_from(s: &'a str) -> Result<Urn<'a>, UrnError> {
        Urn::parse(s)
    }
}

impl PartialEq for Urn<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for Urn<'_> {}
impl Hash for Urn<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}
impl fmt::Display for Urn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
impl fmt::Debug for Urn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Urn({:?}, {})", self.as_str(), self.profile.name())
    }
}

/// Checks an NID on its own (for example before building a URN), with indexes
/// relative to `nid`.
///
/// # Errors
/// [`UrnErrorKind::InvalidNid`], [`ReservedNid`](UrnErrorKind::ReservedNid) or,
/// under RFC 8141, [`InvalidInformalNid`](UrnErrorKind::InvalidInformalNid).
///
/// # Example
/// ```
/// use urikit::urn::{check_nid, UrnProfile};
/// assert!(check_nid("isbn", UrnProfile::Rfc8141).is_ok());
/// assert_eq!(check_nid("test/abc", UrnProfile::Rfc8141).unwrap_err().index(), 4);
/// assert!(check_nid("urn-7", UrnProfile::Rfc8141).is_ok());
/// assert!(check_nid("urn-x", UrnProfile::Rfc8141).is_err());
/// ```
pub fn check_nid(nid: &str, profile: UrnProfile) -> Result<(), UrnError> {
    syntax::check_nid(nid, profile)
}
