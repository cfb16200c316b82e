//! Scheme knowledge: what the generic syntax leaves to each scheme.
//!
//! The [`registry`] is the one source of per-scheme facts (default port,
//! whether an authority is required, what an empty path means, the rules a
//! URI of the scheme must follow), read by scheme-based normalization and by
//! the scheme views.
//!
//! A **view** wraps an already parsed [`Uri`], checks the rules of its scheme
//! and exposes the scheme's own fields, decoded. Every view is built with
//! `TryFrom<&Uri>`, and has a builder that writes a valid URI back from fields.
//!
//! | scheme | view | specification |
//! |---|---|---|
//! | `http`, `https` | [`Http`] | RFC 9110 section 4.2 |
//! | `ws`, `wss` | [`Ws`] | RFC 6455 section 3 |
//! | `ftp` | [`Ftp`] | RFC 1738 section 3.2 |
//! | `file` | [`File`] | RFC 8089 (and its Appendix E) |
//! | `mailto` | [`Mailto`] | RFC 6068 |
//! | `news`, `nntp` | [`News`], [`Nntp`] | RFC 5538 |
//! | `telnet` | [`Telnet`] | RFC 4248 |
//! | `gopher` | [`Gopher`] | RFC 4266 |
//! | `wais` | [`Wais`] | RFC 4156 (and the 1993 draft's length field) |
//! | `prospero` | [`Prospero`] | RFC 4157 (and the 1993 draft's `%00` fields) |
//! | `afs` | [`Afs`] | the 1993 URL draft |
//! | `data` | [`Data`] | RFC 2397 |
//! | `tel` | [`Tel`] | RFC 3966 |
//! | `ldap`, `ldaps` | [`Ldap`] | RFC 4516 |
//!
//! ```
//! use urikit::scheme::Gopher;
//! use urikit::Uri;
//!
//! let uri = Uri::parse("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles")?;
//! let g = Gopher::try_from(&uri)?;
//! assert_eq!(g.item_type(), '0');
//! assert_eq!(g.selector(), "0/Weather/California/Los Angeles");
//!
//! // A rule of the scheme broken: the error names the rule and the byte.
//! let uri = Uri::parse("telnet://host/path")?;
//! let err = urikit::scheme::Telnet::try_from(&uri).unwrap_err();
//! assert_eq!(err.index(), 14);
//! assert_eq!(err.kind().name(), "unexpected_path");
//! assert!(err.rule().contains("RFC 4248"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Decoded fields
//!
//! Text fields are percent-decoded and read as UTF-8, a byte sequence that is
//! not UTF-8 becoming U+FFFD (the raw accessors keep the exact bytes: decode
//! them with [`pct::decode`]). Where a scheme's
//! specification says its text is UTF-8 (mailto, ldap), bytes that are not
//! UTF-8 are an error instead.
//!
//! ## Fragments
//!
//! A fragment belongs to the reference, not to the scheme: the views ignore it,
//! except `ws`/`wss`, whose RFC forbids one.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use crate::pct;
use crate::table::Table;
use crate::{ParseError, ParseErrorKind, Uri, UriBuf};

pub mod registry;

mod afs;
mod data;
pub mod file;
mod ftp;
mod gopher;
mod http;
mod ldap;
mod mailto;
mod news;
mod prospero;
mod server;
mod tel;
mod telnet;
mod view;
mod wais;
mod ws;

pub use afs::{Afs, AfsBuilder};
pub use data::{Data, DataBuilder};
pub use file::{File, FileBuilder};
pub use ftp::{Ftp, FtpBuilder, Typecode, ANONYMOUS_USER};
pub use gopher::{Gopher, GopherBuilder};
pub use http::{Http, HttpBuilder};
pub use ldap::{Ldap, LdapBuilder, LdapExtension, LdapScope};
pub use mailto::{Mailto, MailtoBuilder};
pub use news::{News, NewsBuilder, NewsTarget, Nntp, NntpBuilder};
pub use prospero::{Prospero, ProsperoBuilder};
pub use registry::{SchemeInfo, SchemeRegistry, Validator};
pub use tel::{Tel, TelBuilder};
pub use telnet::{Telnet, TelnetBuilder};
pub use view::View;
pub use wais::{Wais, WaisBuilder, WaisKind};
pub use ws::{Ws, WsBuilder};

/// A URI breaks a rule of its scheme: where, what kind of mistake, and which
/// rule.
///
/// `index` is the byte offset in the URI of the first byte the rule does not
/// accept (for a missing part, where it should have been). `rule` names the
/// rule and its specification, as `"RFC 4248: telnetURL = ..."`.
///
/// Builders report a field that cannot form a valid URI the same way, the
/// index then pointing into the URI they wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeError {
    index: usize,
    kind: SchemeErrorKind,
    rule: &'static str,
}

/// What kind of rule a [`SchemeError`] reports broken.
///
/// The snake_case [`name`](SchemeErrorKind::name) of each kind is stable: the
/// CLI prints it in its JSON output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeErrorKind {
    /// The view was given a URI of another scheme.
    WrongScheme,
    /// The scheme requires an authority (`//host`) and there is none.
    MissingAuthority,
    /// The scheme has no authority, and the URI has one.
    UnexpectedAuthority,
    /// The scheme requires a host and the authority's host is empty.
    EmptyHost,
    /// The scheme has no userinfo (`user@`), and the URI has one.
    UnexpectedUserinfo,
    /// A userinfo where the scheme deprecates one (http, https): reported as a
    /// warning by the views, an error under strict rules.
    DeprecatedUserinfo,
    /// The scheme has no port, and the URI has one.
    UnexpectedPort,
    /// The port is not a number from 0 to 65535.
    InvalidPort,
    /// The scheme requires a path (or a part of one) that is missing.
    MissingPath,
    /// The scheme allows nothing (more) in the path here.
    UnexpectedPath,
    /// The scheme has no query, and the URI has one.
    UnexpectedQuery,
    /// The scheme forbids a fragment (ws, wss), and the URI has one.
    UnexpectedFragment,
    /// A byte the scheme's rule does not allow here (it must be
    /// percent-encoded, or cannot appear at all).
    InvalidChar,
    /// A field whose value does not follow its rule (a typecode, a number,
    /// a scope, a media type, base64 data...): the rule says which.
    InvalidValue,
    /// Percent-decoded text that is not UTF-8 where the scheme says it is.
    InvalidUtf8,
    /// A builder wrote a string that is not a URI (a field that cannot be
    /// encoded, such as a malformed IP literal).
    Syntax(ParseErrorKind),
}

impl SchemeErrorKind {
    /// The stable snake_case name of the kind, as the CLI prints it. A
    /// [`Syntax`](SchemeErrorKind::Syntax) error has the name of its parse
    /// error kind.
    pub const fn name(self) -> &'static str {
        match self {
            SchemeErrorKind::WrongScheme => "wrong_scheme",
            SchemeErrorKind::MissingAuthority => "missing_authority",
            SchemeErrorKind::UnexpectedAuthority => "unexpected_authority",
            SchemeErrorKind::EmptyHost => "empty_host",
            SchemeErrorKind::UnexpectedUserinfo => "unexpected_userinfo",
            SchemeErrorKind::DeprecatedUserinfo => "deprecated_userinfo",
            SchemeErrorKind::UnexpectedPort => "unexpected_port",
            SchemeErrorKind::InvalidPort => "invalid_port",
            SchemeErrorKind::MissingPath => "missing_path",
            SchemeErrorKind::UnexpectedPath => "unexpected_path",
            SchemeErrorKind::UnexpectedQuery => "unexpected_query",
            SchemeErrorKind::UnexpectedFragment => "unexpected_fragment",
            SchemeErrorKind::InvalidChar => "invalid_char",
            SchemeErrorKind::InvalidValue => "invalid_value",
            SchemeErrorKind::InvalidUtf8 => "invalid_utf8",
            SchemeErrorKind::Syntax(k) => k.name(),
        }
    }

    /// A short description of what is wrong.
    pub const fn message(self) -> &'static str {
        match self {
            SchemeErrorKind::WrongScheme => "a URI of another scheme",
            SchemeErrorKind::MissingAuthority => {
                "no authority (\"//host\") where the scheme requires one"
            }
            SchemeErrorKind::UnexpectedAuthority => "an authority where the scheme has none",
            SchemeErrorKind::EmptyHost => "an empty host where the scheme requires one",
            SchemeErrorKind::UnexpectedUserinfo => {
                "a userinfo (\"user@\") where the scheme has none"
            }
            SchemeErrorKind::DeprecatedUserinfo => {
                "a userinfo (\"user@\"), which the scheme deprecates"
            }
            SchemeErrorKind::UnexpectedPort => "a port where the scheme has none",
            SchemeErrorKind::InvalidPort => "a port that is not a number from 0 to 65535",
            SchemeErrorKind::MissingPath => "a missing part of the path",
            SchemeErrorKind::UnexpectedPath => "more path than the scheme allows",
            SchemeErrorKind::UnexpectedQuery => "a query where the scheme has none",
            SchemeErrorKind::UnexpectedFragment => "a fragment, which the scheme forbids",
            SchemeErrorKind::InvalidChar => "a character the scheme's rule does not allow here",
            SchemeErrorKind::InvalidValue => "a value that does not follow its rule",
            SchemeErrorKind::InvalidUtf8 => "percent-encoded bytes that are not UTF-8",
            SchemeErrorKind::Syntax(k) => k.expected(),
        }
    }
}

impl SchemeError {
    /// An error of `kind` at byte `index`, against `rule`.
    ///
    /// Validators registered by callers build their errors with it.
    ///
    /// # Example
    /// ```
    /// use urikit::scheme::{SchemeError, SchemeErrorKind};
    ///
    /// let e = SchemeError::new(4, SchemeErrorKind::MissingPath, "x-mine: path = 1*pchar");
    /// assert_eq!(e.to_string(), "at byte 4: a missing part of the path (x-mine: path = 1*pchar)");
    /// ```
    #[cold]
    pub const fn new(index: usize, kind: SchemeErrorKind, rule: &'static str) -> SchemeError {
        SchemeError { index, kind, rule }
    }

    /// The byte offset, in the URI, of the first byte the rule does not accept.
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind of error.
    pub const fn kind(&self) -> SchemeErrorKind {
        self.kind
    }

    /// The rule broken, with its specification.
    pub const fn rule(&self) -> &'static str {
        self.rule
    }
}

impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at byte {}: {} ({})",
            self.index,
            self.kind.message(),
            self.rule
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SchemeError {}

impl From<ParseError> for SchemeError {
    fn from(e: ParseError) -> SchemeError {
        SchemeError::new(
            e.index(),
            SchemeErrorKind::Syntax(e.kind()),
            "RFC 3986 URI syntax",
        )
    }
}

// ---- Helpers shared by the views. ----

pub(crate) use crate::span::offset_in;

/// The byte offset of `part` (a slice of the URI) within the URI.
pub(crate) fn offset(uri: &Uri<'_>, part: &str) -> usize {
    offset_in(uri.as_str(), part)
}

/// Checks that the scheme is one of `names` (case-insensitively).
pub(crate) fn expect_scheme(
    uri: &Uri<'_>,
    names: &[&str],
    rule: &'static str,
) -> Result<(), SchemeError> {
    if names.iter().any(|n| uri.scheme().eq_ignore_ascii_case(n)) {
        Ok(())
    } else {
        Err(SchemeError::new(0, SchemeErrorKind::WrongScheme, rule))
    }
}

/// The first byte of `s` that is neither in `allowed` nor part of a `%XX`
/// triplet, as an error at its offset in the URI.
pub(crate) fn check_chars(
    uri: &Uri<'_>,
    s: &str,
    allowed: &Table,
    rule: &'static str,
) -> Result<(), SchemeError> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && pct::triplet_at(b, i).is_some() {
            i += 3;
        } else if allowed.contains(b[i]) {
            i += 1;
        } else {
            return Err(SchemeError::new(
                offset(uri, s) + i,
                SchemeErrorKind::InvalidChar,
                rule,
            ));
        }
    }
    Ok(())
}

/// The offset in `raw` of the byte that decodes to byte `decoded` of its
/// percent-decoding.
pub(crate) fn raw_index(raw: &str, decoded: usize) -> usize {
    let b = raw.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() && n < decoded {
        i += if pct::triplet_at(b, i).is_some() {
            3
        } else {
            1
        };
        n += 1;
    }
    i
}

/// Percent-decodes as UTF-8, lossily.
pub(crate) fn text(s: &str) -> Cow<'_, str> {
    pct::decode_utf8_lossy(s)
}

/// Percent-decodes as UTF-8; an error at the first bad byte otherwise.
pub(crate) fn utf8<'a>(
    uri: &Uri<'_>,
    s: &'a str,
    rule: &'static str,
) -> Result<Cow<'a, str>, SchemeError> {
    pct::decode_utf8(s).map_err(|e| {
        SchemeError::new(
            offset(uri, s) + raw_index(s, e.valid_up_to),
            SchemeErrorKind::InvalidUtf8,
            rule,
        )
    })
}

/// The authority's host, required and not empty.
pub(crate) fn require_host<'a>(
    uri: &Uri<'a>,
    rule: &'static str,
) -> Result<crate::Authority<'a>, SchemeError> {
    let auth = uri.authority().ok_or_else(|| {
        SchemeError::new(
            uri.scheme().len() + 1,
            SchemeErrorKind::MissingAuthority,
            rule,
        )
    })?;
    if auth.host_str().is_empty() {
        return Err(SchemeError::new(
            offset(uri, auth.host_str()),
            SchemeErrorKind::EmptyHost,
            rule,
        ));
    }
    Ok(auth)
}

/// The port as a number; an error when it has digits beyond `u16`.
/// `None` when absent or empty (`//h:`, which RFC 3986 allows).
pub(crate) fn port_of(
    uri: &Uri<'_>,
    auth: &crate::Authority<'_>,
    rule: &'static str,
) -> Result<Option<u16>, SchemeError> {
    match auth.port() {
        None | Some("") => Ok(None),
        Some(p) => auth
            .port_u16()
            .map(Some)
            .ok_or_else(|| SchemeError::new(offset(uri, p), SchemeErrorKind::InvalidPort, rule)),
    }
}

/// An error when the authority has a userinfo.
pub(crate) fn no_userinfo(
    uri: &Uri<'_>,
    auth: &crate::Authority<'_>,
    rule: &'static str,
) -> Result<(), SchemeError> {
    match auth.userinfo() {
        Some(u) => Err(SchemeError::new(
            offset(uri, u),
            SchemeErrorKind::UnexpectedUserinfo,
            rule,
        )),
        None => Ok(()),
    }
}

/// An error when the URI has a query.
pub(crate) fn no_query(uri: &Uri<'_>, rule: &'static str) -> Result<(), SchemeError> {
    match uri.query() {
        Some(q) => Err(SchemeError::new(
            offset(uri, q) - 1,
            SchemeErrorKind::UnexpectedQuery,
            rule,
        )),
        None => Ok(()),
    }
}

/// An error when the URI has an authority.
pub(crate) fn no_authority(uri: &Uri<'_>, rule: &'static str) -> Result<(), SchemeError> {
    if uri.has_authority() {
        Err(SchemeError::new(
            uri.scheme().len() + 1,
            SchemeErrorKind::UnexpectedAuthority,
            rule,
        ))
    } else {
        Ok(())
    }
}

/// Writes `[ user [ ":" password ] "@" ] host [ ":" port ]` after `//`.
pub(crate) fn push_authority(
    out: &mut String,
    user: Option<&str>,
    password: Option<&str>,
    host: &str,
    port: Option<u16>,
) {
    use crate::table::{SUB_DELIMS, UNRESERVED};
    /// `user` and `password` of RFC 1738: the userinfo without `:`.
    const LOGIN_PART: Table = UNRESERVED.or(SUB_DELIMS);
    if let Some(u) = user {
        pct::push_encoded(out, u.as_bytes(), &LOGIN_PART);
        if let Some(p) = password {
            out.push(':');
            pct::push_encoded(out, p.as_bytes(), &LOGIN_PART);
        }
        out.push('@');
    }
    push_host(out, host);
    if let Some(p) = port {
        out.push(':');
        out.push_str(&alloc::format!("{p}"));
    }
}

/// Writes a host: an IP literal (`[...]`) as given, any other host
/// percent-encoded as a `reg-name`.
pub(crate) fn push_host(out: &mut String, host: &str) {
    if host.starts_with('[') {
        out.push_str(host);
    } else {
        pct::push_encoded(out, host.as_bytes(), &crate::table::REG_NAME);
    }
}

/// Parses what a builder wrote and checks it with the view's validator.
pub(crate) fn finish(
    s: String,
    validate: fn(&Uri<'_>) -> Result<(), SchemeError>,
) -> Result<UriBuf, SchemeError> {
    let buf = UriBuf::parse(s).map_err(|(e, _)| SchemeError::from(e))?;
    validate(&buf.as_uri())?;
    Ok(buf)
}
