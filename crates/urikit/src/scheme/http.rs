//! `http` and `https` (RFC 9110 section 4.2).
//!
//! ```text
//! http-URI  = "http"  "://" authority path-abempty [ "?" query ]
//! https-URI = "https" "://" authority path-abempty [ "?" query ]
//! ```
//!
//! The host must not be empty (section 4.2.1: "A recipient that processes such
//! a URI reference MUST reject it as invalid"); an empty path means `/`
//! (section 4.2.3); a userinfo is deprecated (section 4.2.4): the view accepts
//! it and reports it with [`Http::deprecated_userinfo`].

use alloc::borrow::Cow;
use alloc::string::String;

use super::registry::builtin_port;
use super::server::Server;
use super::{finish, offset, push_authority, text, SchemeError, SchemeErrorKind};
use crate::{pct, table, Host, Uri, UriBuf};

const RULE: &str = "RFC 9110 section 4.2.1: http-URI = \"http\" \"://\" authority path-abempty [ \"?\" query ], with a non-empty host";
const RULE_USERINFO: &str =
    "RFC 9110 section 4.2.4: a sender must not generate the userinfo subcomponent";

/// An `http` or `https` URI.
///
/// # Example
/// ```
/// use urikit::scheme::Http;
/// use urikit::Uri;
///
/// let uri = Uri::parse("http://www.ietf.org/rfc/rfc2396.txt")?;
/// let http = Http::try_from(&uri)?;
/// assert_eq!(http.host_str(), "www.ietf.org");
/// assert_eq!((http.port(), http.effective_port()), (None, 80));
/// assert_eq!(http.path(), "/rfc/rfc2396.txt");
///
/// // The deceptive userinfo of RFC 3986 section 7.6 is reported.
/// let uri = Uri::parse("http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm")?;
/// let http = Http::try_from(&uri)?;
/// assert_eq!(http.host_str(), "10.0.0.1");
/// assert_eq!(http.deprecated_userinfo().map(|e| e.index()), Some(7));
///
/// let built = Http::builder("example.com").secure(true).path("/a b").query("q=1").build()?;
/// assert_eq!(built.as_str(), "https://example.com/a%20b?q=1");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Http<'a> {
    uri: Uri<'a>,
    server: Server<'a>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Http::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Http<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 9110 section 4.2.1.
    fn try_from(uri: &Uri<'a>) -> Result<Http<'a>, SchemeError> {
        super::expect_scheme(uri, &["http", "https"], RULE)?;
        Http::of_scheme(uri)
    }
}

impl<'a> Http<'a> {
    /// [`Http::try_from`] for a URI whose scheme is known to be `http` or
    /// `https` ([`View::of`](super::View::of) has matched it).
    pub(crate) fn of_scheme(uri: &Uri<'a>) -> Result<Http<'a>, SchemeError> {
        let server = Server::new(uri, RULE)?;
        Ok(Http { uri: *uri, server })
    }

    /// A builder for a URI with this host (a reg-name, decoded, or an IP
    /// literal in brackets).
    pub fn builder(host: &str) -> HttpBuilder {
        HttpBuilder(WebFields::new(host))
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// Whether the scheme is `https`.
    pub fn is_secure(&self) -> bool {
        self.uri.scheme().eq_ignore_ascii_case("https")
    }

    /// The host, typed.
    pub fn host(&self) -> Host<'a> {
        self.server.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.server.host_str()
    }

    /// The port written in the URI; `None` when absent or empty.
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// The port to connect to: the one written, else 80 or 443.
    pub fn effective_port(&self) -> u16 {
        const HTTP: u16 = builtin_port("http");
        const HTTPS: u16 = builtin_port("https");
        self.server
            .effective_port(if self.is_secure() { HTTPS } else { HTTP })
    }

    /// The path, raw; `/` when the URI's path is empty.
    pub fn path(&self) -> &'a str {
        web_path(&self.uri)
    }

    /// The query, raw.
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The request target of an HTTP/1.1 request for this URI
    /// (RFC 9112 section 3.2.1 `origin-form`): the path, then `?` and the
    /// query if there is one.
    pub fn request_target(&self) -> Cow<'a, str> {
        origin_form(&self.uri)
    }

    /// The userinfo, raw (deprecated: see [`deprecated_userinfo`](Self::deprecated_userinfo)).
    pub fn userinfo(&self) -> Option<&'a str> {
        self.server.userinfo()
    }

    /// The userinfo decoded.
    pub fn userinfo_decoded(&self) -> Option<Cow<'a, str>> {
        self.userinfo().map(text)
    }

    /// A warning when the URI has a userinfo, which RFC 9110 section 4.2.4
    /// deprecates (recipients "SHOULD ... treat its presence as an error").
    pub fn deprecated_userinfo(&self) -> Option<SchemeError> {
        let u = self.userinfo()?;
        Some(SchemeError::new(
            offset(&self.uri, u),
            SchemeErrorKind::DeprecatedUserinfo,
            RULE_USERINFO,
        ))
    }
}

/// Builds an `http` or `https` URI from its fields; see [`Http::builder`].
#[derive(Clone, Debug)]
pub struct HttpBuilder(WebFields);

impl HttpBuilder {
    /// `https` rather than `http`.
    pub fn secure(&mut self, yes: bool) -> &mut Self {
        self.0.secure = yes;
        self
    }

    /// The port (omitted when not set).
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.0.port = Some(port);
        self
    }

    /// The path, decoded: `/` separates segments, every other byte a path
    /// cannot hold is percent-encoded. A path not starting with `/` gets one.
    pub fn path(&mut self, path: &str) -> &mut Self {
        self.0.set_path(path);
        self
    }

    /// The query, decoded: bytes a query cannot hold are percent-encoded
    /// (`&` and `=` are kept, as delimiters).
    pub fn query(&mut self, query: &str) -> &mut Self {
        self.0.set_query(query);
        self
    }

    /// Writes the URI.
    ///
    /// # Errors
    /// A host that cannot be written (an empty one, a malformed IP literal).
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let scheme = if self.0.secure { "https" } else { "http" };
        finish(self.0.write(scheme, ""), validate)
    }
}

// ---- What `http` and `ws` share (RFC 6455 section 3 builds on RFC 9110). ----

/// The path, raw; `/` when the URI's path is empty (RFC 9110 section 4.2.3,
/// RFC 6455 section 3).
pub(super) fn web_path<'a>(uri: &Uri<'a>) -> &'a str {
    match uri.path() {
        "" => "/",
        p => p,
    }
}

/// The path (`/` when empty), then `?` and the query if there is one.
pub(super) fn origin_form<'a>(uri: &Uri<'a>) -> Cow<'a, str> {
    match uri.query() {
        None => Cow::Borrowed(web_path(uri)),
        Some(q) => Cow::Owned(alloc::format!("{}?{q}", web_path(uri))),
    }
}

/// The fields of an `http` or `ws` builder.
#[derive(Clone, Debug)]
pub(super) struct WebFields {
    pub(super) secure: bool,
    host: String,
    pub(super) port: Option<u16>,
    /// Encoded; empty, or starting with `/`.
    path: String,
    /// Encoded.
    query: Option<String>,
}

impl WebFields {
    pub(super) fn new(host: &str) -> WebFields {
        WebFields {
            secure: false,
            host: host.into(),
            port: None,
            path: String::new(),
            query: None,
        }
    }

    /// Encodes a decoded path, with a leading `/` unless it is empty.
    pub(super) fn set_path(&mut self, path: &str) {
        self.path.clear();
        if !path.is_empty() && !path.starts_with('/') {
            self.path.push('/');
        }
        pct::push_encoded(&mut self.path, path.as_bytes(), &table::PATH);
    }

    /// Encodes a decoded query (`&` and `=` are kept).
    pub(super) fn set_query(&mut self, query: &str) {
        self.query = Some(pct::encode(query.as_bytes(), &table::QUERY).into_owned());
    }

    /// `scheme "://" host [ ":" port ] path [ "?" query ]`, `empty_path`
    /// standing for an empty path.
    pub(super) fn write(&self, scheme: &str, empty_path: &str) -> String {
        let mut s = String::from(scheme);
        s.push_str("://");
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push_str(if self.path.is_empty() {
            empty_path
        } else {
            &self.path
        });
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        s
    }
}
