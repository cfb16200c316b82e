//! `wais` (RFC 4156, after RFC 1738 section 3.9; the 1993 draft).
//!
//! ```text
//! waisurl      = waisdatabase | waisindex | waisdoc
//! waisdatabase = "wais://" hostport "/" database
//! waisindex    = "wais://" hostport "/" database "?" search
//! waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//! ```
//!
//! The 1993 draft's document form also carried the length:
//! `wais://hostport/database/wtype/digits/path`; since a `wpath` has no `/`
//! in RFC 4156, four segments with a numeric third one read unambiguously as
//! that form ([`Wais::length`]).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::server::Server;
use super::{finish, offset, push_authority, text, SchemeError, SchemeErrorKind};
use crate::table::{Table, PCHAR};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 4156 section 2: waisurl = \"wais://\" hostport \"/\" database [ \"?\" search / \"/\" wtype \"/\" wpath ]";
const RULE_SEGMENT: &str = "RFC 4156 section 2: database, wtype, wpath = *uchar";

/// What a `wais` URL designates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaisKind {
    /// A database (`/database`).
    Database,
    /// A search of a database (`/database?search`).
    Index,
    /// A document of a database (`/database/wtype/wpath`).
    Document,
}

/// A `wais` URL.
///
/// # Example
/// ```
/// use urikit::scheme::{Wais, WaisKind};
/// use urikit::Uri;
///
/// let uri = Uri::parse("wais://quake.think.com/wais-discussion-archives?lynch")?;
/// let w = Wais::try_from(&uri)?;
/// assert_eq!(w.kind(), WaisKind::Index);
/// assert_eq!(w.database(), "wais-discussion-archives");
/// assert_eq!(w.search().as_deref(), Some("lynch"));
///
/// let uri = Uri::parse("wais://h:210/db/TEXT/doc%20id")?;
/// let w = Wais::try_from(&uri)?;
/// assert_eq!((w.wtype().as_deref(), w.wpath().as_deref()), (Some("TEXT"), Some("doc id")));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Wais<'a> {
    uri: Uri<'a>,
    server: Server<'a>,
    database: &'a str,
    doc: Option<(&'a str, Option<&'a str>, &'a str)>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Wais::try_from(uri).map(|_| ())
}

/// The bytes of a `uchar` segment: `pchar` without `/` and `;` (RFC 1738
/// reserves `;`, `:`, `@`, `=`, `&` in wais paths).
const SEGMENT: Table = PCHAR.minus(Table::new(b";:@=&"));

impl<'a> TryFrom<&Uri<'a>> for Wais<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 4156 (and the 1993 document form).
    fn try_from(uri: &Uri<'a>) -> Result<Wais<'a>, SchemeError> {
        super::expect_scheme(uri, &["wais"], RULE)?;
        let server = Server::hostport(uri, RULE)?;
        let path = uri.path();
        let rest = path.strip_prefix('/').unwrap_or(path);
        let segs: Vec<&str> = rest.split('/').take(5).collect();
        for s in &segs {
            super::check_chars(uri, s, &SEGMENT, RULE_SEGMENT)?;
        }
        let database = segs[0];
        if database.is_empty() && segs.len() == 1 {
            return Err(SchemeError::new(
                offset(uri, rest),
                SchemeErrorKind::MissingPath,
                RULE,
            ));
        }
        let doc = match segs.as_slice() {
            [_] => None,
            [_, t, p] => Some((*t, None, *p)),
            [_, t, n, p] if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) => {
                Some((*t, Some(*n), *p))
            }
            [_, _] => {
                return Err(SchemeError::new(
                    offset(uri, path) + path.len(),
                    SchemeErrorKind::MissingPath,
                    RULE,
                ))
            }
            _ => {
                let k = offset(uri, segs[segs.len().min(4) - 1]).saturating_sub(1);
                return Err(SchemeError::new(k, SchemeErrorKind::UnexpectedPath, RULE));
            }
        };
        if let (Some(_), Some(q)) = (doc, uri.query()) {
            return Err(SchemeError::new(
                offset(uri, q) - 1,
                SchemeErrorKind::UnexpectedQuery,
                RULE,
            ));
        }
        Ok(Wais {
            uri: *uri,
            server,
            database,
            doc,
        })
    }
}

impl<'a> Wais<'a> {
    /// A builder for a URL of `database` on `host`.
    pub fn builder(host: &str, database: &str) -> WaisBuilder {
        WaisBuilder {
            host: host.into(),
            port: None,
            database: database.into(),
            search: None,
            doc: None,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.server.host_str()
    }

    /// The port written (the default is 210).
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// What the URL designates.
    pub fn kind(&self) -> WaisKind {
        match (self.doc, self.uri.query()) {
            (Some(_), _) => WaisKind::Document,
            (None, Some(_)) => WaisKind::Index,
            (None, None) => WaisKind::Database,
        }
    }

    /// The database, decoded.
    pub fn database(&self) -> Cow<'a, str> {
        text(self.database)
    }

    /// The search (the query), decoded; `+` is kept (see
    /// [`search_words`](Self::search_words)).
    pub fn search(&self) -> Option<Cow<'a, str>> {
        self.uri.query().map(text)
    }

    /// The search's words: the 1993 draft's `search = xalphas [ + search ]`.
    pub fn search_words(&self) -> Vec<Cow<'a, str>> {
        self.uri
            .query()
            .map(|q| q.split('+').filter(|w| !w.is_empty()).map(text).collect())
            .unwrap_or_default()
    }

    /// The document's type, decoded.
    pub fn wtype(&self) -> Option<Cow<'a, str>> {
        self.doc.map(|(t, _, _)| text(t))
    }

    /// The document's path (its id on the server), decoded.
    pub fn wpath(&self) -> Option<Cow<'a, str>> {
        self.doc.map(|(_, _, p)| text(p))
    }

    /// The document's length, in the 1993 draft's form only.
    pub fn length(&self) -> Option<u64> {
        self.doc.and_then(|(_, n, _)| n?.parse().ok())
    }
}

/// Builds a `wais` URL; see [`Wais::builder`].
#[derive(Clone, Debug)]
pub struct WaisBuilder {
    host: String,
    port: Option<u16>,
    database: String,
    search: Option<String>,
    doc: Option<(String, String)>,
}

impl WaisBuilder {
    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// A search of the database (decoded).
    pub fn search(&mut self, search: &str) -> &mut Self {
        self.search = Some(search.into());
        self
    }

    /// A document of the database: its type and path (decoded).
    pub fn document(&mut self, wtype: &str, wpath: &str) -> &mut Self {
        self.doc = Some((wtype.into(), wpath.into()));
        self
    }

    /// Writes the URL.
    ///
    /// # Errors
    /// Both a search and a document, an empty database, or a host that
    /// cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("wais://");
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push('/');
        pct::push_encoded(&mut s, self.database.as_bytes(), &SEGMENT);
        if let Some((t, p)) = &self.doc {
            s.push('/');
            pct::push_encoded(&mut s, t.as_bytes(), &SEGMENT);
            s.push('/');
            pct::push_encoded(&mut s, p.as_bytes(), &SEGMENT);
        }
        if let Some(q) = &self.search {
            s.push('?');
            pct::push_encoded(&mut s, q.as_bytes(), &SEGMENT.with(b'+'));
        }
        finish(s, validate)
    }
}
