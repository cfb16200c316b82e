//! The RFC 3986 reading and the WHATWG reading of one input, side by side,
//! and the components they take apart differently.
//!
//! Two parsers that disagree about where the host of a URL is are a known
//! source of vulnerabilities: a server checks the host its RFC 3986 parser
//! finds (an allow list against SSRF, a same-site test against open
//! redirects) while the HTTP client or the browser goes where the WHATWG
//! reading points. [`readings`] gives both readings of an input and
//! [`compare`] lists the differences that matter.
//!
//! ```
//! use urikit::whatwg::readings;
//! use urikit::Part;
//!
//! let r = readings("http://0x7f.1/admin/..%2fsecret");
//! let parts: Vec<_> = r.differences.iter().map(|d| d.part).collect();
//! assert_eq!(parts, [Part::Host]);
//! assert_eq!(r.differences[0].to_string(),
//!            "host: RFC 3986 reads \"0x7f.1\", the WHATWG URL Standard reads \"127.0.0.1\"");
//!
//! // RFC 3986 rejects what browsers repair.
//! let r = readings("https:\\\\evil.example\\@good.example/");
//! assert!(r.rfc3986.is_err());
//! assert_eq!(r.whatwg.as_ref().map(|u| u.hostname()), Ok("evil.example"));
//! assert!(r.differ());
//! ```
//!
//! What counts as the same: both readings are brought to the same terms
//! before they are compared, so that spelling alone is never a difference.
//!
//! - scheme and host: ASCII case-insensitive; a reg-name host is compared
//!   once percent-decoded, and also through IDNA (`b%C3%BCcher.example` is
//!   `xn--bcher-kva.example`); an IPv6 address by its value; `file:`'s
//!   `localhost` and no authority at all are the empty host;
//! - userinfo: the percent-decoded user and password (an empty userinfo is
//!   none);
//! - port: the number, or the scheme's default when none is written;
//! - path: RFC 3986's syntax-normalized as section 6.2.2 says (dot
//!   segments removed, `%2e` included), the standard's as it is (its parser
//!   removed the dot segments of a path that is not opaque), both
//!   percent-decoded; for a special URL an empty path is `/`;
//! - query and fragment: present or not, then percent-decoded.
//!
//! Those rules make an IPv4 number form (`0x7f.1`), a host the standard finds
//! elsewhere (`http:evil.example`, backslashes), a dropped or moved
//! userinfo, a port read differently and a path whose dot segments resolve
//! differently (an opaque path keeps them) show up, and nothing else.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::host::HostKind;
use super::{Url, ValidationError};
use crate::normalize::{Level, Normalizer};
use crate::{pct, Host, ParseError, Part, UriRef};

/// One component the two readings take apart differently.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// Which component.
    pub part: Part,
    /// The component as RFC 3986 reads it, raw (`None`: absent).
    pub rfc3986: Option<String>,
    /// The component as the URL Standard reads it, serialized (`None`:
    /// absent, or the null host).
    pub whatwg: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| match v {
            Some(s) => alloc::format!("{s:?}"),
            None => String::from("none"),
        };
        write!(
            f,
            "{}: RFC 3986 reads {}, the WHATWG URL Standard reads {}",
            self.part.name(),
            show(&self.rfc3986),
            show(&self.whatwg)
        )
    }
}

/// Both readings of one input.
#[derive(Clone, Debug)]
pub struct Readings<'a> {
    /// The input.
    pub input: &'a str,
    /// RFC 3986's reading ([`UriRef::parse`]).
    pub rfc3986: Result<UriRef<'a>, ParseError>,
    /// The URL Standard's reading, without a base ([`Url::parse`]).
    pub whatwg: Result<Url, ValidationError>,
    /// The components they take apart differently, when both read the
    /// input as an absolute URI.
    pub differences: Vec<Difference>,
}

impl Readings<'_> {
    /// Whether the readings differ: a component differs, or the URL
    /// Standard reads a URL where RFC 3986 reads none.
    pub fn differ(&self) -> bool {
        !self.differences.is_empty() || (self.rfc3986.is_err() && self.whatwg.is_ok())
    }
}

/// Reads `input` both ways and compares the readings.
pub fn readings(input: &str) -> Readings<'_> {
    let rfc3986 = UriRef::parse(input);
    let whatwg = Url::parse(input, None);
    let differences = match (&rfc3986, &whatwg) {
        (Ok(uri), Ok(url)) if uri.is_absolute() => compare(uri, url),
        _ => Vec::new(),
    };
    Readings {
        input,
        rfc3986,
        whatwg,
        differences,
    }
}

/// The components that `uri` (RFC 3986's reading) and `url` (the URL
/// Standard's) take apart differently, in URI order; see the
/// [module docs](self) for what counts as the same.
pub fn compare(uri: &UriRef<'_>, url: &Url) -> Vec<Difference> {
    let mut out = Vec::new();
    let mut differ = |part: Part, rfc3986: Option<&str>, whatwg: Option<&str>| {
        out.push(Difference {
            part,
            rfc3986: rfc3986.map(String::from),
            whatwg: whatwg.map(String::from),
        });
    };
    if !uri
        .scheme()
        .is_some_and(|s| s.eq_ignore_ascii_case(url.scheme()))
    {
        differ(Part::Scheme, uri.scheme(), Some(url.scheme()));
    }
    let (user, password) = match uri.userinfo() {
        Some(ui) => ui.split_once(':').unwrap_or((ui, "")),
        None => ("", ""),
    };
    if pct::decode(user) != pct::decode(url.username())
        || pct::decode(password) != pct::decode(url.password())
    {
        let whatwg = url.includes_credentials().then(|| match url.password() {
            "" => String::from(url.username()),
            p => alloc::format!("{}:{p}", url.username()),
        });
        differ(Part::Userinfo, uri.userinfo(), whatwg.as_deref());
    }
    if !same_host(uri, url) {
        differ(
            Part::Host,
            uri.host_str(),
            url.host_kind().map(|_| url.hostname()),
        );
    }
    let rfc_port = match uri.port() {
        Some(p) if !p.is_empty() => p.parse::<u32>().ok(),
        _ => url.scheme.default_port().map(u32::from),
    };
    if rfc_port != url.port_or_known_default().map(u32::from) {
        differ(Part::Port, uri.port(), url.port_u16().map(|_| url.port()));
    }
    if !same_path(uri, url) {
        differ(Part::Path, Some(uri.path()), Some(url.pathname()));
    }
    if decoded(uri.query()) != decoded(url.query()) {
        differ(Part::Query, uri.query(), url.query());
    }
    if decoded(uri.fragment()) != decoded(url.fragment()) {
        differ(Part::Fragment, uri.fragment(), url.fragment());
    }
    out
}

fn decoded(s: Option<&str>) -> Option<alloc::borrow::Cow<'_, [u8]>> {
    s.map(pct::decode)
}

fn same_host(uri: &UriRef<'_>, url: &Url) -> bool {
    let (Some(host), Some(kind)) = (uri.host(), url.host_kind()) else {
        // A `file:` URI without authority names a local file (RFC 8089),
        // as the empty host does.
        let local = url.scheme() == "file" && url.host_kind() == Some(HostKind::Empty);
        return uri.host().is_none() && (url.host_kind().is_none() || local);
    };
    let w = url.hostname();
    match (host, kind) {
        (Host::Ipv6 { addr, .. }, HostKind::Ipv6) => {
            w.trim_matches(['[', ']']).parse::<core::net::Ipv6Addr>() == Ok(addr)
        }
        (Host::Ipv4(_), HostKind::Ipv4 | HostKind::Opaque) => {
            uri.host_str().is_some_and(|h| h == w)
        }
        (Host::RegName(r), HostKind::Empty) => {
            r.is_empty() || (url.scheme() == "file" && r.eq_ignore_ascii_case("localhost"))
        }
        (Host::RegName(r), HostKind::Domain | HostKind::Opaque) => {
            let d = pct::decode(r);
            d.eq_ignore_ascii_case(&pct::decode(w))
                || (kind == HostKind::Domain
                    && super::host::domain_to_ascii(&d).is_ok_and(|a| a == w))
        }
        _ => false,
    }
}

fn same_path(uri: &UriRef<'_>, url: &Url) -> bool {
    const SYNTAX: Normalizer = Normalizer::new().level(Level::Syntax);
    let rfc = SYNTAX.normalize(uri);
    // A path without host that starts with `//` is written after `/.` by
    // both; `pathname` leaves it out.
    let path = rfc.as_uri_ref().path();
    let path = path
        .strip_prefix("/.")
        .filter(|p| p.starts_with("//"))
        .unwrap_or(path);
    let a = pct::decode(path);
    let b = pct::decode(url.pathname());
    a == b || (url.is_special() && matches!((&a[..], &b[..]), (b"", b"/") | (b"/", b"")))
}
