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

use super::http::{origin_form, web_path, WebFields};
use super::registry::builtin_port;
use super::server::Server;
use super::{finish, offset, SchemeError, SchemeErrorKind};
use crate::{Host, Uri, UriBuf};

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
    server: Server<'a>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Ws::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Ws<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 6455 section 3.
    fn try_from(uri: &Uri<'a>) -> Result<Ws<'a>, SchemeError> {
        super::expect_scheme(uri, &["ws", "wss"], RULE)?;
        let server = Server::hostport(uri, RULE)?;
        if let Some(f) = uri.fragment() {
            return Err(SchemeError::new(
                offset(uri, f).saturating_sub(1),
                SchemeErrorKind::UnexpectedFragment,
                RULE_FRAGMENT,
            ));
        }
        Ok(Ws { uri: *uri, server })
    }
}

impl<'a> Ws<'a> {
    /// A builder for a URI with this host.
    pub fn builder(host: &str) -> WsBuilder {
        WsBuilder(WebFields::new(host))
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
        self.server.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.server.host_str()
    }

    /// The port written; `None` when absent or empty.
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// The port to connect to: the one written, else 80 or 443.
    pub fn effective_port(&self) -> u16 {
        const WS: u16 = builtin_port("ws");
        const WSS: u16 = builtin_port("wss");
        self.server
            .effective_port(if self.is_secure() { WSS } else { WS })
    }

    /// The path, raw; `/` when empty.
    pub fn path(&self) -> &'a str {
        web_path(&self.uri)
    }

    /// The query, raw.
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The `resource-name` of the opening handshake (RFC 6455 section 3): the
    /// path (`/` when empty), then `?` and the query if there is one.
    pub fn resource_name(&self) -> String {
        origin_form(&self.uri).into_owned()
    }
}

/// Builds a `ws` or `wss` URI; see [`Ws::builder`].
#[derive(Clone, Debug)]
pub struct WsBuilder(WebFields);

impl WsBuilder {
    /// `wss` rather than `ws`.
    pub fn secure(&mut self, yes: bool) -> &mut Self {
        self.0.secure = yes;
        self
    }

    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.0.port = Some(port);
        self
    }

    /// The path, decoded (`/` separates segments; a leading `/` is added).
    pub fn path(&mut self, path: &str) -> &mut Self {
        self.0.set_path(path);
        self
    }

    /// The query, decoded.
    pub fn query(&mut self, query: &str) -> &mut Self {
        self.0.set_query(query);
        self
    }

    /// Writes the URI (the path `/` when none is set).
    ///
    /// # Errors
    /// A host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let scheme = if self.0.secure { "wss" } else { "ws" };
        finish(self.0.write(scheme, "/"), validate)
    }
}
