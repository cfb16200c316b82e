//! Where inputs come from: the arguments, or else stdin one per line (read
//! by [`crate::stream`], which every per-input subcommand goes through).
//!
//! Lines end with `\n` or `\r\n`, which are stripped; an empty line is the
//! empty reference (valid). A line that is not UTF-8 is handed over as an
//! error with the offset of its first bad byte, so the caller can report it
//! and go on.

/// One input, as the subcommands see it.
pub enum Input<'a> {
    /// A string to process.
    Text(&'a str),
    /// A stdin line that is not UTF-8: its lossy text and the first bad byte.
    NotUtf8 { lossy: String, index: usize },
}
