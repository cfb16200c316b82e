//! The text reporter: results for a person on stdout, problems on stderr
//! with a caret under the byte at fault.

use std::fmt::Display;

use super::{Report, Reporter};
use crate::stream::Sink;

/// Writes each report's text, then its problem, if any, as a caret report
/// on stderr (`error: <message>`, the input, `^` under the byte).
#[derive(Clone)]
pub struct TextReporter {
    color: bool,
    /// Reused by the reports for values built in a buffer.
    scratch: String,
}

impl TextReporter {
    /// `color`: whether stdout takes color (see [`crate::highlight`]).
    pub fn new(color: bool) -> TextReporter {
        TextReporter {
            color,
            scratch: String::new(),
        }
    }
}

impl Reporter for TextReporter {
    #[inline(always)]
    fn report(&mut self, input: Option<&str>, r: &impl Report, sink: &mut Sink) -> bool {
        r.text(&mut Text {
            sink,
            input,
            color: self.color,
            scratch: &mut self.scratch,
        });
        let problem = r.problem();
        if let Some(p) = problem {
            sink.caret("error", input, p.index(), p);
        }
        problem.is_none() && !r.fails()
    }
}

/// Where a report writes its text: stdout, and notes on stderr that keep
/// their place among the results (see [`Sink`]).
pub struct Text<'a> {
    sink: &'a mut Sink,
    input: Option<&'a str>,
    /// Whether stdout takes color.
    pub color: bool,
    /// A reusable buffer.
    pub scratch: &'a mut String,
}

impl Text<'_> {
    /// The stdout bytes.
    #[inline(always)]
    pub fn out(&mut self) -> &mut Vec<u8> {
        &mut self.sink.out
    }

    /// The stdout bytes and the reusable buffer, together.
    #[inline(always)]
    pub fn out_and_scratch(&mut self) -> (&mut Vec<u8>, &mut String) {
        (&mut self.sink.out, self.scratch)
    }

    /// `s` and a newline, on stdout.
    #[inline]
    pub fn line(&mut self, s: &str) {
        let out = &mut self.sink.out;
        out.extend_from_slice(s.as_bytes());
        out.push(b'\n');
    }

    /// A warning about the input on stderr, with a caret under the byte at
    /// `index` (the input stays valid).
    pub fn warn(&mut self, index: usize, message: impl Display) {
        self.sink.caret("warning", self.input, index, message);
    }

    /// A caret report about some other text than the input (a layer's value
    /// in `base`), `label` (`error`, `warning`) before the message.
    pub fn note(&mut self, label: &str, text: &str, index: usize, message: impl Display) {
        self.sink.caret(label, Some(text), index, message);
    }
}
