//! Finding URIs in running text (Appendix E of the 1997 and 2003 drafts) and
//! completing abbreviated ones (Appendix F of the 2003 draft).
//!
//! Feature `extract` (it adds the one dependency `memchr`).
//!
//! ```
//! use urikit::extract::{Delimiter, Finder};
//!
//! // The 2003 draft's Appendix E example, line breaks as printed.
//! let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!             but you can probably pick it up from <ftp://ds.internic.\n\
//!             net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
//!             ietf/uri/historical.html#WARNING>.\n";
//! let finder = Finder::new();
//! let found: Vec<_> = finder.find_iter(text).collect();
//! let uris: Vec<&str> = found.iter().map(|m| m.as_str()).collect();
//! assert_eq!(uris, [
//!     "http://www.w3.org/Addressing/",
//!     "ftp://ds.internic.net/rfc/",
//!     "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
//! ]);
//! assert_eq!(found[0].delimiter(), Delimiter::Quotes);
//! assert_eq!((found[1].line(), found[1].column()), (2, 39));
//! // The span is the text as written, line break included.
//! assert_eq!(&text[found[1].start()..found[1].end()], "ftp://ds.internic.\nnet/rfc/");
//! ```
//!
//! # What is found
//!
//! Following Appendix E, a URI is delimited by double quotes, by `<...>`, or
//! by whitespace; the delimiters are not part of it.
//!
//! - **Angle brackets**: everything up to `>` (URI characters and whitespace
//!   only) with the whitespace removed ("The whitespace should be ignored when
//!   extracting the URI"), after an optional `URL:` prefix ("with or without a
//!   trailing space"). `<URL:...>` marks a URI whatever its scheme
//!   (`<URL:foo:bar>` is found, `<foo:bar>` is not), but it must still have
//!   the minimal shape below: something after the `:`, and a host for a known
//!   scheme that requires one (`<URL:http:>` is not taken). Without the
//!   prefix the scheme rules below apply.
//! - **Bare** (whitespace or quotes around): `scheme:` then URI characters.
//!   The scheme counts when the [`SchemeRegistry`] knows it (plus the
//!   [`TEXT_SCHEMES`], such as `mailto`), or, with
//!   [`any_scheme_with_authority`](Finder::any_scheme_with_authority) (on by
//!   default), for any `scheme://host`. A known scheme that requires an
//!   authority needs `//host`; others need something after the `:`. So
//!   `a:b is a ratio` and `10:30` hold no URI.
//! - **Trailing punctuation** `.` `,` `;` `:` `!` `?` `'` is not taken, nor a
//!   closing `)` or `]` without its opener in the URI; balanced ones are kept
//!   (`http://en.wikipedia.org/wiki/URI_(disambiguation)`).
//! - **A line break right after a hyphen** inside a bare URI is joined, the
//!   hyphen kept and the whitespace around the break dropped (Appendix E:
//!   "No whitespace should be introduced after a hyphen"); such a match says
//!   [`has_hyphen_break`](Match::has_hyphen_break), since "the hyphen may or
//!   may not actually be part of the URI". A break anywhere else ends a bare
//!   URI.
//! - **Abbreviated forms** (off by default, [`abbreviated`](Finder::abbreviated)):
//!   `www.` and `ftp.` hosts, completed by [`complete`].
//! - Every URI found parses with [`UriRef::parse`](crate::UriRef::parse); a
//!   candidate that does not is cut at the parse error (a second `#`, a bad
//!   `%`) or dropped. URIs are ASCII: a non-ASCII character ends one (IRIs
//!   are not extracted).
//!
//! # Positions
//!
//! [`Match::start`]..[`Match::end`] is the byte span of the URI as written,
//! without its delimiters (joined whitespace included); the text of a found
//! URI may differ from the span ([`Match::as_str`] has the whitespace
//! removed, abbreviated forms completed). `line` and `column` are 1-based;
//! lines end at `\n` (so `\r\n` too), columns count characters.
//!
//! # Streams and limits
//!
//! [`Finder::stream`] (feature `std`) reads any `io::Read` once, in 64 KiB
//! chunks, keeping only the candidate in progress between chunks, so memory
//! does not grow with the input. Both it and [`Finder::find_iter`] find a URI
//! whole only when its written text, joined whitespace included, is at most
//! [`max_len`](Finder::max_len) bytes (default [`DEFAULT_MAX_LEN`], 64 KiB);
//! a longer run of URI characters is skipped entirely, never reported cut.
//! Both give the same matches on the same text.

pub mod abbreviated;
mod position;
mod scanner;
#[cfg(feature = "std")]
mod stream;

use alloc::borrow::Cow;
use core::ops::Range;

pub use abbreviated::{
    complete, complete_with, AbbreviationError, AbbreviationErrorKind, Completion, Rule,
};
#[cfg(feature = "std")]
pub use stream::StreamMatches;

use crate::scheme::{SchemeInfo, SchemeRegistry};
pub use position::LineCounter;
use scanner::{Scanner, Step};

/// Schemes common in text, added to the [`SchemeRegistry`]'s for finding and
/// completing when it lacks them: `data`, `mailto`, `tel`, `urn`.
pub const TEXT_SCHEMES: &[&str] = &["data", "mailto", "tel", "urn"];

/// The default [`Finder::max_len`]: 64 KiB.
pub const DEFAULT_MAX_LEN: usize = 64 * 1024;

/// The standard scheme registry plus the [`TEXT_SCHEMES`].
pub fn text_schemes() -> SchemeRegistry {
    let mut r = SchemeRegistry::standard();
    for s in TEXT_SCHEMES {
        if r.get(s).is_none() {
            r.register(*s, SchemeInfo::new());
        }
    }
    r
}

/// How a found URI was delimited in the text (Appendix E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// `<...>`, with or without `URL:`.
    Angle,
    /// `"..."`.
    Quotes,
    /// Whitespace, punctuation or the ends of the text.
    Whitespace,
}

impl Delimiter {
    /// The stable snake_case name, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Delimiter::Angle => "angle",
            Delimiter::Quotes => "quotes",
            Delimiter::Whitespace => "whitespace",
        }
    }
}

/// What to find, and how: a configuration built with by-value setters.
///
/// # Example
/// ```
/// use urikit::extract::Finder;
///
/// let f = Finder::new().abbreviated(true);
/// let found: Vec<_> = f.find_iter("see www.w3.org/Addressing/ (or a:b at 10:30)").collect();
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].as_str(), "http://www.w3.org/Addressing/");
/// assert!(found[0].is_abbreviated());
/// ```
#[derive(Clone, Debug)]
pub struct Finder {
    schemes: SchemeRegistry,
    known_schemes: bool,
    any_authority: bool,
    abbreviated: bool,
    hyphen_breaks: bool,
    scheme_rules: bool,
    max_len: usize,
}

impl Default for Finder {
    fn default() -> Finder {
        Finder::new()
    }
}

impl Finder {
    /// Known schemes ([`text_schemes`]) and any `scheme://host`; no
    /// abbreviated forms; hyphen breaks joined; [`DEFAULT_MAX_LEN`].
    pub fn new() -> Finder {
        Finder {
            schemes: text_schemes(),
            known_schemes: true,
            any_authority: true,
            abbreviated: false,
            hyphen_breaks: true,
            scheme_rules: false,
            max_len: DEFAULT_MAX_LEN,
        }
    }

    /// Uses `schemes` as the known schemes.
    pub fn schemes(mut self, schemes: SchemeRegistry) -> Finder {
        self.schemes = schemes;
        self
    }

    /// Whether a scheme the registry knows makes a URI (`mailto:x@y`,
    /// `news:comp.lang`) without `//`. Default: on.
    pub fn known_schemes(mut self, yes: bool) -> Finder {
        self.known_schemes = yes;
        self
    }

    /// Whether any `scheme://host` is a URI, known or not. Default: on.
    pub fn any_scheme_with_authority(mut self, yes: bool) -> Finder {
        self.any_authority = yes;
        self
    }

    /// Whether `www.` and `ftp.` host names are found and completed
    /// (Appendix F). Default: off.
    pub fn abbreviated(mut self, yes: bool) -> Finder {
        self.abbreviated = yes;
        self
    }

    /// Whether a line break right after a hyphen inside a bare URI is joined.
    /// Default: on.
    pub fn hyphen_breaks(mut self, yes: bool) -> Finder {
        self.hyphen_breaks = yes;
        self
    }

    /// Whether a URI must also follow its scheme's own rules, as the
    /// registry's validators check them (`ftp://h/a;type=x` does not);
    /// one that does not is not reported. Default: off.
    ///
    /// ```
    /// use urikit::extract::Finder;
    ///
    /// let text = "ftp://h/a;type=x and ftp://h/b;type=i";
    /// assert_eq!(Finder::new().find_iter(text).count(), 2);
    /// let strict: Vec<_> = Finder::new().scheme_rules(true).find_iter(text).collect();
    /// assert_eq!(strict.len(), 1);
    /// assert_eq!(strict[0].as_str(), "ftp://h/b;type=i");
    /// ```
    pub fn scheme_rules(mut self, yes: bool) -> Finder {
        self.scheme_rules = yes;
        self
    }

    /// The longest URI text found whole, in bytes (at least 16).
    pub fn max_len(mut self, bytes: usize) -> Finder {
        self.max_len = bytes.max(16);
        self
    }

    /// The scheme's entry, when known schemes count and this one is known.
    fn known(&self, scheme: &str) -> Option<SchemeInfo> {
        if self.known_schemes {
            self.schemes.get(scheme)
        } else {
            None
        }
    }

    /// The URIs in `text`, in order.
    pub fn find_iter<'f, 't>(&'f self, text: &'t str) -> Matches<'f, 't> {
        Matches {
            finder: self,
            text,
            pos: 0,
            floor: 0,
            scanner: Scanner::default(),
            tracker: LineCounter::new(),
            tracked: 0,
        }
    }
}

/// A URI found in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<'t> {
    uri: Cow<'t, str>,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    delimiter: Delimiter,
    joined: bool,
    hyphen_break: bool,
    abbreviated: bool,
}

impl<'t> Match<'t> {
    /// The URI: whitespace removed, abbreviated forms completed. It always
    /// parses with [`UriRef::parse`](crate::UriRef::parse) and has a scheme.
    pub fn as_str(&self) -> &str {
        &self.uri
    }
    /// The URI, owned.
    pub fn into_string(self) -> alloc::string::String {
        self.uri.into_owned()
    }
    /// The byte offset where the URI's text starts (after its delimiter).
    pub fn start(&self) -> usize {
        self.start
    }
    /// The byte offset just after the URI's text.
    pub fn end(&self) -> usize {
        self.end
    }
    /// `start..end`.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }
    /// The 1-based line of `start`.
    pub fn line(&self) -> usize {
        self.line
    }
    /// The 1-based column of `start`, in characters.
    pub fn column(&self) -> usize {
        self.column
    }
    /// How the URI was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
    /// Whether whitespace inside the span was removed.
    pub fn is_joined(&self) -> bool {
        self.joined
    }
    /// Whether a line break right after a hyphen was joined: the hyphen may
    /// have been added by a typesetter (Appendix E).
    pub fn has_hyphen_break(&self) -> bool {
        self.hyphen_break
    }
    /// Whether the URI was completed from an abbreviated form (Appendix F).
    pub fn is_abbreviated(&self) -> bool {
        self.abbreviated
    }
    /// The same match owning its URI.
    pub fn into_owned(self) -> Match<'static> {
        Match {
            uri: Cow::Owned(self.uri.into_owned()),
            ..self
        }
    }

    /// A match from the engine's, `offset` added to its positions.
    fn from_raw(raw: scanner::Raw<'t>, offset: usize, at: LineCounter) -> Match<'t> {
        Match {
            uri: raw.uri,
            start: offset + raw.start,
            end: offset + raw.end,
            line: at.line,
            column: at.column,
            delimiter: raw.delimiter,
            joined: raw.joined,
            hyphen_break: raw.hyphen_break,
            abbreviated: raw.abbreviated,
        }
    }
}

/// The iterator of [`Finder::find_iter`].
pub struct Matches<'f, 't> {
    finder: &'f Finder,
    text: &'t str,
    pos: usize,
    floor: usize,
    scanner: Scanner,
    tracker: LineCounter,
    tracked: usize,
}

impl<'t> Iterator for Matches<'_, 't> {
    type Item = Match<'t>;

    fn next(&mut self) -> Option<Match<'t>> {
        let buf = self.text.as_bytes();
        loop {
            match self
                .scanner
                .step(self.finder, buf, self.pos, self.floor, true)
            {
                Step::Found(raw, next) => {
                    self.pos = next;
                    self.floor = next;
                    self.tracker.advance(&buf[self.tracked..raw.start]);
                    self.tracked = raw.start;
                    return Some(Match::from_raw(raw, 0, self.tracker));
                }
                Step::Skip(from) => {
                    let end = self
                        .scanner
                        .skip(self.finder, buf, from, true)
                        .unwrap_or(buf.len());
                    self.pos = end;
                    self.floor = end;
                }
                Step::NeedMore(_) | Step::End => {
                    self.pos = buf.len();
                    return None;
                }
            }
        }
    }
}
