//! Writing results: buffered stdout, JSON Lines, and error reports with a caret
//! under the bad byte.

use std::io::{self, BufWriter, Stdout, Write};

use serde_json::{json, Value};
use urikit::ParseError;

use crate::args::Format;
use crate::jsonl::{Bytes, Obj};
use crate::stream::Sink;

/// Buffered output for one run, in the chosen format.
pub struct Output {
    pub format: Format,
    out: BufWriter<Stdout>,
}

impl Output {
    pub fn new(format: Format) -> Output {
        Output {
            format,
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
        }
    }

    /// Writes one JSON value as a line.
    pub fn json(&mut self, v: &Value) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, v)?;
        self.out.write_all(b"\n")
    }

    /// Writes text as is.
    pub fn text(&mut self, s: &str) -> io::Result<()> {
        self.out.write_all(s.as_bytes())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Whether an error chain ends in a closed pipe (not an error for a filter).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The JSON error object: `{kind, index, message}`.
pub fn error_json(kind: &str, index: usize, message: &str) -> Value {
    json!({ "kind": kind, "index": index, "message": message })
}

/// The JSON error object of a parse error.
pub fn parse_error_json(e: &ParseError) -> Value {
    error_json(e.kind().name(), e.index(), &e.to_string())
}

/// Spaces to pad the aligned text rows with (a slice of it, copied).
pub const SPACES: &[u8; 16] = b"                ";

/// A report for a person: the message, the input, and a caret under the byte at
/// `index`. Control characters are shown escaped, and the caret follows them.
pub fn caret_report(input: &str, index: usize, message: &str) -> String {
    let mut out = Vec::with_capacity(message.len() + 2 * input.len() + 16);
    write_caret_report(&mut out, "error", input, index, message);
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// [`caret_report`] written into `out` (no allocation), `label` (`error`,
/// `warning`) before the message.
pub fn write_caret_report(
    out: &mut Vec<u8>,
    label: &str,
    input: &str,
    index: usize,
    message: impl std::fmt::Display,
) {
    use std::fmt::Write as _;
    let _ = write!(Bytes(out), "{label}: {message}\n  ");
    if input.bytes().all(|c| (0x20..0x7f).contains(&c)) {
        // Printable ASCII: shown as it is, one column a byte.
        out.extend_from_slice(input.as_bytes());
        out.extend_from_slice(b"\n  ");
        out.resize(out.len() + index.min(input.len()), b' ');
        out.extend_from_slice(b"^\n");
        return;
    }
    let mut column = None;
    let mut shown = 0;
    for (i, c) in input.char_indices() {
        if i >= index && column.is_none() {
            column = Some(shown);
        }
        if c.is_control() {
            for e in c.escape_default() {
                let mut buf = [0u8; 4];
                out.extend_from_slice(e.encode_utf8(&mut buf).as_bytes());
                shown += 1;
            }
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            shown += 1;
        }
    }
    let column = column.unwrap_or(shown);
    out.extend_from_slice(b"\n  ");
    out.resize(out.len() + column, b' ');
    out.extend_from_slice(b"^\n");
}

/// The message for a stdin line that is not UTF-8, its first bad byte at `index`.
pub fn not_utf8_message(index: usize) -> String {
    format!("at byte {index}: expected UTF-8 text (a URI is ASCII; encode other bytes as %XX)")
}

/// Reports a stdin line that is not UTF-8, in either format: into a
/// [`Sink`]'s stdout (json) or stderr (text) buffer.
pub fn write_not_utf8(format: Format, sink: &mut Sink, lossy: &str, index: usize) {
    let message = not_utf8_message(index);
    match format {
        Format::Json => {
            let mut o = Obj::new(&mut sink.out);
            o.str("input", lossy)
                .bool("valid", false)
                .obj("error", |e| {
                    e.str("kind", "invalid_utf8")
                        .num("index", index)
                        .str("message", &message);
                });
            o.end();
        }
        Format::Text => sink
            .err
            .extend_from_slice(caret_report(lossy, index, &message).as_bytes()),
    }
}

/// Reports an invalid input on stderr in text format (stdout keeps the results).
pub fn report_invalid_text(input: &str, index: usize, message: &str) {
    eprint!("{}", caret_report(input, index, message));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_points_at_the_byte() {
        let r = caret_report("http://a b/", 8, "bad");
        assert_eq!(r, "error: bad\n  http://a b/\n          ^\n");
        // A multi-byte character before the error counts as one column.
        let r = caret_report("é x", 3, "bad");
        assert_eq!(r.lines().nth(2), Some("    ^"));
        // A tab is shown escaped and the caret moves with it.
        let r = caret_report("a\tb", 2, "bad");
        assert_eq!(r.lines().nth(1), Some("  a\\tb"));
        assert_eq!(r.lines().nth(2), Some("     ^"));
        // At the end of the input.
        let r = caret_report("ab", 2, "bad");
        assert_eq!(r.lines().nth(2), Some("    ^"));
    }
}
