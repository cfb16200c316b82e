//! The composer: the one writer of new references. Resolution,
//! normalization, the builder, the setters and relativization all make
//! their results with it.
//!
//! A [`Composer`] appends a reference's components in order (scheme,
//! authority, path, query, fragment) to a `String` and records the stored
//! [`Offsets`] as it goes, so the result is an owned value at once: no
//! second parse, no offsets spelled out and packed again. Each component is
//! either
//!
//! - written: the caller appends its text ([`Composer::scheme`],
//!   [`Composer::userinfo`], [`Composer::host`], [`Composer::port`],
//!   [`Composer::path`], [`Composer::query`], [`Composer::fragment`]); or
//! - copied from a parsed reference, with the components after it in one
//!   piece ([`Composer::copy`]): the offsets of what is copied are the
//!   source's, moved. This is every fast path's shape: a resolution target
//!   is a prefix of the base and a suffix of the reference ([`join`], the
//!   two copies without a composer: one allocation of the exact size, the
//!   offsets a few adds), a normal form that needs no change is a copy of
//!   its input.
//!
//! The composer keeps the structure it is asked for, in one place: a path
//! without an authority that would start with `//` is written `/.//...` (it
//! would read as an authority), and a relative reference's path whose first
//! segment holds `:` gets `./` (it would read as a scheme).
//!
//! It reads no grammar: it does not care whether the text it appends is a URI
//! or an IRI. The caller guarantees that each component's text is valid for
//! that component (it was parsed, or checked, or made by a step that keeps it
//! valid), and that the whole stays within the offset limit
//! ([`MAX_LEN`](crate::offsets::MAX_LEN) and the margin above it); the owned
//! types check the result against a parse in debug builds.

use alloc::string::String;

use crate::grammar::ucs::is_iprivate;
use crate::offsets::{HostKind, Offsets};
use crate::pct::push_encoded;
use crate::table::PATH;

/// Where the composer stands in the sequence of components: what it writes
/// or copies next. The order is the order of the components in a reference;
/// when the composer stands before one, the offsets of every component
/// before it are recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Next {
    /// Nothing written yet: the scheme.
    Scheme,
    /// After `scheme ":"` (or at the start, without a scheme): the authority.
    Authority,
    /// After `"//" [ userinfo "@" ]`: the host. (Only the composer's own
    /// writers stand inside an authority.)
    Host,
    /// After the host: the port, if any, and the end of the authority.
    Port,
    /// After the authority: the path.
    Path,
    /// Inside the path, whose start is recorded: more of the path.
    InPath,
    /// After the path: the query.
    Query,
    /// After the query: the fragment.
    Fragment,
    /// After everything.
    End,
}

/// A parsed reference to copy from: its text and its stored offsets (a URI
/// or an IRI reference alike).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source<'a> {
    text: &'a str,
    o: &'a Offsets,
}

impl<'a> Source<'a> {
    /// The reference `text`, whose offsets are `o`.
    #[inline(always)]
    pub(crate) fn new(text: &'a str, o: &'a Offsets) -> Source<'a> {
        Source { text, o }
    }

    /// Where, in the source, the components from `next` on begin.
    #[inline(always)]
    pub(crate) fn position(&self, next: Next) -> usize {
        match next {
            Next::Scheme => 0,
            Next::Authority => match self.o.scheme_end() {
                0 => 0,
                e => e + 1,
            },
            // Not a boundary between components (`copy` is never asked to
            // start inside an authority): the end of the authority.
            Next::Host | Next::Port | Next::Path | Next::InPath => self.o.path_start(),
            Next::Query => self.o.path_end(),
            Next::Fragment => self.o.query_end(),
            Next::End => self.text.len(),
        }
    }
}

/// Writes a reference component by component into a caller's string,
/// recording its offsets.
///
/// The offsets are relative to where the reference starts in the string
/// (which may hold text before it). The string is the caller's, not the
/// composer's: the composer is then a few numbers the compiler keeps in
/// registers, whatever the string's growth does.
pub(crate) struct Composer<'s> {
    s: &'s mut String,
    /// Where the reference starts in `s`.
    start: usize,
    o: Offsets,
    next: Next,
}

/// The offsets of the empty reference.
const EMPTY: Offsets = Offsets {
    scheme_end: 0,
    host_start: 0,
    host_end: 0,
    path_start: 0,
    path_end: 0,
    query_end: 0,
    host: HostKind::None,
    ipv4: [0; 4],
};

impl<'s> Composer<'s> {
    /// A composer writing after what `s` holds.
    #[inline(always)]
    pub(crate) fn new(s: &'s mut String) -> Composer<'s> {
        Composer {
            start: s.len(),
            s,
            o: EMPTY,
            next: Next::Scheme,
        }
    }

    /// The length written so far, as a stored offset. (The callers keep the
    /// reference within the offset limit, so it fits a `u32`.)
    #[inline(always)]
    fn here(&self) -> u32 {
        (self.s.len() - self.start) as u32
    }

    /// Moves on to `next` without writing: the components before it that
    /// are not written yet are absent.
    #[inline(always)]
    pub(crate) fn skip(&mut self, next: Next) {
        debug_assert!(self.next <= next, "{:?} after {:?}", next, self.next);
        if self.next < Next::Authority && next >= Next::Authority {
            self.o.scheme_end = 0;
        }
        if self.next < Next::Path && next >= Next::Path {
            if self.next < Next::Host {
                // No authority.
                self.o.host = HostKind::None;
                self.o.host_start = 0;
                self.o.host_end = 0;
            }
            self.o.path_start = self.here();
        }
        if self.next < Next::Query && next >= Next::Query {
            self.o.path_end = self.here();
            self.keep_path_structure();
        }
        if self.next < Next::Fragment && next >= Next::Fragment {
            self.o.query_end = self.here();
        }
        self.next = next;
    }

    /// Appends `src`'s components from `from` (where the composer stands)
    /// up to (not including) `to`, in one piece, with their offsets moved
    /// from the source's. From [`Next::InPath`], the source's whole path
    /// continues the path written so far.
    ///
    /// (The caller says where the composer stands, which it always knows:
    /// the compiler then keeps only the code of that case.)
    #[inline(always)]
    pub(crate) fn copy(&mut self, src: Source<'_>, from: Next, to: Next) {
        debug_assert!(to != Next::InPath);
        self.copy_through(src, from, to, src.position(to));
        self.next = to;
    }

    /// [`copy`](Composer::copy) up to byte `end` of the source, where the
    /// components from `to` on begin (or, for [`Next::Path`], inside the
    /// path): records the offsets of the components it covers.
    #[inline(always)]
    fn copy_through(&mut self, src: Source<'_>, at: Next, to: Next, end: usize) {
        debug_assert!(
            at == self.next && at <= to && !matches!(at, Next::Host | Next::Port),
            "{at:?} to {to:?}, standing before {:?}",
            self.next
        );
        if at == Next::Scheme && to == Next::End {
            // The whole reference, and nothing before it: its offsets as
            // they are (a parsed reference keeps its structure).
            self.s.push_str(src.text);
            self.o = *src.o;
            return;
        }
        let from = src.position(at);
        let so = src.o;
        // Source offset + `d` = offset in the result (wrapping: a broken
        // contract gives wrong offsets, never a panic).
        let mut d = self.here().wrapping_sub(from as u32);
        self.s.push_str(src.text.get(from..end).unwrap_or_default());
        if at < Next::Authority && to >= Next::Authority {
            self.o.scheme_end = so.scheme_end;
        }
        if at < Next::Path && to >= Next::Path {
            self.o.host = so.host;
            self.o.ipv4 = so.ipv4;
            if so.host == HostKind::None {
                self.o.host_start = 0;
                self.o.host_end = 0;
            } else {
                self.o.host_start = so.host_start.wrapping_add(d);
                self.o.host_end = so.host_end.wrapping_add(d);
            }
            self.o.path_start = so.path_start.wrapping_add(d);
        }
        if at < Next::Query && to >= Next::Query {
            self.o.path_end = so.path_end.wrapping_add(d);
            d = d.wrapping_add(self.keep_path_structure());
        }
        if at < Next::Fragment && to >= Next::Fragment {
            self.o.query_end = so.query_end.wrapping_add(d);
        }
    }

    /// Writes the scheme (`write` appends it) and its `:`.
    #[inline(always)]
    pub(crate) fn scheme(&mut self, write: impl FnOnce(&mut String)) {
        debug_assert_eq!(self.next, Next::Scheme);
        write(self.s);
        self.o.scheme_end = self.here();
        self.s.push(':');
        self.next = Next::Authority;
    }

    /// Starts an authority: `//`.
    #[inline(always)]
    fn open_authority(&mut self) {
        self.skip(Next::Authority);
        self.s.push_str("//");
        self.next = Next::Host;
    }

    /// Writes `//`, the userinfo (`write` appends it) and its `@`.
    #[inline(always)]
    pub(crate) fn userinfo(&mut self, write: impl FnOnce(&mut String)) {
        self.open_authority();
        write(self.s);
        self.s.push('@');
    }

    /// Writes the host (after `//`, unless a userinfo was written): `write`
    /// appends it and says what kind of host it is, with an IPv4 host's
    /// address.
    #[inline(always)]
    pub(crate) fn host(&mut self, write: impl FnOnce(&mut String) -> (HostKind, [u8; 4])) {
        if self.next < Next::Host {
            self.open_authority();
        }
        debug_assert_eq!(self.next, Next::Host);
        self.o.host_start = self.here();
        let (kind, ipv4) = write(self.s);
        debug_assert!(kind != HostKind::None);
        self.o.host_end = self.here();
        self.o.host = kind;
        self.o.ipv4 = ipv4;
        self.next = Next::Port;
    }

    /// Writes `:` and the port (`write` appends its digits).
    #[inline(always)]
    pub(crate) fn port(&mut self, write: impl FnOnce(&mut String)) {
        debug_assert_eq!(self.next, Next::Port);
        self.s.push(':');
        write(self.s);
    }

    /// Writes the path (`write` appends it).
    #[inline(always)]
    pub(crate) fn path(&mut self, write: impl FnOnce(&mut String)) {
        self.skip(Next::InPath);
        write(self.s);
        self.skip(Next::Query);
    }

    /// Writes text that is a path and perhaps `"?" query` (`write` appends
    /// it), split at its first `?` (the 1997 draft's resolution merges the
    /// reference's query into the path).
    ///
    /// Text of the query that ends up before the first `?` is path: an IRI's
    /// `iprivate` characters, which only the query takes, are written there
    /// percent-encoded (RFC 3987 section 3.1's mapping, for those
    /// characters only), so that the result stays an IRI.
    #[inline(always)]
    pub(crate) fn path_and_query(&mut self, write: impl FnOnce(&mut String)) {
        self.skip(Next::InPath);
        let at = self.s.len();
        write(self.s);
        let path_end = self.s[at..].find('?').map_or(self.s.len(), |k| at + k);
        if !self.s.as_bytes()[at..path_end].is_ascii() {
            encode_private_characters(self.s, at, path_end);
        }
        // (Looked for again: the encoding moves the `?`.)
        match self.s[at..].find('?') {
            None => self.skip(Next::Query),
            Some(k) => {
                // The path ends at the `?`: what follows is the query.
                self.o.path_end = (at + k - self.start) as u32;
                self.keep_path_structure();
                self.o.query_end = self.here();
                self.next = Next::Fragment;
            }
        }
    }

    /// Writes `?` and the query (`write` appends it).
    #[inline(always)]
    pub(crate) fn query(&mut self, write: impl FnOnce(&mut String)) {
        self.skip(Next::Query);
        self.s.push('?');
        write(self.s);
        self.o.query_end = self.here();
        self.next = Next::Fragment;
    }

    /// Writes `#` and the fragment (`write` appends it).
    #[inline(always)]
    pub(crate) fn fragment(&mut self, write: impl FnOnce(&mut String)) {
        self.skip(Next::Fragment);
        self.s.push('#');
        write(self.s);
        self.next = Next::End;
    }

    /// Lowercases the scheme and the host in place (the lengths, and so the
    /// offsets, do not change): normalization's step on a copy.
    #[inline(always)]
    pub(crate) fn lowercase_scheme_and_host(&mut self) {
        let o = &self.o;
        let host = if o.has_authority() {
            o.host_start()..o.host_end()
        } else {
            0..0
        };
        lowercase(self.s, self.start, o.scheme_end(), host);
    }

    /// Called when the path is complete: puts `/.` before a path that would
    /// start with `//` without an authority, and `./` before a relative
    /// reference's path whose first segment holds `:`, moving what follows
    /// (the query and fragment a copy may already have written). Returns
    /// how many bytes it inserted.
    #[inline(always)]
    fn keep_path_structure(&mut self) -> u32 {
        if self.o.host != HostKind::None {
            return 0;
        }
        let at = self.start + self.o.path_start();
        let path = self
            .s
            .as_bytes()
            .get(at..self.start + self.o.path_end())
            .unwrap_or_default();
        let prefix = if path.starts_with(b"//") {
            "/."
        } else if self.o.scheme_end == 0 && first_segment_has_colon(path) {
            "./"
        } else {
            return 0;
        };
        insert(self.s, at, prefix);
        self.o.path_end += 2;
        2
    }

    /// The reference's offsets, the components not written being absent.
    #[inline(always)]
    pub(crate) fn finish(mut self) -> Offsets {
        if self.next != Next::End {
            self.skip(Next::End);
        }
        self.o
    }
}

/// The reference made of `head`'s text up to byte `end` (its components
/// before `from`; with [`Next::InPath`], part of its path) and then the
/// whole of `tail`, a relative reference whose text starts with
/// its components from `from` on (from [`Next::InPath`], its path
/// continues `head`'s). The two copies go into one allocation of the exact
/// size; the offsets are `head`'s before the cut and `tail`'s moved by the
/// length before it, a few adds.
///
/// The pieces keep their structure: `head` is a parsed reference with a
/// scheme and `tail` a parsed relative reference, so the path cannot start
/// with `//` without an authority (`tail`'s path cannot, nor `head`'s part
/// of one, which is empty or ends with `/`) and no `./` is needed after a
/// scheme. (The debug builds check the result against a parse.)
#[inline(always)]
pub(crate) fn join(
    head: Source<'_>,
    end: usize,
    tail: Source<'_>,
    from: Next,
) -> (String, Offsets) {
    debug_assert!(from >= Next::Authority && from != Next::Host && from != Next::Port);
    debug_assert!(tail.position(from) == 0 || from == Next::InPath);
    let head_text = head.text.get(..end).unwrap_or_default();
    // (A sum that overflows asks for an impossible capacity, which panics:
    // then the pushes below are known to fit, with no check.)
    let n = head_text.len().checked_add(tail.text.len());
    let mut s = String::with_capacity(n.unwrap_or(usize::MAX));
    s.push_str(head_text);
    s.push_str(tail.text);
    // Tail offset + `d` = offset in the result (wrapping: a broken contract
    // gives wrong offsets, never a panic).
    let d = head_text.len() as u32;
    let (h, t) = (head.o, tail.o);
    let mut o = *h;
    if from == Next::Authority {
        o.host = t.host;
        o.ipv4 = t.ipv4;
        o.host_start = t.host_start.wrapping_add(d);
        o.host_end = t.host_end.wrapping_add(d);
        o.path_start = t.path_start.wrapping_add(d);
    }
    if from != Next::Fragment {
        o.path_end = t.path_end.wrapping_add(d);
    }
    o.query_end = t.query_end.wrapping_add(d);
    (s, o)
}

/// Percent-encodes the RFC 3987 `iprivate` characters of `s[from..to]`
/// (a path: only the query takes them), leaving the rest as it is.
#[cold]
#[inline(never)]
fn encode_private_characters(s: &mut String, from: usize, to: usize) {
    let mut path = String::with_capacity(to - from + 8);
    for c in s[from..to].chars() {
        if is_iprivate(u32::from(c)) {
            // `PATH` is ASCII: every byte of the character is encoded.
            push_encoded(&mut path, c.encode_utf8(&mut [0; 4]).as_bytes(), &PATH);
        } else {
            path.push(c);
        }
    }
    s.replace_range(from..to, &path);
}

/// Inserts `prefix` at byte `at` of `s` (rare: out of line, and taking the
/// string alone, so that the composer's numbers stay in registers).
#[cold]
#[inline(never)]
fn insert(s: &mut String, at: usize, prefix: &str) {
    s.insert_str(at, prefix);
}

/// Lowercases `s[at..at + scheme_end]` and `s[at + host.start..at +
/// host.end]` (out of line, and taking the string alone, so that the
/// composer's numbers stay in registers).
#[inline(never)]
fn lowercase(s: &mut str, at: usize, scheme_end: usize, host: core::ops::Range<usize>) {
    if let Some(scheme) = s.get_mut(at..at + scheme_end) {
        scheme.make_ascii_lowercase();
    }
    if let Some(host) = s.get_mut(at + host.start..at + host.end) {
        host.make_ascii_lowercase();
    }
}

/// Whether a path that does not start with `/` has `:` in its first segment.
#[inline]
fn first_segment_has_colon(path: &[u8]) -> bool {
    for &c in path {
        match c {
            b'/' => return false,
            b':' => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{UriRef, UriRefBuf};

    /// Every reference written component by component gives the text it
    /// was parsed from and the parser's offsets.
    fn rewrite(r: &UriRef<'_>) -> UriRefBuf {
        let o = r.offsets();
        let mut text = String::new();
        let mut c = Composer::new(&mut text);
        if let Some(s) = r.scheme() {
            c.scheme(|out| out.push_str(s));
        }
        if let Some(a) = r.authority() {
            if let Some(u) = a.userinfo() {
                c.userinfo(|out| out.push_str(u));
            }
            c.host(|out| {
                out.push_str(a.host_str());
                (o.host(), o.ipv4())
            });
            if let Some(p) = a.port() {
                c.port(|out| out.push_str(p));
            }
        }
        c.path(|out| out.push_str(r.path()));
        if let Some(q) = r.query() {
            c.query(|out| out.push_str(q));
        }
        if let Some(f) = r.fragment() {
            c.fragment(|out| out.push_str(f));
        }
        let o = c.finish();
        UriRefBuf::from_offsets(text, o)
    }

    const NEXT: [Next; 6] = [
        Next::Scheme,
        Next::Authority,
        Next::Path,
        Next::Query,
        Next::Fragment,
        Next::End,
    ];

    /// The reference copied in two pieces cut at `cut`.
    fn copied(r: &UriRef<'_>, cut: Next) -> UriRefBuf {
        let mut s = String::from("prefix");
        let mut c = Composer::new(&mut s);
        c.copy(r.source(), Next::Scheme, cut);
        c.copy(r.source(), cut, Next::End);
        let o = c.finish();
        UriRefBuf::from_offsets(s.split_off(6), o)
    }

    fn check(text: &str) {
        let Ok(r) = UriRef::parse(text) else { return };
        let w = rewrite(&r);
        assert_eq!((w.as_str(), w.as_uri_ref().offsets()), (text, r.offsets()));
        for cut in NEXT {
            let c = copied(&r, cut);
            assert_eq!((c.as_str(), c.as_uri_ref().offsets()), (text, r.offsets()));
        }
    }

    #[test]
    fn writing_or_copying_gives_the_parsed_offsets() {
        for s in [
            "",
            "a:",
            "a:b",
            "//",
            "//u@h:1/p?q#f",
            "http://[::1]:8/x?y#z",
            "http://1.2.3.4/",
            "http://[v1.x]",
            "?",
            "#",
            "?#",
            "/a/b",
            "a/b:c",
            "foo:/.//b",
            "s://u:p@h:/?#",
        ] {
            check(s);
        }
    }

    #[test]
    #[cfg(feature = "std")]
    fn writing_or_copying_gives_the_parsed_offsets_on_the_url_lists() {
        let Some(dir) = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|a| a.join("shared/datasets"))
            .find(|d| d.is_dir())
        else {
            return;
        };
        let mut seen = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read(e.unwrap().path()).unwrap();
            for line in String::from_utf8_lossy(&text).lines() {
                check(line);
                seen += 1;
            }
        }
        assert!(seen > 100_000, "{seen}");
    }

    #[test]
    fn the_structure_is_kept() {
        let build = |scheme: Option<&str>, path: &str| {
            let mut text = String::new();
            let mut c = Composer::new(&mut text);
            if let Some(s) = scheme {
                c.scheme(|out| out.push_str(s));
            }
            c.path(|out| out.push_str(path));
            c.query(|out| out.push('q'));
            let o = c.finish();
            UriRefBuf::from_offsets(text, o).into_string()
        };
        assert_eq!(build(None, "//a"), "/.//a?q");
        assert_eq!(build(Some("s"), "//a"), "s:/.//a?q");
        assert_eq!(build(None, "a:b/c"), "./a:b/c?q");
        assert_eq!(build(Some("s"), "a:b"), "s:a:b?q");
        assert_eq!(build(None, "a/b:c"), "a/b:c?q");
        // A copy that loses its authority or scheme keeps the structure too,
        // moving the query and fragment it wrote.
        let r = UriRef::parse("http://h//x:y?q#f").unwrap();
        for (scheme, want) in [(Some("s"), "s:/.//x:y?q#f"), (None, "/.//x:y?q#f")] {
            let mut text = String::new();
            let mut c = Composer::new(&mut text);
            if let Some(s) = scheme {
                c.scheme(|out| out.push_str(s));
            }
            c.skip(Next::Path);
            c.copy(r.source(), Next::Path, Next::End);
            let o = c.finish();
            assert_eq!(UriRefBuf::from_offsets(text, o).as_str(), want);
        }
        let r = UriRef::parse("urn:a:b?q").unwrap();
        let mut text = String::new();
        let mut c = Composer::new(&mut text);
        c.skip(Next::Path);
        c.copy(r.source(), Next::Path, Next::End);
        let o = c.finish();
        assert_eq!(UriRefBuf::from_offsets(text, o).as_str(), "./a:b?q");
    }
}
