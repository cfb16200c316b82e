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

use super::{
    finish, offset, port_of, push_authority, require_host, text, SchemeError, SchemeErrorKind,
};
use crate::{pct, table, Authority, Host, Uri, UriBuf};

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
    auth: Authority<'a>,
    port: Option<u16>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Http::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Http<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 9110 section 4.2.1.
    fn try_from(uri: &Uri<'a>) -> Result<Http<'a>, SchemeError> {
        super::expect_scheme(uri, &["http", "https"], RULE)?;
        let auth = require_host(uri, RULE)?;
        let port = port_of(uri, &auth, RULE)?;
        Ok(Http {
            uri: *uri,
            auth,
            port,
        })
    }
}

impl<'a> Http<'a> {
    /// A builder for a URI with this host (a reg-name, decoded, or an IP
    /// literal in brackets).
    pub fn builder(host: &str) -> HttpBuilder {
        HttpBuilder {
            secure: false,
            host: host.into(),
            port: None,
            path: String::new(),
            query: None,
        }
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
        self.auth.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.auth.host_str()
    }

    /// The port written in the URI; `None` when absent or empty.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The port to connect to: the one written, else 80 or 443.
    pub fn effective_port(&self) -> u16 {
        self.port.unwrap_or(if self.is_secure() { 443 } else { 80 })
    }

    /// The path, raw; `/` when the URI's path is empty.
    pub fn path(&self) -> &'a str {
        match self.uri.path() {
            "" => "/",
            p => p,
        }
    }

    /// The query, raw.
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The request target of an HTTP/1.1 request for this URI
    /// (RFC 9112 section 3.2.1 `origin-form`): the path, then `?` and the
    /// query if there is one.
    pub fn request_target(&self) -> Cow<'a, str> {
        match self.query() {
            None => Cow::Borrowed(self.path()),
            Some(q) => Cow::Owned(alloc::format!("{}?{q}", self.path())),
        }
    }

    /// The userinfo, raw (deprecated: see [`deprecated_userinfo`](Self::deprecated_userinfo)).
    pub fn userinfo(&self) -> Option<&'a str> {
        self.auth.userinfo()
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
pub struct HttpBuilder {
    secure: bool,
    host: String,
    port: Option<u16>,
    path: String,
    query: Option<String>,
}

impl HttpBuilder {
    /// `https` rather than `http`.
    pub fn secure(&mut self, yes: bool) -> &mut Self {
        self.secure = yes;
        self
    }

    /// The port (omitted when not set).
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The path, decoded: `/` separates segments, every other byte a path
    /// cannot hold is percent-encoded. A path not starting with `/` gets one.
    pub fn path(&mut self, path: &str) -> &mut Self {
        self.path.clear();
        if !path.is_empty() && !path.starts_with('/') {
            self.path.push('/');
        }
        pct::push_encoded(&mut self.path, path.as_bytes(), &table::PATH);
        self
    }

    /// The query, decoded: bytes a query cannot hold are percent-encoded
    /// (`&` and `=` are kept, as delimiters).
    pub fn query(&mut self, query: &str) -> &mut Self {
        self.query = Some(pct::encode(query.as_bytes(), &table::QUERY).into_owned());
        self
    }

    /// Writes the URI.
    ///
    /// # Errors
    /// A host that cannot be written (an empty one, a malformed IP literal).
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from(if self.secure { "https://" } else { "http://" });
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        finish(s, validate)
    }
}
