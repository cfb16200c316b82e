//! `prospero` (RFC 4157, after RFC 1738 section 3.11; the 1993 draft).
//!
//! ```text
//! prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//! ppath       = psegment *[ "/" psegment ]
//! psegment    = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
//! fieldspec   = ";" fieldname "=" fieldvalue
//! ```
//!
//! The 1993 draft put an optional version and attributes after the
//! host-specific object name, each introduced by `%00`:
//! `hsoname [ %00 version [ attributes ] ]`, `attribute = alphanums`
//! ("the first attribute would be separated from the host specific name by
//! `%00%00`" when the version is empty). The view reads both: `%00` cannot
//! occur in an RFC 4157 name (it is the string terminator).
//!
//! Choice: a `?` in a `psegment` must be written `%3F` (RFC 3986 reads a raw
//! one as the start of a query, an error here).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::server::Server;
use super::{finish, no_query, offset, push_authority, text, SchemeError, SchemeErrorKind};
use crate::table::{Table, PCHAR};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 4157 section 2: prosperourl = \"prospero://\" hostport \"/\" ppath *[ fieldspec ], fieldspec = \";\" fieldname \"=\" fieldvalue";
const RULE_VERSION: &str = "URL draft 1993: prosperolink = ... hsoname [ %00 version [ attributes ] ], version = digits, attribute = alphanums";

/// `psegment` bytes: `pchar` without `;`.
const PSEGMENT: Table = PCHAR.minus(Table::new(b";"));
/// `fieldname` and `fieldvalue` bytes: `pchar` without `;` and `=`.
const FIELD: Table = PCHAR.minus(Table::new(b";="));

/// A `prospero` URL.
///
/// # Example
/// ```
/// use urikit::scheme::Prospero;
/// use urikit::Uri;
///
/// let uri = Uri::parse("prospero://host.dom/pros/name;key=value;x=y")?;
/// let p = Prospero::try_from(&uri)?;
/// assert_eq!(p.hsoname(), "pros/name");
/// assert_eq!(p.fields(), [("key".into(), "value".into()), ("x".into(), "y".into())]);
///
/// let uri = Uri::parse("prospero://h/name%0012%00attr1%00attr2")?;
/// let p = Prospero::try_from(&uri)?;
/// assert_eq!(p.hsoname(), "name");
/// assert_eq!(p.version(), Some("12"));
/// assert_eq!(p.attributes(), ["attr1", "attr2"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Prospero<'a> {
    uri: Uri<'a>,
    server: Server<'a>,
    hsoname: &'a str,
    version: Option<&'a str>,
    attributes: &'a str,
    fields: &'a str,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Prospero::try_from(uri).map(|_| ())
}

/// The offset of the first `%00` in `s`.
fn find_nul(s: &str) -> Option<usize> {
    s.find("%00")
}

impl<'a> TryFrom<&Uri<'a>> for Prospero<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 4157 (and the 1993 draft's `%00` fields).
    fn try_from(uri: &Uri<'a>) -> Result<Prospero<'a>, SchemeError> {
        super::expect_scheme(uri, &["prospero"], RULE)?;
        let server = Server::hostport(uri, RULE)?;
        no_query(uri, RULE)?;
        let path = uri.path();
        let rest = path.strip_prefix('/').unwrap_or(path);
        let (ppath, fields) = match rest.find(';') {
            Some(k) => (&rest[..k], &rest[k..]),
            None => (rest, ""),
        };
        super::check_chars(uri, ppath, &PSEGMENT.with(b'/'), RULE)?;
        if !fields.is_empty() {
            for f in fields[1..].split(';') {
                let Some((name, value)) = f.split_once('=') else {
                    return Err(SchemeError::new(
                        offset(uri, f) + f.len(),
                        SchemeErrorKind::InvalidValue,
                        RULE,
                    ));
                };
                super::check_chars(uri, name, &FIELD, RULE)?;
                super::check_chars(uri, value, &FIELD, RULE)?;
            }
        }
        let (hsoname, version, attributes) = match find_nul(ppath) {
            None => (ppath, None, ""),
            Some(k) => {
                let after = &ppath[k + 3..];
                let (v, attrs) = match find_nul(after) {
                    None => (after, ""),
                    Some(j) => (&after[..j], &after[j..]),
                };
                if let Some(i) = v.bytes().position(|c| !c.is_ascii_digit()) {
                    return Err(SchemeError::new(
                        offset(uri, v) + i,
                        SchemeErrorKind::InvalidValue,
                        RULE_VERSION,
                    ));
                }
                for a in attrs.split("%00").skip(1) {
                    if let Some(i) = a.bytes().position(|c| !c.is_ascii_alphanumeric()) {
                        return Err(SchemeError::new(
                            offset(uri, a) + i,
                            SchemeErrorKind::InvalidValue,
                            RULE_VERSION,
                        ));
                    }
                    if a.is_empty() {
                        return Err(SchemeError::new(
                            offset(uri, a),
                            SchemeErrorKind::InvalidValue,
                            RULE_VERSION,
                        ));
                    }
                }
                (&ppath[..k], Some(v), attrs)
            }
        };
        Ok(Prospero {
            uri: *uri,
            server,
            hsoname,
            version,
            attributes,
            fields,
        })
    }
}

impl<'a> Prospero<'a> {
    /// A builder for `hsoname` (decoded) on `host`.
    pub fn builder(host: &str, hsoname: &str) -> ProsperoBuilder {
        ProsperoBuilder {
            host: host.into(),
            port: None,
            hsoname: hsoname.into(),
            fields: Vec::new(),
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

    /// The port written (the default is 1525).
    pub fn port(&self) -> Option<u16> {
        self.server.port()
    }

    /// The host-specific object name (the path without its leading `/`,
    /// fields and `%00` parts), decoded.
    pub fn hsoname(&self) -> Cow<'a, str> {
        text(self.hsoname)
    }

    /// The 1993 draft's version (digits; may be empty), if the URL has one.
    pub fn version(&self) -> Option<&'a str> {
        self.version
    }

    /// The 1993 draft's attributes.
    pub fn attributes(&self) -> Vec<&'a str> {
        self.attributes.split("%00").skip(1).collect()
    }

    /// The `;name=value` field specifications, decoded.
    pub fn fields(&self) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
        if self.fields.is_empty() {
            return Vec::new();
        }
        self.fields[1..]
            .split(';')
            .map(|f| {
                let (n, v) = f.split_once('=').unwrap_or((f, ""));
                (text(n), text(v))
            })
            .collect()
    }
}

/// Builds a `prospero` URL; see [`Prospero::builder`].
#[derive(Clone, Debug)]
pub struct ProsperoBuilder {
    host: String,
    port: Option<u16>,
    hsoname: String,
    fields: Vec<(String, String)>,
}

impl ProsperoBuilder {
    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// Adds a `;name=value` field (decoded).
    pub fn field(&mut self, name: &str, value: &str) -> &mut Self {
        self.fields.push((name.into(), value.into()));
        self
    }

    /// Writes the URL (`/` in the name separates segments).
    ///
    /// # Errors
    /// A host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        let mut s = String::from("prospero://");
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push('/');
        pct::push_encoded(&mut s, self.hsoname.as_bytes(), &PSEGMENT.with(b'/'));
        for (n, v) in &self.fields {
            s.push(';');
            pct::push_encoded(&mut s, n.as_bytes(), &FIELD);
            s.push('=');
            pct::push_encoded(&mut s, v.as_bytes(), &FIELD);
        }
        finish(s, validate)
    }
}
