//! Establishing a base URI: the four layers of RFC 3986 section 5.1 (section
//! 5.1 of the 2003 draft, 5.1 of the 1997 one), innermost first.
//!
//! 1. (5.1.1) A base embedded in the content, such as HTML's `<base href>`.
//! 2. (5.1.2) The encapsulating entity's: MIME `Content-Base`, which "takes
//!    precedence over any Content-Location", then `Content-Location`.
//! 3. (5.1.3) The URI used to retrieve the representation; after redirects,
//!    the last one.
//! 4. (5.1.4) An application's default.
//!
//! This module only decides, from values the caller found (it does no I/O
//! and parses no HTML: the CLI and `urikit-html` do). The innermost layer
//! with a usable value wins. A relative value is "converted to absolute
//! form" (RFC 3986 5.1) against the base the layers outside it establish,
//! and every base is "stripped of any fragment component". A value that is
//! not a URI reference, or is relative with nothing outside it to resolve
//! against, is skipped (and reported in [`Established::skipped`]), so the
//! next layer out applies, as a browser falls back from a broken `<base>`.
//!
//! ```
//! use urikit::base::{BaseLayers, Layer};
//!
//! let mut layers = BaseLayers::new();
//! layers.retrieval("http://www.ics.uci.edu/Test/a/b/c?x#y");
//! let est = layers.establish();
//! assert_eq!(est.base().map(|b| b.as_str()), Some("http://www.ics.uci.edu/Test/a/b/c?x"));
//! assert_eq!(est.layer(), Some(Layer::Retrieval));
//!
//! // A relative Content-Location is resolved against the retrieval URI, and
//! // an embedded base wins over both.
//! layers.header("Content-Location: ../other/page.html")?;
//! assert_eq!(layers.establish().base().unwrap().as_str(), "http://www.ics.uci.edu/Test/a/other/page.html");
//! layers.embedded("http://example.org/dir/");
//! assert_eq!(layers.establish().layer(), Some(Layer::Embedded));
//! # Ok::<_, urikit::base::HeaderError>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::{ParseErrorKind, ResolveErrorKind, Uri, UriBuf, UriRef};

/// A layer of section 5.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Layer {
    /// 5.1.1: embedded in the content (HTML `<base href>`).
    Embedded,
    /// 5.1.2: the encapsulating entity's `Content-Base` header.
    ContentBase,
    /// 5.1.2: the encapsulating entity's `Content-Location` header.
    ContentLocation,
    /// 5.1.3: the retrieval URI (the last after redirects).
    Retrieval,
    /// 5.1.4: the application's default.
    Default,
}

impl Layer {
    /// The stable snake_case name, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Embedded => "embedded",
            Layer::ContentBase => "content_base",
            Layer::ContentLocation => "content_location",
            Layer::Retrieval => "retrieval",
            Layer::Default => "default",
        }
    }

    /// The section of RFC 3986 (and of the 2003 draft) that defines it.
    pub const fn section(self) -> &'static str {
        match self {
            Layer::Embedded => "5.1.1",
            Layer::ContentBase | Layer::ContentLocation => "5.1.2",
            Layer::Retrieval => "5.1.3",
            Layer::Default => "5.1.4",
        }
    }
}

/// Why a layer's value could not be a base, and where in the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaseError {
    index: usize,
    kind: BaseErrorKind,
}

/// What kind of problem a [`BaseError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BaseErrorKind {
    /// The value is not a URI reference.
    Parse(ParseErrorKind),
    /// The value is relative and no outer layer gives a base to resolve it.
    RelativeWithoutBase,
    /// Resolving the relative value failed.
    Resolve(ResolveErrorKind),
}

impl BaseErrorKind {
    /// The stable snake_case name, as the CLI prints it.
    pub const fn name(self) -> &'static str {
        match self {
            BaseErrorKind::Parse(k) => k.name(),
            BaseErrorKind::RelativeWithoutBase => "relative_without_base",
            BaseErrorKind::Resolve(k) => k.name(),
        }
    }
}

impl BaseError {
    /// The byte offset in the layer's value.
    pub const fn index(&self) -> usize {
        self.index
    }
    /// The kind of problem.
    pub const fn kind(&self) -> BaseErrorKind {
        self.kind
    }
}

impl fmt::Display for BaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BaseErrorKind::Parse(k) => {
                write!(f, "at byte {}: expected {}", self.index, k.expected())
            }
            BaseErrorKind::RelativeWithoutBase => f.write_str(
                "a relative reference, and no outer layer gives a base to resolve it against",
            ),
            BaseErrorKind::Resolve(k) => write!(f, "at byte {}: {}", self.index, k.description()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BaseError {}

/// A header line that is not `name: value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeaderError {
    index: usize,
}

impl HeaderError {
    /// Where the `:` was expected (the line's length: there is none).
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at byte {}: expected a header field \"Name: value\"",
            self.index
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for HeaderError {}

/// A layer that had a value but could not give a base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The layer.
    pub layer: Layer,
    /// Its value.
    pub value: String,
    /// Why it was skipped.
    pub error: BaseError,
}

/// The base URI the layers establish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Established {
    base: Option<UriBuf>,
    layer: Option<Layer>,
    skipped: Vec<Skipped>,
}

impl Established {
    /// The base URI (absolute, without fragment), or `None` when no layer
    /// gave one: then only fragment-only references (RFC 3986 5.1.4) and
    /// absolute ones can be used.
    pub fn base(&self) -> Option<&UriBuf> {
        self.base.as_ref()
    }
    /// The layer that gave it.
    pub fn layer(&self) -> Option<Layer> {
        self.layer
    }
    /// The layers that had a value but could not give a base, outermost first.
    pub fn skipped(&self) -> &[Skipped] {
        &self.skipped
    }
    /// The base, owned.
    pub fn into_base(self) -> Option<UriBuf> {
        self.base
    }
}

/// The values of the four layers, as a program found them.
///
/// Setting a layer again replaces its value (so the last retrieval URI after
/// redirects is the one that counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaseLayers {
    embedded: Option<String>,
    content_base: Option<String>,
    content_location: Option<String>,
    retrieval: Option<String>,
    default: Option<String>,
}

impl BaseLayers {
    /// No layer set.
    pub fn new() -> BaseLayers {
        BaseLayers::default()
    }

    /// 5.1.1: the base embedded in the content.
    pub fn embedded(&mut self, uri: impl Into<String>) -> &mut BaseLayers {
        self.embedded = Some(uri.into());
        self
    }

    /// 5.1.2: the `Content-Base` header's value.
    pub fn content_base(&mut self, uri: impl Into<String>) -> &mut BaseLayers {
        self.content_base = Some(uri.into());
        self
    }

    /// 5.1.2: the `Content-Location` header's value.
    pub fn content_location(&mut self, uri: impl Into<String>) -> &mut BaseLayers {
        self.content_location = Some(uri.into());
        self
    }

    /// 5.1.3: the retrieval URI; call again after each redirect.
    pub fn retrieval(&mut self, uri: impl Into<String>) -> &mut BaseLayers {
        self.retrieval = Some(uri.into());
        self
    }

    /// 5.1.4: the application's default.
    pub fn default_base(&mut self, uri: impl Into<String>) -> &mut BaseLayers {
        self.default = Some(uri.into());
        self
    }

    /// Takes a header field line: `Content-Base` and `Content-Location`
    /// (names in any case) set their layer, with "any whitespace inside the
    /// field value (including that used for line folding)" removed (1997
    /// draft, 5.1.1). Answers whether the header was one of those.
    ///
    /// # Errors
    /// A line without `:`.
    ///
    /// # Example
    /// ```
    /// use urikit::base::{BaseLayers, Layer};
    ///
    /// let mut l = BaseLayers::new();
    /// assert!(l.header("content-base: http://www.ics.uci.edu/Test/\r\n a/b/c")?);
    /// assert!(!l.header("Content-Type: text/html")?);
    /// let est = l.establish();
    /// assert_eq!(est.base().unwrap().as_str(), "http://www.ics.uci.edu/Test/a/b/c");
    /// assert_eq!(est.layer(), Some(Layer::ContentBase));
    /// # Ok::<_, urikit::base::HeaderError>(())
    /// ```
    pub fn header(&mut self, line: &str) -> Result<bool, HeaderError> {
        let colon = line.find(':').ok_or(HeaderError { index: line.len() })?;
        let name = line[..colon].trim();
        let value: String = line[colon + 1..]
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        if name.eq_ignore_ascii_case("Content-Base") {
            self.content_base = Some(value);
        } else if name.eq_ignore_ascii_case("Content-Location") {
            self.content_location = Some(value);
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// Decides the base (see the [module docs](self)).
    pub fn establish(&self) -> Established {
        let outermost_first = [
            (Layer::Default, &self.default),
            (Layer::Retrieval, &self.retrieval),
            (Layer::ContentLocation, &self.content_location),
            (Layer::ContentBase, &self.content_base),
            (Layer::Embedded, &self.embedded),
        ];
        let mut est = Established {
            base: None,
            layer: None,
            skipped: Vec::new(),
        };
        for (layer, value) in outermost_first {
            let Some(value) = value else { continue };
            match absolute(value, est.base.as_ref().map(UriBuf::as_uri)) {
                Ok(b) => {
                    est.base = Some(b);
                    est.layer = Some(layer);
                }
                Err(error) => est.skipped.push(Skipped {
                    layer,
                    value: value.clone(),
                    error,
                }),
            }
        }
        est
    }
}

/// `value` in absolute form without fragment, resolved against `outer` when
/// relative.
fn absolute(value: &str, outer: Option<Uri<'_>>) -> Result<UriBuf, BaseError> {
    let r = UriRef::parse(value).map_err(|e| BaseError {
        index: e.index(),
        kind: BaseErrorKind::Parse(e.kind()),
    })?;
    let r = r.without_fragment();
    if let Some(u) = r.as_uri() {
        return Ok(u.to_owned());
    }
    let outer = outer.ok_or(BaseError {
        index: 0,
        kind: BaseErrorKind::RelativeWithoutBase,
    })?;
    let resolved = r.resolve_against(&outer).map_err(|e| BaseError {
        index: e.index(),
        kind: BaseErrorKind::Resolve(e.kind()),
    })?;
    // A resolved reference has no fragment: `r` had none.
    Ok(resolved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(l: &BaseLayers) -> (Option<String>, Option<Layer>) {
        let e = l.establish();
        (e.base().map(|b| String::from(b.as_str())), e.layer())
    }

    #[test]
    fn precedence_innermost_first() {
        let mut l = BaseLayers::new();
        assert_eq!(base(&l), (None, None));
        l.default_base("file:///home/user/");
        assert_eq!(
            base(&l),
            (Some("file:///home/user/".into()), Some(Layer::Default))
        );
        l.retrieval("http://first.example/a")
            .retrieval("http://redirected.example/b");
        assert_eq!(
            base(&l),
            (
                Some("http://redirected.example/b".into()),
                Some(Layer::Retrieval)
            )
        );
        l.content_location("http://loc.example/c");
        assert_eq!(base(&l).1, Some(Layer::ContentLocation));
        l.content_base("http://www.ics.uci.edu/Test/a/b/c");
        assert_eq!(
            base(&l),
            (
                Some("http://www.ics.uci.edu/Test/a/b/c".into()),
                Some(Layer::ContentBase)
            )
        );
        l.embedded("http://embedded.example/d#frag");
        assert_eq!(
            base(&l),
            (
                Some("http://embedded.example/d".into()),
                Some(Layer::Embedded)
            )
        );
    }

    #[test]
    fn relative_layers_resolve_against_the_outer_ones() {
        let mut l = BaseLayers::new();
        l.retrieval("http://a.example/x/y/z");
        l.content_location("../loc/");
        assert_eq!(base(&l).0.as_deref(), Some("http://a.example/x/loc/"));
        l.embedded("sub/page?q#f");
        assert_eq!(
            base(&l).0.as_deref(),
            Some("http://a.example/x/loc/sub/page?q")
        );
    }

    #[test]
    fn unusable_layers_are_skipped_and_reported() {
        let mut l = BaseLayers::new();
        l.retrieval("http://a.example/");
        l.embedded("http://bad host/");
        let e = l.establish();
        assert_eq!(e.layer(), Some(Layer::Retrieval));
        assert_eq!(e.skipped().len(), 1);
        assert_eq!(e.skipped()[0].layer, Layer::Embedded);
        assert_eq!(e.skipped()[0].error.index(), 10);

        let mut l = BaseLayers::new();
        l.content_location("relative/only");
        let e = l.establish();
        assert_eq!(e.base(), None);
        assert_eq!(
            e.skipped()[0].error.kind(),
            BaseErrorKind::RelativeWithoutBase
        );
    }

    #[test]
    fn header_lines() {
        let mut l = BaseLayers::new();
        assert_eq!(l.header("no colon here"), Err(HeaderError { index: 13 }));
        assert!(l
            .header("  CONTENT-LOCATION :  http://x.example/a  ")
            .unwrap());
        assert!(!l.header("Location: http://y.example/").unwrap());
        assert_eq!(base(&l).0.as_deref(), Some("http://x.example/a"));
    }
}
