//! Resolution and relativization properties, shared like `props.rs` by the
//! fuzz targets (`resolve`, `relativize`), the property tests and the fuzz
//! regression tests. The oracle is the literal RFC 3986 section 5.2
//! transcription in `tests/refimpl/mod.rs`.

use urikit::iri::{Iri, IriRef};
use urikit::{relativize, JoinError, Profile, ResolveErrorKind, Resolver, Uri, UriRef};

use super::props::{check_parse, Parts};

// The resolve tests load `refimpl` too; one copy each is harmless.
#[allow(clippy::duplicate_mod)]
#[path = "../refimpl/mod.rs"]
mod refimpl;

/// The oracle's target as a string, plus the one serialization rule section
/// 5.3 lacks: a path starting with `//` without an authority is written with
/// `/.` first (else it would read as an authority).
pub fn oracle(base: &str, reference: &str, strict: bool) -> String {
    let mut t = refimpl::resolve(base, reference, strict);
    if t.authority.is_none() && t.path.starts_with("//") {
        t.path.insert_str(0, "/.");
    }
    refimpl::recompose(&t)
}

/// The IRI text form (`Resolver::join_iri`) gives what parsing the
/// reference as an IRI and resolving it (`resolve_iri`) gives, errors
/// included, for every profile and option.
pub fn check_join_iri(base: &str, reference: &str) {
    let Ok(b) = Iri::parse(base) else { return };
    let r = match IriRef::parse(reference) {
        Ok(r) => r,
        Err(e) => {
            assert_eq!(b.join(reference), Err(JoinError::Parse(e)), "join_iri");
            return;
        }
    };
    for profile in [Profile::Rfc3986, Profile::Draft2003, Profile::Draft1997] {
        for (strict, reject) in [(true, false), (false, false), (true, true)] {
            let resolver = Resolver::new()
                .profile(profile)
                .strict(strict)
                .reject_path_underflow(reject);
            let two_calls = resolver.resolve_iri(&b, &r).map_err(JoinError::Resolve);
            assert_eq!(
                resolver.join_iri(&b, reference),
                two_calls,
                "join_iri {profile:?} strict {strict} reject {reject}: {base} + {reference}"
            );
        }
    }
}

/// Resolution: for a valid base URI and reference, RFC 3986 resolution
/// (strict and not) gives exactly the oracle's string, which re-parses to the
/// components the resolver reports; every profile gives a valid URI with the
/// reference's fragment; rejecting underflow either agrees or fails with
/// `PathUnderflow` at an index inside the base or the reference; the text
/// form (`join`) gives the same, errors included (a reference that does not
/// parse is the parse's error).
pub fn check_resolve(base: &str, reference: &str) {
    check_join_iri(base, reference);
    let Ok(b) = Uri::parse(base) else { return };
    let r = match UriRef::parse(reference) {
        Ok(r) => r,
        Err(e) => {
            // The text form reports the parse's error.
            assert_eq!(b.join(reference), Err(JoinError::Parse(e)));
            return;
        }
    };
    for strict in [true, false] {
        let t = Resolver::new()
            .strict(strict)
            .resolve(&b, &r)
            .expect("RFC 3986 resolution never fails");
        // The text form (`join`) gives the same target.
        let joined = Resolver::new().strict(strict).join(&b, reference);
        assert_eq!(joined.as_ref().map(|j| j.as_str()), Ok(t.as_str()), "join");
        assert_eq!(
            t.as_str(),
            oracle(base, reference, strict),
            "{base} + {reference}"
        );
        let again = UriRef::parse(t.as_str()).expect("the target re-parses");
        assert_eq!(Parts::of(&again), Parts::of(&t.as_uri()), "target offsets");
        assert!(again.is_absolute());
        check_parse(t.as_str());

        match Resolver::new()
            .strict(strict)
            .reject_path_underflow(true)
            .resolve(&b, &r)
        {
            Ok(u) => assert_eq!(u.as_str(), t.as_str()),
            Err(e) => {
                assert_eq!(e.kind(), ResolveErrorKind::PathUnderflow);
                assert!(e.index() <= base.len().max(reference.len()));
                let joined = Resolver::new()
                    .strict(strict)
                    .reject_path_underflow(true)
                    .join(&b, reference);
                assert_eq!(joined, Err(JoinError::Resolve(e)), "join");
            }
        }
    }
    for profile in [Profile::Draft2003, Profile::Draft1997] {
        for strict in [true, false] {
            let t = Resolver::new()
                .profile(profile)
                .strict(strict)
                .resolve(&b, &r)
                .expect("resolution never fails");
            let again = Uri::parse(t.as_str()).expect("the target re-parses");
            assert_eq!(
                Parts::of(&again),
                Parts::of(&t.as_uri()),
                "{profile:?} offsets"
            );
            assert_eq!(again.fragment(), r.fragment());
        }
    }
}

/// Relativization: resolving the result against the base gives the target
/// back (the same string); a target that resolution produced is always
/// reachable, by a reference no longer than the one that produced it; an
/// unreachable target has a dot segment.
pub fn check_relativize(base: &str, other: &str) {
    let Ok(b) = Uri::parse(base) else { return };
    if let Ok(t) = Uri::parse(other) {
        match relativize(&b, &t) {
            Ok(rel) => {
                let back = rel.as_uri_ref().resolve_against(&b).expect("resolves");
                assert_eq!(back.as_str(), t.as_str(), "{base} -> {other} via {rel}");
                assert!(rel.as_str().len() <= t.as_str().len());
                check_parse(rel.as_str());
            }
            Err(e) => {
                assert_eq!(e.kind(), ResolveErrorKind::UnreachableTarget);
                assert!(
                    t.segments().any(|s| s == "." || s == ".."),
                    "{base} -> {other}"
                );
                assert!(e.index() <= other.len());
            }
        }
    }
    if let Ok(r) = UriRef::parse(other) {
        let resolved = r.resolve_against(&b).expect("resolves");
        let t = resolved.as_uri();
        let rel = relativize(&b, &t).unwrap_or_else(|e| panic!("{base} -> {t}: {e}"));
        let back = rel.as_uri_ref().resolve_against(&b).expect("resolves");
        assert_eq!(back.as_str(), t.as_str(), "{base} -> {t} via {rel}");
        assert!(
            rel.as_str().len() <= other.len(),
            "{base} + {other} -> {rel}"
        );
    }
}
