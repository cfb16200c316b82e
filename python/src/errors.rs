//! The exceptions (defined in Python, `urikit/errors.py`) and their
//! construction from the library's errors: message, kind, index.

use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use urikit_arrow::Stage;

pyo3::import_exception!(urikit.errors, ParseError);
pyo3::import_exception!(urikit.errors, ResolveError);
pyo3::import_exception!(urikit.errors, UrnError);
pyo3::import_exception!(urikit.errors, DomainError);
pyo3::import_exception!(urikit.errors, WhatwgError);
pyo3::import_exception!(urikit.errors, IdnaError);

/// The number of characters that start in `bytes` (UTF-8): the bytes that
/// are not continuation bytes (`0b10xx_xxxx`).
pub fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The index in characters (Python's `str` indexing) of byte `byte` of `s`
/// (past the end: as many characters past it as bytes).
pub fn char_index(s: &str, byte: usize) -> usize {
    chars_in(&s.as_bytes()[..byte.min(s.len())]) + byte.saturating_sub(s.len())
}

/// The arguments of every exception: `(message, kind, index, input, row)`,
/// the index in characters.
type Args = (String, &'static str, usize, String, Option<usize>);

fn args(input: &str, message: String, kind: &'static str, byte: usize) -> Args {
    (
        message,
        kind,
        char_index(input, byte),
        input.to_owned(),
        None,
    )
}

/// `urikit.ParseError` for `input`.
pub fn parse_error(input: &str, e: &urikit::ParseError) -> PyErr {
    ParseError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// `urikit.ResolveError` (resolution or relativization), about `input`.
pub fn resolve_error(input: &str, e: &urikit::ResolveError) -> PyErr {
    ResolveError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// `urikit.UrnError` for `input`.
pub fn urn_error(input: &str, e: &urikit::urn::UrnError) -> PyErr {
    UrnError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// `urikit.DomainError` for the host `input`.
pub fn domain_error(input: &str, e: &urikit::psl::DomainError) -> PyErr {
    DomainError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// `urikit.WhatwgError` for `input` (the URL or its base): `kind` is the
/// standard's name of the validation error (`host-missing`).
pub fn whatwg_error(input: &str, e: &urikit::whatwg::ValidationError) -> PyErr {
    WhatwgError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// `urikit.IdnaError` for the domain name `input`.
pub fn idna_error(input: &str, e: &urikit::idna::IdnaError) -> PyErr {
    IdnaError::new_err(args(input, e.to_string(), e.kind().name(), e.index()))
}

/// A batch call's invalid row, as the exception of its kind, with `row`
/// set (a base that is not an absolute URI is a `ParseError` about the base).
pub fn row_error(e: urikit_arrow::Error) -> PyErr {
    match e {
        urikit_arrow::Error::Invalid {
            row,
            stage,
            text,
            kind,
            index,
            message,
        } => {
            let mut a = args(&text, message, kind, index);
            a.4 = Some(row);
            match stage {
                Stage::Parse | Stage::Base => ParseError::new_err(a),
                Stage::Resolve => ResolveError::new_err(a),
                Stage::Whatwg => WhatwgError::new_err(a),
            }
        }
        urikit_arrow::Error::Arrow(e) => PyValueError::new_err(e.to_string()),
    }
}

/// `ValueError` for an option value that is not one of `allowed`.
pub fn bad_option(name: &str, value: &str, allowed: &[&str]) -> PyErr {
    PyValueError::new_err(format!(
        "{name} must be one of {}, not {value:?}",
        allowed
            .iter()
            .map(|a| format!("{a:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}
