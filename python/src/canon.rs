//! Crawler canonicalization (`urikit.canonicalize`), SURT keys
//! (`urikit.surt`, `urikit.arrow.surt`) and registrable domains by the Public
//! Suffix List (`urikit.domain`, `urikit.registrable_domain`,
//! `urikit.arrow.registrable_domain`), as `urikit canon`, `surt` and
//! `domain` give them.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use urikit::canon::{Canonicalizer, Profile, Surt};
use urikit::psl::{Domain, DomainError, List};

use crate::arrow::{column, output, PyArrowArray};
use crate::errors::{bad_option, domain_error, row_error};

/// `profile=` of canonicalization.
fn canonicalizer(profile: &str) -> PyResult<Canonicalizer> {
    match Profile::from_name(profile) {
        Some(p) => Ok(p.canonicalizer()),
        None => {
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            Err(bad_option("profile", profile, &names))
        }
    }
}

/// The SURT writer the keyword options describe.
fn surt_writer(with_scheme: bool, trailing_comma: bool, reverse_ip: bool) -> Surt {
    Surt::IA
        .with_scheme(with_scheme)
        .trailing_comma(trailing_comma)
        .reverse_ip(reverse_ip)
}

/// `url` canonicalized by a crawler profile (any text is accepted).
#[pyfunction]
#[pyo3(signature = (url, *, profile = "semantic_precise"))]
pub fn canonicalize(url: &str, profile: &str) -> PyResult<String> {
    Ok(canonicalizer(profile)?.canonicalize_str(url))
}

/// The SURT key of `url` (the Wayback Machine's by default).
#[pyfunction]
#[pyo3(signature = (url, *, profile = "ia", with_scheme = false, trailing_comma = false, reverse_ip = true))]
pub fn surt(
    url: &str,
    profile: &str,
    with_scheme: bool,
    trailing_comma: bool,
    reverse_ip: bool,
) -> PyResult<String> {
    let canon = canonicalizer(profile)?;
    let writer = surt_writer(with_scheme, trailing_comma, reverse_ip);
    let column =
        urikit_arrow::StringColumn::new(vec![
            Arc::new(arrow_array::StringArray::from(vec![url])) as _
        ])
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let key = urikit_arrow::surt(&column, &canon, writer).map_err(row_error)?;
    Ok(key.value(0).to_owned())
}

/// The public suffix, registrable domain, subdomain and list section of a
/// host, or of a URL's host (an input with `://`).
#[pyfunction]
#[pyo3(signature = (host_or_url, *, icann_only = false))]
pub fn domain<'py>(
    py: Python<'py>,
    host_or_url: &str,
    icann_only: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let host = urikit_arrow::host_of(host_or_url);
    let d = lookup(host, icann_only).map_err(|e| domain_error(host, &e))?;
    let out = PyDict::new(py);
    out.set_item("host", d.host())?;
    out.set_item("public_suffix", d.public_suffix())?;
    out.set_item("registrable_domain", d.registrable_domain())?;
    out.set_item("subdomain", d.subdomain())?;
    out.set_item("section", d.section().map(|s| s.name()))?;
    Ok(out)
}

/// The registrable domain of a host or of a URL's host; `None` when it has
/// none (a public suffix, an IP address, an empty host).
#[pyfunction]
#[pyo3(signature = (host_or_url, *, icann_only = false))]
pub fn registrable_domain(host_or_url: &str, icann_only: bool) -> Option<&str> {
    lookup(urikit_arrow::host_of(host_or_url), icann_only)
        .ok()?
        .registrable_domain()
}

/// `host` in the embedded Public Suffix List (its ICANN section only, or both).
fn lookup(host: &str, icann_only: bool) -> Result<Domain<'_>, DomainError> {
    let list = List::embedded();
    if icann_only {
        list.domain_icann(host)
    } else {
        list.domain(host)
    }
}

/// The SURT key of every row.
#[pyfunction]
#[pyo3(signature = (column, *, profile = "ia", with_scheme = false, trailing_comma = false, reverse_ip = true, views = true))]
pub fn arrow_surt(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    profile: &str,
    with_scheme: bool,
    trailing_comma: bool,
    reverse_ip: bool,
    views: bool,
) -> PyResult<PyArrowArray> {
    let canon = canonicalizer(profile)?;
    let writer = surt_writer(with_scheme, trailing_comma, reverse_ip);
    let col = self::column(column)?;
    let a = py
        .detach(|| urikit_arrow::surt(&col, &canon, writer))
        .map_err(row_error)?;
    output("surt", Arc::new(a), views)
}

/// The registrable domain of every row (hosts or URLs).
#[pyfunction]
#[pyo3(signature = (column, *, icann_only = false, views = true))]
pub fn arrow_registrable_domain(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    icann_only: bool,
    views: bool,
) -> PyResult<PyArrowArray> {
    let col = self::column(column)?;
    let a = py
        .detach(|| urikit_arrow::registrable_domain(&col, List::embedded(), icann_only))
        .map_err(row_error)?;
    output("registrable_domain", Arc::new(a), views)
}
