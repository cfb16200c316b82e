//! Lexical equivalence of URNs (RFC 8141 section 3; draft-03 and draft-04
//! section 5): a canonical string per URN, compared octet by octet.
//!
//! The canonical string is `urn:` + the NID in lowercase + `:` + the NSS with
//! the hex digits of its percent-encodings in uppercase; nothing is decoded.
//! Under RFC 8141 the r-, q- and f-components are left out; under draft-03 the
//! fragment is, and the query too ([`Objective::Names`], step 5a) or its
//! directives are kept, sorted by keyword with a stable sort
//! ([`Objective::Caching`], step 5b). A [`Namespaces`] registry may then
//! rewrite the NSS of a namespace it knows; it is handed the canonical NSS, so
//! URNs equivalent without it stay equivalent with it.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{Namespaces, Objective, Urn, UrnProfile};
use crate::pct;

/// Lexical equivalence with a chosen [`Objective`] and, optionally, the
/// additional rules of known [`Namespaces`]. A `const`-buildable value.
///
/// # Example
/// ```
/// use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnProfile};
///
/// let a = Urn::parse_with("urn:foo:a123,456?s=I2L&c=ToC#x", UrnProfile::Draft03)?;
/// let b = Urn::parse_with("URN:FOO:a123,456?c=ToC&s=I2L", UrnProfile::Draft03)?;
/// let c = Urn::parse_with("urn:foo:a123,456", UrnProfile::Draft03)?;
/// const CACHING: Comparator<'static> = Comparator::new().objective(Objective::Caching);
/// assert!(CACHING.equivalent(&a, &b));
/// assert!(!CACHING.equivalent(&a, &c));
/// assert!(Comparator::new().equivalent(&a, &c)); // Names: the query is removed
/// assert_eq!(CACHING.canonical(&a), "urn:foo:a123,456?c=ToC&s=I2L");
///
/// let known = Namespaces::standard();
/// let with_rules = Comparator::new().namespaces(&known);
/// let u1 = Urn::parse("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")?;
/// let u2 = Urn::parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")?;
/// assert!(with_rules.equivalent(&u1, &u2));
/// assert!(!u1.equivalent(&u2)); // the generic rules keep the NSS case
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Comparator<'r> {
    objective: Objective,
    namespaces: Option<&'r Namespaces>,
}

impl<'r> Comparator<'r> {
    /// Generic lexical equivalence, objective [`Objective::Names`].
    pub const fn new() -> Comparator<'r> {
        Comparator {
            objective: Objective::Names,
            namespaces: None,
        }
    }

    /// With this objective (matters under draft-03 only).
    pub const fn objective(self, objective: Objective) -> Comparator<'r> {
        Comparator { objective, ..self }
    }

    /// With the additional equivalences of these namespaces.
    pub const fn namespaces(self, namespaces: &'r Namespaces) -> Comparator<'r> {
        Comparator {
            namespaces: Some(namespaces),
            ..self
        }
    }

    /// The canonical string of `urn`: two URNs are equivalent exactly when
    /// their canonical strings are equal. It is itself a valid URN under the
    /// profile of `urn`, and equivalent to it.
    pub fn canonical(&self, urn: &Urn<'_>) -> String {
        let nid = urn.nid();
        let nss = urn.nss();
        let mut out = String::with_capacity(urn.as_str().len());
        out.push_str("urn:");
        out.extend(nid.chars().map(|c| c.to_ascii_lowercase()));
        out.push(':');
        // Step 3: the hex of percent-encodings in uppercase.
        let generic = pct::uppercase_hex(nss);
        match self.namespaces.and_then(|n| n.get(nid)) {
            Some(ns) if ns.check(nss).is_ok() => out.push_str(&ns.normalize(&generic)),
            _ => out.push_str(&generic),
        }
        if urn.profile() == UrnProfile::Draft03
            && self.objective == Objective::Caching
            && urn.query().is_some()
        {
            let mut directives: Vec<_> = urn.directives().collect();
            directives.sort_by(|a, b| a.keyword().cmp(b.keyword()));
            for (k, d) in directives.iter().enumerate() {
                out.push(if k == 0 { '?' } else { '&' });
                out.push_str(d.keyword());
                out.push('=');
                pct::push_uppercase_hex(&mut out, d.value());
            }
        }
        out
    }

    /// The hashable key of `urn`: equal keys exactly for equivalent URNs.
    pub fn key(&self, urn: &Urn<'_>) -> UrnKey {
        UrnKey(self.canonical(urn))
    }

    /// Whether `a` and `b` are lexically equivalent.
    pub fn equivalent(&self, a: &Urn<'_>, b: &Urn<'_>) -> bool {
        self.canonical(a) == self.canonical(b)
    }
}

/// An owned key for a URN, equal for lexically equivalent URNs: use it in a
/// `HashMap` or `BTreeMap` to group URNs by equivalence. It holds the
/// canonical string.
///
/// # Example
/// ```
/// use std::collections::HashSet;
/// use urikit::urn::Urn;
///
/// let set: HashSet<_> = ["urn:foo:a%2c1", "URN:FOO:a%2C1", "urn:foo:a,1"]
///     .into_iter()
///     .map(|s| Urn::parse(s).map(|u| u.key()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(set.len(), 2);
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UrnKey(String);

impl UrnKey {
    /// The canonical string.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The canonical string, given up.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for UrnKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Urn<'_> {
    /// Whether `self` and `other` are lexically equivalent under the generic
    /// rules (objective [`Objective::Names`], no namespace rules); see
    /// [`Comparator`] for the others.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::Urn;
    /// let a = Urn::parse("urn:foo:a123%2C456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:FOO:a123%2c456")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:foo:a123,456")?)); // never decoded
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn equivalent(&self, other: &Urn<'_>) -> bool {
        Comparator::new().equivalent(self, other)
    }

    /// The canonical string under the generic rules (see [`Comparator::canonical`]).
    pub fn canonical(&self) -> String {
        Comparator::new().canonical(self)
    }

    /// The hashable key under the generic rules (see [`UrnKey`]).
    pub fn key(&self) -> UrnKey {
        Comparator::new().key(self)
    }
}
