//! `ws` and `wss` (RFC 6455 section 3).
//!
//! ```text
//! ws-URI  = "ws:" "//" host [ ":" port ] path [ "?" query ]
//! wss-URI = "wss:" "//" host [ ":" port ] path [ "?" query ]
//! ```
//!
//! No userinfo (the rule has none), and "fragment identifiers ... MUST NOT be
//! used on these URIs".

use alloc::string::String;

use super::{
    finish, no_userinfo, offset, port_of, push_authority, require_host, SchemeError,
    SchemeErrorKind,
};
use crate::{pct, table, Authority, Host, Uri, UriBuf};

const RULE: &str =
    "RFC 6455 section 3: ws-URI = \"ws:\" \"//\" host [ \":\" port ] path [ \"?\" query ]";
const RULE_FRAGMENT: &str =
    "RFC 6455 section 3: fragment identifiers MUST NOT be used on these URIs";

/// A `ws` or `wss` (WebSocket) URI.
///
/// # Example
/// ```
/// use urikit::scheme::Ws;
/// use urikit::Uri;
///
/// let uri = Uri::parse("wss://example.com/foo?bar=baz")?;
/// let ws = Ws::try_from(&uri)?;
/// assert!(ws.is_secure());
/// assert_eq!(ws.resource_name(), "/foo?bar=baz");
/// assert_eq!(ws.effective_port(), 443);
/// assert!(Ws::try_from(&Uri::parse("ws://example.com/#f")?).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ws<'a> {
    uri: Uri<'a>,
    auth: Authority<'a>,
    port: Option<u16>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Ws::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Ws<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 6455 section 3.
    fn try_from(uri: &Uri<'a>) -> Result<Ws<'a>, SchemeError> {
        super::expect_scheme(uri, &["ws", "wss"], RULE)?;
        let auth = require_host(uri, RULE)?;
        no_userinfo(uri, &auth, RULE)?;
        let port = port_of(uri, &auth, RULE)?;
        if let Some(f) = uri.fragment() {
            return Err(SchemeError::new(
                offset(uri, f).saturating_sub(1),
                SchemeErrorKind::UnexpectedFragment,
                RULE_FRAGMENT,
            ));
        }
        Ok(Ws {
            uri: *uri,
            auth,
            port,
        })
    }
}

impl<'a> Ws<'a> {
    /// A builder for a URI with this host.
    pub fn builder(host: &str) -> WsBuilder {
        WsBuilder {
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

    /// Whether the scheme is `wss`.
    pub fn is_secure(&self) -> bool {
        self.uri.scheme().eq_ignore_ascii_case("wss")
    }

    /// The host, typed.
    pub fn host(&self) -> Host<'a> {
        self.auth.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.auth.host_str()
    }

    /// The port written; `None` when absent or empty.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The port to connect to: the one written, else 80 or 443.
    pub fn effective_port(&self) -> u16 {
        self.port.unwrap_or(if self.is_secure() { 443 } else { 80 })
    }

    /// The path, raw; `/` when empty.
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

    /// The `resource-name` of the opening handshake (RFC 6455 section 3): the
    /// path (`/` when empty), then `?` and the query if there is one.
    pub fn resource_name(&self) -> String {
        let mut s = String::from(self.path());
        if let Some(q) = self.query() {
            s.push('?');
            s.push_str(q);
        }
        s
    }
}

/// Builds a `ws` or `wss` URI; see [`Ws::builder`].
#[derive(Clone, Debug)]
pub struct WsBuilder {
    secure: bool,
    host: String,
    port: Option<u16>,
    path: String,
    query: Option<String>,
}

impl WsBuilder {
    /// `wss` rather than `ws`.
    pub fn secure(&mut self, yes: bool) -> &mut Self {
        self.secure = yes;
        self
    }

    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The path, decoded (`/` separates segments; a leading `/` is added).
    pub fn path(&mut self, path: &str) -> &mut Self {
        self.path.clear();
        if !path.starts_with('/') {
            self.path.push('/');
        }
        pct::push_encoded(&mut self.path, path.as_bytes(), &table::PATH);
        self
    }

    /// The query, decoded.
    pub fn query(&mut self, query: &str) -> &mut Self {
        self.query = Some(pct::encode(query.as_bytes(), &table::QUERY).into_owned());
        self
    }

    /// Writes the URI.
    ///
    /// # Errors
    /// A host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from(if self.secure { "wss://" } else { "ws://" });
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push_str(if self.path.is_empty() {
            "/"
        } else {
            &self.path
        });
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        finish(s, validate)
    }
}
