//! The scanning engine: finds the next URI in a window of bytes.
//!
//! It is written for windows so that one engine serves both a whole text in
//! memory and a stream read in chunks. A window is `buf`, of which
//! `buf[..pos]` has been scanned (only looked back into, at most
//! [`CONTEXT`] bytes), and `eof` tells whether the text ends with the window.
//! When a candidate reaches the end of a window that is not the last, the
//! engine answers [`Step::NeedMore`] with the candidate's start, and the
//! caller calls again with more bytes after the same start: the answer is then
//! what it would have been on the whole text, because no decision depends on
//! where a window ends.
//!
//! The steps (one trigger at a time, found with `memchr`):
//!
//! - `<` starts an angle-bracketed candidate: up to `>`, URI characters and
//!   whitespace only; an optional `URL:` prefix; whitespace removed.
//! - `:` is looked back from for a scheme (at most [`MAX_SCHEME`] bytes), the
//!   scheme is checked against the [`Finder`]'s rules *before* the run is
//!   scanned (so `a:b` costs nothing), then the run of URI characters
//!   after it is scanned (joining a line break after a hyphen), trailing
//!   punctuation is trimmed, and the result must parse.
//! - `.` (only with abbreviated forms on) is looked back from for `www` or `ftp`.
//!
//! # Cost
//! Every byte is looked at a bounded number of times: the run scan and the
//! bracket balance are cached per run, so many candidates in one long run do
//! not rescan it.

// Without `std` there is no stream driver, which alone needs the window API.
#![cfg_attr(not(feature = "std"), allow(dead_code))]

use alloc::borrow::Cow;
use alloc::string::String;

use memchr::{memchr2, memchr3};

use super::{abbreviated, Delimiter, Finder};
use crate::scheme::SchemeInfo;
use crate::table::{Table, ALPHA, DIGIT, SCHEME, UNRESERVED, URI_CHAR};
use crate::UriRef;

/// The longest scheme name looked back for (the longest registered one is
/// shorter than 32 bytes).
pub(crate) const MAX_SCHEME: usize = 32;

/// How many bytes before a window's scan position the engine may look at.
pub(crate) const CONTEXT: usize = 64;

/// The longest whitespace run joined after a hyphen at a line break.
const MAX_BREAK_WS: usize = 64;

/// Whitespace that may be removed from inside a URI: `SP`, `HTAB`, `CR`, `LF`.
const WS: Table = Table::new(b" \t\r\n");

/// Sentence punctuation not taken at the end of a bare URI (Appendix E: "to
/// delimit the URI ... from punctuation marks that might be mistaken for part
/// of the URI"). `'` is here as a closing quote.
const TRAILING: Table = Table::new(b".,;:!?'");

/// A found URI, borrowing the window.
#[derive(Debug)]
pub(crate) struct Raw<'b> {
    pub start: usize,
    pub end: usize,
    pub uri: Cow<'b, str>,
    pub delimiter: Delimiter,
    pub joined: bool,
    pub hyphen_break: bool,
    pub abbreviated: bool,
}

/// What a step found.
#[derive(Debug)]
pub(crate) enum Step<'b> {
    /// A URI, and where scanning goes on.
    Found(Raw<'b>, usize),
    /// A candidate starting at this index reaches the window's end.
    NeedMore(usize),
    /// A run longer than the limit: skip it from this index (see [`Scanner::skip`]).
    Skip(usize),
    /// No more triggers in the window.
    End,
}

/// What one candidate gave.
enum Cand<'b> {
    Found(Raw<'b>, usize),
    NeedMore(usize),
    Skip(usize),
    No,
}

/// How a run of URI characters ended.
enum Run {
    /// At this index (the first byte not in the run).
    End(usize),
    /// At the window's end; resume from this index (the run's last URI byte).
    Incomplete(usize),
    /// Past the limit, at this index (inside the run).
    Limit(usize),
}

/// What a scheme allows before the run is scanned.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pre {
    /// `scheme://host...`: the host must not be empty.
    Authority,
    /// A known scheme without an authority: something must follow the `:`.
    Opaque,
}

/// Counts of brackets in a range, to tell a closing one without its opener.
#[derive(Clone, Copy, Default)]
struct Brackets {
    from: usize,
    end: usize,
    /// `(`, `)`, `[`, `]`
    n: [usize; 4],
}

impl Brackets {
    fn count(buf: &[u8], from: usize, end: usize) -> Brackets {
        let mut n = [0; 4];
        for &b in &buf[from..end] {
            match b {
                b'(' => n[0] += 1,
                b')' => n[1] += 1,
                b'[' => n[2] += 1,
                b']' => n[3] += 1,
                _ => {}
            }
        }
        Brackets { from, end, n }
    }
}

/// The engine, with its per-run caches (indices into the current window;
/// [`Scanner::invalidate`] when the window moves).
#[derive(Clone, Default)]
pub(crate) struct Scanner {
    /// A run scanned from `.0` ended at `.1`.
    run: Option<(usize, usize)>,
    /// Bracket counts of the last trimmed range.
    brackets: Option<Brackets>,
    /// The last schemes looked up, as written, with what the finder knows of
    /// them (text mostly repeats `http` and `https`).
    schemes: [Option<CachedScheme>; 2],
}

/// A scheme name (up to 16 bytes, and its length) and its registry entry.
type CachedScheme = ([u8; 16], usize, Option<SchemeInfo>);

impl Scanner {
    /// Forgets the caches whose indices are into a window that moved.
    pub fn invalidate(&mut self) {
        self.run = None;
        self.brackets = None;
    }

    /// What the finder knows of `scheme` (ASCII), through the small cache.
    fn known(&mut self, f: &Finder, scheme: &[u8]) -> Option<SchemeInfo> {
        for (name, len, info) in self.schemes.iter().flatten() {
            if &name[..*len] == scheme {
                return *info;
            }
        }
        let info = f.known(core::str::from_utf8(scheme).unwrap_or(""));
        if scheme.len() <= 16 {
            let mut name = [0; 16];
            name[..scheme.len()].copy_from_slice(scheme);
            self.schemes[1] = self.schemes[0];
            self.schemes[0] = Some((name, scheme.len(), info));
        }
        info
    }

    /// Finds the next URI in `buf[pos..]`; a scheme is not looked for before
    /// `floor` (the end of the last URI found).
    pub fn step<'b>(
        &mut self,
        f: &Finder,
        buf: &'b [u8],
        mut pos: usize,
        floor: usize,
        eof: bool,
    ) -> Step<'b> {
        loop {
            let hay = &buf[pos.min(buf.len())..];
            let off = if f.abbreviated {
                memchr3(b':', b'<', b'.', hay)
            } else {
                memchr2(b':', b'<', hay)
            };
            let Some(off) = off else {
                return Step::End;
            };
            let i = pos + off;
            let cand = match buf[i] {
                b'<' => self.angle(f, buf, i, eof),
                b':' => self.bare(f, buf, i, floor, eof),
                _ => self.www(f, buf, i, floor, eof),
            };
            match cand {
                Cand::Found(raw, _) if f.scheme_rules && !follows_scheme_rules(f, &raw.uri) => {
                    pos = i + 1;
                }
                Cand::Found(raw, next) => return Step::Found(raw, next),
                Cand::NeedMore(k) => return Step::NeedMore(k),
                Cand::Skip(k) => return Step::Skip(k),
                Cand::No => pos = i + 1,
            }
        }
    }

    /// Skips the rest of an over-long run from `from`: `Ok(end)` where it
    /// ends, or `Err(k)` when the window ends first (resume from `k + 1`, and
    /// keep `buf[k..]`).
    pub fn skip(&mut self, f: &Finder, buf: &[u8], from: usize, eof: bool) -> Result<usize, usize> {
        match scan_run(buf, from, usize::MAX, eof, f.hyphen_breaks) {
            Run::End(e) => Ok(e),
            Run::Incomplete(k) => Err(k),
            Run::Limit(_) => Err(buf.len().saturating_sub(1)),
        }
    }

    /// The run of URI characters from `from` (inside a run starting at
    /// `start`), with the cache.
    fn run(&mut self, f: &Finder, buf: &[u8], start: usize, from: usize, eof: bool) -> Run {
        let limit = start.saturating_add(f.max_len);
        if let Some((a, e)) = self.run {
            if a <= from && from <= e {
                return if e > limit {
                    Run::Limit(e)
                } else {
                    Run::End(e)
                };
            }
        }
        let r = scan_run(buf, from, limit, eof, f.hyphen_breaks);
        if let Run::End(e) = r {
            self.run = Some((from, e));
        }
        r
    }

    /// A bare candidate at the `:` at `c`.
    fn bare<'b>(
        &mut self,
        f: &Finder,
        buf: &'b [u8],
        c: usize,
        floor: usize,
        eof: bool,
    ) -> Cand<'b> {
        let mut s = c;
        while s > floor && SCHEME.contains(buf[s - 1]) {
            s -= 1;
            if c - s > MAX_SCHEME {
                return Cand::No;
            }
        }
        while s < c && !ALPHA.contains(buf[s]) {
            s += 1;
        }
        if s == c {
            return Cand::No;
        }
        if buf.len() < c + 4 && !eof {
            return Cand::NeedMore(s);
        }
        let known = self.known(f, &buf[s..c]);
        let Some(pre) = pre_accept(f, known, &buf[c + 1..]) else {
            return Cand::No;
        };
        let end = match self.run(f, buf, s, c + 1, eof) {
            Run::End(e) => e,
            Run::Incomplete(_) => return Cand::NeedMore(s),
            Run::Limit(k) => return Cand::Skip(k),
        };
        self.finish(buf, s, c, end, pre)
    }

    /// Trims, parses (cutting at a parse error, at most three times) and checks
    /// the bare candidate `buf[s..end]` whose scheme ends at `c`.
    fn finish<'b>(&mut self, buf: &'b [u8], s: usize, c: usize, end: usize, pre: Pre) -> Cand<'b> {
        let mut end = self.trim(buf, s, end, true);
        for _ in 0..3 {
            if end <= c + 1 {
                return Cand::No;
            }
            let (uri, joined) = join(buf, s, end);
            match UriRef::parse(&uri) {
                Ok(u) => {
                    let good = match pre {
                        Pre::Authority => u.host_str().is_some_and(|h| !h.is_empty()),
                        Pre::Opaque => true,
                    };
                    if !good {
                        return Cand::No;
                    }
                    let raw = Raw {
                        start: s,
                        end,
                        uri,
                        delimiter: quoted(buf, s, end),
                        joined,
                        hyphen_break: joined,
                        abbreviated: false,
                    };
                    return Cand::Found(raw, end);
                }
                Err(e) => end = self.trim(buf, s, raw_index(buf, s, end, e.index()), false),
            }
        }
        Cand::No
    }

    /// `end` with trailing punctuation and unmatched closing brackets taken
    /// off `buf[s..end]`, and any whitespace they leave at the end. With
    /// `cached`, the bracket counts come from (and go to) the per-run cache:
    /// the candidates of one run all ask for the same end.
    fn trim(&mut self, buf: &[u8], s: usize, mut end: usize, cached: bool) -> usize {
        let mut counts: Option<[usize; 4]> = None;
        while end > s {
            let last = buf[end - 1];
            if TRAILING.contains(last) || WS.contains(last) {
                end -= 1;
                continue;
            }
            let (open, close) = match last {
                b')' => (0, 1),
                b']' => (2, 3),
                _ => break,
            };
            let n = counts.get_or_insert_with(|| {
                if cached {
                    self.brackets(buf, s, end)
                } else {
                    Brackets::count(buf, s, end).n
                }
            });
            if n[close] > n[open] {
                n[close] -= 1;
                end -= 1;
            } else {
                break;
            }
        }
        end
    }

    /// Bracket counts of `buf[s..end]`, from the cache when it covers a range
    /// with the same end starting at or before `s`.
    fn brackets(&mut self, buf: &[u8], s: usize, end: usize) -> [usize; 4] {
        let b = match self.brackets {
            Some(b) if b.end == end && b.from <= s => {
                let before = Brackets::count(buf, b.from, s);
                let mut n = b.n;
                for (v, b) in n.iter_mut().zip(before.n) {
                    *v -= b;
                }
                Brackets { from: s, end, n }
            }
            _ => Brackets::count(buf, s, end),
        };
        self.brackets = Some(b);
        b.n
    }

    /// An angle-bracketed candidate at the `<` at `i`.
    fn angle<'b>(&mut self, f: &Finder, buf: &'b [u8], i: usize, eof: bool) -> Cand<'b> {
        let limit = (i + 1).saturating_add(f.max_len);
        let mut j = i + 1;
        loop {
            if j > limit {
                return Cand::No;
            }
            let Some(&b) = buf.get(j) else {
                return if eof { Cand::No } else { Cand::NeedMore(i) };
            };
            if b == b'>' {
                break;
            }
            if !(URI_CHAR.contains(b) || WS.contains(b)) {
                return Cand::No;
            }
            j += 1;
        }
        let skip_ws = |mut k: usize| {
            while k < j && WS.contains(buf[k]) {
                k += 1;
            }
            k
        };
        let mut a = skip_ws(i + 1);
        let url_prefix = buf[a..j].len() >= 4 && buf[a..a + 4].eq_ignore_ascii_case(b"URL:");
        if url_prefix {
            a = skip_ws(a + 4);
        }
        let mut b = j;
        while b > a && WS.contains(buf[b - 1]) {
            b -= 1;
        }
        if a == b {
            return Cand::No;
        }
        let (uri, joined) = join(buf, a, b);
        let hyphen_break = joined && hyphen_at_break(&buf[a..b]);
        let raw = |uri, abbreviated| Raw {
            start: a,
            end: b,
            uri,
            delimiter: Delimiter::Angle,
            joined,
            hyphen_break,
            abbreviated,
        };
        // A scheme written without whitespace in it, then ':'.
        let scheme_len = buf[a..b].iter().position(|&c| !SCHEME.contains(c));
        if ALPHA.contains(buf[a]) && scheme_len.is_some_and(|n| buf[a + n] == b':') {
            let good = UriRef::parse(&uri).is_ok_and(|u| {
                let scheme = u.scheme().unwrap_or("");
                let rest = &uri.as_bytes()[scheme.len() + 1..];
                match pre_accept(f, f.known(scheme), rest) {
                    Some(Pre::Authority) => u.host_str().is_some_and(|h| !h.is_empty()),
                    Some(Pre::Opaque) => true,
                    // `<URL:...>` marks a URI whatever its scheme.
                    None => url_prefix && !rest.is_empty(),
                }
            });
            if good {
                return Cand::Found(raw(uri, false), j + 1);
            }
        }
        if f.abbreviated && www_prefix(&buf[a..b]) {
            if let Ok(c) = abbreviated::complete_with(&uri, &f.schemes) {
                let full = Cow::Owned(c.into_uri().into_string());
                return Cand::Found(raw(full, true), j + 1);
            }
        }
        Cand::No
    }

    /// An abbreviated candidate (`www.` or `ftp.`) at the `.` at `i`.
    fn www<'b>(
        &mut self,
        f: &Finder,
        buf: &'b [u8],
        i: usize,
        floor: usize,
        eof: bool,
    ) -> Cand<'b> {
        if i < floor + 3 || !www_prefix(&buf[i - 3..]) {
            return Cand::No;
        }
        let s = i - 3;
        if s > 0 {
            let p = buf[s - 1];
            if UNRESERVED.contains(p) || matches!(p, b'/' | b'@' | b':' | b'%') {
                return Cand::No;
            }
        }
        match buf.get(i + 1) {
            None if !eof => return Cand::NeedMore(s),
            Some(&c) if ALPHA.contains(c) || DIGIT.contains(c) => {}
            _ => return Cand::No,
        }
        let end = match self.run(f, buf, s, i + 1, eof) {
            Run::End(e) => e,
            Run::Incomplete(_) => return Cand::NeedMore(s),
            Run::Limit(k) => return Cand::Skip(k),
        };
        let end = self.trim(buf, s, end, true);
        let (text, joined) = join(buf, s, end);
        match abbreviated::complete_with(&text, &f.schemes) {
            Ok(c) => {
                let raw = Raw {
                    start: s,
                    end,
                    uri: Cow::Owned(c.into_uri().into_string()),
                    delimiter: quoted(buf, s, end),
                    joined,
                    hyphen_break: joined,
                    abbreviated: true,
                };
                Cand::Found(raw, end)
            }
            Err(_) => Cand::No,
        }
    }
}

/// Whether `uri` follows its scheme's own rules, as the finder's registry
/// knows them.
fn follows_scheme_rules(f: &Finder, uri: &str) -> bool {
    crate::Uri::parse(uri).is_ok_and(|u| f.schemes.validate(&u).is_ok())
}

/// Whether `b` starts with `www.` or `ftp.` (any case).
fn www_prefix(b: &[u8]) -> bool {
    b.len() >= 4
        && b[3] == b'.'
        && (b[..3].eq_ignore_ascii_case(b"www") || b[..3].eq_ignore_ascii_case(b"ftp"))
}

/// What the scheme allows, looking at the bytes after its `:` (`rest`).
fn pre_accept(f: &Finder, known: Option<SchemeInfo>, rest: &[u8]) -> Option<Pre> {
    let authority = rest.len() >= 3
        && rest.starts_with(b"//")
        && (ALPHA.contains(rest[2]) || DIGIT.contains(rest[2]) || rest[2] == b'[');
    match known {
        Some(info) if info.requires_authority() => authority.then_some(Pre::Authority),
        Some(_) if authority => Some(Pre::Authority),
        Some(_) => rest
            .first()
            .is_some_and(|&b| URI_CHAR.contains(b))
            .then_some(Pre::Opaque),
        None => (f.any_authority && authority).then_some(Pre::Authority),
    }
}

/// Scans URI characters from `pos`, joining a line break right after a hyphen
/// (whitespace around it, one line break, at most [`MAX_BREAK_WS`] bytes, a
/// URI character after it) when `hyphen` is on.
fn scan_run(buf: &[u8], mut pos: usize, limit: usize, eof: bool, hyphen: bool) -> Run {
    loop {
        if pos > limit {
            return Run::Limit(pos);
        }
        let Some(&b) = buf.get(pos) else {
            return if eof {
                Run::End(buf.len())
            } else {
                Run::Incomplete(pos - 1)
            };
        };
        if URI_CHAR.contains(b) {
            pos += 1;
            continue;
        }
        if hyphen && WS.contains(b) && pos > 0 && buf[pos - 1] == b'-' {
            let mut q = pos;
            let mut newlines = 0;
            while q < buf.len() && q - pos < MAX_BREAK_WS && WS.contains(buf[q]) {
                newlines += usize::from(buf[q] == b'\n');
                q += 1;
            }
            if q == buf.len() && !eof && q - pos < MAX_BREAK_WS {
                return Run::Incomplete(pos - 1);
            }
            if newlines == 1 && buf.get(q).is_some_and(|&c| URI_CHAR.contains(c)) {
                pos = q;
                continue;
            }
        }
        return Run::End(pos);
    }
}

/// `buf[s..end]` (URI characters and whitespace) without its whitespace, and
/// whether there was any.
fn join(buf: &[u8], s: usize, end: usize) -> (Cow<'_, str>, bool) {
    let bytes = &buf[s..end];
    // Only ASCII URI characters and whitespace are in a candidate.
    let text = core::str::from_utf8(bytes).unwrap_or("");
    if !bytes.iter().any(|&b| WS.contains(b)) {
        return (Cow::Borrowed(text), false);
    }
    let joined: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    (Cow::Owned(joined), true)
}

/// The index in `buf` of the `k`-th non-whitespace byte of `buf[s..end]`
/// (`end` when there are fewer).
fn raw_index(buf: &[u8], s: usize, end: usize, k: usize) -> usize {
    let mut seen = 0;
    for (i, &b) in buf[s..end].iter().enumerate() {
        if WS.contains(b) {
            continue;
        }
        if seen == k {
            return s + i;
        }
        seen += 1;
    }
    end
}

/// Whether a hyphen is followed by whitespace holding a line break.
fn hyphen_at_break(b: &[u8]) -> bool {
    b.iter().enumerate().any(|(i, &c)| {
        c == b'-' && {
            let ws = b[i + 1..].iter().take_while(|&&w| WS.contains(w));
            ws.clone().any(|&w| w == b'\n') && ws.count() > 0
        }
    })
}

/// [`Delimiter::Quotes`] when `buf[s..end]` is between double quotes.
fn quoted(buf: &[u8], s: usize, end: usize) -> Delimiter {
    if s > 0 && buf[s - 1] == b'"' && buf.get(end) == Some(&b'"') {
        Delimiter::Quotes
    } else {
        Delimiter::Whitespace
    }
}
