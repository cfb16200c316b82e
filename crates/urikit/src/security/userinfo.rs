//! Checks of the userinfo (RFC 3986 sections 7.5 and 7.6): present at all,
//! holding a password, or looking like the host it hides.
//!
//! "Looks like a host" is a heuristic on the decoded userinfo, split into
//! tokens of letters, digits, `-` and `.`. A token looks like a host name when
//! it has at least two non-empty dot-separated labels of letters, digits and
//! `-`, ends with an alphabetic label of two letters or more, and either
//! starts with `www`, has three labels or more, or ends with a common
//! top-level domain ([`COMMON_TLDS`]); so `www.example.com` and `google.com`
//! do, `john.doe` does not. A token that is a dotted IPv4 address, and a
//! userinfo holding `//` (a URL) or an encoded `/` or `\`, look like a host
//! too. An e-mail address used as the user name (`me%40example.com@host`) is
//! flagged as well: it does name another host, and readers can take it for
//! the authority.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::rare_ip::parse_inet_aton;
use super::{clip, Code, Finding};
use crate::pct;
use crate::uri::UriRef;

/// Top-level domains common enough that `name.tld` in a userinfo reads as a
/// host name. A heuristic, not a registry.
pub const COMMON_TLDS: &[&str] = &[
    "app",
    "au",
    "biz",
    "br",
    "ca",
    "cn",
    "co",
    "com",
    "de",
    "dev",
    "edu",
    "eu",
    "example",
    "fr",
    "gov",
    "in",
    "info",
    "int",
    "invalid",
    "io",
    "it",
    "jp",
    "local",
    "localhost",
    "me",
    "mil",
    "net",
    "nl",
    "org",
    "ru",
    "test",
    "uk",
    "us",
];

pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Finding>) {
    let (Some(info), Some(range)) = (uri.userinfo(), uri.spans().userinfo) else {
        return;
    };
    let host = clip(uri.host_str().unwrap_or(""));
    let shown = clip(info);
    out.push(Finding::new(
        Code::UserinfoPresent,
        range.clone(),
        format!("a userinfo {shown:?} comes before the host {host}; people may misread it"),
    ));
    let decoded = pct::decode_utf8_lossy(info);
    if let Some(what) = looks_like_host(&decoded) {
        out.push(Finding::new(
            Code::UserinfoLooksLikeHost,
            range.clone(),
            format!("the userinfo {shown:?} looks like {what}, but the host is {host}"),
        ));
    }
    if let Some(colon) = info.find(':') {
        if colon + 1 < info.len() {
            let start = range.start + colon + 1;
            out.push(Finding::new(
                Code::PasswordInUserinfo,
                start..range.end,
                String::from("the userinfo holds a password (user:password), readable by anyone who sees the URI"),
            ));
        }
    }
}

/// What the decoded userinfo looks like, if it looks like a host or URL.
fn looks_like_host(decoded: &str) -> Option<String> {
    if decoded.contains("//") {
        return Some(String::from("a URL"));
    }
    if let Some(c) = decoded.chars().find(|c| matches!(c, '/' | '\\')) {
        // Only encoded ones can be there: a path ends the authority.
        return Some(format!("the start of a URL (it hides a {c:?})"));
    }
    decoded
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .map(|t| t.trim_matches('.'))
        .find_map(|t| {
            if parse_inet_aton(t).is_ok_and(|a| a.parts() == 4) {
                Some(format!("the IPv4 address {}", clip(t)))
            } else if is_host_name(t) {
                Some(format!("the host name {}", clip(t)))
            } else {
                None
            }
        })
}

fn is_host_name(t: &str) -> bool {
    let labels: Vec<&str> = t.split('.').collect();
    let (Some(first), Some(last)) = (labels.first(), labels.last()) else {
        return false;
    };
    labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        && last.len() >= 2
        && last.bytes().all(|b| b.is_ascii_alphabetic())
        && (first.eq_ignore_ascii_case("www")
            || labels.len() >= 3
            || COMMON_TLDS.iter().any(|d| d.eq_ignore_ascii_case(last)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_like_tokens() {
        for s in [
            "www.example.com&story=breaking_news",
            "google.com",
            "paypal.com:secure",
            "login.bank.example",
            "www.example",
            "192.168.0.1",
            "evil%2Ecom",
            "http:%2F%2Fexample.org",
        ] {
            let d = pct::decode_utf8_lossy(s);
            assert!(looks_like_host(&d).is_some(), "{s}");
        }
        for s in [
            "anonymous",
            "git",
            "john.doe",
            "user:pass",
            "a.b",
            "1.2",
            "admin:hunter2",
            "",
        ] {
            assert_eq!(looks_like_host(s), None, "{s}");
        }
    }
}
