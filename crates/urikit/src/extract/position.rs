//! Line and column of byte offsets, counted incrementally as a scan moves
//! forward, so that finding positions costs one pass over the text in all.
//!
//! Lines are counted by `\n` (so `\r\n` ends a line too, and the `\r` stays
//! the last character of its line); a lone `\r` does not start a line.
//! Columns count characters, not bytes: every byte that is not a UTF-8
//! continuation byte (`0x80..=0xBF`) starts one. Both are 1-based.

use memchr::{memchr_iter, memrchr};

/// The line and column of the position reached so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tracker {
    pub line: usize,
    pub column: usize,
}

impl Tracker {
    /// The start of a text: line 1, column 1.
    pub const fn new() -> Tracker {
        Tracker { line: 1, column: 1 }
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
        let mut t = Tracker::new();
        t.advance(b"ab");
        assert_eq!(t, Tracker { line: 1, column: 3 });
        t.advance("é\r\nxy".as_bytes());
        assert_eq!(t, Tracker { line: 2, column: 3 });
        t.advance(b"\n\n");
        assert_eq!(t, Tracker { line: 4, column: 1 });
        t.advance("日本".as_bytes());
        assert_eq!(t, Tracker { line: 4, column: 3 });
        t.advance(b"a\rb");
        assert_eq!(t, Tracker { line: 4, column: 6 });
    }
}
