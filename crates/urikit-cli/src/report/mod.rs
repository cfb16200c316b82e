//! What a subcommand found about one input, and how it is shown: a
//! [`Report`] (the result's fields, or the [`Problem`] that made the input
//! invalid) is written by the [`Reporter`] of the chosen `--format`, one
//! implementation per format:
//!
//! - [`JsonReporter`]: one JSON object per input, the same envelope for every
//!   subcommand: `{"input": ..., "valid": true|false, <the result's keys>,
//!   "error": {"kind", "index", "message"}}` (`error` only when the input is
//!   invalid; `index` is a byte of `input`);
//! - [`TextReporter`]: the result for a person on stdout, and each problem on
//!   stderr with a caret under the byte at fault.
//!
//! A subcommand never looks at the format: it says how to turn an input into
//! a report ([`crate::stream::PerLine`]), and writes the report's JSON keys
//! and text.

pub mod json;
mod text;

use std::borrow::Cow;
use std::fmt;

pub use json::JsonReporter;
pub use text::{Text, TextReporter};

use crate::args::{Format, Global};
use crate::jsonl::Obj;
use crate::stream::Sink;

/// Why an input is invalid: a kind (a stable snake_case name), the byte of
/// the input at fault, and a message for people (its `Display`).
pub trait Problem: fmt::Display {
    /// The stable snake_case name of the kind of problem.
    fn kind(&self) -> &'static str;
    /// The byte of the input at fault.
    fn index(&self) -> usize;
    /// Keys the JSON error object has after `kind`, `index` and `message`
    /// (none by default).
    fn more_json(&self, _o: &mut Obj<'_>) {}
}

/// A problem made up by a subcommand (the library errors implement
/// [`Problem`] themselves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: &'static str,
    pub index: usize,
    pub message: String,
}

impl Failure {
    pub fn new(kind: &'static str, index: usize, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            index,
            message: message.into(),
        }
    }

    /// Any problem, its message formatted (for a subcommand whose steps fail
    /// with different error types).
    pub fn of(p: &(impl Problem + ?Sized)) -> Failure {
        Failure {
            kind: p.kind(),
            index: p.index(),
            message: p.to_string(),
        }
    }

    /// The same problem `offset` bytes further (in an input made of parts,
    /// such as the two references of `equivalent`); a message that starts
    /// with the old "at byte N" says the new one.
    pub fn shifted(self, offset: usize) -> Failure {
        let index = self.index + offset;
        self.moved_to(index)
    }

    /// The same problem at byte `index` (of an input that was rewritten
    /// before parsing); a message that starts with the old "at byte N" says
    /// the new one.
    pub fn moved_to(mut self, index: usize) -> Failure {
        let old = format!("at byte {}", self.index);
        self.index = index;
        if let Some(rest) = self.message.strip_prefix(&old) {
            self.message = format!("at byte {index}{rest}");
        }
        self
    }

    /// A stdin line that is not UTF-8, its first bad byte at `index`.
    pub fn not_utf8(index: usize) -> Failure {
        Failure::new(
            "invalid_utf8",
            index,
            format!(
                "at byte {index}: expected UTF-8 text (a URI is ASCII; encode other bytes as %XX)"
            ),
        )
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Problem for Failure {
    fn kind(&self) -> &'static str {
        self.kind
    }
    fn index(&self) -> usize {
        self.index
    }
}

/// The library's errors, each with its kind's stable name and its index: a
/// new error type with `kind().name()` and `index()` joins the list below.
macro_rules! library_problems {
    ($($t:ty),* $(,)?) => {$(
        impl Problem for $t {
            fn kind(&self) -> &'static str {
                <$t>::kind(self).name()
            }
            fn index(&self) -> usize {
                <$t>::index(self)
            }
        }
    )*};
}

library_problems!(
    urikit::ParseError,
    urikit::ResolveError,
    urikit::urn::UrnError,
    urikit::base::BaseError,
    urikit::whatwg::ValidationError,
    urikit::psl::DomainError,
    urikit::idna::IdnaError,
);

/// A rule of the URI's scheme that it breaks; the JSON error object also
/// names the rule (`rule`).
impl Problem for urikit::scheme::SchemeError {
    fn kind(&self) -> &'static str {
        urikit::scheme::SchemeError::kind(self).name()
    }
    fn index(&self) -> usize {
        urikit::scheme::SchemeError::index(self)
    }
    fn more_json(&self, o: &mut Obj<'_>) {
        o.str("rule", self.rule());
    }
}

/// What a subcommand has to say about one input.
pub trait Report {
    /// Why the input is invalid, if it is.
    fn problem(&self) -> Option<&dyn Problem> {
        None
    }
    /// Whether a valid input still makes the exit status 1 (a `check`
    /// finding at the `--fail-on` severity, two references that are not
    /// equivalent).
    fn fails(&self) -> bool {
        false
    }
    /// The result's keys, written after `input` and `valid` (and before
    /// `error`). `scratch` is a reusable buffer.
    fn json(&self, o: &mut Obj<'_>, scratch: &mut String);
    /// The result for a person (the problem, if any, is reported after it by
    /// the reporter).
    fn text(&self, t: &mut Text<'_>);
}

/// A result, or the problem that prevented it.
impl<T: Report, E: Problem> Report for Result<T, E> {
    #[inline(always)]
    fn problem(&self) -> Option<&dyn Problem> {
        match self {
            Ok(r) => r.problem(),
            Err(e) => Some(e),
        }
    }
    #[inline(always)]
    fn fails(&self) -> bool {
        self.as_ref().is_ok_and(Report::fails)
    }
    #[inline(always)]
    fn json(&self, o: &mut Obj<'_>, scratch: &mut String) {
        if let Ok(r) = self {
            r.json(o, scratch);
        }
    }
    #[inline(always)]
    fn text(&self, t: &mut Text<'_>) {
        if let Ok(r) = self {
            r.text(t);
        }
    }
}

/// No result at all: for a [`Result`] that can only be a problem.
pub enum Nothing {}

impl Report for Nothing {
    fn json(&self, _: &mut Obj<'_>, _: &mut String) {
        match *self {}
    }
    fn text(&self, _: &mut Text<'_>) {
        match *self {}
    }
}

/// Writes reports in one output format.
pub trait Reporter {
    /// Writes the report on `input` (`None` for a subcommand whose result
    /// does not come from one input line, such as `base`) into `sink`;
    /// whether the input passes (valid, and not [`Report::fails`]).
    fn report(&mut self, input: Option<&str>, r: &impl Report, sink: &mut Sink) -> bool;
}

/// The reporter of the `--format` chosen: the one place the format is looked
/// at.
pub enum FormatReporter {
    Text(TextReporter),
    Json(JsonReporter),
}

impl FormatReporter {
    pub fn new(global: &Global) -> FormatReporter {
        match global.format {
            Format::Text => {
                FormatReporter::Text(TextReporter::new(crate::highlight::color_enabled()))
            }
            Format::Json => FormatReporter::Json(JsonReporter::default()),
        }
    }
}

impl Reporter for FormatReporter {
    #[inline(always)]
    fn report(&mut self, input: Option<&str>, r: &impl Report, sink: &mut Sink) -> bool {
        match self {
            FormatReporter::Text(t) => t.report(input, r, sink),
            FormatReporter::Json(j) => j.report(input, r, sink),
        }
    }
}

/// A result that is one string: the line of text, the key `key` in JSON
/// (after the keys of `context`, which the text does not show).
pub struct Line<'a> {
    key: &'static str,
    value: Cow<'a, str>,
    context: &'a [(&'static str, &'a str)],
}

impl<'a> Line<'a> {
    /// `{key: value}`, `value` alone in text.
    #[inline(always)]
    pub fn new(key: &'static str, value: impl Into<Cow<'a, str>>) -> Line<'a> {
        Line {
            key,
            value: value.into(),
            context: &[],
        }
    }

    /// With other keys before `key` in JSON (such as the `base` of
    /// `resolve`).
    pub fn with_context(mut self, context: &'a [(&'static str, &'a str)]) -> Line<'a> {
        self.context = context;
        self
    }
}

impl Report for Line<'_> {
    #[inline(always)]
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        for &(k, v) in self.context {
            o.str(k, v);
        }
        o.str(self.key, &self.value);
    }
    #[inline(always)]
    fn text(&self, t: &mut Text<'_>) {
        t.line(&self.value);
    }
}
