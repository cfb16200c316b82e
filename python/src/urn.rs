//! `urikit.parse_urn`, the `Urn` class and `urn_equivalent` (RFC 8141 and
//! the drafts' profiles, with the known namespaces' rules unless `generic`).

use pyo3::prelude::*;
use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnBuf, UrnError, UrnProfile};

use crate::errors::urn_error;
use crate::options;

/// How URNs are read and compared: profile, objective, namespaces.
#[derive(Clone, Copy)]
struct Rules {
    profile: UrnProfile,
    objective: Objective,
    generic: bool,
}

impl Rules {
    fn new(profile: &str, objective: &str, generic: bool) -> PyResult<Rules> {
        Ok(Rules {
            profile: options::urn_profile(profile)?,
            objective: options::objective(objective)?,
            generic,
        })
    }

    /// The namespaces whose rules apply (`None` when generic).
    fn namespaces(&self) -> Option<Namespaces> {
        (!self.generic).then(Namespaces::standard)
    }

    fn comparator<'n>(&self, namespaces: Option<&'n Namespaces>) -> Comparator<'n> {
        let c = Comparator::new().objective(self.objective);
        match namespaces {
            Some(n) => c.namespaces(n),
            None => c,
        }
    }

    /// `s` parsed under the profile, then checked by its namespace's rules.
    fn parse<'a>(&self, s: &'a str, namespaces: Option<&Namespaces>) -> Result<Urn<'a>, UrnError> {
        let urn = Urn::parse_with(s, self.profile)?;
        if let Some(n) = namespaces {
            n.check(&urn)?;
        }
        Ok(urn)
    }
}

/// A URN: its parts raw (percent-encoding kept; `None` when absent), and
/// its canonical form for lexical equivalence.
#[pyclass(frozen, module = "urikit", name = "Urn")]
pub struct PyUrn {
    buf: UrnBuf,
    rules: Rules,
}

#[pymethods]
impl PyUrn {
    #[getter]
    fn profile(&self) -> &'static str {
        self.buf.profile().name()
    }
    #[getter]
    fn nid(&self) -> &str {
        self.buf.as_urn().nid()
    }
    #[getter]
    fn nss(&self) -> &str {
        self.buf.as_urn().nss()
    }
    #[getter]
    fn r_component(&self) -> Option<&str> {
        self.buf.as_urn().r_component()
    }
    #[getter]
    fn q_component(&self) -> Option<&str> {
        self.buf.as_urn().q_component()
    }
    #[getter]
    fn f_component(&self) -> Option<&str> {
        self.buf.as_urn().f_component()
    }
    /// The draft-03 query (`None` under the other profiles).
    #[getter]
    fn query(&self) -> Option<&str> {
        self.buf.as_urn().query()
    }
    /// The draft-03 directives as `(keyword, value)` pairs.
    #[getter]
    fn directives(&self) -> Vec<(&str, &str)> {
        self.buf
            .as_urn()
            .directives()
            .map(|d| (d.keyword(), d.value()))
            .collect()
    }
    /// The canonical form: equal for lexically equivalent URNs.
    #[getter]
    fn canonical(&self) -> String {
        let ns = self.rules.namespaces();
        self.rules
            .comparator(ns.as_ref())
            .canonical(&self.buf.as_urn())
    }
    /// The URN for people: non-ASCII characters decoded (draft-03 section 4).
    #[getter]
    fn display(&self) -> String {
        self.buf.as_urn().to_display()
    }
    /// The NSS decoded as UTF-8; `None` when it is not UTF-8.
    #[getter]
    fn name(&self) -> Option<String> {
        self.buf.as_urn().name().ok().map(|n| n.into_owned())
    }
    fn __str__(&self) -> &str {
        self.buf.as_str()
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let s = pyo3::types::PyString::new(slf.py(), slf.get().buf.as_str());
        Ok(format!("Urn({})", s.repr()?))
    }
}

/// Parses `s` as a URN under `profile` and, unless `generic`, the rules of
/// the known namespaces (uuid, isbn, issn, ietf, oid, example).
#[pyfunction]
#[pyo3(signature = (s, *, profile = "rfc8141", objective = "names", generic = false))]
pub fn parse_urn(s: String, profile: &str, objective: &str, generic: bool) -> PyResult<PyUrn> {
    let rules = Rules::new(profile, objective, generic)?;
    let buf = UrnBuf::parse_with(s, rules.profile).map_err(|(e, s)| urn_error(&s, &e))?;
    if let Some(n) = rules.namespaces() {
        n.check(&buf.as_urn())
            .map_err(|e| urn_error(buf.as_str(), &e))?;
    }
    Ok(PyUrn { buf, rules })
}

/// Whether two URNs are lexically equivalent (`UrnError` when one is not a
/// URN under the profile and namespace rules).
#[pyfunction]
#[pyo3(signature = (a, b, *, profile = "rfc8141", objective = "names", generic = false))]
pub fn urn_equivalent(
    a: &str,
    b: &str,
    profile: &str,
    objective: &str,
    generic: bool,
) -> PyResult<bool> {
    let rules = Rules::new(profile, objective, generic)?;
    let ns = rules.namespaces();
    let ua = rules.parse(a, ns.as_ref()).map_err(|e| urn_error(a, &e))?;
    let ub = rules.parse(b, ns.as_ref()).map_err(|e| urn_error(b, &e))?;
    Ok(rules.comparator(ns.as_ref()).equivalent(&ua, &ub))
}
