//! proptest strategies that build URI references from the RFC 3986 grammar
//! (Appendix A), rule by rule, so generated inputs reach deep into the parser:
//! every host form (all nine `IPv6address` alternatives, `IPvFuture`,
//! `IPv4address` and near misses that are registered names), huge ports, deep
//! paths full of dot segments, queries and fragments.
//!
//! Every strategy named after an ABNF rule produces only strings matching that
//! rule; [`near_miss`] and [`bytes`] produce anything.
//!
//! ```ignore
//! mod common;
//! use common::gen;
//! proptest! { #[test] fn t(s in gen::uri_reference()) { /* ... */ } }
//! ```

use proptest::prelude::*;
use proptest::sample::select;

pub type S = BoxedStrategy<String>;

const ALPHA: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &[u8] = b"0123456789";
const HEXDIG: &[u8] = b"0123456789ABCDEFabcdef";
const UNRESERVED: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

/// One character of `set`.
fn one_of(set: &'static [u8]) -> S {
    select(set).prop_map(|b| char::from(b).to_string()).boxed()
}

/// `min..=max` repetitions of `s`, concatenated.
fn rep(s: S, min: usize, max: usize) -> S {
    prop::collection::vec(s, min..=max)
        .prop_map(|v| v.concat())
        .boxed()
}

/// `pct-encoded = "%" HEXDIG HEXDIG`, leaning towards the interesting octets
/// (encoded delimiters, `.`, `%`, non-ASCII).
pub fn pct_encoded() -> S {
    prop_oneof![
        (select(HEXDIG), select(HEXDIG)).prop_map(|(a, b)| format!(
            "%{}{}",
            char::from(a),
            char::from(b)
        )),
        select(&["%2E", "%2e", "%2F", "%25", "%3A", "%40", "%5B", "%00", "%C3%A9", "%FF"][..])
            .prop_map(String::from),
    ]
    .boxed()
}

/// `unreserved / pct-encoded / sub-delims` plus the given extra characters.
fn chars_with(extra: &'static [u8]) -> S {
    prop_oneof![
        6 => one_of(UNRESERVED),
        2 => one_of(SUB_DELIMS),
        1 => pct_encoded(),
        2 => if extra.is_empty() { one_of(UNRESERVED) } else { one_of(extra) },
    ]
    .boxed()
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub fn scheme() -> S {
    prop_oneof![
        2 => select(&["http", "https", "ftp", "file", "urn", "mailto", "HTTP", "a", "x+y-z.0"][..])
            .prop_map(String::from),
        1 => (one_of(ALPHA), rep(prop_oneof![one_of(ALPHA), one_of(DIGIT), one_of(b"+-.")].boxed(), 0, 8))
            .prop_map(|(a, b)| a + &b),
    ]
    .boxed()
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`.
pub fn userinfo() -> S {
    rep(chars_with(b":"), 0, 12)
}

/// `dec-octet`: 0 to 255 without leading zeros.
pub fn dec_octet() -> S {
    prop_oneof![
        any::<u8>(),
        select(&[0u8, 9, 10, 99, 100, 199, 200, 249, 250, 255][..])
    ]
    .prop_map(|v| v.to_string())
    .boxed()
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
pub fn ipv4address() -> S {
    (dec_octet(), dec_octet(), dec_octet(), dec_octet())
        .prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}"))
        .boxed()
}

/// `h16 = 1*4HEXDIG`.
pub fn h16() -> S {
    rep(one_of(HEXDIG), 1, 4)
}

/// `IPv6address`: all nine ABNF alternatives. Written as `before` groups, an
/// optional `::`, `after` groups, where with `::` there are at most seven
/// groups in all and without it exactly eight; the last two groups may be an
/// `IPv4address` (`ls32`).
pub fn ipv6address() -> S {
    (
        any::<bool>(),
        0usize..=7,
        0usize..=7,
        any::<bool>(),
        prop::collection::vec(h16(), 8),
        ipv4address(),
    )
        .prop_map(|(gap, before, after, v4, groups, ip)| {
            let (before, after) = if gap {
                (before, after.min(7 - before))
            } else {
                (8, 0)
            };
            let total = before + after;
            // ls32 as IPv4 replaces the last two groups when there are two.
            let v4 = v4 && if gap { after >= 2 } else { true };
            let mut parts: Vec<String> = groups[..total].to_vec();
            if v4 {
                parts.truncate(total - 2);
                parts.push(ip);
            }
            let n_before = if v4 && !gap { 6 } else { before };
            let (head, tail) = parts.split_at(n_before.min(parts.len()));
            if gap {
                format!("{}::{}", head.join(":"), tail.join(":"))
            } else {
                format!("{}:{}", head.join(":"), tail.join(":"))
                    .trim_end_matches(':')
                    .to_string()
            }
        })
        .boxed()
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub fn ipvfuture() -> S {
    (
        select(&["v", "V"][..]),
        rep(one_of(HEXDIG), 1, 3),
        rep(
            prop_oneof![one_of(UNRESERVED), one_of(SUB_DELIMS), one_of(b":")].boxed(),
            1,
            10,
        ),
    )
        .prop_map(|(v, h, rest)| format!("{v}{h}.{rest}"))
        .boxed()
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
pub fn ip_literal() -> S {
    prop_oneof![4 => ipv6address(), 1 => ipvfuture()]
        .prop_map(|s| format!("[{s}]"))
        .boxed()
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`, including the
/// dotted numbers that RFC 3986 reads as names, not IPv4 (`127.1`, `01.2.3.4`,
/// `1.2.3.256`).
pub fn reg_name() -> S {
    prop_oneof![
        3 => rep(chars_with(b"."), 0, 16),
        1 => select(&["example.com", "localhost", "127.1", "01.2.3.4", "1.2.3.256", "1.2.3.4.", "0x7f.1", ""][..])
            .prop_map(String::from),
    ]
    .boxed()
}

/// `host = IP-literal / IPv4address / reg-name`.
pub fn host() -> S {
    prop_oneof![2 => ip_literal(), 2 => ipv4address(), 3 => reg_name()].boxed()
}

/// `port = *DIGIT`: empty, small, leading zeros, past 65535, hundreds of digits.
pub fn port() -> S {
    prop_oneof![
        3 => any::<u16>().prop_map(|p| p.to_string()),
        1 => Just(String::new()),
        1 => select(&["0", "00080", "65535", "65536", "4294967296", "18446744073709551616"][..]).prop_map(String::from),
        1 => rep(one_of(DIGIT), 1, 300),
    ]
    .boxed()
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
pub fn authority() -> S {
    (
        prop::option::of(userinfo()),
        host(),
        prop::option::of(port()),
    )
        .prop_map(|(u, h, p)| {
            let mut s = String::new();
            if let Some(u) = u {
                s.push_str(&u);
                s.push('@');
            }
            s.push_str(&h);
            if let Some(p) = p {
                s.push(':');
                s.push_str(&p);
            }
            s
        })
        .boxed()
}

/// `segment = *pchar`, with plenty of dot segments (`.`, `..`, `%2E`).
pub fn segment() -> S {
    prop_oneof![
        4 => rep(chars_with(b":@"), 0, 6),
        3 => select(&[".", "..", "", "%2E", "%2e.", ".%2E", "..."][..]).prop_map(String::from),
    ]
    .boxed()
}

/// `segment-nz = 1*pchar`.
pub fn segment_nz() -> S {
    prop_oneof![
        rep(chars_with(b":@"), 1, 6),
        select(&[".", "..", "a:b"][..]).prop_map(String::from),
    ]
    .boxed()
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`.
pub fn segment_nz_nc() -> S {
    prop_oneof![
        rep(chars_with(b"@"), 1, 6),
        select(&[".", ".."][..]).prop_map(String::from),
    ]
    .boxed()
}

/// `*( "/" segment )`, up to `max` segments.
fn slash_segments(max: usize) -> S {
    prop::collection::vec(segment(), 0..=max)
        .prop_map(|v| v.iter().map(|s| format!("/{s}")).collect())
        .boxed()
}

/// `path-abempty = *( "/" segment )`; deep.
pub fn path_abempty() -> S {
    slash_segments(40)
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`.
pub fn path_absolute() -> S {
    prop::option::of((segment_nz(), slash_segments(30)))
        .prop_map(|o| match o {
            None => "/".to_string(),
            Some((a, b)) => format!("/{a}{b}"),
        })
        .boxed()
}

/// `path-rootless = segment-nz *( "/" segment )`.
pub fn path_rootless() -> S {
    (segment_nz(), slash_segments(30))
        .prop_map(|(a, b)| a + &b)
        .boxed()
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`.
pub fn path_noscheme() -> S {
    (segment_nz_nc(), slash_segments(30))
        .prop_map(|(a, b)| a + &b)
        .boxed()
}

/// `query = *( pchar / "/" / "?" )` (also `fragment`).
pub fn query() -> S {
    rep(chars_with(b":@/?"), 0, 16)
}

/// `fragment = *( pchar / "/" / "?" )`.
pub fn fragment() -> S {
    query()
}

fn suffix(with_fragment: bool) -> S {
    let frag = if with_fragment {
        prop::option::of(fragment()).boxed()
    } else {
        Just(None).boxed()
    };
    (prop::option::of(query()), frag)
        .prop_map(|(q, f)| {
            let mut s = String::new();
            if let Some(q) = q {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = f {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
        .boxed()
}

/// `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`.
pub fn hier_part() -> S {
    prop_oneof![
        4 => (authority(), path_abempty()).prop_map(|(a, p)| format!("//{a}{p}")),
        2 => path_absolute(),
        2 => path_rootless(),
        1 => Just(String::new()),
    ]
    .boxed()
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
pub fn uri() -> S {
    (scheme(), hier_part(), suffix(true))
        .prop_map(|(s, h, x)| format!("{s}:{h}{x}"))
        .boxed()
}

/// `absolute-URI = scheme ":" hier-part [ "?" query ]` (a base URI).
pub fn absolute_uri() -> S {
    (scheme(), hier_part(), suffix(false))
        .prop_map(|(s, h, x)| format!("{s}:{h}{x}"))
        .boxed()
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`.
pub fn relative_ref() -> S {
    let part = prop_oneof![
        3 => (authority(), path_abempty()).prop_map(|(a, p)| format!("//{a}{p}")),
        2 => path_absolute(),
        3 => path_noscheme(),
        1 => Just(String::new()),
    ];
    (part, suffix(true)).prop_map(|(p, x)| p + &x).boxed()
}

/// `URI-reference = URI / relative-ref`.
pub fn uri_reference() -> S {
    prop_oneof![uri(), relative_ref()].boxed()
}

/// A valid reference with one edit (a byte inserted, replaced or removed, from
/// a set rich in delimiters, `%`, brackets, controls and non-ASCII): mostly
/// invalid inputs that sit right next to valid ones.
pub fn near_miss() -> S {
    let byte = prop_oneof![
        select(
            &[
                ":",
                "/",
                "?",
                "#",
                "[",
                "]",
                "@",
                "%",
                "%4",
                " ",
                "\"",
                "<",
                "\\",
                "^",
                "|",
                "\u{0}",
                "\u{7f}",
                "é",
                "\u{10FFFF}"
            ][..]
        )
        .prop_map(String::from),
        any::<char>().prop_map(String::from),
    ];
    (uri_reference(), any::<prop::sample::Index>(), 0u8..3, byte)
        .prop_map(|(s, at, op, b)| {
            let mut cut = at.index(s.len() + 1);
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            let (head, tail) = s.split_at(cut);
            // `tail` without its first character.
            let rest = tail.char_indices().nth(1).map_or("", |(k, _)| &tail[k..]);
            match op {
                0 => format!("{head}{b}{tail}"),
                1 => format!("{head}{b}{rest}"),
                _ => format!("{head}{rest}"),
            }
        })
        .boxed()
}

/// Random bytes, read as text the way the fuzz targets do (lossy UTF-8).
pub fn bytes() -> S {
    prop::collection::vec(any::<u8>(), 0..200)
        .prop_map(|v| String::from_utf8_lossy(&v).into_owned())
        .boxed()
}
