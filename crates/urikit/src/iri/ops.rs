//! Resolution, normalization and comparison of IRIs (RFC 3987 sections 5
//! and 6.5), on the URI machinery.
//!
//! - Resolution is RFC 3986 section 5.2's algorithm, which looks only at
//!   ASCII delimiters (`/`, `.`, `?`, `#`) and copies everything else: the
//!   [`Resolver`] runs on the IRIs as they are, and the target keeps the
//!   characters of base and reference as written (section 6.5). One
//!   exception keeps the target an IRI: the 1997 draft's profile merges the
//!   reference's query into the path, and a private-use character
//!   (`iprivate`, allowed in the query only) that a `..` leaves in the path
//!   is percent-encoded there.
//! - Normalization is section 5.3.2's syntax-based ladder (and, with
//!   [`Level::Scheme`](crate::normalize::Level), 5.3.3's): the IRI is mapped
//!   to its URI (3.1), normalized there by the [`Normalizer`] (case of the
//!   scheme, the host's ASCII letters and `%XX`; percent-encoded unreserved
//!   characters decoded; dot segments removed; ...), and mapped back with
//!   every percent-encoded `ucschar` decoded (5.3.2.3 decodes the
//!   percent-encoded `iunreserved` characters; bidi formatting characters and
//!   `iprivate` stay encoded). No Unicode normalization (NFC): 5.3.2.2 has comparison rely
//!   on IRIs being created normalized, not apply it.
//! - Two IRIs are equivalent when their normal forms are equal, which is
//!   when their URIs' are (the mapping back is one to one on normal forms).

use super::convert::{decoded, normal_char};
use super::{Iri, IriBuf, IriRef, IriRefBuf};
use crate::normalize::{Level, Normalizer};
use crate::{JoinError, ResolveError, Resolver};

impl Resolver {
    /// Resolves an IRI reference against an absolute IRI (RFC 3987 section
    /// 6.5: RFC 3986 section 5.2 applied to IRIs), with this resolver's
    /// profile and options.
    ///
    /// # Errors
    /// As [`Resolver::resolve`] (indices in the reference).
    ///
    /// ```
    /// use urikit::iri::{Iri, IriRef};
    /// use urikit::Resolver;
    /// let base = Iri::parse("http://例え.jp/a/b/c?q")?;
    /// let r = IriRef::parse("../ü/./d#é")?;
    /// assert_eq!(Resolver::new().resolve_iri(&base, &r)?.as_str(), "http://例え.jp/a/ü/d#é");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_iri(
        &self,
        base: &Iri<'_>,
        reference: &IriRef<'_>,
    ) -> Result<IriBuf, ResolveError> {
        let target = self.resolve(&base.inner_uri(), &reference.inner())?;
        Ok(IriBuf::from_uri_buf(target))
    }

    /// Parses `reference` as an IRI reference and resolves it against
    /// `base`: [`IriRef::parse`] and [`resolve_iri`](Resolver::resolve_iri)
    /// in one call ([`Resolver::join`] for IRIs).
    ///
    /// # Errors
    /// [`JoinError::Parse`] when `reference` is not an IRI reference;
    /// [`JoinError::Resolve`] as [`resolve`](Resolver::resolve) fails.
    ///
    /// ```
    /// use urikit::iri::Iri;
    /// use urikit::Resolver;
    /// let base = Iri::parse("http://例え.jp/a/b/c?q")?;
    /// assert_eq!(Resolver::new().join_iri(&base, "../ü#é")?.as_str(), "http://例え.jp/a/ü#é");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn join_iri(&self, base: &Iri<'_>, reference: &str) -> Result<IriBuf, JoinError> {
        // As `join`: the parsed reference read where the parser wrote it,
        // and the resolution's copy made for `JoinError` (no conversion of
        // the error).
        match &IriRef::parse(reference) {
            Ok(r) => self
                .profile_copy(&base.inner_uri(), &r.inner())
                .map(IriBuf::from_uri_buf),
            Err(e) => Err(JoinError::Parse(*e)),
        }
    }
}

impl Iri<'_> {
    /// Parses `reference` and resolves it against this IRI, RFC 3986
    /// strict ([`Resolver::join_iri`] with the default resolver).
    ///
    /// # Errors
    /// [`JoinError::Parse`] when `reference` is not an IRI reference.
    ///
    /// ```
    /// let base = urikit::iri::Iri::parse("http://例え.jp/ü/index.html")?;
    /// assert_eq!(base.join("b.html")?.as_str(), "http://例え.jp/ü/b.html");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<IriBuf, JoinError> {
        Resolver::new().join_iri(self, reference)
    }
}

impl IriRef<'_> {
    /// RFC 3987 / RFC 3986 strict resolution against `base`
    /// ([`Resolver::resolve_iri`] with the default resolver).
    ///
    /// # Errors
    /// As [`Resolver::resolve`].
    pub fn resolve_against(&self, base: &Iri<'_>) -> Result<IriBuf, ResolveError> {
        Resolver::new().resolve_iri(base, self)
    }
}

impl Normalizer {
    /// The normal form of an IRI reference at this normalizer's level (RFC
    /// 3987 section 5.3; see [`crate::iri`] for how): the URI's normal
    /// form, with every percent-encoded `ucschar` decoded (not the bidi
    /// formatting characters, nor private-use ones).
    ///
    /// ```
    /// use urikit::iri::IriRef;
    /// use urikit::normalize::Normalizer;
    /// let r = IriRef::parse("HTTP://Example.COM/%7e/./r%C3%A9sum%c3%a9/%E2%80%AE?%ee%80%80")?;
    /// assert_eq!(
    ///     Normalizer::new().normalize_iri(&r).as_str(),
    ///     "http://example.com/~/résumé/%E2%80%AE?%EE%80%80"
    /// );
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn normalize_iri(&self, r: &IriRef<'_>) -> IriRefBuf {
        let normal = self.normalize(&r.to_uri().as_uri_ref());
        decoded(&normal.as_uri_ref(), normal_char)
    }

    /// Whether two IRI references have the same normal form at this
    /// normalizer's level (RFC 3987 section 5.3).
    ///
    /// ```
    /// use urikit::iri::IriRef;
    /// use urikit::normalize::{Level, Normalizer};
    /// let a = IriRef::parse("http://bücher.example/é")?;
    /// let b = IriRef::parse("HTTP://b%C3%BCcher.example:80/%C3%A9")?;
    /// assert!(Normalizer::new().level(Level::Scheme).equivalent_iri(&a, &b));
    /// assert!(!Normalizer::new().equivalent_iri(&a, &b)); // the port is scheme-based
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn equivalent_iri(&self, a: &IriRef<'_>, b: &IriRef<'_>) -> bool {
        let a = self.normalize(&a.to_uri().as_uri_ref());
        let b = self.normalize(&b.to_uri().as_uri_ref());
        a == b
    }
}

/// Whether two IRI references are equivalent at `level` (RFC 3987 section
/// 5.3): [`Normalizer::equivalent_iri`].
pub fn equivalent(a: &IriRef<'_>, b: &IriRef<'_>, level: Level) -> bool {
    Normalizer::new().level(level).equivalent_iri(a, b)
}
