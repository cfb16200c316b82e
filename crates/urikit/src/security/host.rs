//! Checks of the host: rare IPv4 forms, IPv6 literals carrying IPv4,
//! special-purpose addresses, percent-encoding and lookalikes in the host.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::net::{IpAddr, Ipv4Addr};
use core::ops::Range;

use super::classify::{classify, embedded_ipv4, AddressClass, Embedding};
use super::lenient::lookalike;
use super::rare_ip::{parse_inet_aton, parse_whatwg_ipv4};
use super::{clip, Code, Finding};
use crate::host::Host;
use crate::pct;
use crate::uri::UriRef;

/// Bytes that, decoded inside a host, would change where it ends or what it
/// names for a program that decodes before resolving.
const DELIMS: &[u8] = b"./\\@:?#[]";

pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Finding>) {
    let Some(auth) = uri.authority() else {
        return;
    };
    let Some(range) = uri.spans().host else {
        return;
    };
    let text = auth.host_str();
    match auth.host() {
        Host::Ipv4(a) => address(IpAddr::V4(a), text, &range, out),
        Host::Ipv6 { addr, .. } => {
            if let Some((how, v4)) = embedded_ipv4(addr) {
                let (code, what) = match how {
                    Embedding::Mapped => (Code::Ipv4MappedIpv6, "IPv4-mapped"),
                    _ => (Code::Ipv4CompatibleIpv6, "IPv4-compatible"),
                };
                out.push(Finding::new(
                    code,
                    range.clone(),
                    format!(
                        "the {what} IPv6 address {} is the IPv4 address {v4}",
                        clip(text)
                    ),
                ));
            }
            address(IpAddr::V6(addr), text, &range, out);
        }
        Host::IpvFuture(_) => {}
        Host::RegName(name) => reg_name(name, &range, out),
    }
}

/// The class findings of an address written `text`.
fn address(a: IpAddr, text: &str, range: &Range<usize>, out: &mut Vec<Finding>) {
    let class = classify(a);
    let code = match class {
        AddressClass::Global => return,
        AddressClass::Loopback => Code::LoopbackAddress,
        AddressClass::Private | AddressClass::Shared => Code::PrivateAddress,
        AddressClass::LinkLocal => Code::LinkLocalAddress,
        AddressClass::Unspecified | AddressClass::ThisNetwork => Code::UnspecifiedAddress,
        _ => Code::SpecialAddress,
    };
    let shown = match a {
        IpAddr::V4(v4) => format!("{v4}"),
        IpAddr::V6(v6) => format!("{v6}"),
    };
    let denotes = if shown == text || text.trim_matches(['[', ']']) == shown {
        String::new()
    } else {
        format!(" ({shown})")
    };
    out.push(Finding::new(
        code,
        range.clone(),
        format!(
            "the host {}{denotes} is a {} address",
            clip(text),
            class.name().replace('_', "-")
        ),
    ));
}

fn reg_name(name: &str, range: &Range<usize>, out: &mut Vec<Finding>) {
    let shown = clip(name);
    // What a program that decodes the host before resolving it would see.
    let decoded = pct::decode(name);
    let encoded = decoded.len() != name.len();
    if encoded {
        out.push(Finding::new(
            Code::PctEncodedHost,
            range.clone(),
            format!(
                "the host {shown} is percent-encoded; decoded it reads {:?}",
                clip(&String::from_utf8_lossy(&decoded))
            ),
        ));
        let b = name.as_bytes();
        let mut delims: Vec<u8> = (0..b.len())
            .filter_map(|i| pct::triplet_at(b, i))
            .filter(|v| DELIMS.contains(v))
            .collect();
        delims.sort_unstable();
        delims.dedup();
        if !delims.is_empty() {
            let hidden: String = delims.iter().map(|&b| b as char).collect();
            out.push(Finding::new(
                Code::EncodedDelimiterInHost,
                range.clone(),
                format!(
                    "the host {shown} hides the delimiter(s) {hidden:?} behind percent-encoding"
                ),
            ));
        }
    }
    let text = String::from_utf8_lossy(&decoded);
    if let Some((c, looks)) = text.chars().find_map(|c| Some((c, lookalike(c)?))) {
        out.push(Finding::new(
            Code::LookalikeCharacter,
            range.clone(),
            format!(
                "the host decodes to U+{:04X} {c:?}, which looks like {looks:?}",
                u32::from(c)
            ),
        ));
    } else if !text.is_ascii() {
        out.push(Finding::new(
            Code::NonAsciiHost,
            range.clone(),
            format!(
                "the host decodes to the non-ASCII name {:?} (a possible homograph)",
                clip(&text)
            ),
        ));
    }
    if text
        .split('.')
        .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
    {
        out.push(Finding::new(
            Code::PunycodeHost,
            range.clone(),
            format!("the host {shown} has a punycode (xn--) label: an internationalized name"),
        ));
    }
    let read = match parse_inet_aton(&text) {
        Ok(a) => Some((a, "inet_aton() and browsers")),
        Err(_) => parse_whatwg_ipv4(&text)
            .ok()
            .map(|a| (a, "browsers (WHATWG)")),
    };
    if let Some((a, who)) = read {
        let how = if encoded { ", once decoded," } else { "" };
        out.push(Finding::new(
            Code::RareIpv4Form,
            range.clone(),
            format!(
                "the host {shown}{how} is read by {who} as the IPv4 address {} ({:#010x}); RFC 3986 reads it as a name",
                a.addr(),
                a.value()
            ),
        ));
        address(IpAddr::V4(a.addr()), name, range, out);
        return;
    }
    let lower = text.trim_end_matches('.').to_ascii_lowercase();
    if lower == "localhost" || lower.ends_with(".localhost") {
        out.push(Finding::new(
            Code::LoopbackAddress,
            range.clone(),
            format!(
                "the host {shown} names the local host ({}, RFC 6761)",
                Ipv4Addr::LOCALHOST
            ),
        ));
    }
}
