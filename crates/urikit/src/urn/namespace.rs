//! Namespace-specific rules: a small, extensible registry.
//!
//! A [`Namespace`] checks the NSS of its NID (every legal NSS of the ISBN
//! namespace is an ISBN, draft-03 section 3) and may declare additional lexical
//! equivalences (RFC 8141 section 3.1, draft-03 section 5). Those may only
//! *add* equivalences: [`Namespace::normalize`] is handed the NSS after the
//! generic rules (percent-encoding hex in uppercase), so two URNs equivalent
//! under the generic rules stay equivalent.
//!
//! The [`standard`](Namespaces::standard) registry knows:
//!
//! | NID | rules | added equivalences |
//! |---|---|---|
//! | `uuid` (RFC 4122) | `8-4-4-4-12` hex digits | hex case |
//! | `isbn` (RFC 3187, RFC 8254) | ISBN-10 or ISBN-13 with its check digit; `-` anywhere | hyphens, `x`/`X` |
//! | `issn` (RFC 3044) | `NNNN-NNNC` with its check digit | `x`/`X` |
//! | `ietf` (RFC 2648) | `rfc:`, `std:`, `bcp:`, `fyi:` then digits | case of the whole NSS |
//! | `oid` (RFC 3061) | dotted numbers, no leading zeros | none |
//! | `example` (RFC 6963) | none | none |
//!
//! ISBN-10 and ISBN-13 spellings of one book are *not* made equivalent: that
//! is a functional equivalence, known to the ISBN agency, not a lexical one.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::error::{NamespaceRule, UrnError, UrnErrorKind};
use super::Urn;

/// The rules of one URN namespace.
///
/// # Example
/// A namespace of decimal numbers, where leading zeros do not count:
/// ```
/// use std::borrow::Cow;
/// use urikit::urn::{Comparator, Namespace, NamespaceRule, Namespaces, Urn, UrnError};
///
/// struct Num;
/// const DIGITS: NamespaceRule = NamespaceRule { name: "num_digits", expected: "decimal digits" };
/// impl Namespace for Num {
///     fn nid(&self) -> &str { "x-num" }
///     fn check(&self, nss: &str) -> Result<(), UrnError> {
///         match nss.bytes().position(|b| !b.is_ascii_digit()) {
///             Some(i) => Err(UrnError::namespace(i, DIGITS)),
///             None => Ok(()),
///         }
///     }
///     fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
///         let t = nss.trim_start_matches('0');
///         Cow::Borrowed(if t.is_empty() { "0" } else { t })
///     }
/// }
///
/// let mut known = Namespaces::standard();
/// known.register(Box::new(Num));
/// let eq = Comparator::new().namespaces(&known);
/// assert!(eq.equivalent(&Urn::parse("urn:x-num:007")?, &Urn::parse("urn:X-NUM:7")?));
/// let err = known.check(&Urn::parse("urn:x-num:12a")?).unwrap_err();
/// assert_eq!((err.index(), err.kind().name()), (12, "num_digits"));
/// # Ok::<_, urikit::urn::UrnError>(())
/// ```
pub trait Namespace: Send + Sync {
    /// The NID, in lowercase.
    fn nid(&self) -> &str;

    /// Checks a raw NSS of this namespace.
    ///
    /// # Errors
    /// A [`UrnError`] whose index is relative to the NSS, usually built with
    /// [`UrnError::namespace`].
    fn check(&self, nss: &str) -> Result<(), UrnError>;

    /// The NSS in the form that decides this namespace's lexical equivalence.
    /// `nss` has passed [`check`](Namespace::check) and has already gone
    /// through the generic rules; the result must pass `check` too. The
    /// default adds no equivalence.
    fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
        Cow::Borrowed(nss)
    }
}

impl UrnError {
    /// An error of a [`Namespace`] rule at `index`.
    pub const fn namespace(index: usize, rule: NamespaceRule) -> UrnError {
        UrnError::new(index, UrnErrorKind::Namespace(rule))
    }
}

/// A registry of [`Namespace`] rules, looked up by NID (case-insensitively).
pub struct Namespaces {
    list: Vec<Box<dyn Namespace>>,
}

impl Namespaces {
    /// An empty registry.
    pub const fn new() -> Namespaces {
        Namespaces { list: Vec::new() }
    }

    /// The registry of the namespaces this crate knows (see the module docs):
    /// `uuid`, `isbn`, `issn`, `ietf`, `oid`, `example`.
    pub fn standard() -> Namespaces {
        let mut n = Namespaces::new();
        n.register(Box::new(UuidNamespace));
        n.register(Box::new(IsbnNamespace));
        n.register(Box::new(IssnNamespace));
        n.register(Box::new(IetfNamespace));
        n.register(Box::new(OidNamespace));
        n.register(Box::new(ExampleNamespace));
        n
    }

    /// Adds `ns`, replacing any namespace with the same NID.
    pub fn register(&mut self, ns: Box<dyn Namespace>) {
        let nid = ns.nid();
        match self
            .list
            .iter()
            .position(|n| n.nid().eq_ignore_ascii_case(nid))
        {
            Some(k) => self.list[k] = ns,
            None => self.list.push(ns),
        }
    }

    /// The namespace of `nid`, if known.
    pub fn get(&self, nid: &str) -> Option<&dyn Namespace> {
        self.list
            .iter()
            .find(|n| n.nid().eq_ignore_ascii_case(nid))
            .map(|b| &**b)
    }

    /// The NIDs known, in registration order.
    pub fn nids(&self) -> impl Iterator<Item = &str> {
        self.list.iter().map(|n| n.nid())
    }

    /// Checks the NSS of `urn` against the rules of its namespace; a URN of an
    /// unknown namespace passes.
    ///
    /// # Errors
    /// The namespace's error, with its index in the whole URN.
    ///
    /// # Example
    /// ```
    /// use urikit::urn::{Namespaces, Urn};
    /// let known = Namespaces::standard();
    /// assert!(known.check(&Urn::parse("urn:isbn:0-395-36341-1")?).is_ok());
    /// let err = known.check(&Urn::parse("urn:isbn:0-395-36341-2")?).unwrap_err();
    /// assert_eq!((err.index(), err.kind().name()), (21, "isbn_check_digit"));
    /// # Ok::<_, urikit::urn::UrnError>(())
    /// ```
    pub fn check(&self, urn: &Urn<'_>) -> Result<(), UrnError> {
        match self.get(urn.nid()) {
            Some(ns) => ns
                .check(urn.nss())
                .map_err(|e| e.shifted(urn.nid().len() + 5)),
            None => Ok(()),
        }
    }
}

impl Default for Namespaces {
    fn default() -> Namespaces {
        Namespaces::standard()
    }
}

impl fmt::Debug for Namespaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.nids()).finish()
    }
}

/// `uuid` (RFC 4122 section 3): `8HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 4HEXDIG
/// "-" 12HEXDIG`, hex digits case-insensitive.
#[derive(Clone, Copy, Debug, Default)]
pub struct UuidNamespace;

const UUID_SYNTAX: NamespaceRule = NamespaceRule {
    name: "uuid_syntax",
    expected: "a UUID: 8-4-4-4-12 hex digits (RFC 4122)",
};

impl Namespace for UuidNamespace {
    fn nid(&self) -> &str {
        "uuid"
    }
    fn check(&self, nss: &str) -> Result<(), UrnError> {
        let b = nss.as_bytes();
        for i in 0..36 {
            let ok = match (i, b.get(i)) {
                (_, None) => false,
                (8 | 13 | 18 | 23, Some(&c)) => c == b'-',
                (_, Some(c)) => c.is_ascii_hexdigit(),
            };
            if !ok {
                return Err(UrnError::namespace(i, UUID_SYNTAX));
            }
        }
        if b.len() > 36 {
            return Err(UrnError::namespace(36, UUID_SYNTAX));
        }
        Ok(())
    }
    fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
        lowercase(nss)
    }
}

/// `s` in ASCII lowercase, borrowed when already so.
fn lowercase(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// `isbn` (RFC 3187, RFC 8254): an ISBN-10 (`9DIGIT (DIGIT / "X")`, weights
/// 10..1, sum divisible by 11) or ISBN-13 (`13DIGIT`, weights 1,3,1,...,
/// sum divisible by 10); hyphens may appear anywhere and do not count, nor
/// does the case of `x`.
#[derive(Clone, Copy, Debug, Default)]
pub struct IsbnNamespace;

const ISBN_SYNTAX: NamespaceRule = NamespaceRule {
    name: "isbn_syntax",
    expected: "an ISBN: 10 characters (digits, final X) or 13 digits, with optional hyphens",
};
const ISBN_CHECK: NamespaceRule = NamespaceRule {
    name: "isbn_check_digit",
    expected: "the ISBN check digit its other digits give",
};

impl Namespace for IsbnNamespace {
    fn nid(&self) -> &str {
        "isbn"
    }
    fn check(&self, nss: &str) -> Result<(), UrnError> {
        let mut digits = [0u32; 13];
        let mut n = 0;
        let mut last = 0;
        for (i, c) in nss.bytes().enumerate() {
            let v = match c {
                b'-' => continue,
                b'0'..=b'9' => u32::from(c - b'0'),
                b'X' | b'x' if n == 9 => 10,
                _ => return Err(UrnError::namespace(i, ISBN_SYNTAX)),
            };
            if n == 13 {
                return Err(UrnError::namespace(i, ISBN_SYNTAX));
            }
            digits[n] = v;
            n += 1;
            last = i;
        }
        let ok = match n {
            10 => {
                digits[..10]
                    .iter()
                    .zip((1..=10).rev())
                    .map(|(d, w)| d * w)
                    .sum::<u32>()
                    % 11
                    == 0
            }
            13 if digits[12] < 10 && digits[9] < 10 => {
                digits
                    .iter()
                    .enumerate()
                    .map(|(k, d)| d * if k % 2 == 0 { 1 } else { 3 })
                    .sum::<u32>()
                    % 10
                    == 0
            }
            13 => return Err(UrnError::namespace(last, ISBN_SYNTAX)),
            _ => return Err(UrnError::namespace(nss.len(), ISBN_SYNTAX)),
        };
        if ok {
            Ok(())
        } else {
            Err(UrnError::namespace(last, ISBN_CHECK))
        }
    }
    fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
        if nss.bytes().any(|c| c == b'-' || c == b'x') {
            Cow::Owned(
                nss.chars()
                    .filter(|&c| c != '-')
                    .map(|c| c.to_ascii_uppercase())
                    .collect(),
            )
        } else {
            Cow::Borrowed(nss)
        }
    }
}

/// `issn` (RFC 3044): `4DIGIT "-" 3DIGIT (DIGIT / "X")`, weights 8..1, sum
/// divisible by 11; `x` and `X` are equivalent.
#[derive(Clone, Copy, Debug, Default)]
pub struct IssnNamespace;

const ISSN_SYNTAX: NamespaceRule = NamespaceRule {
    name: "issn_syntax",
    expected: "an ISSN: NNNN-NNNC (digits, check digit or X)",
};
const ISSN_CHECK: NamespaceRule = NamespaceRule {
    name: "issn_check_digit",
    expected: "the ISSN check digit its other digits give",
};

impl Namespace for IssnNamespace {
    fn nid(&self) -> &str {
        "issn"
    }
    fn check(&self, nss: &str) -> Result<(), UrnError> {
        let b = nss.as_bytes();
        let mut sum = 0u32;
        let mut weight = 8u32;
        for i in 0..9 {
            let v = match (i, b.get(i)) {
                (4, Some(b'-')) => continue,
                (4, _) | (_, None) => return Err(UrnError::namespace(i, ISSN_SYNTAX)),
                (_, Some(c @ b'0'..=b'9')) => u32::from(c - b'0'),
                (8, Some(b'X' | b'x')) => 10,
                _ => return Err(UrnError::namespace(i, ISSN_SYNTAX)),
            };
            sum += v * weight;
            weight -= 1;
        }
        if b.len() > 9 {
            return Err(UrnError::namespace(9, ISSN_SYNTAX));
        }
        if sum % 11 != 0 {
            return Err(UrnError::namespace(8, ISSN_CHECK));
        }
        Ok(())
    }
    fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
        match nss.strip_suffix('x') {
            Some(head) => Cow::Owned([head, "X"].concat()),
            None => Cow::Borrowed(nss),
        }
    }
}

/// `ietf` (RFC 2648): the NSS is case-insensitive as a whole; the document
/// series `rfc:`, `std:`, `bcp:` and `fyi:` take a number (`1*DIGIT`).
/// Other sub-namespaces (`id:`, `mtg-...`, `params:...`) are not checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct IetfNamespace;

const IETF_NUMBER: NamespaceRule = NamespaceRule {
    name: "ietf_number",
    expected: "a document number (digits) after rfc:, std:, bcp: or fyi: (RFC 2648)",
};

impl Namespace for IetfNamespace {
    fn nid(&self) -> &str {
        "ietf"
    }
    fn check(&self, nss: &str) -> Result<(), UrnError> {
        let Some((series, number)) = nss.split_once(':') else {
            return Ok(());
        };
        if !["rfc", "std", "bcp", "fyi"]
            .iter()
            .any(|s| s.eq_ignore_ascii_case(series))
        {
            return Ok(());
        }
        let start = series.len() + 1;
        if number.is_empty() {
            return Err(UrnError::namespace(start, IETF_NUMBER));
        }
        match number.bytes().position(|c| !c.is_ascii_digit()) {
            Some(k) => Err(UrnError::namespace(start + k, IETF_NUMBER)),
            None => Ok(()),
        }
    }
    fn normalize<'n>(&self, nss: &'n str) -> Cow<'n, str> {
        // Lowercase everything but the hex of %XX, which the generic rules
        // put in uppercase.
        if !nss.bytes().any(|c| c.is_ascii_uppercase()) {
            return Cow::Borrowed(nss);
        }
        let mut out = String::with_capacity(nss.len());
        let mut hex = 0;
        for c in nss.chars() {
            if hex > 0 {
                out.push(c);
                hex -= 1;
            } else {
                out.push(c.to_ascii_lowercase());
                if c == '%' {
                    hex = 2;
                }
            }
        }
        Cow::Owned(out)
    }
}

/// `oid` (RFC 3061): `number *( "." number )`, `number = DIGIT / %x31-39
/// 1*DIGIT`. Adds no equivalence.
#[derive(Clone, Copy, Debug, Default)]
pub struct OidNamespace;

const OID_SYNTAX: NamespaceRule = NamespaceRule {
    name: "oid_syntax",
    expected: "an OID: numbers without leading zeros, separated by \".\" (RFC 3061)",
};

impl Namespace for OidNamespace {
    fn nid(&self) -> &str {
        "oid"
    }
    fn check(&self, nss: &str) -> Result<(), UrnError> {
        let b = nss.as_bytes();
        let mut start = 0;
        loop {
            let end = b[start..]
                .iter()
                .position(|&c| c == b'.')
                .map_or(b.len(), |k| start + k);
            let number = &b[start..end];
            if number.is_empty() || (number[0] == b'0' && number.len() > 1) {
                return Err(UrnError::namespace(
                    start + usize::from(!number.is_empty()),
                    OID_SYNTAX,
                ));
            }
            if let Some(k) = number.iter().position(|c| !c.is_ascii_digit()) {
                return Err(UrnError::namespace(start + k, OID_SYNTAX));
            }
            if end == b.len() {
                return Ok(());
            }
            start = end + 1;
        }
    }
}

/// `example` (RFC 6963): reserved for documentation; any NSS, no added
/// equivalence.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExampleNamespace;

impl Namespace for ExampleNamespace {
    fn nid(&self) -> &str {
        "example"
    }
    fn check(&self, _nss: &str) -> Result<(), UrnError> {
        Ok(())
    }
}
