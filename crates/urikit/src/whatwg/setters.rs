//! The setters of the standard's `URL` API (section 6.1): each runs the part
//! of the basic URL parser its component needs, "with state override", on
//! the URL's components, and the URL is written anew from them.
//!
//! A setter that the standard makes do nothing (a failure in the state
//! override, a component the URL cannot have) leaves the URL as it was;
//! only [`Url::set_href`] can fail.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};

use super::host::{self, Host, HostKind};
use super::parser::{format_u16, scheme_len, Parser, Scheme};
use super::url::Url;
use super::{EncodeSet, ValidationError};

/// A URL's components, owned, as the setters edit them.
struct Parts {
    scheme: String,
    username: String,
    password: String,
    host: Option<(String, HostKind)>,
    port: Option<u16>,
    /// The path serialized (opaque or not), without the `/.` prefix.
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Url {
    fn parts(&self) -> Parts {
        Parts {
            scheme: self.scheme().to_string(),
            username: self.username().to_string(),
            password: self.password().to_string(),
            host: self.host.map(|k| (self.hostname().to_string(), k)),
            port: self.port,
            path: self.pathname().to_string(),
            query: self.query().map(str::to_string),
            fragment: self.fragment().map(str::to_string),
        }
    }

    /// The URL serializer over `p`, with the offsets.
    fn assemble(p: Parts) -> Url {
        let mut s = String::with_capacity(p.scheme.len() + p.path.len() + 16);
        s.push_str(&p.scheme);
        let scheme_end = s.len();
        s.push(':');
        let (mut username_end, mut host_start, mut host_end) = (s.len(), s.len(), s.len());
        if let Some((host, _)) = &p.host {
            s.push_str("//");
            s.push_str(&p.username);
            username_end = s.len();
            if !p.password.is_empty() {
                s.push(':');
                s.push_str(&p.password);
            }
            if !p.username.is_empty() || !p.password.is_empty() {
                s.push('@');
            }
            host_start = s.len();
            s.push_str(host);
            host_end = s.len();
            if let Some(port) = p.port {
                s.push(':');
                s.push_str(format_u16(port, &mut [0; 5]));
            }
        } else if p.path.starts_with("//") {
            s.push_str("/.");
        }
        let path_start = s.len();
        s.push_str(&p.path);
        let query_start = p.query.as_ref().map(|q| {
            let at = s.len();
            s.push('?');
            s.push_str(q);
            at
        });
        let fragment_start = p.fragment.as_ref().map(|f| {
            let at = s.len();
            s.push('#');
            s.push_str(f);
            at
        });
        Url {
            scheme: Scheme::of(&p.scheme),
            s,
            scheme_end,
            username_end,
            host_start,
            host_end,
            host: p.host.map(|(_, k)| k),
            port: p.port,
            path_start,
            query_start,
            fragment_start,
        }
    }

    fn edit(&mut self, f: impl FnOnce(&Url, &mut Parts) -> Option<()>) {
        let mut p = self.parts();
        if f(self, &mut p).is_some() {
            *self = Url::assemble(p);
        }
    }

    /// Sets `href`: parses `value` as a new URL.
    ///
    /// # Errors
    /// The parser's error; the URL is then unchanged.
    pub fn set_href(&mut self, value: &str) -> Result<(), ValidationError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// Sets the scheme (`value` may end with `:` and more, which is
    /// ignored). A special scheme cannot become non-special or the other way
    /// round, nor can a URL with credentials or a port become `file:`.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let mut url = Url::parse("http://example.com:443/", None)?;
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://example.com/");
    /// url.set_protocol("foo");
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<_, urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let v = without_tabs_or_newlines(value);
        self.edit(|url, p| {
            // The scheme start and scheme states, with `value` + ":".
            let b = v.as_bytes();
            let n = match scheme_len(b) {
                Some(n) => n,
                None if b.first()?.is_ascii_alphabetic()
                    && b.iter().all(|&c| crate::table::SCHEME.contains(c)) =>
                {
                    b.len()
                }
                None => return None,
            };
            let scheme = v[..n].to_ascii_lowercase();
            let kind = Scheme::of(&scheme);
            if url.scheme.is_special() != kind.is_special()
                || (kind == Scheme::File && (url.includes_credentials() || url.port.is_some()))
                || (url.scheme == Scheme::File && url.host == Some(HostKind::Empty))
            {
                return None;
            }
            if p.port.is_some() && p.port == kind.default_port() {
                p.port = None;
            }
            p.scheme = scheme;
            Some(())
        });
    }

    /// Sets the username, percent-encoded with the userinfo set (nothing
    /// happens for a URL without host, with an empty host, or `file:`).
    pub fn set_username(&mut self, value: &str) {
        self.edit(|url, p| {
            (!url.cannot_have_credentials_or_port()).then(|| {
                p.username = EncodeSet::Userinfo.encode(value).into_owned();
            })
        });
    }

    /// Sets the password, as [`set_username`](Url::set_username) does the username.
    pub fn set_password(&mut self, value: &str) {
        self.edit(|url, p| {
            (!url.cannot_have_credentials_or_port()).then(|| {
                p.password = EncodeSet::Userinfo.encode(value).into_owned();
            })
        });
    }

    /// Sets the host and, after a `:`, the port.
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let mut url = Url::parse("http://example.com/p", None)?;
    /// url.set_host("EXAMPLE.net:8080");
    /// assert_eq!(url.href(), "http://example.net:8080/p");
    /// # Ok::<_, urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_host(&mut self, value: &str) {
        self.set_host_and_port(value, false);
    }

    /// Sets the host (a `:` and what follows make it do nothing).
    pub fn set_hostname(&mut self, value: &str) {
        self.set_host_and_port(value, true);
    }

    /// The host (or hostname) state with state override.
    fn set_host_and_port(&mut self, value: &str, hostname_only: bool) {
        if self.has_opaque_path() {
            return;
        }
        let v = without_tabs_or_newlines(value);
        let b = v.as_bytes();
        let special = self.scheme.is_special();
        if self.scheme == Scheme::File {
            // The file host state with state override.
            let q = b
                .iter()
                .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
                .unwrap_or(b.len());
            let host = if q == 0 {
                Host::Empty
            } else {
                match host::parse_host(&v[..q], true) {
                    Ok(Host::Domain(d)) if d == "localhost" => Host::Empty,
                    Ok(h) => h,
                    Err(_) => return,
                }
            };
            self.edit(|_, p| {
                p.host = Some((host.to_string(), host.kind()));
                Some(())
            });
            return;
        }
        let mut brackets = false;
        let mut end = 0;
        while end < b.len() {
            match b[end] {
                b'[' => brackets = true,
                b']' => brackets = false,
                b':' if !brackets => break,
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                _ => {}
            }
            end += 1;
        }
        let colon = b.get(end) == Some(&b':');
        if colon && (end == 0 || hostname_only) {
            return;
        }
        if !colon && end == 0 && (special || self.includes_credentials() || self.port.is_some()) {
            return;
        }
        let Ok(host) = host::parse_host(&v[..end], special) else {
            return;
        };
        self.edit(|_, p| {
            p.host = Some((host.to_string(), host.kind()));
            Some(())
        });
        if colon {
            self.set_port_from(&v[end + 1..]);
        }
    }

    /// Sets the port (`""` removes it; digits are read up to the first
    /// other character; a URL without host, with an empty host, or `file:`
    /// has none).
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_credentials_or_port() {
            return;
        }
        if value.is_empty() {
            self.edit(|_, p| {
                p.port = None;
                Some(())
            });
            return;
        }
        self.set_port_from(&without_tabs_or_newlines(value));
    }

    /// The port state with state override over `v`.
    fn set_port_from(&mut self, v: &str) {
        let mut parser = Parser::new(v, None);
        parser.url.scheme = self.scheme;
        if parser.port(0, v.len(), true).is_err() {
            return;
        }
        let port = parser.url.port;
        self.edit(|_, p| {
            p.port = port;
            Some(())
        });
    }

    /// Sets the path (nothing happens to an opaque path).
    ///
    /// ```
    /// use urikit::whatwg::Url;
    /// let mut url = Url::parse("http://h/x?q", None)?;
    /// url.set_pathname("a/../b c?#");
    /// assert_eq!(url.href(), "http://h/b%20c%3F%23?q");
    /// # Ok::<_, urikit::whatwg::ValidationError>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        let v = without_tabs_or_newlines(value);
        // The path start state with state override, on an empty path.
        let mut parser = Parser::new(&v, None);
        parser.url.scheme = self.scheme;
        parser.url.host = self.host;
        let b = v.as_bytes();
        if self.scheme.is_special() {
            let from = usize::from(matches!(b.first(), Some(b'/' | b'\\')));
            parser.path(from, true);
        } else if let Some(&c) = b.first() {
            parser.path(usize::from(c == b'/'), true);
        } else if self.host.is_none() {
            parser.url.s.push('/');
        }
        let path = parser.url.s;
        self.edit(|_, p| {
            p.path = path;
            Some(())
        });
    }

    /// Sets the query (`value` may start with `?`; `""` removes the query).
    pub fn set_search(&mut self, value: &str) {
        let set = EncodeSet::query(self.scheme.is_special());
        self.set_suffix(value, '?', set, |p| &mut p.query);
    }

    /// Sets the fragment (`value` may start with `#`; `""` removes it).
    pub fn set_hash(&mut self, value: &str) {
        self.set_suffix(value, '#', EncodeSet::Fragment, |p| &mut p.fragment);
    }

    /// The query or fragment setter: `""` makes the component null (and
    /// an opaque path then at the end loses its trailing spaces); otherwise
    /// `value` without its leading `lead`, percent-encoded with `set` (the
    /// query and fragment states with state override).
    fn set_suffix(
        &mut self,
        value: &str,
        lead: char,
        set: EncodeSet,
        field: fn(&mut Parts) -> &mut Option<String>,
    ) {
        self.edit(|url, p| {
            if value.is_empty() {
                *field(p) = None;
                strip_trailing_spaces(url, p);
            } else {
                let v = without_tabs_or_newlines(value);
                let v = v.strip_prefix(lead).unwrap_or(&v);
                *field(p) = Some(set.encode(v).into_owned());
            }
            Some(())
        });
    }
}

/// Potentially strip trailing spaces from an opaque path: once neither a
/// query nor a fragment follows it.
fn strip_trailing_spaces(url: &Url, p: &mut Parts) {
    if url.has_opaque_path() && p.query.is_none() && p.fragment.is_none() {
        let n = p.path.trim_end_matches(' ').len();
        p.path.truncate(n);
    }
}

/// `value` without ASCII tabs and newlines (the parser's first step when
/// it runs with state override).
fn without_tabs_or_newlines(value: &str) -> Cow<'_, str> {
    if value.bytes().any(|c| matches!(c, b'\t' | b'\n' | b'\r')) {
        Cow::Owned(
            value
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .collect(),
        )
    } else {
        Cow::Borrowed(value)
    }
}
