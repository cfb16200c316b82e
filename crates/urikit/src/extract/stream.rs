//! Finding URIs in an `io::Read`, in bounded memory.
//!
//! The window holds at most [`super::scanner::CONTEXT`] bytes already scanned, the
//! candidate in progress (at most [`Finder::max_len`] bytes plus a line-break
//! join) and one chunk read: its size does not depend on the input's.

use std::io::{self, Read};
use std::vec::Vec;

use super::position::LineCounter;
use super::scanner::{Scanner, Step, CONTEXT};
use super::{Finder, Match};

/// The size of one read.
const CHUNK: usize = 64 * 1024;

/// The iterator of [`Finder::stream`]: matches own their URI, positions are
/// offsets in the whole stream.
pub struct StreamMatches<'f, R> {
    finder: &'f Finder,
    reader: R,
    /// The window; `buf[0]` is at stream offset `offset`.
    buf: Vec<u8>,
    /// What one read writes into (the window grows by what it got).
    scratch: Vec<u8>,
    offset: usize,
    pos: usize,
    floor: usize,
    eof: bool,
    failed: bool,
    /// Inside an over-long run, skipping from this index.
    skip: Option<usize>,
    scanner: Scanner,
    tracker: LineCounter,
    tracked: usize,
}

impl Finder {
    /// The URIs in everything `reader` gives, read once in 64 KiB chunks (it
    /// need not be buffered). Bytes that are not UTF-8 are allowed around
    /// URIs.
    ///
    /// # Errors
    /// The iterator yields the reader's error (other than `Interrupted`, which
    /// is retried), then ends.
    ///
    /// # Example
    /// ```
    /// use urikit::extract::Finder;
    ///
    /// let text = &b"bytes \xff around <URL: http://example.com/a> too"[..];
    /// let found: Vec<_> = Finder::new().stream(text).collect::<Result<_, _>>()?;
    /// assert_eq!(found[0].as_str(), "http://example.com/a");
    /// assert_eq!(found[0].span(), 21..41);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn stream<R: Read>(&self, reader: R) -> StreamMatches<'_, R> {
        StreamMatches {
            finder: self,
            reader,
            buf: Vec::with_capacity(CHUNK + CONTEXT),
            scratch: std::vec![0; CHUNK],
            offset: 0,
            pos: 0,
            floor: 0,
            eof: false,
            failed: false,
            skip: None,
            scanner: Scanner::default(),
            tracker: LineCounter::new(),
            tracked: 0,
        }
    }
}

impl<R: Read> StreamMatches<'_, R> {
    /// The next match, `None` at the end.
    fn next_match(&mut self) -> io::Result<Option<Match<'static>>> {
        loop {
            if let Some(from) = self.skip {
                match self.scanner.skip(self.finder, &self.buf, from, self.eof) {
                    Ok(end) => {
                        self.skip = None;
                        self.pos = end;
                        self.floor = end;
                    }
                    Err(keep) => {
                        self.skip = Some(keep + 1);
                        self.pos = keep + 1;
                        self.compact(keep);
                        self.fill(false)?;
                    }
                }
                continue;
            }
            let step = self
                .scanner
                .step(self.finder, &self.buf, self.pos, self.floor, self.eof);
            match step {
                Step::Found(raw, next) => {
                    self.tracker.advance(&self.buf[self.tracked..raw.start]);
                    let m = Match::from_raw(raw, self.offset, self.tracker).into_owned();
                    self.tracked = m.start - self.offset;
                    self.pos = next;
                    self.floor = next;
                    return Ok(Some(m));
                }
                Step::Skip(from) => self.skip = Some(from),
                Step::NeedMore(keep) if !self.eof => {
                    self.pos = keep;
                    self.compact(keep);
                    self.fill(true)?;
                }
                Step::NeedMore(_) | Step::End => {
                    if self.eof {
                        return Ok(None);
                    }
                    self.pos = self.buf.len();
                    self.compact(self.buf.len());
                    self.fill(false)?;
                }
            }
        }
    }

    /// Drops the bytes more than [`CONTEXT`] before `keep`, counting lines
    /// over them first.
    fn compact(&mut self, keep: usize) {
        let cut = keep.saturating_sub(CONTEXT);
        if cut == 0 {
            return;
        }
        if cut > self.tracked {
            self.tracker.advance(&self.buf[self.tracked..cut]);
            self.tracked = cut;
        }
        self.buf.drain(..cut);
        self.offset += cut;
        self.pos -= cut;
        self.tracked -= cut;
        self.floor = self.floor.saturating_sub(cut);
        if let Some(s) = &mut self.skip {
            *s -= cut;
        }
        self.scanner.invalidate();
    }

    /// Appends up to one chunk; sets `eof` when the reader has no more.
    ///
    /// With `whole`, a candidate is pending and will be scanned again from its
    /// start: reads go on until a whole chunk has come (or the end), so that a
    /// reader giving a few bytes at a time does not make the rescans
    /// quadratic.
    fn fill(&mut self, whole: bool) -> io::Result<()> {
        let mut got = 0;
        while got < CHUNK {
            match self.reader.read(&mut self.scratch[..CHUNK - got]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.buf.extend_from_slice(&self.scratch[..n]);
                    got += n;
                    if !whole {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

impl<R: Read> Iterator for StreamMatches<'_, R> {
    type Item = io::Result<Match<'static>>;

    fn next(&mut self) -> Option<io::Result<Match<'static>>> {
        if self.failed {
            return None;
        }
        match self.next_match() {
            Ok(m) => m.map(Ok),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Generated text, never held whole: `total` bytes of prose with a URI
    /// every line and an over-long run of URI characters now and then.
    struct Generated {
        made: usize,
        total: usize,
        line: std::vec::Vec<u8>,
        at: usize,
        n: usize,
    }

    impl Read for Generated {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.made >= self.total {
                return Ok(0);
            }
            if self.at == self.line.len() {
                self.n += 1;
                self.line = if self.n % 500 == 0 {
                    std::format!("long http://x.example/{}\n", "a".repeat(100_000)).into_bytes()
                } else {
                    std::format!(
                        "line {} see <http://h{}.example/p-\n  q> now.\n",
                        self.n,
                        self.n
                    )
                    .into_bytes()
                };
                self.at = 0;
            }
            let k = out.len().min(self.line.len() - self.at);
            out[..k].copy_from_slice(&self.line[self.at..self.at + k]);
            self.at += k;
            self.made += k;
            Ok(k)
        }
    }

    #[test]
    fn memory_does_not_grow_with_the_input() {
        let f = Finder::new().max_len(4096);
        let total = 40 << 20;
        let source = Generated {
            made: 0,
            total,
            line: std::vec::Vec::new(),
            at: 0,
            n: 0,
        };
        let mut it = f.stream(source);
        let mut found = 0;
        let mut largest = 0;
        while let Some(m) = it.next() {
            let m = m.unwrap();
            assert!(m.as_str().starts_with("http://h"), "{}", m.as_str());
            found += 1;
            largest = largest.max(it.buf.capacity());
        }
        assert!(found > 150_000, "{found}");
        // One chunk, the context, a candidate of at most max_len, and what a
        // Vec rounds up to: far below the 40 MiB read.
        assert!(largest <= 4 * (CHUNK + CONTEXT + 4096), "{largest}");
    }
}
