//! Between the two readings: a browser-read URL written as a valid RFC 3986
//! URI ([`Url::to_rfc3986`]), and an RFC 3986 URI read as a browser would
//! ([`Url::from_rfc3986`]).
//!
//! The URL Standard's serialization is ASCII, but it leaves raw what its
//! percent-encode sets do not hold and RFC 3986 does not allow: `[`, `\`,
//! `]`, `^`, `|` in paths; `` ` ``, `{`, `|`, `}` in queries and fragments
//! (and `#` in a fragment); a `%` that does not start a triplet; `"`, `` ` ``,
//! `{`, `}` in a domain; a space and more in an opaque path. `to_rfc3986`
//! percent-encodes exactly those bytes, component by component, and keeps
//! every valid `%XX` triplet as it is.
//!
//! Reading the result again with the URL Standard gives the same URL when
//! nothing had to be encoded (most URLs). When something was, the browser
//! keeps the new triplets (it never decodes a path, query or fragment), so
//! its href differs by them; a domain is the exception, since the host
//! parser decodes it (`a{b}` comes back). In every case `to_rfc3986` is a
//! fixed point: applied to the browser's reading of its output it gives its
//! output again (`tests/whatwg.rs` checks both on the vectors and on
//! generated URLs).

use alloc::string::String;
use alloc::vec::Vec;

use super::differential::{compare, Difference};
use super::host::HostKind;
use super::{Url, ValidationError};
use crate::compose::Composer;
use crate::host::parse_ipv4;
use crate::offsets::HostKind as Kind;
use crate::parse::check_len;
use crate::pct::encode_preserving;
use crate::table::{Table, FRAGMENT, PATH, QUERY, REG_NAME, USERINFO};
use crate::{ParseError, Uri, UriBuf};

/// `userinfo` without `:`, for a username (the `:` separates the password).
const USERNAME: Table = USERINFO.minus(Table::new(b":"));

impl Url {
    /// The URL as a valid RFC 3986 URI: every byte the standard leaves raw
    /// but RFC 3986 does not allow percent-encoded (see the
    /// [module docs](super::rfc3986)), valid triplets kept.
    ///
    /// # Errors
    /// [`ParseErrorKind::TooLong`](crate::ParseErrorKind::TooLong) when the
    /// URI would be longer than RFC 3986 parsing takes (4 GiB minus 1 KiB),
    /// the only error: what the URL Standard accepts, encoded here, is a
    /// URI (`tests/whatwg.rs` checks it on the vectors and generated URLs).
    ///
    /// # Example
    /// ```
    /// use urikit::whatwg::Url;
    ///
    /// let url = Url::parse("http://h/a|b^[c]?x={y}#`z`", None)?;
    /// assert_eq!(url.href(), "http://h/a|b^[c]?x={y}#%60z%60");
    /// assert_eq!(url.to_rfc3986()?.as_str(), "http://h/a%7Cb%5E%5Bc%5D?x=%7By%7D#%60z%60");
    /// let url = Url::parse("sc:a b%zz", None)?;
    /// assert_eq!(url.to_rfc3986()?.as_str(), "sc:a%20b%25zz");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_rfc3986(&self) -> Result<UriBuf, ParseError> {
        let mut s = String::with_capacity(self.s.len() + 16);
        let mut c = Composer::new(&mut s);
        c.scheme(|out| out.push_str(self.scheme()));
        if let Some(kind) = self.host {
            if self.includes_credentials() {
                c.userinfo(|out| {
                    out.push_str(&encode_preserving(self.username(), &USERNAME));
                    if !self.password().is_empty() {
                        out.push(':');
                        out.push_str(&encode_preserving(self.password(), &USERINFO));
                    }
                });
            }
            c.host(|out| {
                let at = out.len();
                match kind {
                    HostKind::Domain | HostKind::Opaque => {
                        out.push_str(&encode_preserving(self.hostname(), &REG_NAME));
                    }
                    HostKind::Ipv4 | HostKind::Ipv6 | HostKind::Empty => {
                        out.push_str(self.hostname());
                    }
                }
                // RFC 3986's kind of what was written: an opaque host may be
                // an `IPv4address` there (`sc://1.2.3.4`).
                let host = &out.as_bytes()[at..];
                match (kind, parse_ipv4(host)) {
                    (HostKind::Ipv6, _) => (Kind::Ipv6, [0; 4]),
                    (_, Some(address)) => (Kind::Ipv4, address),
                    (_, None) => (Kind::RegName, [0; 4]),
                }
            });
            if self.port.is_some() {
                c.port(|out| out.push_str(self.port()));
            }
        }
        // (The composer puts `/.` before a path that starts with `//`
        // without an authority.)
        c.path(|out| out.push_str(&encode_preserving(self.pathname(), &PATH)));
        if let Some(q) = self.query() {
            c.query(|out| out.push_str(&encode_preserving(q, &QUERY)));
        }
        if let Some(f) = self.fragment() {
            c.fragment(|out| out.push_str(&encode_preserving(f, &FRAGMENT)));
        }
        let o = c.finish();
        check_len(s.len())?;
        Ok(UriBuf::from_offsets(s, o))
    }

    /// An RFC 3986 URI read as a browser would: the URL, and the
    /// components the two readings take apart differently (see
    /// [`compare`](super::compare)).
    ///
    /// # Errors
    /// The validation error when the URL Standard rejects the URI
    /// (`http://0x100000000/`, `http://[v1.x]/`, `http://1.2.3.4.5/`).
    ///
    /// # Example
    /// ```
    /// use urikit::whatwg::Url;
    /// use urikit::{Part, Uri};
    ///
    /// let (url, diffs) = Url::from_rfc3986(&Uri::parse("HTTP://0x7F.1:80/a/../b")?)?;
    /// assert_eq!(url.href(), "http://127.0.0.1/b");
    /// assert_eq!(diffs.len(), 1);
    /// assert_eq!((diffs[0].part, diffs[0].rfc3986.as_deref(), diffs[0].whatwg.as_deref()),
    ///            (Part::Host, Some("0x7F.1"), Some("127.0.0.1")));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rfc3986(uri: &Uri<'_>) -> Result<(Url, Vec<Difference>), ValidationError> {
        let url = Url::parse(uri.as_str(), None)?;
        let diffs = compare(uri, &url);
        Ok((url, diffs))
    }
}
