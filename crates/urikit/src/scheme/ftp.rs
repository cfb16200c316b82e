//! `ftp` (RFC 1738 section 3.2; the 1997 draft's notes on user and password).
//!
//! ```text
//! ftpurl   = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//! login    = [ user [ ":" password ] "@" ] hostport
//! fpath    = fsegment *[ "/" fsegment ]
//! fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//! ftptype  = "A" | "I" | "D" | "a" | "i" | "d"
//! ```
//!
//! Each `fsegment` but the last names a directory (an argument to `CWD`), the
//! last a file; each is percent-decoded on its own, so `%2F` inside a name is
//! a `/` that belongs to the name (RFC 1738 section 3.2.2). An empty user name
//! (`ftp://@host.com/`) differs from none (`ftp://host.com/`), and an empty
//! password (`ftp://foo:@host.com/`) from none; without a user name the
//! anonymous convention applies: user `anonymous`, the password being the
//! user's mail address (section 3.2.1).
//!
//! Choices: a `?` would start an RFC 3986 query, so it must be written `%3F`
//! (a query is an error); `~`, unsafe in RFC 1738, is unreserved since RFC 3986
//! section 2.3 and allowed; a `;` is allowed only to start the final
//! `;type=` (elsewhere it must be `%3B`).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::server::{push_login, Login};
use super::{finish, no_query, offset, text, SchemeError, SchemeErrorKind};
use crate::table::{Table, PCHAR};
use crate::{pct, Host, Uri, UriBuf};

const RULE: &str =
    "RFC 1738 section 3.2: ftpurl = \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ]]";
const RULE_LOGIN: &str = "RFC 1738 section 3.1: login = [ user [ \":\" password ] \"@\" ] hostport";
const RULE_SEGMENT: &str = "RFC 1738 section 3.2: fsegment = *[ uchar | \"?\" | \":\" | \"@\" | \"&\" | \"=\" ] (\";\" only in \";type=\")";
const RULE_TYPE: &str =
    "RFC 1738 section 3.2: ftptype = \"A\" | \"I\" | \"D\" | \"a\" | \"i\" | \"d\"";
const RULE_QUERY: &str = "RFC 1738 section 3.2: an ftp URL has no query (write \"?\" as %3F)";

/// `fsegment` bytes (besides `%XX`): `pchar` without `;`.
const FSEGMENT: Table = PCHAR.minus(Table::new(b";"));

/// The user name of anonymous FTP (RFC 1738 section 3.2.1).
pub const ANONYMOUS_USER: &str = "anonymous";

/// The `;type=` code of an ftp URL: how to transfer the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typecode {
    /// `a`: ASCII (text) transfer.
    Ascii,
    /// `i`: image (binary) transfer.
    Image,
    /// `d`: a directory listing (`NLST`).
    Directory,
}

impl Typecode {
    /// The code's letter, lowercase.
    pub const fn as_char(self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }

    /// The code of a letter (either case).
    pub const fn from_char(c: char) -> Option<Typecode> {
        match c {
            'a' | 'A' => Some(Typecode::Ascii),
            'i' | 'I' => Some(Typecode::Image),
            'd' | 'D' => Some(Typecode::Directory),
            _ => None,
        }
    }
}

/// An `ftp` URL.
///
/// # Example
/// ```
/// use urikit::scheme::{Ftp, Typecode};
/// use urikit::Uri;
///
/// let uri = Uri::parse("ftp://foo:@host.com/pub/a%2Fb/file.txt;type=i")?;
/// let ftp = Ftp::try_from(&uri)?;
/// assert_eq!(ftp.user().as_deref(), Some("foo"));
/// assert_eq!(ftp.password().as_deref(), Some(""));
/// assert_eq!(ftp.directories(), ["pub", "a/b"]);
/// assert_eq!(ftp.file(), "file.txt");
/// assert_eq!(ftp.typecode(), Some(Typecode::Image));
///
/// let anonymous = Uri::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt")?;
/// assert_eq!(Ftp::try_from(&anonymous)?.login_user(), "anonymous");
///
/// let built = Ftp::builder("host.com").directory("a/b").file("x y").typecode(Typecode::Ascii).build()?;
/// assert_eq!(built.as_str(), "ftp://host.com/a%2Fb/x%20y;type=a");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ftp<'a> {
    uri: Uri<'a>,
    login: Login<'a>,
    /// The fpath without its leading `/` and without `;type=X`.
    fpath: &'a str,
    typecode: Option<Typecode>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Ftp::try_from(uri).map(|_| ())
}

impl<'a> TryFrom<&Uri<'a>> for Ftp<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 1738 section 3.2.
    fn try_from(uri: &Uri<'a>) -> Result<Ftp<'a>, SchemeError> {
        super::expect_scheme(uri, &["ftp"], RULE)?;
        let login = Login::new(uri, RULE, RULE_LOGIN)?;
        no_query(uri, RULE_QUERY)?;
        let path = uri.path();
        let mut fpath = path.strip_prefix('/').unwrap_or(path);
        let mut typecode = None;
        if let Some(k) = fpath.find(';') {
            let (before, param) = fpath.split_at(k);
            let at = offset(uri, param);
            let code = param.strip_prefix(";type=").ok_or(SchemeError::new(
                at,
                SchemeErrorKind::InvalidChar,
                RULE_SEGMENT,
            ))?;
            // The typecode ends the path: no `/` after it.
            if code.contains('/') {
                return Err(SchemeError::new(
                    at,
                    SchemeErrorKind::InvalidChar,
                    RULE_SEGMENT,
                ));
            }
            let mut chars = code.chars();
            match (chars.next().and_then(Typecode::from_char), chars.next()) {
                (Some(t), None) => typecode = Some(t),
                _ => {
                    return Err(SchemeError::new(
                        at + 6,
                        SchemeErrorKind::InvalidValue,
                        RULE_TYPE,
                    ))
                }
            }
            fpath = before;
        }
        super::check_chars(uri, fpath, &FSEGMENT.with(b'/'), RULE_SEGMENT)?;
        Ok(Ftp {
            uri: *uri,
            login,
            fpath,
            typecode,
        })
    }
}

impl<'a> Ftp<'a> {
    /// A builder for a URL on this host.
    pub fn builder(host: &str) -> FtpBuilder {
        FtpBuilder {
            user: None,
            password: None,
            host: host.into(),
            port: None,
            directories: Vec::new(),
            file: String::new(),
            typecode: None,
        }
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// The user name, decoded; `None` when absent (`Some("")` for `ftp://@host/`).
    pub fn user(&self) -> Option<Cow<'a, str>> {
        self.login.user()
    }

    /// The password, decoded; `None` when absent (`Some("")` for `ftp://foo:@host/`).
    pub fn password(&self) -> Option<Cow<'a, str>> {
        self.login.password()
    }

    /// Whether the anonymous convention applies (no user name given).
    pub fn is_anonymous(&self) -> bool {
        self.login.user.is_none()
    }

    /// The user name to log in with: the one given, else [`ANONYMOUS_USER`].
    pub fn login_user(&self) -> Cow<'a, str> {
        self.user().unwrap_or(Cow::Borrowed(ANONYMOUS_USER))
    }

    /// The host, typed.
    pub fn host(&self) -> Host<'a> {
        self.login.server.host()
    }

    /// The host as written.
    pub fn host_str(&self) -> &'a str {
        self.login.server.host_str()
    }

    /// The port written; `None` when absent or empty (the default is 21).
    pub fn port(&self) -> Option<u16> {
        self.login.server.port()
    }

    /// The port to connect to.
    pub fn effective_port(&self) -> u16 {
        const FTP: u16 = super::registry::builtin_port("ftp");
        self.login.server.effective_port(FTP)
    }

    /// The `fpath`, raw: the path without its leading `/` and `;type=`.
    pub fn fpath(&self) -> &'a str {
        self.fpath
    }

    /// The directory names (every segment but the last), each decoded.
    pub fn directories(&self) -> Vec<Cow<'a, str>> {
        match self.fpath.rsplit_once('/') {
            None => Vec::new(),
            Some((dirs, _)) => dirs.split('/').map(text).collect(),
        }
    }

    /// The file name (the last segment), decoded; empty when the URL names a
    /// directory.
    pub fn file(&self) -> Cow<'a, str> {
        text(self.fpath.rsplit('/').next().unwrap_or(""))
    }

    /// The `;type=` code, if any.
    pub fn typecode(&self) -> Option<Typecode> {
        self.typecode
    }
}

/// Builds an `ftp` URL from its fields; see [`Ftp::builder`].
#[derive(Clone, Debug)]
pub struct FtpBuilder {
    user: Option<String>,
    password: Option<String>,
    host: String,
    port: Option<u16>,
    directories: Vec<String>,
    file: String,
    typecode: Option<Typecode>,
}

impl FtpBuilder {
    /// The user name (decoded).
    pub fn user(&mut self, user: &str) -> &mut Self {
        self.user = Some(user.into());
        self
    }

    /// The password (decoded); written only with a user name.
    pub fn password(&mut self, password: &str) -> &mut Self {
        self.password = Some(password.into());
        self
    }

    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// Appends a directory name (decoded; a `/` in it is written `%2F`).
    pub fn directory(&mut self, name: &str) -> &mut Self {
        self.directories.push(name.into());
        self
    }

    /// The file name (decoded; empty for a directory).
    pub fn file(&mut self, name: &str) -> &mut Self {
        self.file = name.into();
        self
    }

    /// The `;type=` code.
    pub fn typecode(&mut self, code: Typecode) -> &mut Self {
        self.typecode = Some(code);
        self
    }

    /// Writes the URL.
    ///
    /// # Errors
    /// A host that cannot be written, or a password without a user name.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("ftp://");
        push_login(
            &mut s,
            self.user.as_deref(),
            self.password.as_deref(),
            &self.host,
            self.port,
            RULE_LOGIN,
        )?;
        for d in &self.directories {
            s.push('/');
            pct::push_encoded(&mut s, d.as_bytes(), &FSEGMENT);
        }
        s.push('/');
        pct::push_encoded(&mut s, self.file.as_bytes(), &FSEGMENT);
        if let Some(t) = self.typecode {
            s.push_str(";type=");
            s.push(t.as_char());
        }
        finish(s, validate)
    }
}
