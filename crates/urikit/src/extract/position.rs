//! Line and column of byte offsets, counted incrementally as a scan moves
//! forward, so that finding positions costs one pass over the text in all.
//!
//! Lines are counted by `\n` (so `\r\n` ends a line too, and the `\r` stays
//! the last character of its line); a lone `\r` does not start a line.
//! Columns count characters, not bytes: every byte that is not a UTF-8
//! continuation byte (`0x80..=0xBF`) starts one. Both are 1-based.

use memchr::{memchr_iter, memrchr};

/// The line and column of the position reached so far in a text read
/// forward.
///
/// # Example
/// ```
/// use urikit::extract::LineCounter;
///
/// let mut at = LineCounter::new();
/// at.advance("première\r\nligne: ".as_bytes());
/// assert_eq!((at.line(), at.column()), (2, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCounter {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl Default for LineCounter {
    fn default() -> LineCounter {
        LineCounter::new()
    }
}

impl LineCounter {
    /// The start of a text: line 1, column 1.
    pub const fn new() -> LineCounter {
        LineCounter { line: 1, column: 1 }
    }

    /// The 1-based line.
    pub const fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters.
    pub const fn column(&self) -> usize {
        self.column
    }

    /// Moves over `bytes`, the text between the position reached and the next.
    pub fn advance(&mut self, bytes: &[u8]) {
        match memrchr(b'\n', bytes) {
            Some(last) => {
                self.line += memchr_iter(b'\n', bytes).count();
                self.column = 1 + chars(&bytes[last + 1..]);
            }
            None => self.column += chars(bytes),
        }
    }
}

/// The number of characters that start in `bytes`.
fn chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let mut t = LineCounter::new();
        t.advance(b"ab");
        assert_eq!(t, LineCounter { line: 1, column: 3 });
        t.advance("é\r\nxy".as_bytes());
        assert_eq!(t, LineCounter { line: 2, column: 3 });
        t.advance(b"\n\n");
        assert_eq!(t, LineCounter { line: 4, column: 1 });
        t.advance("日本".as_bytes());
        assert_eq!(t, LineCounter { line: 4, column: 3 });
        t.advance(b"a\rb");
        assert_eq!(t, LineCounter { line: 4, column: 6 });
    }
}
