//! The server part of the schemes that name a host: `host [ ":" port ]`,
//! checked once for every view, and the login of RFC 1738 section 3.1
//! (`[ user [ ":" password ] "@" ] hostport`) that `ftp` and `telnet` share.

use alloc::borrow::Cow;
use alloc::string::String;

use super::{
    no_userinfo, offset, port_of, push_authority, require_host, text, SchemeError, SchemeErrorKind,
};
use crate::{Authority, Host, Uri};

/// A URI's authority with a non-empty host and a port that fits `u16`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Server<'a> {
    auth: Authority<'a>,
    port: Option<u16>,
}

impl<'a> Server<'a> {
    /// The authority, required, with a non-empty host and a valid port; a
    /// userinfo is left to the caller.
    pub(crate) fn new(uri: &Uri<'a>, rule: &'static str) -> Result<Server<'a>, SchemeError> {
        let auth = require_host(uri, rule)?;
        let port = port_of(uri, &auth, rule)?;
        Ok(Server { auth, port })
    }

    /// The `hostport` of RFC 1738 section 3.1: as [`Server::new`], and no
    /// userinfo (checked before the port).
    pub(crate) fn hostport(uri: &Uri<'a>, rule: &'static str) -> Result<Server<'a>, SchemeError> {
        let auth = require_host(uri, rule)?;
        no_userinfo(uri, &auth, rule)?;
        let port = port_of(uri, &auth, rule)?;
        Ok(Server { auth, port })
    }

    /// The host, typed.
    pub(crate) fn host(&self) -> Host<'a> {
        self.auth.host()
    }

    /// The host as written.
    pub(crate) fn host_str(&self) -> &'a str {
        self.auth.host_str()
    }

    /// The port written; `None` when absent or empty.
    pub(crate) fn port(&self) -> Option<u16> {
        self.port
    }

    /// The port written, else `default`: the scheme's port in the
    /// [built-in registry](super::registry::BUILTIN) (the one place it is
    /// written), a constant from [`builtin_port`](super::registry::builtin_port).
    pub(crate) fn effective_port(&self, default: u16) -> u16 {
        self.port.unwrap_or(default)
    }

    /// The userinfo, raw.
    pub(crate) fn userinfo(&self) -> Option<&'a str> {
        self.auth.userinfo()
    }
}

/// `login = [ user [ ":" password ] "@" ] hostport` (RFC 1738 section 3.1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Login<'a> {
    pub(crate) server: Server<'a>,
    /// The user name, raw.
    pub(crate) user: Option<&'a str>,
    /// The password, raw.
    pub(crate) password: Option<&'a str>,
}

impl<'a> Login<'a> {
    /// The server checked against `rule`, then the user and password against
    /// `login_rule`.
    pub(crate) fn new(
        uri: &Uri<'a>,
        rule: &'static str,
        login_rule: &'static str,
    ) -> Result<Login<'a>, SchemeError> {
        let server = Server::new(uri, rule)?;
        let (user, password) = split_login(uri, server.userinfo(), login_rule)?;
        Ok(Login {
            server,
            user,
            password,
        })
    }

    /// The user name, decoded.
    pub(crate) fn user(&self) -> Option<Cow<'a, str>> {
        self.user.map(text)
    }

    /// The password, decoded.
    pub(crate) fn password(&self) -> Option<Cow<'a, str>> {
        self.password.map(text)
    }
}

/// Writes a login after `scheme://` (already in `out`); a password without a
/// user name is an error at the end of `out`.
pub(crate) fn push_login(
    out: &mut String,
    user: Option<&str>,
    password: Option<&str>,
    host: &str,
    port: Option<u16>,
    rule: &'static str,
) -> Result<(), SchemeError> {
    if user.is_none() && password.is_some() {
        return Err(SchemeError::new(
            out.len(),
            SchemeErrorKind::InvalidValue,
            rule,
        ));
    }
    push_authority(out, user, password, host, port);
    Ok(())
}

/// `user [ ":" password ]` of a login (RFC 1738 section 3.1), raw: no `:` or
/// `@` inside either part.
fn split_login<'a>(
    uri: &Uri<'a>,
    userinfo: Option<&'a str>,
    rule: &'static str,
) -> Result<(Option<&'a str>, Option<&'a str>), SchemeError> {
    let Some(u) = userinfo else {
        return Ok((None, None));
    };
    match u.split_once(':') {
        None => Ok((Some(u), None)),
        Some((user, pass)) => {
            if let Some(k) = pass.find(':') {
                return Err(SchemeError::new(
                    offset(uri, pass) + k,
                    SchemeErrorKind::InvalidChar,
                    rule,
                ));
            }
            Ok((Some(user), Some(pass)))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scheme::{Ftp, Http, Telnet, Ws};
    use crate::Uri;

    fn uri(s: &str) -> Uri<'_> {
        Uri::parse(s).unwrap()
    }

    #[test]
    fn effective_ports_are_the_registry_defaults() {
        assert_eq!(
            Http::try_from(&uri("http://h")).unwrap().effective_port(),
            80
        );
        assert_eq!(
            Http::try_from(&uri("HTTPS://h")).unwrap().effective_port(),
            443
        );
        assert_eq!(Ws::try_from(&uri("ws://h")).unwrap().effective_port(), 80);
        assert_eq!(Ws::try_from(&uri("wss://h")).unwrap().effective_port(), 443);
        assert_eq!(Ftp::try_from(&uri("ftp://h")).unwrap().effective_port(), 21);
        assert_eq!(
            Telnet::try_from(&uri("telnet://h"))
                .unwrap()
                .effective_port(),
            23
        );
        assert_eq!(
            Telnet::try_from(&uri("telnet://h:7/"))
                .unwrap()
                .effective_port(),
            7
        );
    }
}
