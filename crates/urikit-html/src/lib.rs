//! The URI references of an HTML document, resolved against its base URI.
//!
//! The document is read once through `lol_html`'s streaming tokenizer (no
//! regular expressions, no tree in memory). Every URI-valued attribute is a
//! [`Link`]; the base URI is the one RFC 3986 section 5.1 establishes
//! ([`urikit::base`]), the embedded layer (5.1.1) being the `href` of the
//! first `<base>` element in the document's head, as Appendix D of the 1997
//! and 2003 drafts describes.
//!
//! ```
//! use urikit::base::BaseLayers;
//!
//! // Appendix D's example document.
//! let html = br#"<!doctype html public "-//IETF//DTD HTML//EN">
//! <HTML><HEAD>
//! <TITLE>An example HTML document</TITLE>
//! <BASE href="http://www.ics.uci.edu/Test/a/b/c">
//! </HEAD><BODY>
//! ... <A href="../x">a hypertext anchor</A> ...
//! </BODY></HTML>
//! "#;
//! let mut links = Vec::new();
//! let est = urikit_html::links(&html[..], &BaseLayers::new(), |l| {
//!     links.push(l);
//!     Ok(())
//! })?;
//! assert_eq!(est.base().unwrap().as_str(), "http://www.ics.uci.edu/Test/a/b/c");
//! let a = &links[1];
//! assert_eq!((a.element.as_str(), a.attribute.as_str(), a.value.as_str()), ("a", "href", "../x"));
//! assert_eq!(a.resolved.as_ref().unwrap().as_str(), "http://www.ics.uci.edu/Test/a/x");
//! assert_eq!((a.line, a.column), (Some(6), Some(14)));
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! # Choices
//!
//! - **Which attributes**: HTML 4.01's `%URI` attributes and HTML's URL
//!   attributes: `href`, `src`, `action`, `formaction`, `cite`, `longdesc`,
//!   `usemap`, `poster`, `background`, `codebase`, `classid`, `profile`,
//!   `manifest`, `data` (on `object`), `archive` and `ping` (lists separated
//!   by spaces), and each URL of `srcset` (comma-separated candidates with
//!   descriptors, split as the HTML standard's srcset parser does).
//! - **Values** have leading and trailing ASCII whitespace removed (HTML
//!   allows it around URLs) and character references decoded by the HTML
//!   standard's rules for attribute values ([`decode_attribute`]): all its
//!   named references, the legacy ones without `;` only when not followed by
//!   `=` or an ASCII alphanumeric (so `?a=1&copy=2` keeps `&copy=2`), and
//!   numeric ones with the standard's replacements (`&#0;` and surrogates
//!   give U+FFFD, `&#x80;` `€`). A value that is not an RFC 3986 URI
//!   reference (spaces, non-ASCII, `&nbsp;` decoded) is reported with its
//!   parse error, not repaired. Values are trimmed (and lists split) before
//!   decoding, so a `&#32;` at either end is a space that stays in the value.
//! - **The base** is decided when the head ends, streaming: at the first
//!   `<base href>`, or at the first element that does not belong in a head
//!   (`<body>`, `<p>`, ...), whichever comes first; links seen before are
//!   held until then. A `<base>` after that point is ignored, as HTML 4 and
//!   Appendix D ("when present in the HEAD portion") say; browsers following
//!   the HTML standard would still use the first one.
//! - **Positions**: `start..end` is the attribute value's byte span (one
//!   entry's, for lists); line and column (1-based, characters) are counted
//!   as the document streams. They are `None` only for a tag that began more
//!   than 1 MiB before the point where the parser reported it.

mod charref;

pub use charref::decode_attribute;

use std::cell::RefCell;
use std::io::{self, Read};

use lol_html::{element, HtmlRewriter, Settings};
use urikit::base::{BaseLayers, Established};
use urikit::extract::LineCounter;
use urikit::{ParseError, ResolveError, UriBuf, UriRef};

/// A URI reference found in an attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The element's name, lowercase.
    pub element: String,
    /// The attribute's name, lowercase.
    pub attribute: String,
    /// The reference as written (trimmed, character references decoded).
    pub value: String,
    /// The byte offset of the value (of this entry, in a list) in the document.
    pub start: usize,
    /// The byte offset just after it.
    pub end: usize,
    /// The 1-based line of `start`.
    pub line: Option<usize>,
    /// The 1-based column of `start`, in characters.
    pub column: Option<usize>,
    /// The reference resolved against the base.
    pub resolved: Result<UriBuf, LinkError>,
}

/// Why a link has no resolved form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkError {
    /// The value is not a URI reference.
    Parse(ParseError),
    /// The value is relative and no base URI is established.
    NoBase,
    /// Resolution failed.
    Resolve(ResolveError),
}

impl LinkError {
    /// The stable snake_case name of the kind, as the CLI prints it.
    pub fn name(&self) -> &'static str {
        match self {
            LinkError::Parse(e) => e.kind().name(),
            LinkError::NoBase => "no_base",
            LinkError::Resolve(e) => e.kind().name(),
        }
    }
    /// The byte offset in the value.
    pub fn index(&self) -> usize {
        match self {
            LinkError::Parse(e) => e.index(),
            LinkError::NoBase => 0,
            LinkError::Resolve(e) => e.index(),
        }
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Parse(e) => e.fmt(f),
            LinkError::NoBase => {
                f.write_str("a relative reference, and no base URI is established")
            }
            LinkError::Resolve(e) => write!(f, "at byte {}: {}", e.index(), e.kind().description()),
        }
    }
}

impl std::error::Error for LinkError {}

/// Elements that belong in a head: meeting another one ends the head.
const HEAD_ELEMENTS: &[&str] = &[
    "html", "head", "title", "meta", "link", "style", "script", "noscript", "template", "base",
];

/// How an attribute holds URIs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    One,
    SpaceList,
    Srcset,
}

/// Whether `attr` of `element` holds URI references, and how.
fn uri_attribute(element: &str, attr: &str) -> Option<Shape> {
    Some(match attr {
        "href" | "src" | "action" | "formaction" | "cite" | "longdesc" | "usemap" | "poster"
        | "background" | "codebase" | "classid" | "profile" | "manifest" => Shape::One,
        "data" if element == "object" => Shape::One,
        "archive" | "ping" => Shape::SpaceList,
        "srcset" | "imagesrcset" => Shape::Srcset,
        _ => return None,
    })
}

/// The reference entries of a raw attribute value: (offset, raw text).
fn entries(raw: &str, shape: Shape) -> Vec<(usize, &str)> {
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r');
    match shape {
        Shape::One => {
            let t = raw.trim_start_matches(ws);
            let off = raw.len() - t.len();
            vec![(off, t.trim_end_matches(ws))]
        }
        Shape::SpaceList => {
            let mut out = Vec::new();
            let mut i = 0;
            for part in raw.split(ws) {
                if !part.is_empty() {
                    out.push((i, part));
                }
                i += part.len() + 1;
            }
            out
        }
        Shape::Srcset => {
            // The HTML standard's "parse a srcset attribute", URLs only.
            let b = raw.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            loop {
                while i < b.len() && (ws(b[i] as char) || b[i] == b',') {
                    i += 1;
                }
                if i >= b.len() {
                    return out;
                }
                let start = i;
                while i < b.len() && !ws(b[i] as char) {
                    i += 1;
                }
                let mut end = i;
                let trailing_comma = b[start..end].ends_with(b",");
                while end > start && b[end - 1] == b',' {
                    end -= 1;
                }
                if end > start {
                    out.push((start, &raw[start..end]));
                }
                if !trailing_comma {
                    // Descriptors, up to a comma outside parentheses.
                    let mut depth = 0usize;
                    while i < b.len() {
                        match b[i] {
                            b'(' => depth += 1,
                            b')' => depth = depth.saturating_sub(1),
                            b',' if depth == 0 => break,
                            _ => {}
                        }
                        i += 1;
                    }
                }
            }
        }
    }
}

/// A link found, waiting for the base.
struct Found {
    element: String,
    attribute: String,
    value: String,
    start: usize,
    end: usize,
    at: Option<LineCounter>,
}

/// Line and column of offsets reported in increasing order, counted over
/// the bytes written so far; at most [`RETAIN`] bytes are kept.
struct Lines {
    kept: Vec<u8>,
    /// The document offset of `kept[0]`, where `at` is.
    kept_start: usize,
    at: LineCounter,
}

/// How far back a reported offset may be from the bytes being written.
const RETAIN: usize = 1 << 20;

impl Lines {
    fn position(&mut self, offset: usize) -> Option<LineCounter> {
        let k = offset.checked_sub(self.kept_start)?;
        let k = k.min(self.kept.len());
        self.at.advance(&self.kept[..k]);
        self.kept.drain(..k);
        self.kept_start += k;
        Some(self.at)
    }

    fn push(&mut self, chunk: &[u8]) {
        self.kept.extend_from_slice(chunk);
        if self.kept.len() > RETAIN {
            let k = self.kept.len() - RETAIN;
            self.at.advance(&self.kept[..k]);
            self.kept.drain(..k);
            self.kept_start += k;
        }
    }
}

/// What the element handler shares with the reading loop.
struct State<'l> {
    layers: &'l BaseLayers,
    embedded: Option<String>,
    established: Option<Established>,
    held: Vec<Found>,
    ready: Vec<Link>,
    lines: Lines,
}

impl State<'_> {
    /// Ends the head: establishes the base and resolves what was held.
    fn decide(&mut self) {
        if self.established.is_some() {
            return;
        }
        let mut layers = self.layers.clone();
        if let Some(e) = &self.embedded {
            layers.embedded(e.clone());
        }
        self.established = Some(layers.establish());
        for f in std::mem::take(&mut self.held) {
            self.resolve(f);
        }
    }

    fn resolve(&mut self, f: Found) {
        let base = self.established.as_ref().and_then(|e| e.base());
        let resolved = match UriRef::parse(&f.value) {
            Err(e) => Err(LinkError::Parse(e)),
            Ok(r) => match base {
                Some(b) => r.resolve_against(&b.as_uri()).map_err(LinkError::Resolve),
                None if r.is_absolute() => {
                    UriBuf::parse(f.value.clone()).map_err(|(e, _)| LinkError::Parse(e))
                }
                None => Err(LinkError::NoBase),
            },
        };
        self.ready.push(Link {
            element: f.element,
            attribute: f.attribute,
            value: f.value,
            start: f.start,
            end: f.end,
            line: f.at.map(|a| a.line()),
            column: f.at.map(|a| a.column()),
            resolved,
        });
    }
}

/// Reads an HTML document (UTF-8) and calls `each` on every link, in
/// document order, resolved against the base that `layers` plus the
/// document's own `<base href>` establish; answers that base.
///
/// # Errors
/// The reader's errors, `each`'s, and the HTML parser's (as
/// `io::ErrorKind::InvalidData`).
pub fn links<R: Read>(
    reader: R,
    layers: &BaseLayers,
    each: impl FnMut(Link) -> io::Result<()>,
) -> io::Result<Established> {
    scan(reader, layers, each).map(|(est, _)| est)
}

/// [`links`], also answering the embedded base's value.
fn scan<R: Read>(
    mut reader: R,
    layers: &BaseLayers,
    mut each: impl FnMut(Link) -> io::Result<()>,
) -> io::Result<(Established, Option<String>)> {
    let state = RefCell::new(State {
        layers,
        embedded: None,
        established: None,
        held: Vec::new(),
        ready: Vec::new(),
        lines: Lines {
            kept: Vec::new(),
            kept_start: 0,
            at: LineCounter::new(),
        },
    });
    let handler = element!("*", |el| {
        let mut st = state.borrow_mut();
        let tag = el.tag_name();
        if st.established.is_none() {
            if tag == "base" {
                if let Some(h) = el.get_attribute("href") {
                    st.embedded = Some(
                        decode_attribute(h.trim_matches(|c: char| c.is_ascii_whitespace()))
                            .into_owned(),
                    );
                    st.decide();
                }
            } else if !HEAD_ELEMENTS.contains(&tag.as_str()) {
                st.decide();
            }
        }
        for attr in el.attributes() {
            let name = attr.name();
            let Some(shape) = uri_attribute(&tag, &name) else {
                continue;
            };
            let Some(loc) = attr.value_source_location() else {
                continue;
            };
            let raw = attr.value();
            let value_start = loc.bytes().start;
            for (off, text) in entries(&raw, shape) {
                let start = value_start + off;
                let at = st.lines.position(start);
                let found = Found {
                    element: tag.clone(),
                    attribute: name.clone(),
                    value: decode_attribute(text).into_owned(),
                    start,
                    end: start + text.len(),
                    at,
                };
                if st.established.is_some() {
                    st.resolve(found);
                } else {
                    st.held.push(found);
                }
            }
        }
        Ok(())
    });
    let mut rewriter = HtmlRewriter::new(
        Settings {
            element_content_handlers: vec![handler],
            ..Settings::new()
        },
        |_: &[u8]| {},
    );
    let invalid = |e: lol_html::errors::RewritingError| {
        io::Error::new(io::ErrorKind::InvalidData, e.to_string())
    };
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        state.borrow_mut().lines.push(&buf[..n]);
        rewriter.write(&buf[..n]).map_err(invalid)?;
        let ready = std::mem::take(&mut state.borrow_mut().ready);
        for l in ready {
            each(l)?;
        }
    }
    rewriter.end().map_err(invalid)?;
    let mut st = state.into_inner();
    st.decide();
    for l in std::mem::take(&mut st.ready) {
        each(l)?;
    }
    let est = st.established.unwrap_or_else(|| layers.establish());
    Ok((est, st.embedded))
}

/// The `href` of the document's first `<base>` element in its head (see the
/// crate docs), for the embedded layer of [`urikit::base`].
///
/// # Errors
/// The reader's and the HTML parser's.
pub fn embedded_base<R: Read>(reader: R) -> io::Result<Option<String>> {
    scan(reader, &BaseLayers::new(), |_| Ok(())).map(|(_, embedded)| embedded)
}
