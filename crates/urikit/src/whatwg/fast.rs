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
//! What remains is lowercasing the scheme (and a special host): the result
//! is one copy of the input, lowercased in place. Only when the standard
//! writes the authority or the path otherwise (an empty or default port, a
//! port with leading zeros, the empty path of a special URL, which is `/`,
//! `localhost` as the empty host of a `file:` URL) is the URL written again
//! from its host on. `tests/whatwg.rs`
//! checks this path against the state machine on every line of the datasets
//! and on generated inputs.

use alloc::string::String;

use super::host::{ends_in_a_number, HostKind};
use super::parser::{format_u16, Scheme};
use super::url::Url;
use crate::offsets::HostKind as OffsetsHost;
use crate::scan::find_byte;
use crate::word::{bytes_equal, uppercase};
use crate::UriRef;

/// The URL, when the input takes the fast path.
pub(crate) fn parse(input: &str) -> Option<Url> {
    // The parser's own offsets: no component is sliced or typed twice.
    let m = UriRef::parse(input).ok()?.offsets();
    let b = input.as_bytes();
    let scheme_end = m.scheme_end();
    if scheme_end == 0 {
        return None;
    }
    let lower_scheme = has_uppercase(&b[..scheme_end]);
    let scheme = if lower_scheme {
        Scheme::of_any_case(&input[..scheme_end])
    } else {
        Scheme::of(&input[..scheme_end])
    };
    let special = scheme.is_special();
    let (path_start, path_end) = (m.path_start(), m.path_end());
    let path = &b[path_start..path_end];
    // The output is the input with the scheme and host lowercased, unless
    // `respell` says the authority or the empty path is written otherwise.
    let mut respell = special && path.is_empty();
    let (mut host, mut port, mut lower_host) = (None, None, false);
    let (mut host_start, mut host_end) = (scheme_end + 1, scheme_end + 1);
    if m.host() == OffsetsHost::None {
        if special || (path.first() == Some(&b'/') && has_dot_segment(path)) {
            return None;
        }
    } else {
        if m.host_start() > m.auth_start() {
            return None; // a userinfo
        }
        (host_start, host_end) = (m.host_start(), m.host_end());
        let text = &input[host_start..host_end];
        host = Some(match m.host() {
            OffsetsHost::Ipv4 if special => HostKind::Ipv4,
            OffsetsHost::RegName if special => {
                if scheme == Scheme::File && text.is_empty() {
                    HostKind::Empty
                } else if scheme == Scheme::File && text.eq_ignore_ascii_case("localhost") {
                    respell = true;
                    HostKind::Empty
                } else {
                    lower_host = plain_domain(text)?;
                    HostKind::Domain
                }
            }
            // An opaque host: RFC 3986 reg-name and IPv4 bytes are all
            // kept (no forbidden host code point, `%` always a triplet).
            OffsetsHost::RegName | OffsetsHost::Ipv4 if text.is_empty() => HostKind::Empty,
            OffsetsHost::RegName | OffsetsHost::Ipv4 => HostKind::Opaque,
            _ => return None,
        });
        if host_end < path_start {
            let digits = &b[host_end + 1..path_start];
            if scheme == Scheme::File || text.is_empty() {
                return None;
            }
            if digits.is_empty() {
                respell = true;
            } else {
                let value = digits.iter().try_fold(0u32, |v, &c| {
                    Some(v * 10 + u32::from(c - b'0')).filter(|&v| v < 1 << 16)
                })? as u16;
                respell |= digits[0] == b'0' || Some(value) == scheme.default_port();
                port = (Some(value) != scheme.default_port()).then_some(value);
            }
        }
        if has_dot_segment(path) {
            return None;
        }
    }
    let query_end = m.query_end();
    let query = m.query();
    if special && query.is_some() && b[path_end..query_end].contains(&b'\'') {
        return None;
    }
    let fragment = m.fragment(b.len());
    // The offsets are the input's; the string is written below.
    let mut url = Url {
        s: String::new(),
        scheme,
        scheme_end,
        username_end: host_start,
        host_start,
        host_end,
        host,
        port,
        path_start,
        query_start: query,
        fragment_start: fragment,
    };
    Some(if respell {
        respelled(input, &url, lower_host)
    } else {
        url.s = String::from(input);
        if lower_scheme {
            url.s[..scheme_end].make_ascii_lowercase();
        }
        if lower_host {
            url.s[host_start..host_end].make_ascii_lowercase();
        }
        url
    })
}

/// `input` written anew from its host on, `url` holding its offsets: the
/// host lowercased (or left out when empty), the port without leading
/// zeros (or left out when the scheme's default), `/` for an empty path.
fn respelled(input: &str, url: &Url, lower_host: bool) -> Url {
    let mut s = String::with_capacity(input.len() + 1);
    s.push_str(&input[..url.host_start]);
    s[..url.scheme_end].make_ascii_lowercase();
    let host_start = s.len();
    if url.host != Some(HostKind::Empty) {
        s.push_str(&input[url.host_start..url.host_end]);
        if lower_host {
            s[host_start..].make_ascii_lowercase();
        }
    }
    let host_end = s.len();
    if let Some(port) = url.port {
        s.push(':');
        s.push_str(format_u16(port, &mut [0; 5]));
    }
    let path_start = s.len();
    let tail = &input[url.path_start..];
    let path_end = url
        .query_start
        .or(url.fragment_start)
        .unwrap_or(input.len());
    if url.scheme.is_special() && url.path_start == path_end {
        s.push('/');
    }
    // From the path on the text is the input's, `delta` bytes further on.
    let delta = s.len() as isize - url.path_start as isize;
    s.push_str(tail);
    let shift = |i: usize| (i as isize + delta) as usize;
    Url {
        s,
        scheme: url.scheme,
        scheme_end: url.scheme_end,
        username_end: host_start,
        host_start,
        host_end,
        host: url.host,
        port: url.port,
        path_start,
        query_start: url.query_start.map(shift),
        fragment_start: url.fragment_start.map(shift),
    }
}

/// Whether a special host is one the standard only lowercases: not empty,
/// no `%` (RFC 3986 reg-name bytes are otherwise never forbidden domain
/// code points), no `xn--` label, not ending in a number. Then `Some`, with
/// whether it has uppercase letters. The bytes are looked at eight at a
/// time for `%`, `-` (without which no label is `xn--`) and uppercase.
fn plain_domain(name: &str) -> Option<bool> {
    let b = name.as_bytes();
    let (mut pct, mut dash, mut upper) = (0, 0, 0);
    for_blocks(b, |x, _| {
        pct |= bytes_equal(x, b'%');
        dash |= bytes_equal(x, b'-');
        upper |= uppercase(x);
    });
    if b.is_empty() || pct != 0 {
        return None;
    }
    if dash != 0
        && name
            .split('.')
            .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"))
    {
        return None;
    }
    // The last label, a trailing dot aside: a number (decimal, octal or
    // 0x hex) starts with a digit.
    let t = b.strip_suffix(b".").unwrap_or(b);
    let last = t.iter().rposition(|&c| c == b'.').map_or(0, |k| k + 1);
    if t.get(last).is_some_and(u8::is_ascii_digit) && ends_in_a_number(name) {
        return None;
    }
    Some(upper != 0)
}

/// Whether ASCII `b` has an uppercase letter.
fn has_uppercase(b: &[u8]) -> bool {
    let mut upper = 0;
    for_blocks(b, |x, _| upper |= uppercase(x));
    upper != 0
}

/// Whether a path has a `.` or `..` segment, in any spelling (`%2e`).
/// Only a segment starting with `.` or `%` can be one: a `/` followed by
/// either is looked for eight bytes at a time, and only then the segment.
fn has_dot_segment(b: &[u8]) -> bool {
    let mut hit = 0;
    for_blocks(b, |x, at| {
        hit |= (bytes_equal(x, b'/') << 8) & (bytes_equal(x, b'.') | bytes_equal(x, b'%'));
        // The pair across the block's start.
        if at > 0 && b[at - 1] == b'/' && matches!(b[at], b'.' | b'%') {
            hit |= 1;
        }
    });
    hit != 0
        && b.iter()
            .enumerate()
            .any(|(i, &c)| c == b'/' && is_dot_segment_at(&b[i + 1..]))
}

/// Whether the segment starting `b` (up to the next `/`) is a dot segment.
fn is_dot_segment_at(b: &[u8]) -> bool {
    let end = find_byte(b, b'/').unwrap_or(b.len());
    let seg = &b[..end];
    super::parser::is_single_dot(seg) || super::parser::is_double_dot(seg)
}

/// Calls `f` with blocks of eight bytes of `b` (little-endian) that cover
/// it, and where each starts: every eight bytes, then the last eight (which
/// may overlap the block before: `f` must not mind seeing a byte twice). A
/// `b` shorter than eight bytes is one block padded with zeros.
#[inline(always)]
fn for_blocks(b: &[u8], mut f: impl FnMut(u64, usize)) {
    let load = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default());
    if b.len() < 8 {
        let mut last = [0u8; 8];
        last[..b.len()].copy_from_slice(b);
        f(u64::from_le_bytes(last), 0);
        return;
    }
    let mut at = 0;
    while at + 8 < b.len() {
        f(load(at), at);
        at += 8;
    }
    f(load(b.len() - 8), b.len() - 8);
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
        for (path, dot) in [
            ("", false),
            ("/a/b.c/d%2", false),
            ("/0123456/./", true),
            ("/0123456./", false),
            ("/abcdefg/..", true),
            ("/abcdef/%2E%2e/x", true),
            ("/abcdef/%2E%2ex", false),
            ("/a.b/.c/%2", false),
            ("/abcdef/.", true),
            ("/abcdefg/.", true),
            ("/abcdefgh/.", true),
            ("/abcdefgh/..x", false),
            ("/abcdefghijklmn/%2e", true),
        ] {
            assert_eq!(has_dot_segment(path.as_bytes()), dot, "{path:?}");
        }
        for b in 0..0x80u8 {
            let block = [b'a', b, b'@', b'[', b'Z', b'`', b'{', b'A'];
            let x = u64::from_le_bytes(block);
            let want = block.iter().enumerate().fold(0, |m, (i, c)| {
                m | (u64::from(c.is_ascii_uppercase()) << (8 * i + 7))
            });
            assert_eq!(uppercase(x), want, "{b}");
            let want = block
                .iter()
                .enumerate()
                .fold(0, |m, (i, &c)| m | (u64::from(c == b'@') << (8 * i + 7)));
            assert_eq!(bytes_equal(x, b'@'), want, "{b}");
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
