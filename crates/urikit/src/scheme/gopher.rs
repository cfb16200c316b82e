//! `gopher` (RFC 4266, after RFC 1738 section 3.4; the 1993 draft).
//!
//! ```text
//! gopherurl = "gopher://" hostport [ "/" [ gtype [ selector
//!             [ "%09" search [ "%09" gopherplus_string ] ] ] ] ]
//! ```
//!
//! The first character of the path after `/` is the item type (default `1`,
//! a menu, when the path is empty); the rest up to a `%09` (TAB) is the
//! selector, then the search string and the Gopher+ string, each decoded.
//! The 1993 draft wrote the search as a query (`gopher://h/7sel?words`);
//! RFC 4266 has no query, so [`Gopher::try_from`] rejects one, and
//! [`Gopher::with_draft_search`] accepts it as the search.

use alloc::borrow::Cow;
use alloc::string::String;

use super::server::Server;
use super::{finish, no_query, offset, push_authority, text, SchemeError, SchemeErrorKind};
use crate::{pct, table, Host, Uri, UriBuf};

const RULE: &str = "RFC 4266 section 2.1: gopherurl = \"gopher://\" hostport [ \"/\" [ gtype [ selector [ \"%09\" search [ \"%09\" gopher+_string ] ] ] ] ]";
const RULE_TYPE: &str = "RFC 4266 section 2.1: gtype = one printable character";

/// A `gopher` URL.
///
/// # Example
/// ```
/// use urikit::scheme::Gopher;
/// use urikit::Uri;
///
/// let uri = Uri::parse("gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/")?;
/// let g = Gopher::try_from(&uri)?;
/// assert_eq!(g.item_type(), '1');
/// assert_eq!(g.selector(), "1/Mailing Lists/");
///
/// let uri = Uri::parse("gopher://h/7search%09rust%20uri")?;
/// assert_eq!(Gopher::try_from(&uri)?.search().as_deref(), Some("rust uri"));
///
/// let built = Gopher::builder("h").item_type('0').selector("/a b").search("x").build()?;
/// assert_eq!(built.as_str(), "gopher://h/0/a%20b%09x");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Gopher<'a> {
    uri: Uri<'a>,
    server: Server<'a>,
    item_type: char,
    selector: &'a str,
    search: Option<&'a str>,
    plus: Option<&'a str>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Gopher::try_from(uri).map(|_| ())
}

/// The offset of the next `%09` in `s`.
fn find_tab(s: &str) -> Option<usize> {
    s.find("%09")
}

impl<'a> TryFrom<&Uri<'a>> for Gopher<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 4266 (a query is an error).
    fn try_from(uri: &Uri<'a>) -> Result<Gopher<'a>, SchemeError> {
        no_query(uri, RULE)?;
        Gopher::parse(uri, false)
    }
}

impl<'a> Gopher<'a> {
    /// Like `try_from`, but a query is the search string, as the 1993 draft
    /// wrote it (`gopher://hostport [/ gtype [ selector ] ] [ ? search ]`).
    ///
    /// # Errors
    /// As `try_from`, but for the query.
    pub fn with_draft_search(uri: &Uri<'a>) -> Result<Gopher<'a>, SchemeError> {
        Gopher::parse(uri, true)
    }

    fn parse(uri: &Uri<'a>, draft: bool) -> Result<Gopher<'a>, SchemeError> {
        super::expect_scheme(uri, &["gopher"], RULE)?;
        let server = Server::hostport(uri, RULE)?;
        let path = uri.path();
        let rest = path.strip_prefix('/').unwrap_or(path);
        let (item_type, after) = if rest.is_empty() {
            ('1', rest)
        } else {
            let n = if pct::triplet_at(rest.as_bytes(), 0).is_some() {
                3
            } else {
                1
            };
            let t = pct::decode(&rest[..n]);
            let c = t.first().copied().unwrap_or(b'1');
            if !c.is_ascii_graphic() && c != b' ' {
                return Err(SchemeError::new(
                    offset(uri, rest),
                    SchemeErrorKind::InvalidValue,
                    RULE_TYPE,
                ));
            }
            (char::from(c), &rest[n..])
        };
        let (selector, search, plus) = match find_tab(after) {
            None => (after, None, None),
            Some(k) => {
                let tail = &after[k + 3..];
                match find_tab(tail) {
                    None => (&after[..k], Some(tail), None),
                    Some(j) => (&after[..k], Some(&tail[..j]), Some(&tail[j + 3..])),
                }
            }
        };
        let search = match (search, draft) {
            (None, true) => uri.query(),
            (s, _) => s,
        };
        Ok(Gopher {
            uri: *uri,
            server,
            item_type,
            selector,
            search,
            plus,
        })
    }

    /// A builder for a URL on this host.
    pub fn builder(host: &str) -> GopherBuilder {
        GopherBuilder {
            host: host.into(),
            port: None,
            item_type: None,
            selector: String::new(),
            search: None,
            plus: None,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The host, typed.
    pub fn host(&self) -> Host<'a> {
        self.server.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.server.host_str()
    }

    /// The port written (the default is 70).
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// The item type character (`1` when the path is empty).
    pub fn item_type(&self) -> char {
        self.item_type
    }

    /// The selector, decoded (may be empty).
    pub fn selector(&self) -> Cow<'a, str> {
        text(self.selector)
    }

    /// The selector, raw.
    pub fn selector_raw(&self) -> &'a str {
        self.selector
    }

    /// The search string (after the first `%09`), decoded.
    pub fn search(&self) -> Option<Cow<'a, str>> {
        self.search.map(text)
    }

    /// The Gopher+ string (after the second `%09`), decoded.
    pub fn gopher_plus(&self) -> Option<Cow<'a, str>> {
        self.plus.map(text)
    }
}

/// Builds a `gopher` URL; see [`Gopher::builder`].
#[derive(Clone, Debug)]
pub struct GopherBuilder {
    host: String,
    port: Option<u16>,
    item_type: Option<char>,
    selector: String,
    search: Option<String>,
    plus: Option<String>,
}

impl GopherBuilder {
    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The item type character (default `1`).
    pub fn item_type(&mut self, t: char) -> &mut Self {
        self.item_type = Some(t);
        self
    }

    /// The selector (decoded).
    pub fn selector(&mut self, selector: &str) -> &mut Self {
        self.selector = selector.into();
        self
    }

    /// The search string (decoded).
    pub fn search(&mut self, search: &str) -> &mut Self {
        self.search = Some(search.into());
        self
    }

    /// The Gopher+ string (decoded; written after a search, empty if unset).
    pub fn gopher_plus(&mut self, plus: &str) -> &mut Self {
        self.plus = Some(plus.into());
        self
    }

    /// Writes the URL.
    ///
    /// # Errors
    /// An item type that is not one printable ASCII character, or a host
    /// that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("gopher://");
        push_authority(&mut s, None, None, &self.host, self.port);
        let any = self.item_type.is_some()
            || !self.selector.is_empty()
            || self.search.is_some()
            || self.plus.is_some();
        if any {
            let t = self.item_type.unwrap_or('1');
            if !(t.is_ascii_graphic() || t == ' ') {
                return Err(SchemeError::new(
                    s.len() + 1,
                    SchemeErrorKind::InvalidValue,
                    RULE_TYPE,
                ));
            }
            s.push('/');
            let mut b = [0u8; 4];
            pct::push_encoded(&mut s, t.encode_utf8(&mut b).as_bytes(), &table::PCHAR);
            pct::push_encoded(&mut s, self.selector.as_bytes(), &table::PATH);
            if self.search.is_some() || self.plus.is_some() {
                s.push_str("%09");
                pct::push_encoded(
                    &mut s,
                    self.search.as_deref().unwrap_or("").as_bytes(),
                    &table::PATH,
                );
                if let Some(p) = &self.plus {
                    s.push_str("%09");
                    pct::push_encoded(&mut s, p.as_bytes(), &table::PATH);
                }
            }
        }
        finish(s, validate)
    }
}
