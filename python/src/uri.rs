//! `urikit.parse` and the `UriRef` class; resolution, relativization,
//! normalization and equivalence of single references.

use pyo3::prelude::*;
use urikit::build::QueryEncoding;
use urikit::normalize::Normalizer;
use urikit::{relativize as relativize_uri, Resolver, Uri, UriRefBuf};

use crate::errors::{parse_error, resolve_error};
use crate::options;

/// A parsed RFC 3986 URI reference: its components, raw (percent-encoding
/// kept); `None` for an absent component, `""` for a present empty one.
#[pyclass(frozen, module = "urikit", name = "UriRef")]
pub struct PyUriRef {
    buf: UriRefBuf,
}

impl PyUriRef {
    fn r(&self) -> urikit::UriRef<'_> {
        self.buf.as_uri_ref()
    }

    /// The reference, borrowed.
    pub fn as_uri_ref(&self) -> urikit::UriRef<'_> {
        self.r()
    }

    /// A copy of a parsed reference.
    pub fn from_ref(r: &urikit::UriRef<'_>) -> PyUriRef {
        PyUriRef { buf: r.to_owned() }
    }
}

#[pymethods]
impl PyUriRef {
    /// Parses `s`; `ParseError` (with `kind` and `index`) when it is not a
    /// URI reference.
    #[new]
    fn new(s: String) -> PyResult<PyUriRef> {
        match UriRefBuf::parse(s) {
            Ok(buf) => Ok(PyUriRef { buf }),
            Err((e, s)) => Err(parse_error(&s, &e)),
        }
    }

    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.r().scheme()
    }
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.r().authority().map(|a| a.as_str())
    }
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.r().userinfo()
    }
    #[getter]
    fn host(&self) -> Option<&str> {
        self.r().host_str()
    }
    /// `"ipv4"`, `"ipv6"`, `"ipvfuture"` or `"reg-name"`; `None` without an authority.
    #[getter]
    fn host_type(&self) -> Option<&'static str> {
        self.r().host().map(|h| h.kind_name())
    }
    #[getter]
    fn port(&self) -> Option<&str> {
        self.r().port()
    }
    /// The port as a number; `None` when absent, empty or over 65535.
    #[getter]
    fn port_number(&self) -> Option<u16> {
        self.r().port_u16()
    }
    #[getter]
    fn path(&self) -> &str {
        self.r().path()
    }
    #[getter]
    fn query(&self) -> Option<&str> {
        self.r().query()
    }
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.r().fragment()
    }
    /// Whether it has a scheme (a URI, not a relative reference).
    fn is_absolute(&self) -> bool {
        self.r().is_absolute()
    }
    /// The path's segments, raw.
    fn segments(&self) -> Vec<&str> {
        self.r().segments().collect()
    }
    /// The query's `key=value` pairs, decoded (`form=True`: `+` is a space);
    /// the value is `None` for a bare key.
    #[pyo3(signature = (*, form = false))]
    fn query_pairs(&self, form: bool) -> Vec<(String, Option<String>)> {
        let enc = if form {
            QueryEncoding::Form
        } else {
            QueryEncoding::Percent
        };
        self.r()
            .query_pairs(enc)
            .map(|p| (p.key().into_owned(), p.value().map(|v| v.into_owned())))
            .collect()
    }
    /// The components as a dict (the keys of `urikit parse --format json`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("scheme", self.scheme())?;
        d.set_item("authority", self.authority())?;
        d.set_item("userinfo", self.userinfo())?;
        d.set_item("host", self.host())?;
        d.set_item("host_type", self.host_type())?;
        d.set_item("port", self.port())?;
        d.set_item("path", self.path())?;
        d.set_item("query", self.query())?;
        d.set_item("fragment", self.fragment())?;
        Ok(d)
    }
    fn __str__(&self) -> &str {
        self.buf.as_str()
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let s = pyo3::types::PyString::new(slf.py(), slf.get().buf.as_str());
        Ok(format!("UriRef({})", s.repr()?))
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.buf.as_str().hash(&mut h);
        h.finish()
    }
    /// Equal when the strings are (`urikit.equivalent` compares normal forms).
    fn __eq__(&self, other: PyRef<'_, PyUriRef>) -> bool {
        self.buf.as_str() == other.buf.as_str()
    }
}

/// Parses `s` as an RFC 3986 URI reference.
#[pyfunction]
pub fn parse(s: String) -> PyResult<PyUriRef> {
    PyUriRef::new(s)
}

/// Whether `s` is an RFC 3986 URI reference.
#[pyfunction]
pub fn is_valid(s: &str) -> bool {
    urikit::UriRef::parse(s).is_ok()
}

/// `base` parsed as an absolute URI (`ParseError` otherwise).
fn base_uri(base: &str) -> PyResult<Uri<'_>> {
    Uri::parse(base).map_err(|e| parse_error(base, &e))
}

/// `reference` resolved against `base` (RFC 3986 section 5.2, or a draft's
/// algorithm by `profile`).
#[pyfunction]
#[pyo3(signature = (base, reference, *, profile = "rfc3986", strict = true, reject_underflow = false))]
pub fn resolve(
    base: &str,
    reference: &str,
    profile: &str,
    strict: bool,
    reject_underflow: bool,
) -> PyResult<String> {
    let resolver = Resolver::new()
        .profile(options::profile(profile)?)
        .strict(strict)
        .reject_path_underflow(reject_underflow);
    let b = base_uri(base)?;
    let r = urikit::UriRef::parse(reference).map_err(|e| parse_error(reference, &e))?;
    match resolver.resolve(&b, &r) {
        Ok(t) => Ok(t.into_string()),
        Err(e) => Err(resolve_error(reference, &e)),
    }
}

/// The shortest reference that resolves against `base` to `target`.
#[pyfunction]
pub fn relativize(base: &str, target: &str) -> PyResult<String> {
    let b = base_uri(base)?;
    let t = Uri::parse(target).map_err(|e| parse_error(target, &e))?;
    match relativize_uri(&b, &t) {
        Ok(r) => Ok(r.into_string()),
        Err(e) => Err(resolve_error(target, &e)),
    }
}

/// The normalizer the keyword options describe.
pub fn normalizer(
    level: &str,
    drop_fragment: bool,
    sort_query: bool,
    remove_trailing_host_dot: bool,
) -> PyResult<Normalizer> {
    Ok(Normalizer::new()
        .level(options::level(level)?)
        .drop_fragment(drop_fragment)
        .sort_query(sort_query)
        .remove_trailing_host_dot(remove_trailing_host_dot))
}

/// The normal form of `s` (RFC 3986 section 6.2).
#[pyfunction]
#[pyo3(signature = (s, *, level = "syntax", drop_fragment = false, sort_query = false, remove_trailing_host_dot = false))]
pub fn normalize(
    s: &str,
    level: &str,
    drop_fragment: bool,
    sort_query: bool,
    remove_trailing_host_dot: bool,
) -> PyResult<String> {
    let n = normalizer(level, drop_fragment, sort_query, remove_trailing_host_dot)?;
    match n.normalize_str(s) {
        Ok(u) => Ok(u.into_string()),
        Err(e) => Err(parse_error(s, &e)),
    }
}

/// Whether `a` and `b` are equivalent at `level` of the comparison ladder.
#[pyfunction]
#[pyo3(signature = (a, b, *, level = "syntax"))]
pub fn equivalent(a: &str, b: &str, level: &str) -> PyResult<bool> {
    let n = Normalizer::new().level(options::level(level)?);
    let pa = urikit::UriRef::parse(a).map_err(|e| parse_error(a, &e))?;
    let pb = urikit::UriRef::parse(b).map_err(|e| parse_error(b, &e))?;
    Ok(n.equivalent(&pa, &pb))
}
