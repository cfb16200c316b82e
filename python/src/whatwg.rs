//! `urikit.whatwg`: URLs as browsers read them (the WHATWG URL Standard),
//! the `URL` class of its API, and the differential against RFC 3986.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use urikit::whatwg::{self, Difference, Url};
use urikit::{UriBuf, UriRef};

use crate::errors::{parse_error, whatwg_error};
use crate::uri::PyUriRef;

/// A URL as the WHATWG URL Standard parses it, with the getters and
/// setters of its API (`new URL(input, base)` in a browser).
#[pyclass(module = "urikit.whatwg", name = "Url")]
pub struct PyUrl {
    url: Url,
}

/// `base=`: a `Url`, or a string parsed as one (a `WhatwgError` about it
/// when the parser rejects it).
fn with_base<T>(
    base: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(Option<&Url>) -> PyResult<T>,
) -> PyResult<T> {
    let Some(base) = base else { return f(None) };
    if let Ok(u) = base.cast::<PyUrl>() {
        return f(Some(&u.borrow().url));
    }
    let text: &str = base.extract()?;
    let url = Url::parse(text, None).map_err(|e| whatwg_error(text, &e))?;
    f(Some(&url))
}

/// `input` parsed against `base`.
fn parse(input: &str, base: Option<&Bound<'_, PyAny>>) -> PyResult<Url> {
    with_base(base, |b| {
        Url::parse(input, b).map_err(|e| whatwg_error(input, &e))
    })
}

#[pymethods]
impl PyUrl {
    /// Parses `input` against `base` (a `Url` or a string); `WhatwgError`
    /// (`kind`: the standard's name of the validation error, `index`) when
    /// the parser fails on either.
    #[new]
    #[pyo3(signature = (input, base = None))]
    fn new(input: &str, base: Option<&Bound<'_, PyAny>>) -> PyResult<PyUrl> {
        Ok(PyUrl {
            url: parse(input, base)?,
        })
    }

    /// Whether `input` parses against `base` (`URL.canParse`).
    #[staticmethod]
    #[pyo3(signature = (input, base = None))]
    fn can_parse(input: &str, base: Option<&Bound<'_, PyAny>>) -> bool {
        parse(input, base).is_ok()
    }

    /// The serialization. Setting it parses the new value (no base):
    /// `WhatwgError` when that fails, the URL unchanged.
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }
    #[setter]
    fn set_href(&mut self, value: &str) -> PyResult<()> {
        self.url
            .set_href(value)
            .map_err(|e| whatwg_error(value, &e))
    }
    /// The scheme and `:`. The other setters never fail: a value the
    /// standard does not take leaves the URL as it was, as in browsers.
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }
    #[setter]
    fn set_protocol(&mut self, value: &str) {
        self.url.set_protocol(value)
    }
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }
    #[setter]
    fn set_username(&mut self, value: &str) {
        self.url.set_username(value)
    }
    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }
    #[setter]
    fn set_password(&mut self, value: &str) {
        self.url.set_password(value)
    }
    /// The host and `:port`.
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }
    #[setter]
    fn set_host(&mut self, value: &str) {
        self.url.set_host(value)
    }
    /// The host: a domain in ASCII, an IPv4 address in dotted decimal,
    /// `[...]` around an IPv6 address.
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }
    #[setter]
    fn set_hostname(&mut self, value: &str) {
        self.url.set_hostname(value)
    }
    /// The port, `""` when none or the scheme's default.
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }
    #[setter]
    fn set_port(&mut self, value: &str) {
        self.url.set_port(value)
    }
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }
    #[setter]
    fn set_pathname(&mut self, value: &str) {
        self.url.set_pathname(value)
    }
    /// `?` and the query, `""` when it is null or empty.
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }
    #[setter]
    fn set_search(&mut self, value: &str) {
        self.url.set_search(value)
    }
    /// `#` and the fragment, `""` when it is null or empty.
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }
    #[setter]
    fn set_hash(&mut self, value: &str) {
        self.url.set_hash(value)
    }
    /// The origin: `scheme://host[:port]`, or `"null"` (an opaque origin).
    #[getter]
    fn origin(&self) -> String {
        self.url.origin()
    }
    /// The scheme, without `:`.
    #[getter]
    fn scheme(&self) -> &str {
        self.url.scheme()
    }
    /// The query without `?`: `None` when null, `""` when empty.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.url.query()
    }
    /// The fragment without `#`: `None` when null, `""` when empty.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.url.fragment()
    }
    /// `"domain"`, `"ipv4"`, `"ipv6"`, `"opaque"` or `"empty"`; `None` for
    /// the null host (`mailto:x`).
    #[getter]
    fn host_type(&self) -> Option<&'static str> {
        self.url.host_kind().map(|k| k.name())
    }
    /// The port as a number (`None` when absent or the scheme's default).
    #[getter]
    fn port_number(&self) -> Option<u16> {
        self.url.port_u16()
    }
    /// The port, or the scheme's default port.
    #[getter]
    fn port_or_default(&self) -> Option<u16> {
        self.url.port_or_known_default()
    }
    /// Whether the scheme is special (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
    #[getter]
    fn is_special(&self) -> bool {
        self.url.is_special()
    }
    /// Whether the path is opaque (`mailto:x`, `data:...`).
    #[getter]
    fn has_opaque_path(&self) -> bool {
        self.url.has_opaque_path()
    }
    /// Whether the URL has a username or a password.
    #[getter]
    fn includes_credentials(&self) -> bool {
        self.url.includes_credentials()
    }
    /// The URL as an RFC 3986 URI: what browsers would request, in a form
    /// `urikit.parse` accepts.
    fn to_rfc3986(&self) -> PyResult<String> {
        self.url
            .to_rfc3986()
            .map(UriBuf::into_string)
            .map_err(|e| parse_error(self.url.href(), &e))
    }
    /// The getters as a dict (`href`, `origin`, `protocol`, `username`,
    /// `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("href", self.href())?;
        d.set_item("origin", self.origin())?;
        d.set_item("protocol", self.protocol())?;
        d.set_item("username", self.username())?;
        d.set_item("password", self.password())?;
        d.set_item("host", self.host())?;
        d.set_item("hostname", self.hostname())?;
        d.set_item("port", self.port())?;
        d.set_item("pathname", self.pathname())?;
        d.set_item("search", self.search())?;
        d.set_item("hash", self.hash())?;
        Ok(d)
    }
    fn __str__(&self) -> &str {
        self.url.href()
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let s = pyo3::types::PyString::new(slf.py(), slf.borrow().url.href());
        Ok(format!("Url({})", s.repr()?))
    }
    /// Equal when the hrefs are. (Unhashable: the setters change it.)
    fn __eq__(&self, other: PyRef<'_, PyUrl>) -> bool {
        self.url == other.url
    }
    /// Pickled as its href.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            slf.get_type().into_any(),
            (slf.borrow().url.href().to_owned(),),
        ))
    }
}

/// A component that RFC 3986 and the WHATWG URL Standard read differently.
#[pyclass(frozen, get_all, module = "urikit.whatwg", name = "Difference")]
pub struct PyDifference {
    /// `scheme`, `userinfo`, `host`, `port`, `path`, `query` or `fragment`.
    component: &'static str,
    /// As RFC 3986 reads it, raw (`None`: absent).
    rfc3986: Option<String>,
    /// As the standard reads it, serialized (`None`: absent, the null host).
    whatwg: Option<String>,
    /// The sentence `urikit parse --whatwg` prints.
    message: String,
}

impl PyDifference {
    fn new(d: Difference) -> PyDifference {
        PyDifference {
            message: d.to_string(),
            component: d.part.name(),
            rfc3986: d.rfc3986,
            whatwg: d.whatwg,
        }
    }
}

#[pymethods]
impl PyDifference {
    fn __repr__(&self) -> String {
        format!(
            "Difference(component={:?}, rfc3986={:?}, whatwg={:?})",
            self.component, self.rfc3986, self.whatwg
        )
    }
    fn __str__(&self) -> &str {
        &self.message
    }
}

/// Both readings of one input: RFC 3986's and the WHATWG URL Standard's
/// (without a base), and the components they take apart differently.
#[pyclass(frozen, get_all, module = "urikit.whatwg", name = "Readings")]
pub struct PyReadings {
    input: String,
    /// RFC 3986's reading (`None` when it is not a URI reference).
    rfc3986: Option<Py<PyUriRef>>,
    /// Why it is not a URI reference (a `ParseError`), or `None`.
    rfc3986_error: Option<Py<PyAny>>,
    /// The standard's reading (`None` when its parser fails).
    whatwg: Option<Py<PyUrl>>,
    /// Why the standard's parser fails (a `WhatwgError`), or `None`.
    whatwg_error: Option<Py<PyAny>>,
    /// The components read differently (when both read an absolute URL).
    differences: Vec<Py<PyDifference>>,
    /// Whether the readings differ: a component does, or the standard reads
    /// a URL where RFC 3986 reads none.
    differ: bool,
}

#[pymethods]
impl PyReadings {
    fn __repr__(&self, py: Python<'_>) -> String {
        let parts: Vec<&str> = self
            .differences
            .iter()
            .map(|d| d.bind(py).get().component)
            .collect();
        format!(
            "Readings(input={:?}, rfc3986_valid={}, whatwg_valid={}, differences={parts:?})",
            self.input,
            if self.rfc3986.is_some() {
                "True"
            } else {
                "False"
            },
            if self.whatwg.is_some() {
                "True"
            } else {
                "False"
            },
        )
    }
}

fn differences(py: Python<'_>, d: Vec<Difference>) -> PyResult<Vec<Py<PyDifference>>> {
    d.into_iter()
        .map(|d| Py::new(py, PyDifference::new(d)))
        .collect()
}

/// Reads `input` both ways and compares the readings.
#[pyfunction]
pub fn whatwg_readings(py: Python<'_>, input: &str) -> PyResult<PyReadings> {
    let r = whatwg::readings(input);
    let differ = r.differ();
    let (rfc3986, rfc3986_error) = match r.rfc3986 {
        Ok(u) => (Some(Py::new(py, PyUriRef::from_ref(&u))?), None),
        Err(e) => (None, Some(parse_error(input, &e).into_value(py).into_any())),
    };
    let (whatwg, whatwg_error) = match r.whatwg {
        Ok(url) => (Some(Py::new(py, PyUrl { url })?), None),
        Err(e) => (
            None,
            Some(whatwg_error(input, &e).into_value(py).into_any()),
        ),
    };
    Ok(PyReadings {
        input: input.to_owned(),
        rfc3986,
        rfc3986_error,
        whatwg,
        whatwg_error,
        differences: differences(py, r.differences)?,
        differ,
    })
}

/// The components that `uri` (RFC 3986's reading) and `url` (the
/// standard's) take apart differently.
#[pyfunction]
pub fn whatwg_compare(
    py: Python<'_>,
    uri: PyRef<'_, PyUriRef>,
    url: PyRef<'_, PyUrl>,
) -> PyResult<Vec<Py<PyDifference>>> {
    let r: UriRef<'_> = uri.as_uri_ref();
    differences(py, whatwg::compare(&r, &url.url))
}
