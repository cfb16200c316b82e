//! `telnet` (RFC 4248, after RFC 1738 section 3.8).
//!
//! ```text
//! telnetURL = "telnet:" "//" login [ "/" ]
//! login     = [ user [ ":" password ] "@" ] hostport
//! ```
//!
//! Nothing may follow the optional `/`.

use alloc::borrow::Cow;
use alloc::string::String;

use super::server::{push_login, Login};
use super::{finish, no_query, offset, SchemeError, SchemeErrorKind};
use crate::{Host, Uri, UriBuf};

const RULE: &str = "RFC 4248 section 2: telnetURL = \"telnet:\" \"//\" login [ \"/\" ]";

/// A `telnet` URL.
///
/// # Example
/// ```
/// use urikit::scheme::Telnet;
/// use urikit::Uri;
///
/// let uri = Uri::parse("telnet://guest:secret@192.0.2.16:8023/")?;
/// let t = Telnet::try_from(&uri)?;
/// assert_eq!(t.user().as_deref(), Some("guest"));
/// assert_eq!(t.password().as_deref(), Some("secret"));
/// assert_eq!(t.host_str(), "192.0.2.16");
/// assert_eq!((t.port(), t.effective_port()), (Some(8023), 8023));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Telnet<'a> {
    uri: Uri<'a>,
    login: Login<'a>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Telnet::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Telnet<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 4248.
    fn try_from(uri: &Uri<'a>) -> Result<Telnet<'a>, SchemeError> {
        super::expect_scheme(uri, &["telnet"], RULE)?;
        let login = Login::new(uri, RULE, RULE)?;
        no_query(uri, RULE)?;
        let path = uri.path();
        if path.len() > 1 {
            return Err(SchemeError::new(
                offset(uri, path) + 1,
                SchemeErrorKind::UnexpectedPath,
                RULE,
            ));
        }
        Ok(Telnet { uri: *uri, login })
    }
}

impl<'a> Telnet<'a> {
    /// A builder for a URL to this host.
    pub fn builder(host: &str) -> TelnetBuilder {
        TelnetBuilder {
            host: host.into(),
            port: None,
            user: None,
            password: None,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The user name, decoded.
    pub fn user(&self) -> Option<Cow<'a, str>> {
        self.login.user()
    }

    /// The password, decoded.
    pub fn password(&self) -> Option<Cow<'a, str>> {
        self.login.password()
    }

    /// The host, typed.
    pub fn host(&self) -> Host<'a> {
        self.login.server.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.login.server.host_str()
    }

    /// The port written.
    pub fn port(&self) -> Option<u16> {
        self.login.server.port()
    }

    /// The port to connect to (default 23).
    pub fn effective_port(&self) -> u16 {
        const TELNET: u16 = super::registry::builtin_port("telnet");
        self.login.server.effective_port(TELNET)
    }
}

/// Builds a `telnet` URL; see [`Telnet::builder`].
#[derive(Clone, Debug)]
pub struct TelnetBuilder {
    host: String,
    port: Option<u16>,
    user: Option<String>,
    password: Option<String>,
}

impl TelnetBuilder {
    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The user name (decoded).
    pub fn user(&mut self, user: &str) -> &mut Self {
        self.user = Some(user.into());
        self
    }

    /// The password (decoded; written only with a user name).
    pub fn password(&mut self, password: &str) -> &mut Self {
        self.password = Some(password.into());
        self
    }

    /// Writes the URL, with its final `/`.
    ///
    /// # Errors
    /// A password without a user name, or a host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("telnet://");
        push_login(
            &mut s,
            self.user.as_deref(),
            self.password.as_deref(),
            &self.host,
            self.port,
            RULE,
        )?;
        s.push('/');
        finish(s, validate)
    }
}
