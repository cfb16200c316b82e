//! Writing for people: error reports with a caret under the bad byte, the
//! padding of aligned rows, and what a closed pipe means.

use std::fmt::Display;
use std::io;

use crate::highlight::push_escaped_controls;
use crate::jsonl::Bytes;

/// Whether an error chain ends in a closed pipe (not an error for a filter).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// A usage error about the argument `arg` of `option` (exit status 2): the
/// message, then the argument with a caret under the byte at `index`.
pub fn arg_error(option: &str, arg: &str, index: usize, message: impl Display) -> anyhow::Error {
    let mut out = Vec::new();
    write_caret_report(&mut out, option, Some(arg), index, message);
    let text = String::from_utf8_lossy(&out);
    anyhow::anyhow!("{}", text.trim_end())
}

/// Spaces to pad the aligned text rows with (a slice of it, copied).
pub const SPACES: &[u8; 16] = b"                ";

/// A report for a person: the message, the input, and a caret under the byte at
/// `index`. Control characters are shown escaped, and the caret follows them.
#[cfg(test)]
fn caret_report(input: &str, index: usize, message: &str) -> String {
    let mut out = Vec::with_capacity(message.len() + 2 * input.len() + 16);
    write_caret_report(&mut out, "error", Some(input), index, message);
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A report for a person written into `out` (no allocation): `label`
/// (`error`, `warning`) and the message, then the input with a caret under
/// the byte at `index`; control characters are shown escaped
/// ([`push_escaped_controls`]), and the caret follows them. Without an
/// input, the message alone.
pub fn write_caret_report(
    out: &mut Vec<u8>,
    label: &str,
    input: Option<&str>,
    index: usize,
    message: impl Display,
) {
    use std::fmt::Write as _;
    let _ = writeln!(Bytes(out), "{label}: {message}");
    let Some(input) = input else { return };
    out.extend_from_slice(b"  ");
    // Printable ASCII, told with no early exit (vector compares): shown as
    // it is, one column a byte.
    if input
        .bytes()
        .fold(true, |acc, c| acc & (0x20..0x7f).contains(&c))
    {
        out.extend_from_slice(input.as_bytes());
        out.extend_from_slice(b"\n  ");
        out.resize(out.len() + index.min(input.len()), b' ');
        out.extend_from_slice(b"^\n");
        return;
    }
    // The caret goes under the character that holds the byte, or the next.
    let mut at = index.min(input.len());
    while !input.is_char_boundary(at) {
        at += 1;
    }
    let start = out.len();
    push_escaped_controls(out, &input[..at]);
    // One column a character (UTF-8 continuation bytes are 0b10xxxxxx).
    let column = out[start..].iter().filter(|&&c| (c as i8) >= -0x40).count();
    push_escaped_controls(out, &input[at..]);
    out.extend_from_slice(b"\n  ");
    out.resize(out.len() + column, b' ');
    out.extend_from_slice(b"^\n");
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
        // An index inside a character points at the next one.
        let r = caret_report("éx", 1, "bad");
        assert_eq!(r.lines().nth(2), Some("   ^"));
        // A tab is shown escaped and the caret moves with it.
        let r = caret_report("a\tb", 2, "bad");
        assert_eq!(r.lines().nth(1), Some("  a\\tb"));
        assert_eq!(r.lines().nth(2), Some("     ^"));
        // C1 and DEL too, as the text rows escape them.
        let r = caret_report("a\u{9b}\u{7f}b", 4, "bad");
        assert_eq!(r.lines().nth(1), Some("  a\\u{9b}\\u{7f}b"));
        assert_eq!(r.lines().nth(2), Some(&*format!("{}^", " ".repeat(15))));
        // At the end of the input, and past it.
        let r = caret_report("ab", 2, "bad");
        assert_eq!(r.lines().nth(2), Some("    ^"));
        let r = caret_report("ab", 9, "bad");
        assert_eq!(r.lines().nth(2), Some("    ^"));
        // Without an input, the message alone.
        let mut out = Vec::new();
        write_caret_report(&mut out, "error", None, 0, "no base");
        assert_eq!(out, b"error: no base\n");
    }
}
