//! The URL record as one serialized string and the offsets of its components
//! (the same pattern as [`UriRefBuf`](crate::UriRefBuf)): every getter of the
//! standard's API is a slice.

use alloc::string::String;
use core::fmt;

use super::host::HostKind;
use super::parser::{self, Scheme};
use super::ValidationError;

/// A URL as the WHATWG URL Standard parses it: its serialization (`href`)
/// and where each component starts.
///
/// # Example
/// ```
/// use urikit::whatwg::Url;
///
/// let url = Url::parse("HTTPS://EXAMPLE.com:443/a/./b/../c d?q=1#f", None)?;
/// assert_eq!(url.href(), "https://example.com/a/c%20d?q=1#f");
/// assert_eq!((url.protocol(), url.host(), url.port()), ("https:", "example.com", ""));
/// assert_eq!((url.pathname(), url.search(), url.hash()), ("/a/c%20d", "?q=1", "#f"));
///
/// let base = Url::parse("http://example.org/dir/file", None)?;
/// assert_eq!(Url::parse("..\\x?y", Some(&base))?.href(), "http://example.org/x?y");
/// assert_eq!(Url::parse("http://0x7f.1/", None)?.hostname(), "127.0.0.1");
/// assert_eq!(Url::parse("http://a b/", None).unwrap_err().kind().name(), "domain-invalid-code-point");
/// # Ok::<_, urikit::whatwg::ValidationError>(())
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) s: String,
    pub(crate) scheme: Scheme,
    /// The `:` after the scheme.
    pub(crate) scheme_end: usize,
    /// The end of the username (the `:` of a password, the `@`, or the host
    /// start when there are no credentials).
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    /// `None` for the null host.
    pub(crate) host: Option<HostKind>,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    /// The `?`, if the query is not null.
    pub(crate) query_start: Option<usize>,
    /// The `#`, if the fragment is not null.
    pub(crate) fragment_start: Option<usize>,
}

impl Url {
    /// The basic URL parser: `input` read against `base`, as `new URL(input, base)`.
    ///
    /// # Errors
    /// The validation error that made the parser fail, with its byte index
    /// in `input`.
    pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ValidationError> {
        parser::parse(input, base, None)
    }

    /// [`Url::parse`], calling `violation` for every validation error that
    /// does not make the parser fail (as `url`'s syntax-violation callback).
    ///
    /// # Errors
    /// As [`Url::parse`].
    ///
    /// # Example
    /// ```
    /// use urikit::whatwg::Url;
    ///
    /// let mut seen = Vec::new();
    /// let url = Url::parse_with_violations("http:\\\\h\\a b", None, &mut |e| seen.push(e))?;
    /// assert_eq!(url.href(), "http://h/a%20b");
    /// let names: Vec<_> = seen.iter().map(|e| (e.kind().name(), e.index())).collect();
    /// assert_eq!(names, [
    ///     ("special-scheme-missing-following-solidus", 5),
    ///     ("special-scheme-missing-following-solidus", 5),
    ///     ("special-scheme-missing-following-solidus", 6),
    ///     ("invalid-reverse-solidus", 8),
    ///     ("invalid-URL-unit", 10),
    /// ]);
    /// # Ok::<_, urikit::whatwg::ValidationError>(())
    /// ```
    pub fn parse_with_violations(
        input: &str,
        base: Option<&Url>,
        violation: &mut dyn FnMut(ValidationError),
    ) -> Result<Url, ValidationError> {
        parser::parse(input, base, Some(violation))
    }

    /// The state machine alone, without the fast path: for the tests that
    /// check one against the other.
    #[doc(hidden)]
    pub fn parse_without_fast_path(
        input: &str,
        base: Option<&Url>,
    ) -> Result<Url, ValidationError> {
        parser::parse_full(input, base, None)
    }

    /// Whether `input` parses (`URL.canParse`).
    pub fn can_parse(input: &str, base: Option<&Url>) -> bool {
        Url::parse(input, base).is_ok()
    }

    /// The serialization: `href`.
    pub fn href(&self) -> &str {
        &self.s
    }

    /// The serialization, as a `String`.
    pub fn into_string(self) -> String {
        self.s
    }

    /// The scheme and `:` (`"https:"`).
    pub fn protocol(&self) -> &str {
        &self.s[..=self.scheme_end]
    }

    /// The scheme, lowercase, without `:`.
    pub fn scheme(&self) -> &str {
        &self.s[..self.scheme_end]
    }

    /// Whether the scheme is special: `http`, `https`, `ws`, `wss`, `ftp`, `file`.
    pub fn is_special(&self) -> bool {
        self.scheme.is_special()
    }

    /// The username, percent-encoded (`""` when there is none).
    pub fn username(&self) -> &str {
        if self.host.is_some() {
            &self.s[self.scheme_end + 3..self.username_end]
        } else {
            ""
        }
    }

    /// The password, percent-encoded (`""` when there is none).
    pub fn password(&self) -> &str {
        if self.host.is_some() && self.s.as_bytes().get(self.username_end) == Some(&b':') {
            &self.s[self.username_end + 1..self.host_start - 1]
        } else {
            ""
        }
    }

    /// The host and port (`"example.com:8080"`; `""` for no host).
    pub fn host(&self) -> &str {
        match self.host {
            Some(_) => &self.s[self.host_start..self.path_start],
            None => "",
        }
    }

    /// The serialized host, without the port (`[...]` around IPv6).
    pub fn hostname(&self) -> &str {
        &self.s[self.host_start..self.host_end]
    }

    /// The host's kind, `None` for the null host (`mailto:x`, `sc:/p`).
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host
    }

    /// The port, as text: `""` when there is none or it is the scheme's default.
    pub fn port(&self) -> &str {
        match self.port {
            Some(_) => &self.s[self.host_end + 1..self.path_start],
            None => "",
        }
    }

    /// The port as a number (`None` when absent or the scheme's default).
    pub fn port_u16(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port.
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port.or(self.scheme.default_port())
    }

    /// The path, serialized (for an opaque path, the path itself).
    pub fn pathname(&self) -> &str {
        &self.s[self.path_start..self.path_end()]
    }

    /// Whether the path is opaque (`mailto:x`, `data:...`, `javascript:...`):
    /// a string rather than a list of segments.
    pub fn has_opaque_path(&self) -> bool {
        self.host.is_none() && !self.s[self.path_start..].starts_with('/')
    }

    /// `?` and the query, or `""` when the query is null or empty.
    pub fn search(&self) -> &str {
        let end = self.fragment_start.unwrap_or(self.s.len());
        match self.query_start {
            Some(q) if end - q > 1 => &self.s[q..end],
            _ => "",
        }
    }

    /// The query without `?` (`None` when null, `Some("")` when empty).
    pub fn query(&self) -> Option<&str> {
        let end = self.fragment_start.unwrap_or(self.s.len());
        self.query_start.map(|q| &self.s[q + 1..end])
    }

    /// `#` and the fragment, or `""` when the fragment is null or empty.
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(f) if self.s.len() - f > 1 => &self.s[f..],
            _ => "",
        }
    }

    /// The fragment without `#` (`None` when null, `Some("")` when empty).
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_start.map(|f| &self.s[f + 1..])
    }

    /// The serialization of the URL's origin: `scheme://host[:port]` for
    /// `http`, `https`, `ws`, `wss`, `ftp`; for `blob:` the origin of the URL
    /// in its path (when that is `http` or `https`); `"null"` otherwise (an
    /// opaque origin).
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let url = Url::parse("blob:https://a.example:8080/uuid", None)?;
    /// assert_eq!(url.origin(), "https://a.example:8080");
    /// assert_eq!(Url::parse("file:///x", None)?.origin(), "null");
    /// # Ok::<_, urikit::whatwg::ValidationError>(())
    /// ```
    pub fn origin(&self) -> String {
        match self.scheme {
            Scheme::Other if self.scheme() == "blob" => match Url::parse(self.pathname(), None) {
                Ok(inner) if matches!(inner.scheme, Scheme::Http | Scheme::Https) => inner.origin(),
                _ => String::from("null"),
            },
            Scheme::File | Scheme::Other => String::from("null"),
            _ => alloc::format!("{}//{}", self.protocol(), self.host()),
        }
    }

    /// Where the path ends: the query, the fragment or the end.
    pub(crate) fn path_end(&self) -> usize {
        self.query_start
            .or(self.fragment_start)
            .unwrap_or(self.s.len())
    }

    /// Where the authority (with its `//`) ends, or the end of `scheme:`.
    pub(crate) fn authority_end(&self) -> usize {
        match self.host {
            Some(_) => self.path_start,
            None => self.scheme_end + 1,
        }
    }

    /// Whether the URL has a username or a password.
    pub fn includes_credentials(&self) -> bool {
        self.host.is_some() && self.host_start > self.scheme_end + 3
    }

    /// A URL "cannot have a username/password/port" when its host is null or
    /// empty, or its scheme is `file`.
    pub(crate) fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, None | Some(HostKind::Empty)) || self.scheme == Scheme::File
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.s).finish()
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.s == other.s
    }
}

impl Eq for Url {}

impl core::hash::Hash for Url {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.s
    }
}

impl core::str::FromStr for Url {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Url, ValidationError> {
        Url::parse(s, None)
    }
}
