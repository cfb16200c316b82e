//! `news` and `nntp` (RFC 5538, which took them over from RFC 1738).
//!
//! ```text
//! newsURL        = "news:" [ "//" authority "/" ] ( article / newsgroups / "*" )
//! nntpURL        = "nntp:" "//" authority "/" newsgroup [ "/" article-number ]
//! article        = id-left "@" id-right      ; a Message-ID without "<" ">"
//! newsgroup      = component *( "." component ), component = 1*( ALPHA / DIGIT / "+" / "-" / "_" )
//! article-number = 1*16DIGIT
//! ```
//!
//! A target with `@` is an article's Message-ID, `*` is every group, and a
//! target with a wildcard (`*`, `?` written `%3F`, `,`, `!`) is a `wildmat`
//! pattern of groups (RFC 3977 section 4); anything else is one group
//! (the `@` rule of the 1993 draft: "A message identifier may be distinguished
//! from a news group name by the presence of the commercial at").

use alloc::borrow::Cow;
use alloc::string::String;

use super::server::Server;
use super::{
    finish, no_query, offset, port_of, push_authority, text, SchemeError, SchemeErrorKind,
};
use crate::table::{Table, ALPHA, DIGIT};
use crate::{pct, Uri, UriBuf};

const RULE_NEWS: &str =
    "RFC 5538 section 2.1: newsURL = \"news:\" [ server \"/\" ] ( article / newsgroups )";
const RULE_NNTP: &str =
    "RFC 5538 section 2.2: nntpURL = \"nntp:\" server \"/\" newsgroup [ \"/\" article-number ]";
const RULE_GROUP: &str = "RFC 5536 section 3.1.4: newsgroup-name = component *( \".\" component ), component = 1*( ALPHA / DIGIT / \"+\" / \"-\" / \"_\" )";
const RULE_ARTICLE: &str = "RFC 5538 section 2.1: article = msg-id-core (id-left \"@\" id-right, printable ASCII but \"<\" \">\")";
const RULE_NUMBER: &str = "RFC 5538 section 2.2: article-number = 1*16DIGIT";

/// `component` bytes of a newsgroup name (RFC 5536 section 3.1.4), and `.`.
const GROUP: Table = ALPHA.or(DIGIT).or(Table::new(b"+-_."));
/// A `wildmat` adds its wildcards and list syntax (RFC 3977 section 4.1).
const WILDMAT: Table = GROUP.or(Table::new(b"*,!"));

/// What a `news` URL names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewsTarget<'a> {
    /// One newsgroup, by name.
    Group(Cow<'a, str>),
    /// Every group (`news:*`).
    AllGroups,
    /// Groups matching a `wildmat` pattern (`news:comp.lang.*`).
    Wildmat(Cow<'a, str>),
    /// One article, by its Message-ID (without `<` `>`).
    Article(Cow<'a, str>),
    /// Nothing named: `news://server/` (the server's default).
    None,
}

/// A `news` URL.
///
/// # Example
/// ```
/// use urikit::scheme::{News, NewsTarget};
/// use urikit::Uri;
///
/// let uri = Uri::parse("news:comp.infosystems.www.servers.unix")?;
/// let news = News::try_from(&uri)?;
/// assert_eq!(news.target(), NewsTarget::Group("comp.infosystems.www.servers.unix".into()));
/// assert_eq!(news.server(), None);
///
/// let uri = Uri::parse("news://news.example.com/12345@example.com")?;
/// let news = News::try_from(&uri)?;
/// assert_eq!(news.target(), NewsTarget::Article("12345@example.com".into()));
/// assert_eq!(news.server(), Some("news.example.com"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct News<'a> {
    uri: Uri<'a>,
    port: Option<u16>,
    target: &'a str,
}

pub(crate) fn validate_news(uri: &Uri<'_>) -> Result<(), SchemeError> {
    News::try_from(uri).map(|_| ())
}

pub(crate) fn validate_nntp(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Nntp::try_from(uri).map(|_| ())
}

/// Checks an article's Message-ID (raw).
fn check_article(uri: &Uri<'_>, raw: &str) -> Result<(), SchemeError> {
    let id = text(raw);
    let err = |k: usize| {
        SchemeError::new(
            offset(uri, raw) + super::raw_index(raw, k),
            SchemeErrorKind::InvalidValue,
            RULE_ARTICLE,
        )
    };
    if let Some(k) = id
        .bytes()
        .position(|c| !c.is_ascii_graphic() || c == b'<' || c == b'>')
    {
        return Err(err(k));
    }
    let at = id.find('@').unwrap_or(0);
    if at == 0 {
        return Err(err(0));
    }
    if at + 1 == id.len() {
        return Err(err(id.len()));
    }
    Ok(())
}

/// Checks a newsgroup name (or a wildmat when `table` is [`WILDMAT`]): a
/// percent-encoded byte must be one the rule allows, `?` in a wildmat, or
/// non-ASCII (UTF-8 names, RFC 5536 section 3.1.4's note).
fn check_group(uri: &Uri<'_>, raw: &str, table: &Table) -> Result<(), SchemeError> {
    let b = raw.as_bytes();
    let wildmat = table.contains(b'*');
    let mut i = 0;
    while i < b.len() {
        let (c, n) = match pct::triplet_at(b, i) {
            Some(c) => (c, 3),
            None => (b[i], 1),
        };
        if !(table.contains(c) || c >= 0x80 || (wildmat && c == b'?')) {
            return Err(SchemeError::new(
                offset(uri, raw) + i,
                SchemeErrorKind::InvalidChar,
                RULE_GROUP,
            ));
        }
        i += n;
    }
    if raw.is_empty() || raw.starts_with('.') || raw.ends_with('.') || raw.contains("..") {
        let k = raw
            .find("..")
            .map(|k| k + 1)
            .unwrap_or(if raw.starts_with('.') { 0 } else { raw.len() });
        return Err(SchemeError::new(
            offset(uri, raw) + k,
            SchemeErrorKind::InvalidValue,
            RULE_GROUP,
        ));
    }
    Ok(())
}

impl<'a> TryFrom<&Uri<'a>> for News<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 5538 section 2.1.
    fn try_from(uri: &Uri<'a>) -> Result<News<'a>, SchemeError> {
        super::expect_scheme(uri, &["news"], RULE_NEWS)?;
        no_query(uri, RULE_NEWS)?;
        let path = uri.path();
        let (port, target) = match uri.authority() {
            Some(auth) => {
                let port = port_of(uri, &auth, RULE_NEWS)?;
                (port, path.strip_prefix('/').unwrap_or(path))
            }
            None => {
                if path.is_empty() {
                    return Err(SchemeError::new(
                        offset(uri, path),
                        SchemeErrorKind::MissingPath,
                        RULE_NEWS,
                    ));
                }
                (None, path)
            }
        };
        if target.contains('@') {
            check_article(uri, target)?;
        } else if !target.is_empty() && target != "*" {
            check_group(uri, target, &WILDMAT)?;
        }
        Ok(News {
            uri: *uri,
            port,
            target,
        })
    }
}

impl<'a> News<'a> {
    /// A builder for a URL naming `target`.
    pub fn builder(target: NewsTarget<'_>) -> NewsBuilder {
        NewsBuilder {
            server: None,
            port: None,
            target: match target {
                NewsTarget::Group(g) | NewsTarget::Wildmat(g) | NewsTarget::Article(g) => {
                    g.into_owned()
                }
                NewsTarget::AllGroups => "*".into(),
                NewsTarget::None => String::new(),
            },
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The news server's host, if the URL names one.
    pub fn server(&self) -> Option<&'a str> {
        self.uri.host_str()
    }

    /// The server's port, if written (the default is 119).
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The target, raw.
    pub fn target_str(&self) -> &'a str {
        self.target
    }

    /// What the URL names, decoded.
    pub fn target(&self) -> NewsTarget<'a> {
        match self.target {
            "" => NewsTarget::None,
            "*" => NewsTarget::AllGroups,
            t if t.contains('@') => NewsTarget::Article(text(t)),
            t if t.contains(['*', ',', '!']) || t.contains("%3F") || t.contains("%3f") => {
                NewsTarget::Wildmat(text(t))
            }
            t => NewsTarget::Group(text(t)),
        }
    }
}

/// Builds a `news` URL; see [`News::builder`].
#[derive(Clone, Debug)]
pub struct NewsBuilder {
    server: Option<String>,
    port: Option<u16>,
    target: String,
}

impl NewsBuilder {
    /// The news server.
    pub fn server(&mut self, host: &str) -> &mut Self {
        self.server = Some(host.into());
        self
    }

    /// The server's port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// Writes the URL.
    ///
    /// # Errors
    /// A target that is not a group, wildmat or Message-ID, a port without a
    /// server, or a server that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("news:");
        if let Some(h) = &self.server {
            s.push_str("//");
            push_authority(&mut s, None, None, h, self.port);
            s.push('/');
        } else if self.port.is_some() {
            return Err(SchemeError::new(
                5,
                SchemeErrorKind::MissingAuthority,
                RULE_NEWS,
            ));
        }
        // Keep what may stay, encode the rest (`/`, `?`, `#`, `%`...).
        let keep = crate::table::PCHAR;
        pct::push_encoded(&mut s, self.target.as_bytes(), &keep);
        finish(s, validate_news)
    }
}

/// An `nntp` URL.
///
/// # Example
/// ```
/// use urikit::scheme::Nntp;
/// use urikit::Uri;
///
/// let uri = Uri::parse("nntp://news.example.com:1119/comp.lang.c/12345")?;
/// let nntp = Nntp::try_from(&uri)?;
/// assert_eq!(nntp.host_str(), "news.example.com");
/// assert_eq!(nntp.port(), Some(1119));
/// assert_eq!(nntp.group(), "comp.lang.c");
/// assert_eq!(nntp.article_number(), Some(12345));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Nntp<'a> {
    uri: Uri<'a>,
    server: Server<'a>,
    group: &'a str,
    number: Option<u64>,
}

impl<'a> TryFrom<&Uri<'a>> for Nntp<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 5538 section 2.2.
    fn try_from(uri: &Uri<'a>) -> Result<Nntp<'a>, SchemeError> {
        super::expect_scheme(uri, &["nntp"], RULE_NNTP)?;
        let server = Server::new(uri, RULE_NNTP)?;
        no_query(uri, RULE_NNTP)?;
        let path = uri.path();
        let rest = path.strip_prefix('/').unwrap_or(path);
        let (group, number) = match rest.split_once('/') {
            None => (rest, None),
            Some((g, n)) => (g, Some(n)),
        };
        check_group(uri, group, &GROUP)?;
        let number = match number {
            None => None,
            Some(n) => {
                let bad = n.bytes().position(|c| !c.is_ascii_digit());
                if n.is_empty() || n.len() > 16 || bad.is_some() {
                    let k = bad.unwrap_or(if n.is_empty() { 0 } else { 16 });
                    return Err(SchemeError::new(
                        offset(uri, n) + k,
                        SchemeErrorKind::InvalidValue,
                        RULE_NUMBER,
                    ));
                }
                n.parse::<u64>().ok()
            }
        };
        Ok(Nntp {
            uri: *uri,
            server,
            group,
            number,
        })
    }
}

impl<'a> Nntp<'a> {
    /// A builder for a URL naming `group` on `host`.
    pub fn builder(host: &str, group: &str) -> NntpBuilder {
        NntpBuilder {
            host: host.into(),
            port: None,
            group: group.into(),
            number: None,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The server's host, as written.
    pub fn host_str(&self) -> &'a str {
        self.server.host_str()
    }

    /// The port written (the default is 119).
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// The newsgroup, decoded.
    pub fn group(&self) -> Cow<'a, str> {
        text(self.group)
    }

    /// The article number, if the URL names one.
    pub fn article_number(&self) -> Option<u64> {
        self.number
    }
}

/// Builds an `nntp` URL; see [`Nntp::builder`].
#[derive(Clone, Debug)]
pub struct NntpBuilder {
    host: String,
    port: Option<u16>,
    group: String,
    number: Option<u64>,
}

impl NntpBuilder {
    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The article number.
    pub fn article_number(&mut self, n: u64) -> &mut Self {
        self.number = Some(n);
        self
    }

    /// Writes the URL.
    ///
    /// # Errors
    /// A group that is not a newsgroup name, a number of more than 16
    /// digits, or a host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("nntp://");
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push('/');
        pct::push_encoded(&mut s, self.group.as_bytes(), &crate::table::PCHAR);
        if let Some(n) = self.number {
            s.push_str(&alloc::format!("/{n}"));
        }
        finish(s, validate_nntp)
    }
}
