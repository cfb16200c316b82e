//! SURT keys: the Sort-friendly URI Reordering Transform of Heritrix and the
//! Wayback Machine, which writes the host's labels last first so that the
//! URLs of a domain and its subdomains sort together.

use alloc::vec::Vec;

use super::parse::{parse_ipv4, reverse_host, ParsedUrl};
use super::Profile;

mod fast;

/// How to write a SURT key, each option a `const fn`.
///
/// ```text
/// with scheme, trailing comma:   http://(org,example,www,:8080)/path?query
/// neither (the Wayback default): org,example,www:8080)/path?query
/// ```
///
/// The userinfo is left out; a URL without a host is written as it is. The
/// key is of the URL as it stands: canonicalize it first
/// ([`Profile::Ia`] for the Wayback Machine's keys, see [`wayback_key`]).
///
/// # Example
/// ```
/// use urikit::canon::{ParsedUrl, Surt};
/// let url = ParsedUrl::parse(b"http://user:pass@foo.example.org:81/path?query#frag");
/// assert_eq!(Surt::URLCANON.key(&url), b"http://(org,example,foo,:81)/path?query#frag");
/// assert_eq!(Surt::IA.key(&url), b"org,example,foo:81)/path?query#frag");
/// let ip = ParsedUrl::parse(b"http://10.1.2.3/");
/// assert_eq!(Surt::IA.key(&ip), b"3,2,1,10)/");
/// assert_eq!(Surt::IA.reverse_ip(false).key(&ip), b"10.1.2.3)/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Surt {
    with_scheme: bool,
    trailing_comma: bool,
    reverse_ip: bool,
}

impl Surt {
    /// The `surt` package's `surt(url)` defaults (the Wayback Machine's CDX
    /// keys): no scheme, no trailing comma, IP addresses reversed too.
    pub const IA: Surt = Surt {
        with_scheme: false,
        trailing_comma: false,
        reverse_ip: true,
    };

    /// urlcanon's and Heritrix's form: `scheme://(`, a trailing comma, IP
    /// addresses as they are.
    pub const URLCANON: Surt = Surt {
        with_scheme: true,
        trailing_comma: true,
        reverse_ip: false,
    };

    /// Whether `scheme://(` starts the key.
    pub const fn with_scheme(mut self, yes: bool) -> Surt {
        self.with_scheme = yes;
        self
    }

    /// Whether a `,` ends the reversed host (`org,example,)`).
    pub const fn trailing_comma(mut self, yes: bool) -> Surt {
        self.trailing_comma = yes;
        self
    }

    /// Whether an IPv4 address is reversed like a name (`4,3,2,1`).
    pub const fn reverse_ip(mut self, yes: bool) -> Surt {
        self.reverse_ip = yes;
        self
    }

    /// Appends the key of `url`.
    pub fn write(&self, url: &ParsedUrl<'_>, out: &mut Vec<u8>) {
        if url.host.is_empty() {
            url.write_to(out);
            return;
        }
        out.extend_from_slice(&url.leading_junk);
        if self.with_scheme {
            out.extend_from_slice(&url.scheme);
            if url.colon_after_scheme {
                out.push(b':');
            }
            out.extend_from_slice(&url.slashes);
            out.push(b'(');
        }
        let is_ip = url.host[0] == b'[' || parse_ipv4(&url.host).is_some();
        if is_ip && !self.reverse_ip {
            out.extend_from_slice(&url.host);
        } else {
            reverse_host(&url.host, self.trailing_comma, out);
        }
        if url.colon_before_port {
            out.push(b':');
        }
        out.extend_from_slice(&url.port);
        out.push(b')');
        url.write_tail(out);
    }

    /// The key of `url`.
    pub fn key(&self, url: &ParsedUrl<'_>) -> Vec<u8> {
        let mut out = Vec::with_capacity(url.len() + 8);
        self.write(url, &mut out);
        out
    }
}

/// The Wayback Machine's key for a URL (`WaybackURLKeyMaker`, the `surt`
/// package's `surt(url)`): `-` for nothing, a `filedesc` record's name as it
/// is, otherwise the [`Surt::IA`] key of the [`Profile::Ia`]
/// canonicalization.
///
/// # Example
/// ```
/// use urikit::canon::wayback_key;
/// assert_eq!(wayback_key(b"http://www.archive.org/"), b"org,archive)/");
/// assert_eq!(wayback_key(b"http://archive.org/goo/?a=2&b&a=1"), b"org,archive)/goo?a=1&a=2&b");
/// assert_eq!(wayback_key(b""), b"-");
/// assert_eq!(wayback_key(b"dns:archive.org"), b"dns:archive.org");
/// ```
pub fn wayback_key(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 4);
    write_wayback_key(input, &mut out);
    out
}

/// [`wayback_key`], appended to `out` (a buffer reused over many URLs saves
/// an allocation each). Most plain `http(s)` URLs take a one-pass path that
/// writes the key without building the canonical URL.
///
/// # Example
/// ```
/// let mut key = Vec::new();
/// urikit::canon::write_wayback_key(b"https://WWW.Example.com:443/A/?b=1&a=2#top", &mut key);
/// assert_eq!(key, b"com,example)/a?a=2&b=1");
/// ```
pub fn write_wayback_key(input: &[u8], out: &mut Vec<u8>) {
    if input.is_empty() {
        out.push(b'-');
        return;
    }
    if input.starts_with(b"filedesc") {
        out.extend_from_slice(input);
        return;
    }
    let start = out.len();
    if !fast::wayback_key(input, out) {
        out.truncate(start);
        let url = Profile::Ia.canonicalizer().canonicalize(input);
        Surt::IA.write(&url, out);
    }
}
