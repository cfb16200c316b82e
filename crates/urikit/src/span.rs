//! Where each component of a parsed reference lies in its string, as byte
//! ranges: for highlighting a URI shown to a person (RFC 3986 section 7.6
//! suggests setting the userinfo apart), or for pointing at a finding.
//!
//! A range covers the component alone, without its delimiters (`:` after the
//! scheme, `@` after the userinfo, `:` before the port, `?`, `#`).
//!
//! ```
//! use urikit::{Part, UriRef};
//!
//! let s = "http://user@example.com:8080/p?q#f";
//! let spans = UriRef::parse(s)?.spans();
//! assert_eq!(spans.userinfo, Some(7..11));
//! assert_eq!(&s[spans.host.clone().unwrap()], "example.com");
//! assert_eq!(spans.component_at(12), Some(Part::Host));
//! let names: Vec<_> = spans.iter().map(|(c, _)| c.name()).collect();
//! assert_eq!(names, ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]);
//! # Ok::<_, urikit::ParseError>(())
//! ```

use core::ops::Range;

use crate::uri::UriRef;

/// A part of a URI reference: one of its seven components, as a [`Spans`]
/// range or a [`BuildError`](crate::build::BuildError) names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// The scheme.
    Scheme,
    /// The userinfo.
    Userinfo,
    /// The host (IP literals with their brackets).
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

impl Part {
    /// The stable lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Port => "port",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }
}

/// The byte ranges of a reference's components; `None` for an absent one.
/// The path is always present (possibly empty).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Spans {
    /// The scheme.
    pub scheme: Option<Range<usize>>,
    /// The userinfo, without the `@`.
    pub userinfo: Option<Range<usize>>,
    /// The host (present whenever there is an authority, maybe empty).
    pub host: Option<Range<usize>>,
    /// The port digits, without the `:`.
    pub port: Option<Range<usize>>,
    /// The path.
    pub path: Range<usize>,
    /// The query, without the `?`.
    pub query: Option<Range<usize>>,
    /// The fragment, without the `#`.
    pub fragment: Option<Range<usize>>,
}

impl Spans {
    /// The present components in order, with their ranges.
    pub fn iter(&self) -> impl Iterator<Item = (Part, Range<usize>)> + '_ {
        [
            (Part::Scheme, self.scheme.clone()),
            (Part::Userinfo, self.userinfo.clone()),
            (Part::Host, self.host.clone()),
            (Part::Port, self.port.clone()),
            (Part::Path, Some(self.path.clone())),
            (Part::Query, self.query.clone()),
            (Part::Fragment, self.fragment.clone()),
        ]
        .into_iter()
        .filter_map(|(c, r)| Some((c, r?)))
    }

    /// The range of one component.
    pub fn get(&self, c: Part) -> Option<Range<usize>> {
        match c {
            Part::Scheme => self.scheme.clone(),
            Part::Userinfo => self.userinfo.clone(),
            Part::Host => self.host.clone(),
            Part::Port => self.port.clone(),
            Part::Path => Some(self.path.clone()),
            Part::Query => self.query.clone(),
            Part::Fragment => self.fragment.clone(),
        }
    }

    /// The component holding byte `index`, if any (delimiters belong to none).
    pub fn component_at(&self, index: usize) -> Option<Part> {
        self.iter()
            .find(|(_, r)| r.contains(&index))
            .map(|(c, _)| c)
    }
}

/// The byte offset of `part`, a slice of `whole`, within `whole` (0 for a
/// `part` that starts before it).
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// The range of `part`, a slice of `whole`, within `whole`.
fn range_in(whole: &str, part: &str) -> Range<usize> {
    let start = offset_in(whole, part);
    debug_assert!(start <= whole.len() && start + part.len() <= whole.len());
    start..start + part.len()
}

impl<'a> UriRef<'a> {
    /// The byte ranges of the components (see [`Spans`]).
    ///
    /// # Example
    /// ```
    /// let s = "//[::1]:80?x";
    /// let spans = urikit::UriRef::parse(s)?.spans();
    /// assert_eq!((spans.host, spans.port, spans.path, spans.query), (Some(2..7), Some(8..10), 10..10, Some(11..12)));
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn spans(&self) -> Spans {
        let s = self.as_str();
        let r = |part: &str| range_in(s, part);
        let auth = self.authority();
        Spans {
            scheme: self.scheme().map(r),
            userinfo: auth.and_then(|a| a.userinfo()).map(r),
            host: auth.map(|a| r(a.host_str())),
            port: auth.and_then(|a| a.port()).map(r),
            path: r(self.path()),
            query: self.query().map(r),
            fragment: self.fragment().map(r),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_slice_back_to_the_accessors() {
        for s in [
            "",
            "a:",
            "foo://example.com:8042/over/there?name=ferret#nose",
            "//u:p@h:/x",
            "file:///etc/hosts",
            "?#",
            "mailto:a@b",
            "http://@:",
            "urn:isbn:0451450523",
        ] {
            let u = UriRef::parse(s).unwrap();
            let sp = u.spans();
            assert_eq!(sp.scheme.clone().map(|r| &s[r]), u.scheme(), "{s}");
            assert_eq!(sp.userinfo.clone().map(|r| &s[r]), u.userinfo(), "{s}");
            assert_eq!(sp.host.clone().map(|r| &s[r]), u.host_str(), "{s}");
            assert_eq!(sp.port.clone().map(|r| &s[r]), u.port(), "{s}");
            assert_eq!(&s[sp.path.clone()], u.path(), "{s}");
            assert_eq!(sp.query.clone().map(|r| &s[r]), u.query(), "{s}");
            assert_eq!(sp.fragment.clone().map(|r| &s[r]), u.fragment(), "{s}");
            // In order and disjoint.
            let mut end = 0;
            for (_, r) in sp.iter() {
                assert!(r.start >= end && r.end >= r.start, "{s}");
                end = r.end;
            }
        }
    }

    #[test]
    fn empty_components_have_positions() {
        let sp = UriRef::parse("http://@:/?#").unwrap().spans();
        assert_eq!(sp.userinfo, Some(7..7));
        assert_eq!(sp.host, Some(8..8));
        assert_eq!(sp.port, Some(9..9));
        assert_eq!(sp.path, 9..10);
        assert_eq!(sp.query, Some(11..11));
        assert_eq!(sp.fragment, Some(12..12));
        assert_eq!(sp.component_at(9), Some(Part::Path));
        assert_eq!(sp.component_at(4), None);
        assert_eq!(sp.get(Part::Port), Some(9..9));
    }
}
