//! `ldap` (RFC 4516), and `ldaps` read the same way.
//!
//! ```text
//! ldapurl    = scheme COLON SLASH SLASH [host [COLON port]]
//!              [SLASH dn [QUESTION [attributes]
//!              [QUESTION [scope] [QUESTION [filter]
//!              [QUESTION extensions]]]]]
//! scope      = "base" / "one" / "sub"
//! attributes = attrdesc *(COMMA attrdesc)
//! extensions = extension *(COMMA extension)
//! extension  = [EXCLAMATION] extype [EQUALS exvalue]
//! ```
//!
//! Defaults (section 2): scope `base`, filter `(objectClass=*)`, every user
//! attribute. The scope is read case-insensitively (the RFC's own example
//! `?ONE`). The filter is checked for balanced parentheses around it (RFC
//! 4515 syntax is not checked further); the DN is not parsed (RFC 4514).
//! Text is UTF-8 (section 2: "the `<dn>` ... are UTF-8 strings").

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::{
    finish, no_userinfo, offset, port_of, push_authority, text, utf8, SchemeError, SchemeErrorKind,
};
use crate::table::{Table, PCHAR};
use crate::{pct, Uri, UriBuf};

const RULE: &str = "RFC 4516 section 2: ldapurl = scheme \"://\" [host [\":\" port]] [\"/\" dn [\"?\" [attributes] [\"?\" [scope] [\"?\" [filter] [\"?\" extensions]]]]]";
const RULE_SCOPE: &str = "RFC 4516 section 2: scope = \"base\" / \"one\" / \"sub\"";
const RULE_FILTER: &str =
    "RFC 4516 section 2 / RFC 4515 section 3: filter = \"(\" filtercomp \")\"";
const RULE_EXT: &str = "RFC 4516 section 2: extension = [\"!\"] extype [\"=\" exvalue]";
const RULE_UTF8: &str = "RFC 4516 section 2: dn, attributes, filter and extensions are UTF-8";

/// The scope of an LDAP search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdapScope {
    /// `base`: the entry itself (the default).
    Base,
    /// `one`: its immediate children.
    One,
    /// `sub`: the whole subtree.
    Sub,
}

impl LdapScope {
    /// The scope's keyword.
    pub const fn as_str(self) -> &'static str {
        match self {
            LdapScope::Base => "base",
            LdapScope::One => "one",
            LdapScope::Sub => "sub",
        }
    }
}

/// An extension of an LDAP URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LdapExtension<'a> {
    /// Marked critical with `!`.
    pub critical: bool,
    /// The extension's type, decoded.
    pub extype: Cow<'a, str>,
    /// The value, decoded (a `,` in it was written `%2C`).
    pub value: Option<Cow<'a, str>>,
}

/// An `ldap` or `ldaps` URL.
///
/// # Example
/// ```
/// use urikit::scheme::{Ldap, LdapScope};
/// use urikit::Uri;
///
/// let uri = Uri::parse("ldap://[2001:db8::7]/c=GB?objectClass?one")?;
/// let l = Ldap::try_from(&uri)?;
/// assert_eq!(l.host_str(), Some("[2001:db8::7]"));
/// assert_eq!(l.dn(), "c=GB");
/// assert_eq!(l.attributes(), ["objectClass"]);
/// assert_eq!(l.scope(), LdapScope::One);
/// assert_eq!(l.filter(), "(objectClass=*)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ldap<'a> {
    uri: Uri<'a>,
    port: Option<u16>,
    dn: &'a str,
    attributes: Option<&'a str>,
    scope: Option<LdapScope>,
    filter: Option<&'a str>,
    extensions: Option<&'a str>,
}

pub(crate) fn validate(uri: &Uri<'_>) -> Result<(), SchemeError> {
    Ldap::try_from(uri).map(|_| ())
}

/// The parts of the query, split on `?` (at most four, else the offset of
/// the fifth `?`).
fn query_parts(q: &str) -> Result<[Option<&str>; 4], usize> {
    let mut out = [None; 4];
    for (k, part) in q.split('?').enumerate() {
        if k == 4 {
            return Err(super::offset_in(q, part) - 1);
        }
        out[k] = Some(part);
    }
    Ok(out)
}

impl<'a> TryFrom<&Uri<'a>> for Ldap<'a> {
    type Error = SchemeError;

    /// Checks the rules of RFC 4516 section 2.
    fn try_from(uri: &Uri<'a>) -> Result<Ldap<'a>, SchemeError> {
        super::expect_scheme(uri, &["ldap", "ldaps"], RULE)?;
        let auth = uri.authority().ok_or(SchemeError::new(
            uri.scheme().len() + 1,
            SchemeErrorKind::MissingAuthority,
            RULE,
        ))?;
        no_userinfo(uri, &auth, RULE)?;
        let port = port_of(uri, &auth, RULE)?;
        let path = uri.path();
        let dn = path.strip_prefix('/').unwrap_or(path);
        if dn.contains('/') {
            return Err(SchemeError::new(
                offset(uri, dn) + dn.find('/').unwrap_or(0),
                SchemeErrorKind::InvalidChar,
                RULE,
            ));
        }
        utf8(uri, dn, RULE_UTF8)?;
        let parts = match uri.query() {
            None => [None; 4],
            Some(q) => query_parts(q).map_err(|k| {
                SchemeError::new(offset(uri, q) + k, SchemeErrorKind::UnexpectedQuery, RULE)
            })?,
        };
        let [attributes, scope, filter, extensions] = parts;
        for p in parts.iter().flatten() {
            utf8(uri, p, RULE_UTF8)?;
        }
        let scope = match scope {
            None | Some("") => None,
            Some(s) => Some(match s.to_ascii_lowercase().as_str() {
                "base" => LdapScope::Base,
                "one" => LdapScope::One,
                "sub" => LdapScope::Sub,
                _ => {
                    return Err(SchemeError::new(
                        offset(uri, s),
                        SchemeErrorKind::InvalidValue,
                        RULE_SCOPE,
                    ))
                }
            }),
        };
        if let Some(f) = filter.filter(|f| !f.is_empty()) {
            check_filter(uri, f)?;
        }
        if let Some(e) = extensions {
            for x in e.split(',') {
                let name = x.strip_prefix('!').unwrap_or(x);
                let t = name.split_once('=').map_or(name, |(t, _)| t);
                if t.is_empty() {
                    return Err(SchemeError::new(
                        offset(uri, t),
                        SchemeErrorKind::InvalidValue,
                        RULE_EXT,
                    ));
                }
            }
        }
        Ok(Ldap {
            uri: *uri,
            port,
            dn,
            attributes,
            scope,
            filter,
            extensions,
        })
    }
}

/// Checks that a raw filter is `(` ... `)` with balanced parentheses.
fn check_filter(uri: &Uri<'_>, raw: &str) -> Result<(), SchemeError> {
    let f = text(raw);
    let err = |k: usize| {
        SchemeError::new(
            offset(uri, raw) + super::raw_index(raw, k),
            SchemeErrorKind::InvalidValue,
            RULE_FILTER,
        )
    };
    if !f.starts_with('(') {
        return Err(err(0));
    }
    let mut depth: usize = 0;
    for (i, c) in f.bytes().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth = depth.checked_sub(1).ok_or_else(|| err(i))?;
                if depth == 0 && i + 1 != f.len() {
                    return Err(err(i + 1));
                }
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(err(f.len()));
    }
    Ok(())
}

impl<'a> Ldap<'a> {
    /// A builder (host and DN empty: `ldap:///`).
    pub fn builder() -> LdapBuilder {
        LdapBuilder::default()
    }

    /// The URI.
    pub fn uri(&self) -> Uri<'a> {
        self.uri
    }

    /// Whether the scheme is `ldaps`.
    pub fn is_secure(&self) -> bool {
        self.uri.scheme().eq_ignore_ascii_case("ldaps")
    }

    /// The host as written; `None` when empty (the client's default server).
    pub fn host_str(&self) -> Option<&'a str> {
        self.uri.host_str().filter(|h| !h.is_empty())
    }

    /// The port written (the default is 389, or 636 for ldaps).
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The distinguished name, decoded (empty when absent).
    pub fn dn(&self) -> Cow<'a, str> {
        text(self.dn)
    }

    /// The attributes to return, decoded (none: every user attribute).
    pub fn attributes(&self) -> Vec<Cow<'a, str>> {
        match self.attributes {
            None | Some("") => Vec::new(),
            Some(a) => a.split(',').map(text).collect(),
        }
    }

    /// The scope (default `base`).
    pub fn scope(&self) -> LdapScope {
        self.scope.unwrap_or(LdapScope::Base)
    }

    /// The filter, decoded (default `(objectClass=*)`).
    pub fn filter(&self) -> Cow<'a, str> {
        match self.filter {
            None | Some("") => Cow::Borrowed("(objectClass=*)"),
            Some(f) => text(f),
        }
    }

    /// The extensions, decoded.
    pub fn extensions(&self) -> Vec<LdapExtension<'a>> {
        let Some(e) = self.extensions.filter(|e| !e.is_empty()) else {
            return Vec::new();
        };
        e.split(',')
            .map(|x| {
                let critical = x.starts_with('!');
                let x = x.strip_prefix('!').unwrap_or(x);
                let (t, v) = match x.split_once('=') {
                    Some((t, v)) => (t, Some(text(v))),
                    None => (x, None),
                };
                LdapExtension {
                    critical,
                    extype: text(t),
                    value: v,
                }
            })
            .collect()
    }
}

/// Builds an `ldap` URL; see [`Ldap::builder`].
#[derive(Clone, Debug, Default)]
pub struct LdapBuilder {
    secure: bool,
    host: String,
    port: Option<u16>,
    dn: String,
    attributes: Vec<String>,
    scope: Option<LdapScope>,
    filter: Option<String>,
    extensions: Vec<(bool, String, Option<String>)>,
}

impl LdapBuilder {
    /// `ldaps` rather than `ldap`.
    pub fn secure(&mut self, yes: bool) -> &mut Self {
        self.secure = yes;
        self
    }

    /// The host.
    pub fn host(&mut self, host: &str) -> &mut Self {
        self.host = host.into();
        self
    }

    /// The port.
    pub fn port(&mut self, port: u16) -> &mut Self {
        self.port = Some(port);
        self
    }

    /// The distinguished name (decoded).
    pub fn dn(&mut self, dn: &str) -> &mut Self {
        self.dn = dn.into();
        self
    }

    /// Adds an attribute to return.
    pub fn attribute(&mut self, a: &str) -> &mut Self {
        self.attributes.push(a.into());
        self
    }

    /// The scope.
    pub fn scope(&mut self, scope: LdapScope) -> &mut Self {
        self.scope = Some(scope);
        self
    }

    /// The filter (decoded, with its parentheses).
    pub fn filter(&mut self, filter: &str) -> &mut Self {
        self.filter = Some(filter.into());
        self
    }

    /// Adds an extension.
    pub fn extension(&mut self, critical: bool, extype: &str, value: Option<&str>) -> &mut Self {
        self.extensions
            .push((critical, extype.into(), value.map(Into::into)));
        self
    }

    /// Writes the URL, leaving out trailing empty parts.
    ///
    /// # Errors
    /// A filter that is not parenthesized, or a host that cannot be written.
    pub fn build(&self) -> Result<UriBuf, SchemeError> {
        // Inside a part, `?` always and `,` in list items are encoded.
        let part: Table = PCHAR.with(b'/');
        let item: Table = part.minus(Table::new(b","));
        let mut s = String::from(if self.secure { "ldaps://" } else { "ldap://" });
        push_authority(&mut s, None, None, &self.host, self.port);
        s.push('/');
        pct::push_encoded(&mut s, self.dn.as_bytes(), &PCHAR);
        let mut parts: [String; 4] = Default::default();
        for (k, a) in self.attributes.iter().enumerate() {
            if k > 0 {
                parts[0].push(',');
            }
            pct::push_encoded(&mut parts[0], a.as_bytes(), &item);
        }
        if let Some(sc) = self.scope {
            parts[1].push_str(sc.as_str());
        }
        if let Some(f) = &self.filter {
            pct::push_encoded(&mut parts[2], f.as_bytes(), &part);
        }
        for (k, (c, t, v)) in self.extensions.iter().enumerate() {
            if k > 0 {
                parts[3].push(',');
            }
            if *c {
                parts[3].push('!');
            }
            pct::push_encoded(&mut parts[3], t.as_bytes(), &item.minus(Table::new(b"=!")));
            if let Some(v) = v {
                parts[3].push('=');
                pct::push_encoded(&mut parts[3], v.as_bytes(), &item);
            }
        }
        let used = parts
            .iter()
            .rposition(|p| !p.is_empty())
            .map_or(0, |k| k + 1);
        for p in &parts[..used] {
            s.push('?');
            s.push_str(p);
        }
        finish(s, validate)
    }
}
