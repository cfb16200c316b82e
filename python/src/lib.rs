//! urikit for Python: the `urikit._urikit` extension module. The Python
//! package (`python/urikit/`) re-exports it with its exceptions and types;
//! `urikit/_urikit.pyi` is its typed interface.

mod arrow;
mod canon;
mod check;
mod errors;
mod extract;
mod ffi;
mod idna;
mod iri;
mod options;
mod uri;
mod urllib;
mod urn;
mod whatwg;

use pyo3::prelude::*;

#[pymodule]
fn _urikit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The names the batch functions take, from the kernels' own lists.
    let components: Vec<&str> = urikit_arrow::Component::ALL
        .iter()
        .map(|c| c.name())
        .collect();
    m.add("COMPONENTS", pyo3::types::PyTuple::new(m.py(), components)?)?;
    let url_parts: Vec<&str> = urikit_arrow::UrlPart::ALL
        .iter()
        .map(|p| p.name())
        .collect();
    m.add("URL_PARTS", pyo3::types::PyTuple::new(m.py(), url_parts)?)?;
    m.add_class::<uri::PyUriRef>()?;
    m.add_class::<urn::PyUrn>()?;
    m.add_class::<check::PyFinding>()?;
    m.add_class::<check::PyCheckReport>()?;
    m.add_class::<extract::PyMatch>()?;
    m.add_class::<arrow::PyArrowArray>()?;
    m.add_class::<whatwg::PyUrl>()?;
    m.add_class::<whatwg::PyReadings>()?;
    m.add_class::<whatwg::PyDifference>()?;
    m.add_function(wrap_pyfunction!(uri::parse, m)?)?;
    m.add_function(wrap_pyfunction!(uri::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(uri::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(uri::relativize, m)?)?;
    m.add_function(wrap_pyfunction!(uri::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(uri::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(iri::is_valid_iri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::iri_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::uri_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::resolve_iri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::normalize_iri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::equivalent_iri, m)?)?;
    m.add_function(wrap_pyfunction!(urn::parse_urn, m)?)?;
    m.add_function(wrap_pyfunction!(urn::urn_equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_function(wrap_pyfunction!(canon::canonicalize, m)?)?;
    m.add_function(wrap_pyfunction!(canon::surt, m)?)?;
    m.add_function(wrap_pyfunction!(canon::domain, m)?)?;
    m.add_function(wrap_pyfunction!(canon::registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(canon::arrow_surt, m)?)?;
    m.add_function(wrap_pyfunction!(canon::arrow_registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg::whatwg_readings, m)?)?;
    m.add_function(wrap_pyfunction!(whatwg::whatwg_compare, m)?)?;
    m.add_function(wrap_pyfunction!(idna::idna_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(idna::idna_to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(idna::idna_to_display, m)?)?;
    m.add_function(wrap_pyfunction!(idna::idna_check_label, m)?)?;
    m.add_function(wrap_pyfunction!(extract::extract, m)?)?;
    m.add_function(wrap_pyfunction!(urllib::urlsplit, m)?)?;
    m.add_function(wrap_pyfunction!(urllib::urlparse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_component, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_query_param, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_whatwg, m)?)?;
    Ok(())
}
