//! Where inputs come from: the arguments, or else stdin one per line.
//!
//! Lines end with `\n` or `\r\n`, which are stripped; an empty line is the
//! empty reference (valid). Lines are read into one reused buffer. A line that
//! is not UTF-8 is handed over as an error with the offset of its first bad
//! byte, so the caller can report it and go on.

use std::io::{self, BufRead};

/// One input, as the subcommands see it.
pub enum Input<'a> {
    /// A string to process.
    Text(&'a str),
    /// A stdin line that is not UTF-8: its lossy text and the first bad byte.
    NotUtf8 { lossy: String, index: usize },
}

/// Calls `f` on every input, in order, stopping early only on an I/O error
/// (a closed stdout pipe included, which `f` reports by returning it).
pub fn for_each(args: &[String], mut f: impl FnMut(Input<'_>) -> io::Result<()>) -> io::Result<()> {
    if !args.is_empty() {
        for a in args {
            f(Input::Text(a))?;
        }
        return Ok(());
    }
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        match std::str::from_utf8(&line) {
            Ok(s) => f(Input::Text(s))?,
            Err(e) => f(Input::NotUtf8 {
                lossy: String::from_utf8_lossy(&line).into_owned(),
                index: e.valid_up_to(),
            })?,
        }
    }
}
