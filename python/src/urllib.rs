//! `urlsplit` and `urlparse`: urllib.parse's results (its own `SplitResult`
//! and `ParseResult` classes) from urikit's RFC 3986 parser.
//!
//! For every RFC 3986 URI reference the result equals urllib's, field for
//! field; what urllib does on top of the grammar is reproduced: the scheme
//! lowercased, absent components as `""`, `;params` split from the last path
//! segment for the schemes of `urllib.parse.uses_params`, `allow_fragments`.
//! A string that is not a URI reference raises `urikit.ParseError` (a
//! `ValueError`), where urllib would split it anyway.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};
use urikit::UriRef;

use crate::errors::parse_error;

/// What urllib's results are made of, looked up once.
struct Urllib {
    split_result: Py<PyType>,
    parse_result: Py<PyType>,
    /// `tuple.__new__`: builds the named tuple without its Python-level
    /// `__new__` (what `namedtuple._make` does, without the lookup).
    tuple_new: Py<PyAny>,
    /// `urllib.parse.uses_params`, as the running Python has it.
    uses_params: Vec<String>,
}

static URLLIB: PyOnceLock<Urllib> = PyOnceLock::new();

fn urllib(py: Python<'_>) -> PyResult<&Urllib> {
    URLLIB.get_or_try_init(py, || {
        let m = py.import("urllib.parse")?;
        Ok::<_, PyErr>(Urllib {
            split_result: m.getattr("SplitResult")?.cast_into::<PyType>()?.unbind(),
            parse_result: m.getattr("ParseResult")?.cast_into::<PyType>()?.unbind(),
            tuple_new: py.get_type::<PyTuple>().getattr("__new__")?.unbind(),
            uses_params: m.getattr("uses_params")?.extract()?,
        })
    })
}

/// The five fields of a `SplitResult`, as urllib computes them.
struct Split<'a> {
    scheme: Cow<'a, str>,
    netloc: &'a str,
    path: &'a str,
    query: &'a str,
    fragment: &'a str,
}

/// The characters urllib strips from the `scheme` argument: C0 controls and
/// space, and it removes tab, CR and LF inside.
fn clean_default_scheme(scheme: &str) -> Cow<'_, str> {
    let s = scheme.trim_matches(|c: char| c <= ' ');
    if s.contains(['\t', '\r', '\n']) {
        Cow::Owned(s.replace(['\t', '\r', '\n'], ""))
    } else {
        Cow::Borrowed(s)
    }
}

impl<'a> Split<'a> {
    fn of(
        s: &'a str,
        default_scheme: &'a str,
        allow_fragments: bool,
    ) -> Result<Split<'a>, urikit::ParseError> {
        let r = UriRef::parse(s)?;
        let scheme = match r.scheme() {
            Some(sc) if sc.bytes().any(|b| b.is_ascii_uppercase()) => {
                Cow::Owned(sc.to_ascii_lowercase())
            }
            Some(sc) => Cow::Borrowed(sc),
            None => clean_default_scheme(default_scheme),
        };
        let netloc = r.authority().map_or("", |a| a.as_str());
        let (path, query, fragment) = if allow_fragments {
            (
                r.path(),
                r.query().unwrap_or(""),
                r.fragment().unwrap_or(""),
            )
        } else {
            // The fragment stays where it is; the first "?" after the
            // authority starts the query (urllib's `url.split('?', 1)`).
            let start = r.path().as_ptr() as usize - s.as_ptr() as usize;
            let rest = &s[start..];
            let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
            (path, query, "")
        };
        Ok(Split {
            scheme,
            netloc,
            path,
            query,
            fragment,
        })
    }
}

/// The fields of `url` as urlsplit has them, and urllib's classes.
fn split<'a>(
    url: &'a Bound<'_, PyString>,
    scheme: &'a str,
    allow_fragments: bool,
) -> PyResult<(Split<'a>, &'a Urllib)> {
    let s = url.to_str()?;
    let p = Split::of(s, scheme, allow_fragments).map_err(|e| parse_error(s, &e))?;
    Ok((p, urllib(url.py())?))
}

/// `tuple.__new__(cls, fields)`: the scheme first.
fn named_tuple<'py, const N: usize>(
    py: Python<'py>,
    u: &Urllib,
    cls: &Py<PyType>,
    fields: [&str; N],
) -> PyResult<Bound<'py, PyAny>> {
    let items: [Bound<'py, PyString>; N] = std::array::from_fn(|i| match i {
        0 => scheme_str(py, fields[0]),
        _ => PyString::new(py, fields[i]),
    });
    let items = PyTuple::new(py, items)?;
    u.tuple_new.bind(py).call1((cls.bind(py), items))
}

/// The scheme as a Python string: the common ones interned (made once).
fn scheme_str<'py>(py: Python<'py>, scheme: &str) -> Bound<'py, PyString> {
    match scheme {
        "http" => pyo3::intern!(py, "http").clone(),
        "https" => pyo3::intern!(py, "https").clone(),
        "file" => pyo3::intern!(py, "file").clone(),
        "ftp" => pyo3::intern!(py, "ftp").clone(),
        "mailto" => pyo3::intern!(py, "mailto").clone(),
        _ => PyString::new(py, scheme),
    }
}

/// Splits a URL as `urllib.parse.urlsplit` does, into its `SplitResult`
/// (scheme, netloc, path, query, fragment), for an RFC 3986 URI reference;
/// `urikit.ParseError` for anything else.
#[pyfunction]
#[pyo3(signature = (url, scheme = "", allow_fragments = true))]
pub fn urlsplit<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyString>,
    scheme: &str,
    allow_fragments: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (p, u) = split(url, scheme, allow_fragments)?;
    named_tuple(
        py,
        u,
        &u.split_result,
        [&p.scheme, p.netloc, p.path, p.query, p.fragment],
    )
}

/// urllib's `_splitparams`: `;params` after the last path segment's first `;`
/// (or the path's first `;` when it has no `/`).
fn split_params(path: &str) -> (&str, &str) {
    let from = path.rfind('/').unwrap_or(0);
    match path[from..].find(';') {
        Some(i) => (&path[..from + i], &path[from + i + 1..]),
        None => (path, ""),
    }
}

/// Parses a URL as `urllib.parse.urlparse` does, into its `ParseResult`
/// (scheme, netloc, path, params, query, fragment), for an RFC 3986 URI
/// reference; `urikit.ParseError` for anything else.
#[pyfunction]
#[pyo3(signature = (url, scheme = "", allow_fragments = true))]
pub fn urlparse<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyString>,
    scheme: &str,
    allow_fragments: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (p, u) = split(url, scheme, allow_fragments)?;
    let (path, params) = if p.path.contains(';') && u.uses_params.iter().any(|x| *x == p.scheme) {
        split_params(p.path)
    } else {
        (p.path, "")
    };
    named_tuple(
        py,
        u,
        &u.parse_result,
        [&p.scheme, p.netloc, path, params, p.query, p.fragment],
    )
}
