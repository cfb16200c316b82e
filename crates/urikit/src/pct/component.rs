//! Encode sets per component: which bytes may stay as they are when data is
//! written into a given component (RFC 3986 sections 2.2-2.4 and 3).
//!
//! Encoding data for a component keeps exactly the bytes of that component's
//! grammar rule (minus `%`, which always starts a triplet) and writes every
//! other byte as `%XX`. So a `/` inside one path segment becomes `%2F`, a `?`
//! inside a path `%3F`, and so on: the data survives the trip and decodes back
//! to the same bytes.
//!
//! ```
//! use urikit::pct::Component;
//!
//! assert_eq!(Component::Segment.encode(b"a/b c"), "a%2Fb%20c");
//! assert_eq!(Component::Path.encode(b"/a/b c"), "/a/b%20c");
//! assert_eq!(Component::QueryParam.encode(b"a=b&c"), "a%3Db%26c");
//! assert_eq!(Component::Query.encode(b"a=b&c"), "a=b&c");
//! // Text that is already encoded keeps its triplets.
//! assert_eq!(Component::Path.encode_preserving("/caf%C3%A9 100%"), "/caf%C3%A9%20100%25");
//! ```

use alloc::borrow::Cow;

use crate::table::{self, Table};

/// A component of a URI reference, as a target for percent-encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`. The `:`
    /// stays (it separates user and password in the schemes that have one).
    Userinfo,
    /// A `reg-name` host: `*( unreserved / pct-encoded / sub-delims )`.
    Host,
    /// A whole path: `pchar` and `/` stay, so `/` separates segments.
    Path,
    /// One path segment: `pchar`; a `/` in the data becomes `%2F`.
    Segment,
    /// A whole query: `pchar`, `/` and `?` stay.
    Query,
    /// A key or a value inside a query of `key=value&...` pairs: the query set
    /// without `&`, `=` and `+` (which form decoding reads as a space), so
    /// that those bytes in the data are encoded.
    QueryParam,
    /// A fragment: `pchar`, `/` and `?` stay.
    Fragment,
}

/// `QueryParam`: `query` without `"&" / "=" / "+"`.
const QUERY_PARAM: Table = table::QUERY.minus(Table::new(b"&=+"));

impl Component {
    /// Every component, in URI order.
    pub const ALL: [Component; 7] = [
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Segment,
        Component::Query,
        Component::QueryParam,
        Component::Fragment,
    ];

    /// The bytes that stay unencoded in this component.
    pub const fn keep(self) -> Table {
        match self {
            Component::Userinfo => table::USERINFO,
            Component::Host => table::REG_NAME,
            Component::Path => table::PATH,
            Component::Segment => table::PCHAR,
            Component::Query => table::QUERY,
            Component::QueryParam => QUERY_PARAM,
            Component::Fragment => table::FRAGMENT,
        }
    }

    /// The component's stable lowercase name (`"userinfo"`, `"query-param"`...).
    pub const fn name(self) -> &'static str {
        match self {
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Path => "path",
            Component::Segment => "segment",
            Component::Query => "query",
            Component::QueryParam => "query-param",
            Component::Fragment => "fragment",
        }
    }

    /// Encodes raw data (every `%` included) for this component.
    ///
    /// # Example
    /// ```
    /// use urikit::pct::Component;
    /// assert_eq!(Component::Host.encode("ex ample".as_bytes()), "ex%20ample");
    /// assert_eq!(Component::Fragment.encode(b"50%"), "50%25");
    /// ```
    pub fn encode(self, data: &[u8]) -> Cow<'_, str> {
        super::encode(data, &self.keep())
    }

    /// Encodes text that may already hold valid `%XX` triplets, which stay as
    /// they are (see [`encode_preserving`](super::encode_preserving)).
    ///
    /// # Example
    /// ```
    /// use urikit::pct::Component;
    /// assert_eq!(Component::Query.encode_preserving("a=%41 b"), "a=%41%20b");
    /// ```
    pub fn encode_preserving(self, text: &str) -> Cow<'_, str> {
        super::encode_preserving(text, &self.keep())
    }

    /// Whether `text` is already valid for this component: only kept bytes
    /// and valid `%XX` triplets.
    pub fn is_valid(self, text: &str) -> bool {
        super::first_invalid(text.as_bytes(), &self.keep()).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_follow_the_grammar() {
        for c in Component::ALL {
            let keep = c.keep();
            assert!(!keep.contains(b'%'), "{c:?}");
            assert!(table::UNRESERVED.is_subset(&keep), "{c:?}");
            assert!(keep.is_subset(&table::URI_CHAR), "{c:?}");
        }
        assert!(!Component::Segment.keep().contains(b'/'));
        assert!(Component::Path.keep().contains(b'/'));
        assert!(!Component::Path.keep().contains(b'?'));
        assert!(!Component::Host.keep().contains(b':'));
        assert!(Component::Userinfo.keep().contains(b':'));
        assert!(!Component::Userinfo.keep().contains(b'@'));
        for b in *b"&=+#" {
            assert!(!Component::QueryParam.keep().contains(b));
        }
        assert!(Component::Query.keep().contains(b'?'));
        assert!(!Component::Fragment.keep().contains(b'#'));
    }

    #[test]
    fn reserved_data_survives() {
        assert_eq!(Component::Segment.encode(b"a/b?c#d"), "a%2Fb%3Fc%23d");
        assert_eq!(Component::Userinfo.encode(b"u@h:p"), "u%40h:p");
        assert_eq!(Component::Host.encode(b"a:b@c"), "a%3Ab%40c");
        assert_eq!(Component::Fragment.encode(b"x#y"), "x%23y");
        assert!(Component::Path.is_valid("/a%20b"));
        assert!(!Component::Path.is_valid("/a b"));
        assert!(!Component::Path.is_valid("/a%2"));
    }
}
