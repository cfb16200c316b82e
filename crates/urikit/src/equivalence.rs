//! The comparison ladder (RFC 3986 section 6.2): are two references
//! equivalent at a chosen level, and a key type for hashing them so.
//!
//! ```
//! use std::collections::HashSet;
//! use urikit::equivalence::{equivalent, UriKey};
//! use urikit::normalize::Level;
//! use urikit::UriRef;
//!
//! let a = UriRef::parse("http://example.com")?;
//! let b = UriRef::parse("http://example.com:80/")?;
//! assert!(!equivalent(&a, &b, Level::Syntax));
//! assert!(equivalent(&a, &b, Level::Scheme));
//!
//! let mut seen = HashSet::new();
//! for s in ["HTTP://Example.com", "http://example.com:/", "http://example.com/%7E"] {
//!     seen.insert(UriKey::new(&UriRef::parse(s)?, Level::Scheme));
//! }
//! assert_eq!(seen.len(), 2);
//! # Ok::<_, urikit::ParseError>(())
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::normalize::{Level, Normalizer};
use crate::scheme::SchemeRegistry;
use crate::{UriRef, UriRefBuf};

/// Whether `a` and `b` are equivalent at `level`: their normal forms at that
/// level are the same string. At [`Level::String`] that is plain string
/// equality.
///
/// # Example
/// ```
/// use urikit::{equivalence::equivalent, normalize::Level, UriRef};
/// let a = UriRef::parse("example://a/b/c/%7Bfoo%7D")?;
/// let b = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
/// assert!(equivalent(&a, &b, Level::Syntax));
/// assert!(!equivalent(&a, &b, Level::String));
/// # Ok::<_, urikit::ParseError>(())
/// ```
pub fn equivalent(a: &UriRef<'_>, b: &UriRef<'_>, level: Level) -> bool {
    Normalizer::new().level(level).equivalent(a, b)
}

impl Normalizer {
    /// Whether `a` and `b` have the same normal form under this normalizer
    /// (its level and its optional steps).
    pub fn equivalent(&self, a: &UriRef<'_>, b: &UriRef<'_>) -> bool {
        if a.as_str() == b.as_str() {
            return true;
        }
        if self.get_level() == Level::String && *self == Normalizer::new().level(Level::String) {
            return false;
        }
        self.normalize(a).as_str() == self.normalize(b).as_str()
    }

    /// The key of `r` under this normalizer: keys are equal, and hash alike,
    /// exactly when the references are [`equivalent`](Normalizer::equivalent).
    pub fn key(&self, r: &UriRef<'_>) -> UriKey {
        UriKey {
            normal: self.normalize(r),
        }
    }

    /// [`equivalent`](Normalizer::equivalent) with the caller's scheme
    /// registry (their schemes' default ports count).
    pub fn equivalent_with(
        &self,
        a: &UriRef<'_>,
        b: &UriRef<'_>,
        schemes: &SchemeRegistry,
    ) -> bool {
        a.as_str() == b.as_str()
            || self.normalize_with(a, schemes).as_str() == self.normalize_with(b, schemes).as_str()
    }

    /// [`key`](Normalizer::key) with the caller's scheme registry.
    ///
    /// # Example
    /// ```
    /// use urikit::normalize::{Level, Normalizer};
    /// use urikit::scheme::{SchemeInfo, SchemeRegistry};
    /// let mut schemes = SchemeRegistry::standard();
    /// schemes.register("x-db", SchemeInfo::new().default_port(5432));
    /// let n = Normalizer::new().level(Level::Scheme);
    /// let a = urikit::UriRef::parse("x-db://h:5432/d")?;
    /// let b = urikit::UriRef::parse("X-DB://H/d")?;
    /// assert_eq!(n.key_with(&a, &schemes), n.key_with(&b, &schemes));
    /// assert_ne!(n.key(&a), n.key(&b));
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn key_with(&self, r: &UriRef<'_>, schemes: &SchemeRegistry) -> UriKey {
        UriKey {
            normal: self.normalize_with(r, schemes),
        }
    }
}

/// A reference reduced to its normal form at some level, for `HashSet`s,
/// `HashMap`s and sorting that deduplicate at that level. `Eq`, `Ord` and
/// `Hash` all look at the normal form only, so they agree with each other
/// and with the equivalence of the level the key was made at. (Keys made at
/// different levels should not be mixed.)
#[derive(Clone)]
pub struct UriKey {
    normal: UriRefBuf,
}

impl UriKey {
    /// The key of `r` at `level`.
    pub fn new(r: &UriRef<'_>, level: Level) -> UriKey {
        Normalizer::new().level(level).key(r)
    }

    /// The normal form the key stands for.
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        self.normal.as_uri_ref()
    }

    /// The normal form, as a string.
    pub fn as_str(&self) -> &str {
        self.normal.as_str()
    }

    /// The normal form, owned.
    pub fn into_normalized(self) -> UriRefBuf {
        self.normal
    }
}

impl PartialEq for UriKey {
    fn eq(&self, other: &UriKey) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for UriKey {}

impl PartialOrd for UriKey {
    fn partial_cmp(&self, other: &UriKey) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UriKey {
    fn cmp(&self, other: &UriKey) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for UriKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for UriKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UriKey({:?})", self.as_str())
    }
}

impl fmt::Display for UriKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
