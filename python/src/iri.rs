//! IRIs (RFC 3987): validity, conversion to and from URIs, resolution,
//! normalization and equivalence of single IRI references.

use pyo3::prelude::*;
use urikit::iri::{Iri, IriRef};
use urikit::normalize::Normalizer;
use urikit::{Resolver, UriRef};

use crate::errors::{parse_error, resolve_error};
use crate::options;

fn iri_ref(s: &str) -> PyResult<IriRef<'_>> {
    IriRef::parse(s).map_err(|e| parse_error(s, &e))
}

/// Whether `s` is an RFC 3987 IRI reference.
#[pyfunction]
pub fn is_valid_iri(s: &str) -> bool {
    IriRef::parse(s).is_ok()
}

/// The URI of an IRI reference (RFC 3987 3.1): every non-ASCII character
/// percent-encoded as UTF-8, nothing else changed.
#[pyfunction]
pub fn iri_to_uri(s: &str) -> PyResult<String> {
    Ok(iri_ref(s)?.to_uri().into_string())
}

/// The IRI of a URI reference (RFC 3987 3.2): `%XX` runs that are UTF-8 of
/// a character an IRI may hold decoded, the rest kept (so `iri_to_uri`
/// gives the URI back).
#[pyfunction]
pub fn uri_to_iri(s: &str) -> PyResult<String> {
    let r = UriRef::parse(s).map_err(|e| parse_error(s, &e))?;
    Ok(r.to_iri().into_string())
}

/// `reference` resolved against `base` (RFC 3987 6.5: RFC 3986's algorithm
/// on the IRIs as written).
#[pyfunction]
pub fn resolve_iri(base: &str, reference: &str) -> PyResult<String> {
    let b = Iri::parse(base).map_err(|e| parse_error(base, &e))?;
    let r = iri_ref(reference)?;
    match Resolver::new().resolve_iri(&b, &r) {
        Ok(t) => Ok(t.into_string()),
        Err(e) => Err(resolve_error(reference, &e)),
    }
}

/// The normal form of an IRI reference (RFC 3987 5.3).
#[pyfunction]
#[pyo3(signature = (s, *, level = "syntax"))]
pub fn normalize_iri(s: &str, level: &str) -> PyResult<String> {
    let n = Normalizer::new().level(options::level(level)?);
    Ok(n.normalize_iri(&iri_ref(s)?).into_string())
}

/// Whether two IRI references have the same normal form at `level`.
#[pyfunction]
#[pyo3(signature = (a, b, *, level = "syntax"))]
pub fn equivalent_iri(a: &str, b: &str, level: &str) -> PyResult<bool> {
    let n = Normalizer::new().level(options::level(level)?);
    Ok(n.equivalent_iri(&iri_ref(a)?, &iri_ref(b)?))
}
