//! `urikit.check`: the security findings of RFC 3986 section 7, as
//! `urikit check` reports them.

use pyo3::prelude::*;
use urikit::security::Checker;

use crate::errors::{char_index, parse_error};

/// One finding: a stable `code`, a `severity` (`info`, `warning`,
/// `danger`), a message, and the characters `start:end` it is about.
#[pyclass(frozen, get_all, module = "urikit", name = "Finding")]
pub struct PyFinding {
    code: &'static str,
    severity: &'static str,
    message: String,
    start: usize,
    end: usize,
}

#[pymethods]
impl PyFinding {
    fn __repr__(&self) -> String {
        format!(
            "Finding(code={:?}, severity={:?}, start={}, end={}, message={:?})",
            self.code, self.severity, self.start, self.end, self.message
        )
    }
}

/// What `check` found: `findings` (by position), and `error`, the
/// `ParseError` when the input is not an RFC 3986 URI reference (the
/// checks for lenient input still ran).
#[pyclass(frozen, get_all, module = "urikit", name = "CheckReport")]
pub struct PyCheckReport {
    findings: Vec<Py<PyFinding>>,
    error: Option<Py<PyAny>>,
}

#[pymethods]
impl PyCheckReport {
    /// Whether the input is an RFC 3986 URI reference.
    #[getter]
    fn valid(&self) -> bool {
        self.error.is_none()
    }
    /// The highest severity found (`None` without findings).
    #[getter]
    fn max_severity(&self, py: Python<'_>) -> Option<&'static str> {
        let rank = |s: &str| ["info", "warning", "danger"].iter().position(|x| *x == s);
        self.findings
            .iter()
            .map(|f| f.bind(py).get().severity)
            .max_by_key(|s| rank(s))
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        let codes: Vec<&str> = self
            .findings
            .iter()
            .map(|f| f.bind(py).get().code)
            .collect();
        format!(
            "CheckReport(valid={}, findings={codes:?})",
            if self.valid() { "True" } else { "False" }
        )
    }
}

/// The security checks of RFC 3986 section 7 on `s` (as `urikit check`).
#[pyfunction]
pub fn check(py: Python<'_>, s: &str) -> PyResult<PyCheckReport> {
    let report = Checker::new().check_str(s);
    let findings = report
        .findings
        .into_iter()
        .map(|f| {
            Py::new(
                py,
                PyFinding {
                    code: f.code.name(),
                    severity: f.severity.name(),
                    message: f.message,
                    start: char_index(s, f.start),
                    end: char_index(s, f.end),
                },
            )
        })
        .collect::<PyResult<_>>()?;
    let error = report
        .error
        .map(|e| parse_error(s, &e).into_value(py).into_any());
    Ok(PyCheckReport { findings, error })
}
