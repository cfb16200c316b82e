//! `urikit.extract`: the URIs in text (Appendix E of the drafts), with their
//! positions, resolved against a base when one is given.

use pyo3::prelude::*;
use urikit::extract::Finder;
use urikit::{UriBuf, UriRef};

use crate::errors::{chars_in, parse_error};

/// A URI found in text: the URI (whitespace removed, abbreviations
/// completed), `start:end` in characters of the text, 1-based line and
/// column, the delimiter (`angle`, `quotes`, `whitespace`), and the URI
/// resolved against the base (`None` without one).
#[pyclass(frozen, get_all, module = "urikit", name = "Match")]
pub struct PyMatch {
    uri: String,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    delimiter: &'static str,
    abbreviated: bool,
    hyphen_break: bool,
    resolved: Option<String>,
}

#[pymethods]
impl PyMatch {
    fn __repr__(&self) -> String {
        format!(
            "Match(uri={:?}, start={}, end={}, line={}, column={})",
            self.uri, self.start, self.end, self.line, self.column
        )
    }
}

/// Converts increasing byte offsets of one text to character offsets
/// without rescanning from the start each time.
struct CharOffsets<'t> {
    text: &'t str,
    byte: usize,
    chars: usize,
}

impl CharOffsets<'_> {
    fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            self.byte = 0;
            self.chars = 0;
        }
        self.chars += chars_in(&self.text.as_bytes()[self.byte..byte.min(self.text.len())]);
        self.byte = byte;
        self.chars
    }
}

/// The URIs in `text`.
#[pyfunction]
#[pyo3(signature = (text, *, abbreviated = false, scheme_rules = false, base = None))]
pub fn extract(
    text: &str,
    abbreviated: bool,
    scheme_rules: bool,
    base: Option<String>,
) -> PyResult<Vec<PyMatch>> {
    let base = match base {
        None => None,
        Some(b) => Some(UriBuf::parse(b).map_err(|(e, b)| parse_error(&b, &e))?),
    };
    let finder = Finder::new()
        .abbreviated(abbreviated)
        .scheme_rules(scheme_rules);
    let mut offsets = CharOffsets {
        text,
        byte: 0,
        chars: 0,
    };
    Ok(finder
        .find_iter(text)
        .map(|m| {
            // A found URI is absolute: resolving it only removes dot segments.
            let resolved = base.as_ref().and_then(|b| {
                let r = UriRef::parse(m.as_str()).ok()?;
                Some(r.resolve_against(&b.as_uri()).ok()?.into_string())
            });
            PyMatch {
                start: offsets.at(m.start()),
                end: offsets.at(m.end()),
                line: m.line(),
                column: m.column(),
                delimiter: m.delimiter().name(),
                abbreviated: m.is_abbreviated(),
                hyphen_break: m.has_hyphen_break(),
                uri: m.into_string(),
                resolved,
            }
        })
        .collect())
}
