//! The security checks over the public vectors.
//!
//! - Every input of every suite: `check_str` never panics, its spans are in
//!   bounds, on character boundaries and sorted.
//! - WHATWG (browser) parsing as the lenient reader of section 7.6: whenever a
//!   browser would send an absolute URL to a different host than RFC 3986
//!   reads in the same text (or, when RFC 3986 rejects the text, than a
//!   person sees in it at a glance), `check_str` must raise a warning or
//!   worse. Differences of case and of IDNA on non-ASCII hosts aside.

mod common;

use std::net::IpAddr;
use urikit::security::{check_str, Severity};

use urikit::{Host, UriRef};

#[test]
fn every_vector_input_is_checked_safely() {
    let mut n = 0;
    for dir in [
        "parsing",
        "ip",
        "normalization",
        "resolution",
        "urn",
        "whatwg",
    ] {
        let path = common::shared_dir().join("vectors").join(dir);
        for entry in std::fs::read_dir(&path).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().map_or(true, |e| e != "json") {
                continue;
            }
            let rel = format!("{dir}/{}", p.file_name().unwrap().to_str().unwrap());
            let Some(serde_json::Value::Array(cases)) = common::load(&rel).get("cases").cloned()
            else {
                continue;
            };
            for case in &cases {
                for key in ["input", "base", "a", "b", "ref", "expected"] {
                    let Some(s) = common::str_field(case, key) else {
                        continue;
                    };
                    n += 1;
                    let r = check_str(s);
                    let mut last = 0;
                    for f in &r.findings {
                        assert!(f.start >= last, "{rel} {s:?}: unsorted");
                        last = f.start;
                        assert!(f.start <= f.end && f.end <= s.len(), "{rel} {s:?}: {f}");
                        assert!(s.is_char_boundary(f.start) && s.is_char_boundary(f.end));
                    }
                    if let Ok(u) = UriRef::parse(s) {
                        let sp = u.spans();
                        assert_eq!(sp.host.map(|h| &s[h]), u.host_str(), "{s:?}");
                    }
                }
            }
        }
    }
    assert!(n > 3000, "only {n} inputs");
}

/// The host RFC 3986 reads, lowercased, brackets kept.
fn rfc_host(s: &str) -> Option<String> {
    Some(UriRef::parse(s).ok()?.host_str()?.to_ascii_lowercase())
}

/// The host a person sees: after `scheme://`, before the first `/`, `?`
/// or `#`, after the last `@`, before a `:port`.
fn glance_host(input: &str) -> Option<&str> {
    let rest = &input[input.find("://")? + 3..];
    let auth = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let host = &auth[auth.rfind('@').map_or(0, |k| k + 1)..];
    Some(match host.rfind(':') {
        Some(k) if !host.ends_with(']') => &host[..k],
        _ => host,
    })
}

/// Whether RFC 3986 reads in `input` the host a browser calls `browser`:
/// the same IP address, or the same name (ASCII case aside).
fn same_host(input: &str, browser: &str) -> Option<bool> {
    let host = UriRef::parse(input).ok()?.host()?;
    let browser_ip = browser.trim_matches(['[', ']']).parse::<IpAddr>().ok();
    Some(match (host, browser_ip) {
        (Host::Ipv4(a), Some(b)) => IpAddr::V4(a) == b,
        (Host::Ipv6 { addr, .. }, Some(b)) => IpAddr::V6(addr) == b,
        (Host::RegName(n), None) => n.eq_ignore_ascii_case(browser),
        _ => false,
    })
}

#[test]
fn browsers_reading_another_host_is_flagged() {
    let mut compared = 0;
    for case in common::cases("whatwg/urltestdata.json") {
        let Some(input) = common::str_field(&case, "input") else {
            continue;
        };
        if case.get("base").is_some_and(|b| !b.is_null()) || case.get("failure").is_some() {
            continue;
        }
        let Some(browser) = case
            .get("components")
            .and_then(|c| c.get("hostname"))
            .and_then(|h| h.as_str())
        else {
            continue;
        };
        if browser.is_empty() || browser.contains("xn--") || !input.is_ascii() {
            continue; // IDNA is another story
        }
        let differs = match same_host(input, browser) {
            Some(same) => !same,
            // Not a URI: compare with what a reader sees at a glance.
            None => glance_host(input).map_or(true, |h| !h.eq_ignore_ascii_case(browser)),
        };
        if !differs {
            continue;
        }
        compared += 1;
        let r = check_str(input);
        assert!(
            r.max_severity() >= Some(Severity::Warning),
            "{input:?}: browsers go to {browser:?}, RFC 3986 reads {:?}; findings {:?}",
            rfc_host(input),
            r.findings
        );
    }
    eprintln!("{compared} WHATWG cases where browsers read another host");
    assert!(compared >= 20, "only {compared} cases compared");
}

/// Where a browser reads an IPv4 address in a host that RFC 3986 calls a
/// name (`0x7f.1`, `%30x7f.1`, `0x.0x.0`), `host_address` gives the same
/// address, and the host is flagged `rare_ipv4_form`.
#[test]
fn rare_forms_denote_what_browsers_connect_to() {
    let mut n = 0;
    for case in common::cases("whatwg/urltestdata.json") {
        let (Some(input), Some(browser)) = (
            common::str_field(&case, "input"),
            case.get("components")
                .and_then(|c| c.get("hostname"))
                .and_then(|h| h.as_str()),
        ) else {
            continue;
        };
        let Ok(browser_ip) = browser.parse::<std::net::Ipv4Addr>() else {
            continue;
        };
        let Some(Host::RegName(_)) = UriRef::parse(input).ok().and_then(|u| u.host()) else {
            continue;
        };
        n += 1;
        let host = UriRef::parse(input).unwrap().host().unwrap();
        assert_eq!(
            urikit::security::host_address(host),
            Some(IpAddr::V4(browser_ip)),
            "{input:?}"
        );
        let codes: Vec<_> = check_str(input)
            .findings
            .iter()
            .map(|f| f.code.name())
            .collect();
        assert!(codes.contains(&"rare_ipv4_form"), "{input:?}: {codes:?}");
    }
    eprintln!("{n} WHATWG IPv4 number forms");
    assert!(n >= 10, "only {n}");
}
