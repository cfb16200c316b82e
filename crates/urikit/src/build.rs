//! Building references from components, changing one component of an owned
//! reference, and working with `key=value` query pairs.
//!
//! Components are given either **raw** (already valid text for the
//! component, percent-encoding included; checked) or as **data** (any text,
//! percent-encoded for the component on the way in, so reserved characters
//! survive). The result always parses with the structure that was asked for:
//!
//! - an authority needs a path that is empty or starts with `/` (an error
//!   otherwise);
//! - a path starting with `//` without an authority is written `/.//...`
//!   (otherwise it would read as an authority);
//! - a relative reference whose first segment holds `:` gets `./` (otherwise
//!   it would read as a scheme).
//!
//! ```
//! use urikit::build::Builder;
//!
//! let uri = Builder::new()
//!     .scheme("https")
//!     .host("example.com")
//!     .port_u16(8443)
//!     .push_segment("a/b")   // data: the "/" is encoded
//!     .push_segment("c d")
//!     .query_pair("q", Some("x&y=z"))
//!     .fragment_data("top 1")
//!     .build()?;
//! assert_eq!(uri.as_str(), "https://example.com:8443/a%2Fb/c%20d?q=x%26y%3Dz#top%201");
//!
//! let mut r = uri.clone();
//! r.set_host(None)?;
//! r.set_scheme(None)?;
//! assert_eq!(r.as_str(), "/a%2Fb/c%20d?q=x%26y%3Dz#top%201");
//! # Ok::<_, urikit::build::BuildError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use core::fmt;

use crate::compose::{Composer, Next};
use crate::error::ParseErrorKind;
use crate::host::parse_ipv4;
use crate::offsets::{HostKind, Offsets, MAX_LEN};
use crate::parse;
use crate::pct::{self, Component};
use crate::table;
use crate::{UriBuf, UriRef, UriRefBuf};

pub use crate::span::Part;

/// Why a combination of components is not a URI reference, and where: the
/// part and the byte index within that part's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    part: Part,
    index: usize,
    kind: BuildErrorKind,
}

/// What kind of mistake a [`BuildError`] reports. The snake_case
/// [`name`](BuildErrorKind::name) is stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// A byte the part's grammar does not allow.
    UnexpectedChar,
    /// A `%` not followed by two hex digits.
    InvalidPercentEncoding,
    /// The scheme does not match `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    InvalidScheme,
    /// The host is neither a reg-name, an IPv4 address nor a valid IP literal.
    InvalidHost,
    /// An authority with a path that is neither empty nor starts with `/`.
    RelativePathWithAuthority,
    /// A userinfo or a port without a host.
    AuthorityPartWithoutHost,
    /// An absolute URI was asked for without a scheme.
    MissingScheme,
    /// The reference would be longer than a parsed value can be: 4294966272
    /// bytes (4 GiB minus 1 KiB,
    /// [`ParseErrorKind::TooLong`]). The
    /// part and index are those of the first byte past that limit.
    TooLong,
}

impl BuildErrorKind {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            BuildErrorKind::UnexpectedChar => "unexpected_char",
            BuildErrorKind::InvalidPercentEncoding => "invalid_percent_encoding",
            BuildErrorKind::InvalidScheme => "invalid_scheme",
            BuildErrorKind::InvalidHost => "invalid_host",
            BuildErrorKind::RelativePathWithAuthority => "relative_path_with_authority",
            BuildErrorKind::AuthorityPartWithoutHost => "authority_part_without_host",
            BuildErrorKind::MissingScheme => "missing_scheme",
            BuildErrorKind::TooLong => "too_long",
        }
    }

    /// What was expected.
    pub const fn expected(self) -> &'static str {
        match self {
            BuildErrorKind::UnexpectedChar => {
                "a character the component allows (or use the *_data setter to encode it)"
            }
            BuildErrorKind::InvalidPercentEncoding => "\"%\" followed by two hex digits",
            BuildErrorKind::InvalidScheme => {
                "a letter, then letters, digits, \"+\", \"-\" or \".\""
            }
            BuildErrorKind::InvalidHost => "a reg-name, an IPv4 address or an IP literal \"[...]\"",
            BuildErrorKind::RelativePathWithAuthority => {
                "an empty path or one starting with \"/\" after an authority"
            }
            BuildErrorKind::AuthorityPartWithoutHost => {
                "a host (possibly empty) with a userinfo or a port"
            }
            BuildErrorKind::MissingScheme => "a scheme",
            BuildErrorKind::TooLong => {
                "a reference of at most 4294966272 bytes (4 GiB minus 1 KiB) in all"
            }
        }
    }
}

impl BuildError {
    const fn new(part: Part, index: usize, kind: BuildErrorKind) -> BuildError {
        BuildError { part, index, kind }
    }
    /// The part at fault.
    pub const fn part(&self) -> Part {
        self.part
    }
    /// The byte index within the part's text.
    pub const fn index(&self) -> usize {
        self.index
    }
    /// The kind of mistake.
    pub const fn kind(&self) -> BuildErrorKind {
        self.kind
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}: expected {}",
            self.part.name(),
            self.index,
            self.kind.expected()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

/// Builds a URI reference from components. Every setter takes the value by
/// value and returns the builder; [`build`](Builder::build) checks the whole.
///
/// # Example
/// ```
/// use urikit::build::Builder;
/// // A relative path whose first segment has ":" gets "./".
/// let r = Builder::new().path("a:b/c").build()?;
/// assert_eq!(r.as_str(), "./a:b/c");
/// // An authority needs an absolute (or empty) path.
/// assert!(Builder::new().host("h").path("rel").build().is_err());
/// # Ok::<_, urikit::build::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Builder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn data<'a>(d: &'a (impl AsRef<[u8]> + ?Sized), c: Component) -> Cow<'a, str> {
    c.encode(d.as_ref())
}

impl Builder {
    /// An empty builder (it builds the empty reference).
    pub fn new() -> Builder {
        Builder::default()
    }

    /// A builder holding the components of `r`.
    pub fn from_ref(r: &UriRef<'_>) -> Builder {
        let a = r.authority();
        Builder {
            scheme: r.scheme().map(str::to_string),
            userinfo: a.and_then(|a| a.userinfo()).map(str::to_string),
            host: a.map(|a| a.host_str().to_string()),
            port: a.and_then(|a| a.port()).map(str::to_string),
            path: r.path().to_string(),
            query: r.query().map(str::to_string),
            fragment: r.fragment().map(str::to_string),
        }
    }

    /// Sets the scheme (checked at build).
    pub fn scheme(mut self, scheme: &str) -> Builder {
        self.scheme = Some(scheme.to_string());
        self
    }
    /// Sets or removes the scheme.
    pub fn scheme_opt(mut self, scheme: Option<&str>) -> Builder {
        self.scheme = scheme.map(str::to_string);
        self
    }
    /// Sets the userinfo, raw.
    pub fn userinfo(mut self, raw: &str) -> Builder {
        self.userinfo = Some(raw.to_string());
        self
    }
    /// Sets the userinfo from data, percent-encoded (a `:` stays).
    pub fn userinfo_data(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.userinfo = Some(data(&d, Component::Userinfo).into_owned());
        self
    }
    /// Sets or removes the userinfo, raw.
    pub fn userinfo_opt(mut self, raw: Option<&str>) -> Builder {
        self.userinfo = raw.map(str::to_string);
        self
    }
    /// Sets the host, raw: a reg-name, an IPv4 address or `[literal]`. An
    /// empty host is allowed (`file:///x`).
    pub fn host(mut self, raw: &str) -> Builder {
        self.host = Some(raw.to_string());
        self
    }
    /// Sets the host from data, percent-encoded as a reg-name.
    pub fn host_data(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.host = Some(data(&d, Component::Host).into_owned());
        self
    }
    /// Sets or removes the host; without a host there is no authority.
    pub fn host_opt(mut self, raw: Option<&str>) -> Builder {
        self.host = raw.map(str::to_string);
        self
    }
    /// Sets the port digits (raw; may be empty).
    pub fn port(mut self, raw: &str) -> Builder {
        self.port = Some(raw.to_string());
        self
    }
    /// Sets the port from a number.
    pub fn port_u16(mut self, port: u16) -> Builder {
        self.port = Some(port.to_string());
        self
    }
    /// Sets or removes the port.
    pub fn port_opt(mut self, raw: Option<&str>) -> Builder {
        self.port = raw.map(str::to_string);
        self
    }
    /// Sets the path, raw.
    pub fn path(mut self, raw: &str) -> Builder {
        self.path = raw.to_string();
        self
    }
    /// Sets the path from data, percent-encoded (`/` separates segments).
    pub fn path_data(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.path = data(&d, Component::Path).into_owned();
        self
    }
    /// Appends `/` and one segment from data (a `/` in it becomes `%2F`).
    pub fn push_segment(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.path.push('/');
        self.path.push_str(&data(&d, Component::Segment));
        self
    }
    /// Sets the query, raw.
    pub fn query(mut self, raw: &str) -> Builder {
        self.query = Some(raw.to_string());
        self
    }
    /// Sets the query from data, percent-encoded (`&` and `=` stay).
    pub fn query_data(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.query = Some(data(&d, Component::Query).into_owned());
        self
    }
    /// Sets or removes the query, raw.
    pub fn query_opt(mut self, raw: Option<&str>) -> Builder {
        self.query = raw.map(str::to_string);
        self
    }
    /// Appends a `key=value` pair (or a bare `key`) from data; `&`, `=`, `+`
    /// in them are encoded.
    pub fn query_pair(mut self, key: &str, value: Option<&str>) -> Builder {
        let q = self.query.get_or_insert_with(String::new);
        push_pair(q, key, value, QueryEncoding::Percent);
        self
    }
    /// Sets the fragment, raw.
    pub fn fragment(mut self, raw: &str) -> Builder {
        self.fragment = Some(raw.to_string());
        self
    }
    /// Sets the fragment from data, percent-encoded.
    pub fn fragment_data(mut self, d: impl AsRef<[u8]>) -> Builder {
        self.fragment = Some(data(&d, Component::Fragment).into_owned());
        self
    }
    /// Sets or removes the fragment, raw.
    pub fn fragment_opt(mut self, raw: Option<&str>) -> Builder {
        self.fragment = raw.map(str::to_string);
        self
    }

    /// Checks the components and writes the reference.
    ///
    /// # Errors
    /// A [`BuildError`] naming the part and the byte within it.
    pub fn build(&self) -> Result<UriRefBuf, BuildError> {
        self.parts().build()
    }

    /// Like [`build`](Builder::build), for an absolute URI.
    ///
    /// # Errors
    /// As `build`, and [`BuildErrorKind::MissingScheme`] without a scheme.
    pub fn build_uri(&self) -> Result<UriBuf, BuildError> {
        if self.scheme.is_none() {
            return Err(BuildError::new(
                Part::Scheme,
                0,
                BuildErrorKind::MissingScheme,
            ));
        }
        let (s, o) = self.parts().check_and_compose()?;
        Ok(UriBuf::from_offsets(s, o))
    }

    /// The components, borrowed.
    fn parts(&self) -> Parts<'_> {
        Parts {
            scheme: self.scheme.as_deref(),
            userinfo: self.userinfo.as_deref(),
            host: self.host.as_deref(),
            port: self.port.as_deref(),
            path: &self.path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
    }
}

/// The components of a reference to build, borrowed: a [`Builder`]'s, or
/// an owned reference's with one of them replaced (the setters). Raw text,
/// checked by [`Parts::build`].
#[derive(Clone, Copy, Debug)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// The components of `r`.
    fn of(r: &UriRef<'a>) -> Parts<'a> {
        Parts {
            scheme: r.scheme(),
            userinfo: r.userinfo(),
            host: r.host_str(),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }

    /// Checks the components and writes the reference.
    fn build(&self) -> Result<UriRefBuf, BuildError> {
        let (s, o) = self.check_and_compose()?;
        Ok(UriRefBuf::from_offsets(s, o))
    }

    /// Checks each part and their combination, then writes them with the
    /// [`Composer`], which keeps the structure (`/.` before a path that would
    /// read as an authority, `./` before a first segment that would read as a
    /// scheme). Returns the text and its offsets.
    fn check_and_compose(&self) -> Result<(String, Offsets), BuildError> {
        use BuildErrorKind as K;
        if let Some(s) = self.scheme {
            let b = s.as_bytes();
            let bad = match b.first() {
                None => Some(0),
                Some(c) if !table::ALPHA.contains(*c) => Some(0),
                _ => b.iter().position(|&c| !table::SCHEME.contains(c)),
            };
            if let Some(i) = bad {
                return Err(BuildError::new(Part::Scheme, i, K::InvalidScheme));
            }
        }
        if self.host.is_none() {
            if self.userinfo.is_some() {
                return Err(BuildError::new(
                    Part::Userinfo,
                    0,
                    K::AuthorityPartWithoutHost,
                ));
            }
            if self.port.is_some() {
                return Err(BuildError::new(Part::Port, 0, K::AuthorityPartWithoutHost));
            }
        }
        let check = |part: Part, text: Option<&str>, keep: &table::Table| match text {
            Some(t) => check_part(part, t, keep),
            None => Ok(()),
        };
        check(Part::Userinfo, self.userinfo, &table::USERINFO)?;
        if let Some(p) = self.port {
            if let Some(i) = p.bytes().position(|c| !c.is_ascii_digit()) {
                return Err(BuildError::new(Part::Port, i, K::UnexpectedChar));
            }
        }
        if let Some(h) = self.host {
            if !h.starts_with('[') {
                check_part(Part::Host, h, &table::REG_NAME)?;
            }
        }
        check_part(Part::Path, self.path, &table::PATH)?;
        check(Part::Query, self.query, &table::QUERY)?;
        check(Part::Fragment, self.fragment, &table::FRAGMENT)?;
        let path = self.path;
        if self.host.is_some() && !path.is_empty() && !path.starts_with('/') {
            return Err(BuildError::new(Part::Path, 0, K::RelativePathWithAuthority));
        }
        // The host's kind: a reg-name may be an IPv4 address; an IP literal
        // must be the whole host.
        let (kind, ipv4, literal_ok) = match self.host.map(str::as_bytes) {
            Some(h) if h.first() == Some(&b'[') => match parse::parse_ip_literal(h, 0) {
                Ok((end, kind)) if end == h.len() => (kind, [0; 4], true),
                _ => (HostKind::RegName, [0; 4], false),
            },
            Some(h) => match parse_ipv4(h) {
                Some(a) => (HostKind::Ipv4, a, true),
                None => (HostKind::RegName, [0; 4], true),
            },
            None => (HostKind::None, [0; 4], true),
        };

        let len = 16
            + [
                self.scheme,
                self.userinfo,
                self.host,
                self.port,
                self.query,
                self.fragment,
            ]
            .iter()
            .map(|p| p.map_or(0, str::len))
            .sum::<usize>()
            + path.len();
        let mut s = String::with_capacity(len);
        let mut c = Composer::new(&mut s);
        if let Some(sc) = self.scheme {
            c.scheme(|out| out.push_str(sc));
        }
        if let Some(h) = self.host {
            if let Some(u) = self.userinfo {
                c.userinfo(|out| out.push_str(u));
            }
            c.host(|out| {
                out.push_str(h);
                (kind, ipv4)
            });
            if let Some(p) = self.port {
                c.port(|out| out.push_str(p));
            }
        }
        c.path(|out| out.push_str(path));
        if let Some(q) = self.query {
            c.query(|out| out.push_str(q));
        }
        if let Some(f) = self.fragment {
            c.fragment(|out| out.push_str(f));
        }
        let o = c.finish();
        if s.len() > MAX_LEN {
            return Err(self.too_long(MAX_LEN));
        }
        if !literal_ok {
            return Err(self.literal_error(&s));
        }
        Ok((s, o))
    }

    /// The error for a host that starts with `[` but is not one IP literal:
    /// where the parser, reading the written reference, stops (inside the
    /// literal, or after it when the host goes on), or else the end of the
    /// literal it found.
    #[cold]
    fn literal_error(&self, written: &str) -> BuildError {
        let host_start =
            self.scheme.map_or(0, |s| s.len() + 1) + 2 + self.userinfo.map_or(0, |u| u.len() + 1);
        match parse::parse(written) {
            Err(e) => {
                let k = match e.kind() {
                    ParseErrorKind::InvalidPercentEncoding => {
                        BuildErrorKind::InvalidPercentEncoding
                    }
                    _ => BuildErrorKind::InvalidHost,
                };
                BuildError::new(Part::Host, e.index().saturating_sub(host_start), k)
            }
            Ok(o) => BuildError::new(
                Part::Host,
                o.host_end() - o.host_start(),
                BuildErrorKind::InvalidHost,
            ),
        }
    }

    /// The error for a reference longer than a parsed value can be: at
    /// byte `index` (the first past the limit) of the written reference.
    #[cold]
    fn too_long(&self, index: usize) -> BuildError {
        let (part, at) = self.part_at(index);
        BuildError::new(part, at, BuildErrorKind::TooLong)
    }

    /// The part of the written reference holding byte `index`, and the index
    /// within that part's text. A delimiter (`:`, `//`, `@`, `?`, `#`, the
    /// `/.` or `./` put before a path) counts as the start of the part it
    /// introduces; past the end is the end of the last part.
    fn part_at(&self, index: usize) -> (Part, usize) {
        let path = self.path;
        let path_prefix = if self.host.is_none()
            && (path.starts_with("//") || (self.scheme.is_none() && first_segment_has_colon(path)))
        {
            2
        } else {
            0
        };
        let has_host = self.host.is_some();
        // Each part present: its delimiter bytes before it, and its text.
        let parts: [(Part, usize, Option<&str>); 7] = [
            (Part::Scheme, 0, self.scheme),
            (Part::Userinfo, 2, self.userinfo.filter(|_| has_host)),
            // After the userinfo's "@", or else after "//".
            (
                Part::Host,
                if self.userinfo.is_some() { 1 } else { 2 },
                self.host,
            ),
            (Part::Port, 1, self.port.filter(|_| has_host)),
            (Part::Path, path_prefix, Some(path)),
            (Part::Query, 1, self.query),
            (Part::Fragment, 1, self.fragment),
        ];
        // The scheme's ":" goes before what follows it.
        let mut pending = 0;
        let mut last = (Part::Path, path.len());
        let mut at = 0usize;
        for (part, before, text) in parts {
            let Some(text) = text else { continue };
            let start = at + pending + before;
            if index < start + text.len() {
                return (part, index.saturating_sub(start));
            }
            at = start + text.len();
            pending = usize::from(part == Part::Scheme);
            last = (part, text.len());
        }
        last
    }
}

fn check_part(part: Part, text: &str, keep: &table::Table) -> Result<(), BuildError> {
    match pct::first_invalid(text.as_bytes(), keep) {
        None => Ok(()),
        Some(i) => {
            let kind = if text.as_bytes()[i] == b'%' {
                BuildErrorKind::InvalidPercentEncoding
            } else {
                BuildErrorKind::UnexpectedChar
            };
            Err(BuildError::new(part, i, kind))
        }
    }
}

fn first_segment_has_colon(path: &str) -> bool {
    path.split('/').next().is_some_and(|s| s.contains(':'))
}

// ---- Setters on the owned types: the builder's checks and composition, on
// the reference's own parts with one replaced.

impl UriRefBuf {
    /// The reference with its parts edited by `edit`, checked and built.
    fn rebuilt<'a>(&'a self, edit: impl FnOnce(&mut Parts<'a>)) -> Result<UriRefBuf, BuildError> {
        let mut parts = Parts::of(&self.as_uri_ref());
        edit(&mut parts);
        parts.build()
    }

    /// Sets or removes the scheme. Removing it from a rootless path whose
    /// first segment holds `:` puts `./` before the path.
    ///
    /// # Errors
    /// An invalid scheme.
    ///
    /// # Example
    /// ```
    /// let mut r: urikit::UriRefBuf = "urn:isbn:0451450523".parse()?;
    /// r.set_scheme(None)?;
    /// assert_eq!(r.as_str(), "./isbn:0451450523");
    /// r.set_scheme(Some("URN"))?;
    /// assert_eq!(r.as_str(), "URN:./isbn:0451450523");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.scheme = scheme)?;
        Ok(())
    }
    /// Sets or removes the userinfo (raw).
    ///
    /// # Errors
    /// A byte the userinfo does not allow, or no host.
    pub fn set_userinfo(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.userinfo = raw)?;
        Ok(())
    }
    /// Sets the host (raw), or removes the whole authority with `None`.
    ///
    /// # Errors
    /// An invalid host; a rootless path under a new authority.
    ///
    /// # Example
    /// ```
    /// let mut r: urikit::UriRefBuf = "http://u@h:1/p".parse()?;
    /// r.set_host(Some("[::1]"))?;
    /// assert_eq!(r.as_str(), "http://u@[::1]:1/p");
    /// r.set_host(None)?;
    /// assert_eq!(r.as_str(), "http:/p");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| {
            p.host = raw;
            if raw.is_none() {
                // No authority: no userinfo and no port either.
                (p.userinfo, p.port) = (None, None);
            }
        })?;
        Ok(())
    }
    /// Sets or removes the port (raw digits).
    ///
    /// # Errors
    /// A non-digit, or no host.
    pub fn set_port(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.port = raw)?;
        Ok(())
    }
    /// Sets the path (raw).
    ///
    /// # Errors
    /// A byte the path does not allow; a rootless path with an authority.
    pub fn set_path(&mut self, raw: &str) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.path = raw)?;
        Ok(())
    }
    /// Sets or removes the query (raw).
    ///
    /// # Errors
    /// A byte the query does not allow.
    pub fn set_query(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.query = raw)?;
        Ok(())
    }
    /// Sets or removes the fragment (raw).
    ///
    /// # Errors
    /// A byte the fragment does not allow.
    pub fn set_fragment(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        *self = self.rebuilt(|p| p.fragment = raw)?;
        Ok(())
    }

    /// Appends a `key=value` pair (or a bare `key` for `None`) to the query,
    /// encoding both as data for the chosen encoding; creates the query if
    /// there is none.
    ///
    /// # Example
    /// ```
    /// use urikit::build::QueryEncoding;
    /// let mut r: urikit::UriRefBuf = "/s#f".parse()?;
    /// r.append_query_pair("q", Some("a b&c"), QueryEncoding::Percent);
    /// r.append_query_pair("lang", Some("en gb"), QueryEncoding::Form);
    /// assert_eq!(r.as_str(), "/s?q=a%20b%26c&lang=en+gb#f");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn append_query_pair(&mut self, key: &str, value: Option<&str>, enc: QueryEncoding) {
        let r = self.as_uri_ref();
        let mut q = String::from(r.query().unwrap_or(""));
        push_pair(&mut q, key, value, enc);
        self.replace_query(Some(&q));
    }

    /// Removes every pair whose key, decoded with `enc`, is `key`; returns
    /// how many went. An emptied query is removed with its `?`.
    ///
    /// # Example
    /// ```
    /// use urikit::build::QueryEncoding;
    /// let mut r: urikit::UriRefBuf = "/s?a=1&b%20c=2&a&d=4".parse()?;
    /// assert_eq!(r.remove_query_pairs("a", QueryEncoding::Percent), 2);
    /// assert_eq!(r.remove_query_pairs("b c", QueryEncoding::Percent), 1);
    /// assert_eq!(r.as_str(), "/s?d=4");
    /// # Ok::<_, urikit::ParseError>(())
    /// ```
    pub fn remove_query_pairs(&mut self, key: &str, enc: QueryEncoding) -> usize {
        let r = self.as_uri_ref();
        let Some(query) = r.query() else { return 0 };
        let mut kept = String::with_capacity(query.len());
        let mut removed = 0;
        for piece in query.split('&') {
            let pair = QueryPair { raw: piece, enc };
            if !piece.is_empty() && pair.key_bytes().as_ref() == key.as_bytes() {
                removed += 1;
                continue;
            }
            if !kept.is_empty() {
                kept.push('&');
            }
            kept.push_str(piece);
        }
        if removed > 0 {
            let q = (!kept.is_empty()).then_some(kept.as_str());
            self.replace_query(q);
        }
        removed
    }

    /// Replaces the query with text known to be valid: the reference's
    /// text before and after it copied with their offsets.
    fn replace_query(&mut self, q: Option<&str>) {
        let r = self.as_uri_ref();
        let mut s = String::with_capacity(r.as_str().len() + q.map_or(0, |q| q.len() + 1));
        let mut c = Composer::new(&mut s);
        c.copy(r.source(), Next::Scheme, Next::Query);
        if let Some(q) = q {
            c.query(|out| out.push_str(q));
        }
        c.skip(Next::Fragment);
        c.copy(r.source(), Next::Fragment, Next::End);
        let o = c.finish();
        *self = UriRefBuf::from_offsets(s, o);
    }
}

/// The setters of an absolute URI are those of [`UriRefBuf`]: they keep the
/// scheme, so the result stays absolute.
impl UriBuf {
    /// Sets the scheme.
    ///
    /// # Errors
    /// An invalid scheme.
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_scheme(Some(scheme))
    }
    /// Sets or removes the userinfo (raw).
    ///
    /// # Errors
    /// As [`UriRefBuf::set_userinfo`].
    pub fn set_userinfo(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_userinfo(raw)
    }
    /// Sets the host (raw), or removes the authority with `None`.
    ///
    /// # Errors
    /// As [`UriRefBuf::set_host`].
    pub fn set_host(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_host(raw)
    }
    /// Sets or removes the port (raw digits).
    ///
    /// # Errors
    /// As [`UriRefBuf::set_port`].
    pub fn set_port(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_port(raw)
    }
    /// Sets the path (raw).
    ///
    /// # Errors
    /// As [`UriRefBuf::set_path`].
    pub fn set_path(&mut self, raw: &str) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_path(raw)
    }
    /// Sets or removes the query (raw).
    ///
    /// # Errors
    /// As [`UriRefBuf::set_query`].
    pub fn set_query(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_query(raw)
    }
    /// Sets or removes the fragment (raw).
    ///
    /// # Errors
    /// As [`UriRefBuf::set_fragment`].
    pub fn set_fragment(&mut self, raw: Option<&str>) -> Result<(), BuildError> {
        self.as_ref_buf_mut().set_fragment(raw)
    }
}

// ---- Query pairs.

/// How the keys and values of a query are encoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QueryEncoding {
    /// Plain percent-encoding (RFC 3986): `+` is a plus sign.
    #[default]
    Percent,
    /// `application/x-www-form-urlencoded`: `+` is a space.
    Form,
}

fn push_pair(q: &mut String, key: &str, value: Option<&str>, enc: QueryEncoding) {
    if !q.is_empty() {
        q.push('&');
    }
    let push = |q: &mut String, d: &str| match enc {
        QueryEncoding::Percent => q.push_str(&Component::QueryParam.encode(d.as_bytes())),
        QueryEncoding::Form => q.push_str(&pct::encode_form(d.as_bytes())),
    };
    push(q, key);
    if let Some(v) = value {
        q.push('=');
        push(q, v);
    }
}

/// The `&`-separated `key=value` pairs of a query, in order (empty pieces,
/// as in `a&&b`, are skipped).
///
/// # Example
/// ```
/// use urikit::build::QueryEncoding;
/// let r = urikit::UriRef::parse("/s?q=caf%C3%A9+au+lait&flag&x=1=2")?;
/// let pairs: Vec<_> = r
///     .query_pairs(QueryEncoding::Form)
///     .map(|p| (p.key().into_owned(), p.value().map(|v| v.into_owned())))
///     .collect();
/// assert_eq!(pairs, [
///     ("q".to_owned(), Some("café au lait".to_owned())),
///     ("flag".to_owned(), None),
///     ("x".to_owned(), Some("1=2".to_owned())),
/// ]);
/// # Ok::<_, urikit::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: Option<&'a str>,
    enc: QueryEncoding,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of a raw query (without its `?`).
    pub fn new(query: &'a str, enc: QueryEncoding) -> QueryPairs<'a> {
        QueryPairs {
            rest: Some(query),
            enc,
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;
    fn next(&mut self) -> Option<QueryPair<'a>> {
        loop {
            let rest = self.rest?;
            let (piece, tail) = match rest.split_once('&') {
                Some((p, t)) => (p, Some(t)),
                None => (rest, None),
            };
            self.rest = tail;
            if !piece.is_empty() {
                return Some(QueryPair {
                    raw: piece,
                    enc: self.enc,
                });
            }
        }
    }
}

/// One `key=value` (or bare `key`) piece of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryPair<'a> {
    raw: &'a str,
    enc: QueryEncoding,
}

impl<'a> QueryPair<'a> {
    /// The piece as written.
    pub fn as_str(&self) -> &'a str {
        self.raw
    }
    /// The key as written.
    pub fn raw_key(&self) -> &'a str {
        self.raw.split_once('=').map_or(self.raw, |(k, _)| k)
    }
    /// The value as written; `None` for a bare key (no `=`).
    pub fn raw_value(&self) -> Option<&'a str> {
        self.raw.split_once('=').map(|(_, v)| v)
    }
    fn key_bytes(&self) -> Cow<'a, [u8]> {
        decode(self.raw_key(), self.enc)
    }
    /// The key, decoded (bytes that are not UTF-8 become U+FFFD).
    pub fn key(&self) -> Cow<'a, str> {
        decode_lossy(self.raw_key(), self.enc)
    }
    /// The value, decoded (lossy, as [`key`](QueryPair::key)).
    pub fn value(&self) -> Option<Cow<'a, str>> {
        self.raw_value().map(|v| decode_lossy(v, self.enc))
    }
}

fn decode(s: &str, enc: QueryEncoding) -> Cow<'_, [u8]> {
    match enc {
        QueryEncoding::Percent => pct::decode(s),
        QueryEncoding::Form => pct::decode_form(s),
    }
}

fn decode_lossy(s: &str, enc: QueryEncoding) -> Cow<'_, str> {
    match enc {
        QueryEncoding::Percent => pct::decode_utf8_lossy(s),
        QueryEncoding::Form => pct::decode_form_utf8_lossy(s),
    }
}

impl<'a> UriRef<'a> {
    /// The query's `key=value` pairs (none without a query).
    pub fn query_pairs(&self, enc: QueryEncoding) -> QueryPairs<'a> {
        QueryPairs {
            rest: self.query(),
            enc,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_long_names_the_part_past_the_limit() {
        // A 4 GiB reference is not built here: the mapping from an index of
        // the assembled string to its part is checked on every byte of small
        // ones, and the error on one index.
        let full = Builder::new()
            .scheme("http")
            .userinfo("u")
            .host("hh")
            .port("80")
            .path("/p")
            .query("qq")
            .fragment("f");
        let prefixed = Builder::new().path("a:b").query("");
        let bare = Builder::new().scheme("s").host("h");
        for (b, want) in [
            (&full, "SSSSuuuuHHHPPPppQQQFF"),
            (&prefixed, "pppppQ"),
            (&bare, "SHHHH"),
        ] {
            let (s, _) = b.parts().check_and_compose().unwrap();
            assert_eq!(s.len(), want.len(), "{s}");
            for (k, w) in want.chars().enumerate() {
                let (part, at) = b.parts().part_at(k);
                let letter = match part {
                    Part::Scheme => 'S',
                    Part::Userinfo => 'u',
                    Part::Host => 'H',
                    Part::Port => 'P',
                    Part::Path => 'p',
                    Part::Query => 'Q',
                    Part::Fragment => 'F',
                };
                assert_eq!(letter, w, "{s:?} byte {k}");
                // A delimiter is index 0 of the part it introduces.
                assert!(at <= k, "{s:?} byte {k}");
            }
        }
        let full = full.parts();
        assert_eq!(full.part_at(0), (Part::Scheme, 0));
        assert_eq!(full.part_at(7), (Part::Userinfo, 0));
        assert_eq!(full.part_at(8), (Part::Host, 0)); // the "@"
        assert_eq!(full.part_at(10), (Part::Host, 1));
        assert_eq!(full.part_at(15), (Part::Path, 1));
        assert_eq!(full.part_at(16), (Part::Query, 0)); // the "?"
        assert_eq!(full.part_at(1000), (Part::Fragment, 1));
        let e = full.too_long(18);
        assert_eq!(
            (e.part(), e.index(), e.kind()),
            (Part::Query, 1, BuildErrorKind::TooLong)
        );
        assert_eq!(e.kind().name(), "too_long");
    }

    #[test]
    fn combinations_are_checked() {
        let e = Builder::new().host("h").path("a/b").build().unwrap_err();
        assert_eq!(
            (e.part(), e.kind()),
            (Part::Path, BuildErrorKind::RelativePathWithAuthority)
        );
        let e = Builder::new().port("80").build().unwrap_err();
        assert_eq!(e.kind(), BuildErrorKind::AuthorityPartWithoutHost);
        let e = Builder::new().scheme("1x").build().unwrap_err();
        assert_eq!((e.part(), e.index()), (Part::Scheme, 0));
        let e = Builder::new().path("/a b").build().unwrap_err();
        assert_eq!(
            (e.part(), e.index(), e.kind()),
            (Part::Path, 2, BuildErrorKind::UnexpectedChar)
        );
        let e = Builder::new().query("a%2").build().unwrap_err();
        assert_eq!(
            (e.part(), e.index(), e.kind()),
            (Part::Query, 1, BuildErrorKind::InvalidPercentEncoding)
        );
        let e = Builder::new()
            .scheme("s")
            .host("[::g]")
            .build()
            .unwrap_err();
        assert_eq!(
            (e.part(), e.kind()),
            (Part::Host, BuildErrorKind::InvalidHost)
        );
        assert_eq!(e.index(), 3);
        let e = Builder::new().host("a/b").build().unwrap_err();
        assert_eq!((e.part(), e.index()), (Part::Host, 1));
        let e = Builder::new().query("a#b").build().unwrap_err();
        assert_eq!((e.part(), e.index()), (Part::Query, 1));
        assert!(Builder::new().path("x").build_uri().is_err());
        let e = Builder::new().host("[::1]/x").build().unwrap_err();
        assert_eq!(
            (e.part(), e.index(), e.kind()),
            (Part::Host, 5, BuildErrorKind::InvalidHost)
        );
        let e = Builder::new().host("[::1]:80").build().unwrap_err();
        assert_eq!(
            (e.part(), e.kind()),
            (Part::Host, BuildErrorKind::InvalidHost)
        );
    }

    #[test]
    fn guards_keep_the_structure() {
        assert_eq!(
            Builder::new().path("//a").build().unwrap().as_str(),
            "/.//a"
        );
        assert_eq!(
            Builder::new()
                .scheme("s")
                .path("//a")
                .build()
                .unwrap()
                .as_str(),
            "s:/.//a"
        );
        assert_eq!(
            Builder::new().path("a:b").build().unwrap().as_str(),
            "./a:b"
        );
        assert_eq!(
            Builder::new()
                .scheme("s")
                .path("a:b")
                .build()
                .unwrap()
                .as_str(),
            "s:a:b"
        );
        assert_eq!(
            Builder::new().host("").path("/x").build().unwrap().as_str(),
            "///x"
        );
        let b = Builder::new()
            .scheme("mailto")
            .path_data("a b@example.com")
            .build_uri()
            .unwrap();
        assert_eq!(b.as_str(), "mailto:a%20b@example.com");
    }

    #[test]
    fn setters() {
        let mut u: UriBuf = "http://example.com/a?q#f".parse().unwrap();
        u.set_port(Some("8080")).unwrap();
        u.set_userinfo(Some("me")).unwrap();
        u.set_query(None).unwrap();
        u.set_fragment(Some("g")).unwrap();
        assert_eq!(u.as_str(), "http://me@example.com:8080/a#g");
        assert!(u.set_path("rel").is_err());
        assert_eq!(
            u.as_str(),
            "http://me@example.com:8080/a#g",
            "unchanged on error"
        );
        u.set_host(None).unwrap();
        assert_eq!(u.as_str(), "http:/a#g");
        u.set_path("//x").unwrap();
        assert_eq!(u.as_str(), "http:/.//x#g");
        assert!(u.set_scheme("").is_err());
    }

    #[test]
    fn query_pairs_view() {
        let r = UriRef::parse("?a=1&&b=%26&c+d=e+f").unwrap();
        let raw: Vec<_> = r
            .query_pairs(QueryEncoding::Percent)
            .map(|p| p.as_str())
            .collect();
        assert_eq!(raw, ["a=1", "b=%26", "c+d=e+f"]);
        let p: Vec<_> = r.query_pairs(QueryEncoding::Percent).collect();
        assert_eq!(p[1].value().as_deref(), Some("&"));
        assert_eq!(p[2].key(), "c+d");
        let f: Vec<_> = r.query_pairs(QueryEncoding::Form).collect();
        assert_eq!(f[2].key(), "c d");
        assert_eq!(f[2].value().as_deref(), Some("e f"));
        assert_eq!(
            UriRef::parse("/x")
                .unwrap()
                .query_pairs(QueryEncoding::Form)
                .count(),
            0
        );

        let mut b: UriRefBuf = "/x?c+d=1&e=2".parse().unwrap();
        assert_eq!(b.remove_query_pairs("c d", QueryEncoding::Percent), 0);
        assert_eq!(b.remove_query_pairs("c d", QueryEncoding::Form), 1);
        assert_eq!(b.remove_query_pairs("e", QueryEncoding::Form), 1);
        assert_eq!(b.as_str(), "/x");
        b.append_query_pair("k=", Some("v&+"), QueryEncoding::Percent);
        assert_eq!(b.as_str(), "/x?k%3D=v%26%2B");
        let p: Vec<_> = b.as_uri_ref().query_pairs(QueryEncoding::Form).collect();
        assert_eq!(
            (p[0].key().as_ref(), p[0].value().as_deref()),
            ("k=", Some("v&+"))
        );
    }
}
