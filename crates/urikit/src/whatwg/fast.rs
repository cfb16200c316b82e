//! The parser's fast path, for the common case: an absolute URL that the
//! RFC 3986 scanner accepts ([`UriRef::parse`], which never allocates) and
//! that the URL Standard would only lowercase.
//!
//! Why a valid RFC 3986 URI needs so little: it is ASCII, without spaces,
//! controls, `\`, `"`, `<`, `>`, `^`, `` ` ``, `{`, `|`, `}`, and every `%`
//! starts a triplet. Nothing in it is then trimmed, removed or
//! percent-encoded by the standard, with these exceptions, which go to the
//! state machine (`None` here):
//!
//! - no `//` authority after a special scheme (`http:x` reads the base, or
//!   the slashes browsers add), or no scheme at all (a base is needed);
//! - a userinfo (`;`, `=`, a second `:` get encoded, empty credentials
//!   vanish);
//! - a special host that is empty, has `%` (decoded, then IDNA), an `xn--`
//!   label (IDNA checks it), ends in a number (the IPv4 parser reads it), or
//!   is an IP literal (IPv6 is written anew); a `file:` host with a port;
//! - a `.` or `..` segment (in any `%2e` spelling);
//! - a `'` in the query of a special URL (the special-query set encodes it).
//!
//! What remains is lowercasing the scheme (and a special host), dropping an
//! empty or default port, writing the port without leading zeros, `/` for
//! the empty path of a special URL and `localhost` as the empty host of a
//! `file:` URL. The result is one copy of the input. `tests/whatwg.rs`
//! checks this path against the state machine on every line of the datasets
//! and on generated inputs.

use alloc::string::String;

use super::host::{ends_in_a_number, HostKind};
use super::parser::{format_u16, Scheme};
use super::url::Url;
use crate::{Host, UriRef};

/// The URL, when the input takes the fast path.
pub(crate) fn parse(input: &str) -> Option<Url> {
    let r = UriRef::parse(input).ok()?;
    let scheme_text = r.scheme()?;
    let mut s = String::with_capacity(input.len() + 1);
    for c in scheme_text.bytes() {
        s.push(c.to_ascii_lowercase() as char);
    }
    let scheme = Scheme::of(&s);
    let special = scheme.is_special();
    let scheme_end = s.len();
    s.push(':');
    let (mut host, mut port) = (None, None);
    let (mut username_end, mut host_start, mut host_end) = (s.len(), s.len(), s.len());
    let path = r.path();
    match r.authority() {
        None => {
            if special {
                return None;
            }
            if path.starts_with('/') && has_dot_segment(path) {
                return None;
            }
        }
        Some(a) => {
            if a.userinfo().is_some() {
                return None;
            }
            s.push_str("//");
            username_end = s.len();
            host_start = s.len();
            let text = a.host_str();
            host = Some(match a.host() {
                Host::Ipv4(_) if scheme != Scheme::Other => {
                    s.push_str(text);
                    HostKind::Ipv4
                }
                Host::RegName(name) if special => {
                    let file = scheme == Scheme::File;
                    if file && (name.is_empty() || name.eq_ignore_ascii_case("localhost")) {
                        HostKind::Empty
                    } else if !plain_domain(name) {
                        return None;
                    } else {
                        for c in name.bytes() {
                            s.push(c.to_ascii_lowercase() as char);
                        }
                        HostKind::Domain
                    }
                }
                // An opaque host: RFC 3986 reg-name and IPv4 bytes are all
                // kept (no forbidden host code point, `%` always a triplet).
                Host::RegName(_) | Host::Ipv4(_) => {
                    s.push_str(text);
                    if text.is_empty() {
                        HostKind::Empty
                    } else {
                        HostKind::Opaque
                    }
                }
                Host::Ipv6 { .. } | Host::IpvFuture(_) => return None,
            });
            host_end = s.len();
            match a.port() {
                Some(_) if scheme == Scheme::File || text.is_empty() => return None,
                Some(digits) if !digits.is_empty() => {
                    let value = digits.bytes().try_fold(0u32, |v, c| {
                        Some(v * 10 + u32::from(c - b'0')).filter(|&v| v < 1 << 16)
                    })?;
                    let value = value as u16;
                    if Some(value) != scheme.default_port() {
                        s.push(':');
                        s.push_str(format_u16(value, &mut [0; 5]));
                        port = Some(value);
                    }
                }
                _ => {}
            }
            if has_dot_segment(path) {
                return None;
            }
        }
    }
    let path_start = s.len();
    if path.is_empty() && special {
        s.push('/');
    } else {
        s.push_str(path);
    }
    let query_start = match r.query() {
        Some(q) => {
            if special && q.contains('\'') {
                return None;
            }
            let at = s.len();
            s.push('?');
            s.push_str(q);
            Some(at)
        }
        None => None,
    };
    let fragment_start = r.fragment().map(|f| {
        let at = s.len();
        s.push('#');
        s.push_str(f);
        at
    });
    Some(Url {
        s,
        scheme,
        scheme_end,
        username_end,
        host_start,
        host_end,
        host,
        port,
        path_start,
        query_start,
        fragment_start,
    })
}

/// A special host the standard only lowercases: not empty, no `%` (RFC
/// 3986 reg-name bytes are otherwise never forbidden domain code points),
/// no `xn--` label, not ending in a number.
fn plain_domain(name: &str) -> bool {
    !name.is_empty()
        && !name.contains('%')
        && !name
            .split('.')
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"))
        && !ends_in_a_number(name)
}

/// Whether a path has a `.` or `..` segment, in any spelling (`%2e`).
fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'/') {
        let start = i + k + 1;
        if matches!(b.get(start), Some(b'.' | b'%')) {
            let end = b[start..]
                .iter()
                .position(|&c| c == b'/')
                .map_or(b.len(), |e| start + e);
            let seg = &b[start..end];
            if super::parser::is_single_dot(seg) || super::parser::is_double_dot(seg) {
                return true;
            }
        }
        i = start;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_urls_take_the_fast_path() {
        for (input, href) in [
            (
                "HTTPS://Example.COM/a/b?q=1#f",
                "https://example.com/a/b?q=1#f",
            ),
            ("http://example.com", "http://example.com/"),
            ("http://example.com:80/", "http://example.com/"),
            ("http://example.com:0080/", "http://example.com/"),
            ("http://example.com:/", "http://example.com/"),
            ("ws://1.2.3.4:8080", "ws://1.2.3.4:8080/"),
            ("file:///usr/lib/x.js", "file:///usr/lib/x.js"),
            ("file://localhost/x", "file:///x"),
            ("file://node.gypi", "file://node.gypi/"),
            ("node:url", "node:url"),
            ("sc://Host:0099?q", "sc://Host:99?q"),
            ("sc:/a/./b", "sc:/a/./b"),
            ("mailto:a@b", "mailto:a@b"),
        ] {
            match parse(input) {
                Some(url) if input == "sc:/a/./b" => panic!("{input:?}: {url:?}"),
                Some(url) => assert_eq!(url.href(), href, "{input:?}"),
                None if input == "sc:/a/./b" => {}
                None => panic!("{input:?} takes the slow path"),
            }
        }
        for slow in [
            "http://u@h/",
            "http://h/a/../b",
            "http://h/%2E",
            "http://[::1]/",
            "http://127.1/",
            "http://xn--a.com/",
            "http://h%41/",
            "http:h",
            "http:///h",
            "file://h:1/",
            "http://h/?'",
            "//h/",
        ] {
            assert!(parse(slow).is_none(), "{slow:?}");
        }
    }
}
