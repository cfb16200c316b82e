//! The canonicalization steps, each a function over a [`ParsedUrl`]. The
//! pipeline in `mod.rs` calls the ones a [`Canonicalizer`](super::Canonicalizer)
//! turns on, in a fixed order. A step leaves a field borrowed when it has
//! nothing to change.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::net::Ipv4Addr;

use super::parse::{is_tab_or_newline, kind_of, parse_ip, Kind, ParsedUrl};
use crate::pct::triplet_at;
use crate::scan::find_byte;
use crate::security::rare_ip::parse_inet_aton;
use crate::table::{Table, UPPER_HEX};
use crate::whatwg::EncodeSet;

/// Replaces `field` by `f`'s answer when it has one (`None`: unchanged).
fn rewrite<'a>(field: &mut Cow<'a, [u8]>, f: impl FnOnce(&[u8]) -> Option<Vec<u8>>) {
    if let Some(new) = f(field) {
        *field = Cow::Owned(new);
    }
}

/// Sets `field` to the `len`-byte prefix of itself.
fn truncate(field: &mut Cow<'_, [u8]>, len: usize) {
    match field {
        Cow::Borrowed(b) => *b = &b[..len],
        Cow::Owned(v) => v.truncate(len),
    }
}

/// Sets `field` to its bytes from `start` on.
fn drop_prefix(field: &mut Cow<'_, [u8]>, start: usize) {
    match field {
        Cow::Borrowed(b) => *b = &b[start..],
        Cow::Owned(v) => {
            v.drain(..start);
        }
    }
}

// ---------------------------------------------------------------------------
// Percent-encode sets. Each is the set of bytes KEPT (a byte outside ASCII
// is never kept); the comment gives the set encoded, as its source states it.
// ---------------------------------------------------------------------------

const PRINTABLE: Table = Table::range(0x21, 0x7e);

/// Google Safe Browsing: "percent-escape all characters that are <= ASCII
/// 32, >= 127, "#", or "%"" (also the `surt` package's `escapeOnce`).
pub(crate) const GOOGLE_KEEP: Table = PRINTABLE.minus(Table::new(b"#%"));
/// The bytes that would end a host or userinfo when the URL is read again
/// (after decoding put them there): encoded there too, so that
/// canonicalization is idempotent.
const AUTHORITY_DELIMITERS: Table = Table::new(b"/\\?#@:[]");
/// The Google set in a host or port, with the delimiters.
const GOOGLE_HOST_KEEP: Table = GOOGLE_KEEP.minus(AUTHORITY_DELIMITERS);
/// urlcanon's `less_dumb_pct_encode` userinfo set (the Google set and `:`
/// `@`), with the other delimiters.
const USERINFO_KEEP: Table = GOOGLE_KEEP.minus(AUTHORITY_DELIMITERS);
/// urlcanon's `less_dumb_pct_encode` path set: the Google set and `?` (a
/// decoded `?` would start a query when the URL is read again).
pub(crate) const PATH_KEEP: Table = GOOGLE_KEEP.minus(Table::new(b"?"));
/// urlcanon's `less_dumb_pct_recode_query`, a query key or value: the
/// Google set and `&` `=`.
const MINIMAL_QUERY_TOKEN_KEEP: Table = GOOGLE_KEEP.minus(Table::new(b"&="));
/// urlcanon's `whatwg` host set ("a hack", it says, for hosts with `%20`):
/// C0 controls, space, and everything above U+007E; and the delimiters. A
/// `%` is encoded when a triplet follows it (the host is decoded once per
/// pass: `%2525` stays `%2525`). The URL Standard's own sets are
/// [`EncodeSet`]'s.
const URLCANON_HOST_KEEP: Table = PRINTABLE.minus(AUTHORITY_DELIMITERS);

/// Percent-encodes the bytes of `field` outside `keep` (uppercase hex).
pub(crate) fn encode(field: &mut Cow<'_, [u8]>, keep: &Table) {
    rewrite(field, |b| {
        let first = b.iter().position(|&c| !keep.contains(c))?;
        let mut out = b.to_vec();
        encode_tail(&mut out, first, keep);
        Some(out)
    });
}

/// Percent-encodes, in place, the bytes of `out[from..]` outside `keep`
/// (uppercase hex): the tail grows by two bytes for each, filled from its end.
pub(crate) fn encode_tail(out: &mut Vec<u8>, from: usize, keep: &Table) {
    let extra = 2 * out[from..].iter().filter(|&&c| !keep.contains(c)).count();
    if extra == 0 {
        return;
    }
    let old = out.len();
    out.resize(old + extra, 0);
    let mut w = out.len();
    for r in (from..old).rev() {
        let c = out[r];
        if keep.contains(c) {
            w -= 1;
            out[w] = c;
        } else {
            w -= 3;
            out[w..w + 3].copy_from_slice(&[
                b'%',
                UPPER_HEX[usize::from(c >> 4)],
                UPPER_HEX[usize::from(c & 15)],
            ]);
        }
    }
}

/// The index of the first `%XX` triplet of `b`.
fn first_triplet(b: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = find_byte(&b[from..], b'%') {
        let i = from + k;
        if triplet_at(b, i).is_some() {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// Decodes every `%XX` triplet once (Python's `unquote_to_bytes`); `None`
/// when there is none.
fn decode_once(b: &[u8]) -> Option<Vec<u8>> {
    first_triplet(b)?;
    Some(crate::pct::decode_bytes(b).into_owned())
}

/// Decodes `%XX` triplets until none is left (the `surt` package's
/// `unescapeRepeatedly`: `%25%32%35` gives `%`); `None` when there is none.
pub(crate) fn decode_repeatedly(b: &[u8]) -> Option<Vec<u8>> {
    first_triplet(b)?;
    let mut out = Vec::with_capacity(b.len());
    decode_repeatedly_onto(b, &mut out);
    Some(out)
}

/// Appends `b` to `out` decoded as [`decode_repeatedly`] does, in one pass:
/// each byte written is checked for completing a new triplet at the end of
/// what was appended.
pub(crate) fn decode_repeatedly_onto(b: &[u8], out: &mut Vec<u8>) {
    let from = out.len();
    // Up to the first `%` as it is.
    let mut i = find_byte(b, b'%').unwrap_or(b.len());
    out.extend_from_slice(&b[..i]);
    while i < b.len() {
        match triplet_at(b, i) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
        // A byte written may end a new triplet: decode it, and again.
        while out.len() - from >= 3 {
            let k = out.len() - 3;
            match triplet_at(out, k) {
                Some(v) => {
                    out.truncate(k);
                    out.push(v);
                }
                None => break,
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The steps.
// ---------------------------------------------------------------------------

/// Removes the leading and trailing junk.
pub(crate) fn remove_junk(url: &mut ParsedUrl<'_>) {
    url.leading_junk = Cow::Borrowed(&[]);
    url.trailing_junk = Cow::Borrowed(&[]);
}

/// Removes tabs, CR and LF from every field (WHATWG: "remove all ASCII tab
/// or newline from input").
pub(crate) fn remove_tabs_and_newlines(url: &mut ParsedUrl<'_>) {
    let strip = |b: &[u8]| {
        b.iter().any(|&c| is_tab_or_newline(c)).then(|| {
            b.iter()
                .copied()
                .filter(|&c| !is_tab_or_newline(c))
                .collect()
        })
    };
    for field in [
        &mut url.leading_junk,
        &mut url.scheme,
        &mut url.slashes,
        &mut url.username,
        &mut url.password,
        &mut url.host,
        &mut url.port,
        &mut url.path,
        &mut url.query,
        &mut url.fragment,
        &mut url.trailing_junk,
    ] {
        rewrite(field, strip);
    }
}

/// Reads the slashes, authority and path again as those of the URL's
/// (new) scheme.
fn reparse_pathish(url: &mut ParsedUrl<'_>) {
    let mut pathish = url.slashes.to_vec();
    pathish.extend_from_slice(&url.authority());
    pathish.extend_from_slice(&url.path);
    let mut again = ParsedUrl {
        scheme: Cow::Borrowed(&url.scheme),
        ..ParsedUrl::default()
    };
    again.parse_pathish(&pathish);
    url.slashes = Cow::Owned(again.slashes.into_owned());
    url.username = Cow::Owned(again.username.into_owned());
    url.colon_before_password = again.colon_before_password;
    url.password = Cow::Owned(again.password.into_owned());
    url.at_sign = again.at_sign;
    url.host = Cow::Owned(again.host.into_owned());
    url.ip4 = again.ip4;
    url.ip6 = again.ip6;
    url.colon_before_port = again.colon_before_port;
    url.port = Cow::Owned(again.port.into_owned());
    url.path = Cow::Owned(again.path.into_owned());
}

/// A URL without a scheme gets `http:`, and what follows is read again as an
/// `http` URL's (`www.example.com/a` has the host `www.example.com`).
pub(crate) fn default_scheme_http(url: &mut ParsedUrl<'_>) {
    if url.scheme.is_empty() {
        url.scheme = Cow::Borrowed(b"http");
        url.colon_after_scheme = true;
        reparse_pathish(url);
    }
}

/// The `surt` package's repeated-scheme repair: `http://https://host/` is
/// `https://host/` (`^(https?://)+` keeps the last).
pub(crate) fn collapse_http_prefixes(url: &mut ParsedUrl<'_>) {
    let is_http = |s: &[u8]| s == b"http" || s == b"https";
    while (url.scheme.eq_ignore_ascii_case(b"http") || url.scheme.eq_ignore_ascii_case(b"https"))
        && &*url.slashes == b"//"
        && is_http(&url.host)
        && url.colon_before_port
        && url.port.is_empty()
        && !url.at_sign
        && url.path.starts_with(b"//")
    {
        url.scheme = Cow::Owned(url.host.to_vec());
        url.host = Cow::Borrowed(&[]);
        url.colon_before_port = false;
        url.slashes = Cow::Borrowed(&[]);
        reparse_pathish(url);
    }
}

/// Lowercases the ASCII letters of a piece.
fn lowercase(field: &mut Cow<'_, [u8]>) {
    rewrite(field, |b| {
        b.iter()
            .any(u8::is_ascii_uppercase)
            .then(|| b.to_ascii_lowercase())
    });
}

/// Lowercases the scheme.
pub(crate) fn lowercase_scheme(url: &mut ParsedUrl<'_>) {
    lowercase(&mut url.scheme);
}

/// Which default ports a canonicalizer removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultPort {
    /// Keep every port.
    Keep,
    /// The WHATWG special schemes' (`ftp` 21, `gopher` 70, `http` and `ws` 80,
    /// `https` and `wss` 443), and an empty port.
    Special,
    /// `http` 80 and `https` 443 only (the `surt` package's
    /// `IAURLCanonicalizer`), and an empty port.
    Http,
    /// Every port (Google Safe Browsing's worked examples drop `:1234`).
    All,
}

/// Removes the port the scheme implies (and an empty one, with its `:`).
pub(crate) fn default_port(url: &mut ParsedUrl<'_>, which: DefaultPort) {
    let default = match (which, kind_of(&url.scheme)) {
        (DefaultPort::Keep, _) => return,
        (DefaultPort::All, _) => None,
        (DefaultPort::Special, Kind::Special(p)) => Some(p.as_bytes()),
        (DefaultPort::Http, _) => match &*url.scheme {
            b"http" => Some(&b"80"[..]),
            b"https" => Some(&b"443"[..]),
            _ => Some(&b""[..]),
        },
        (DefaultPort::Special, _) => Some(&b""[..]),
    };
    if default.map_or(true, |d| url.port.is_empty() || *url.port == *d) {
        url.colon_before_port = false;
        url.port = Cow::Borrowed(&[]);
    }
}

/// What a canonicalizer does with a userinfo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Userinfo {
    /// Keep it as it is.
    Keep,
    /// Drop an empty password's `:`, and the `@` of an empty userinfo
    /// (urlcanon's `clean_up_userinfo`, as the WHATWG serializer does).
    CleanUp,
    /// Remove it.
    Remove,
}

/// Applies a [`Userinfo`] choice.
pub(crate) fn userinfo(url: &mut ParsedUrl<'_>, which: Userinfo) {
    match which {
        Userinfo::Keep => {}
        Userinfo::CleanUp => {
            if url.password.is_empty() {
                url.colon_before_password = false;
                if url.username.is_empty() {
                    url.at_sign = false;
                }
            }
        }
        Userinfo::Remove => {
            url.username = Cow::Borrowed(&[]);
            url.password = Cow::Borrowed(&[]);
            url.colon_before_password = false;
            url.at_sign = false;
        }
    }
}

/// `//` after the scheme of a URL with slashes or an authority, and of every
/// special scheme's URL (urlcanon: of `file` URLs; an `http:` URL's `/path`
/// would otherwise be read as slashes the next time).
pub(crate) fn two_slashes(url: &mut ParsedUrl<'_>) {
    if (!url.slashes.is_empty() || url.has_authority() || kind_of(&url.scheme) != Kind::Other)
        && *url.slashes != *b"//"
    {
        url.slashes = Cow::Borrowed(b"//");
    }
}

/// Which fields a canonicalizer percent-decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decode {
    /// None.
    None,
    /// The host of a special scheme, once (WHATWG host parsing).
    Host,
    /// Every field until no `%XX` is left (Google Safe Browsing: "repeatedly
    /// percent-unescape the URL until it has no more percent-escapes").
    Repeatedly,
    /// Every field but the query, until no `%XX` is left (urlcanon's
    /// `semantic_precise`, which re-encodes the query apart).
    RepeatedlyExceptQuery,
}

/// Applies a [`Decode`] choice.
pub(crate) fn decode(url: &mut ParsedUrl<'_>, which: Decode) {
    match which {
        Decode::None => {}
        Decode::Host => {
            if kind_of(&url.scheme) != Kind::Other {
                rewrite(&mut url.host, decode_once);
            }
        }
        Decode::Repeatedly | Decode::RepeatedlyExceptQuery => {
            for field in [
                &mut url.username,
                &mut url.password,
                &mut url.host,
                &mut url.port,
                &mut url.path,
                &mut url.fragment,
            ] {
                rewrite(field, decode_repeatedly);
            }
            if which == Decode::Repeatedly {
                rewrite(&mut url.query, decode_repeatedly);
            }
        }
    }
}

/// `\` is `/` in the slashes and path of a special scheme's URL.
pub(crate) fn fix_backslashes(url: &mut ParsedUrl<'_>) {
    if kind_of(&url.scheme) == Kind::Other {
        return;
    }
    let fix = |b: &[u8]| {
        b.contains(&b'\\').then(|| {
            b.iter()
                .map(|&c| if c == b'\\' { b'/' } else { c })
                .collect()
        })
    };
    rewrite(&mut url.slashes, fix);
    rewrite(&mut url.path, fix);
}

/// Google Safe Browsing's host dots: "Remove all leading and trailing dots.
/// Replace consecutive dots with a single dot."
/// Whether the host changed.
pub(crate) fn fix_host_dots(url: &mut ParsedUrl<'_>) -> bool {
    let mut changed = false;
    rewrite(&mut url.host, |b| {
        let bad =
            b.first() == Some(&b'.') || b.last() == Some(&b'.') || b.windows(2).any(|w| w == b"..");
        bad.then(|| {
            let mut out = Vec::with_capacity(b.len());
            for label in b.split(|&c| c == b'.').filter(|l| !l.is_empty()) {
                if !out.is_empty() {
                    out.push(b'.');
                }
                out.extend_from_slice(label);
            }
            changed = true;
            out
        })
    });
    changed
}

/// The URL Standard's domain to ASCII ([`crate::whatwg::host::domain_to_ascii`]:
/// UTS #46 nontransitional, `faß.example` gives `xn--fa-hia.example`) for
/// the host of a special scheme. A host it refuses (a forbidden code point,
/// bytes that are not UTF-8) is left as it is but for its ASCII letters,
/// lowercased, as urlcanon's fallback does. Whether the host changed other than by case.
pub(crate) fn idna(url: &mut ParsedUrl<'_>) -> bool {
    if url.host.is_empty() || kind_of(&url.scheme) == Kind::Other || url.host[0] == b'[' {
        return false;
    }
    // Lowercase letters, digits, `-` and `.`, no `xn--` label: nothing to do.
    let plain = url
        .host
        .iter()
        .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' || c == b'.');
    if plain && !url.host.windows(4).any(|w| w.eq_ignore_ascii_case(b"xn--")) {
        return false;
    }
    match crate::whatwg::host::domain_to_ascii(&url.host) {
        Ok(ascii) => {
            let changed = !ascii.as_bytes().eq_ignore_ascii_case(&url.host);
            if ascii.as_bytes() != &*url.host {
                url.host = Cow::Owned(ascii.into_owned().into_bytes());
            }
            changed
        }
        Err(_) => {
            lowercase_host(url);
            false
        }
    }
}

/// Lowercases the host's ASCII letters.
pub(crate) fn lowercase_host(url: &mut ParsedUrl<'_>) {
    lowercase(&mut url.host);
}

/// How a canonicalizer reads and writes IP addresses in the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ip {
    /// Leave the host as it is.
    Keep,
    /// The WHATWG number forms (`0x7f.1`, `2130706433`, `192.0x00A80001`,
    /// one final dot) give dotted decimal; a bracketed IPv6 address its
    /// RFC 5952 form (urlcanon's `reparse_host` and `normalize_ip_address`).
    Whatwg,
    /// The `surt` package's `attemptIPFormats`: a host of digits only is a
    /// 32-bit number (higher bits dropped, as for the Wayback Machine's
    /// live-web records); dotted decimal or octal forms are read by
    /// `inet_aton`; hex forms are names.
    Ia,
}

/// Applies an [`Ip`] choice.
pub(crate) fn ip(url: &mut ParsedUrl<'_>, which: Ip) {
    match which {
        Ip::Keep => {}
        Ip::Whatwg => {
            (url.ip4, url.ip6) = parse_ip(&url.host);
            if let Some(v) = url.ip4 {
                if crate::host::parse_ipv4(&url.host).is_none() {
                    url.host = Cow::Owned(dotted(v));
                }
            } else if let Some(a) = url.ip6 {
                let mut text = alloc::string::String::from("[");
                crate::whatwg::host::write_ipv6(&mut text, a);
                text.push(']');
                if text.as_bytes() != &*url.host {
                    url.host = Cow::Owned(text.into_bytes());
                }
            }
        }
        Ip::Ia => {
            let h = &*url.host;
            let value = if !h.is_empty() && h.iter().all(u8::is_ascii_digit) {
                // Digits only: the number modulo 2^32.
                Some(h.iter().fold(0u32, |v, &c| {
                    v.wrapping_mul(10).wrapping_add(u32::from(c - b'0'))
                }))
            } else if h.first().is_some_and(u8::is_ascii_digit)
                && h.iter().all(|&c| c.is_ascii_digit() || c == b'.')
            {
                core::str::from_utf8(h)
                    .ok()
                    .and_then(|s| parse_inet_aton(s).ok())
                    .map(|a| a.value())
            } else {
                None
            };
            url.ip4 = value;
            if let Some(v) = value {
                if crate::host::parse_ipv4(&url.host).is_none() {
                    url.host = Cow::Owned(dotted(v));
                }
            }
        }
    }
}

/// An IPv4 address in dotted decimal.
fn dotted(v: u32) -> Vec<u8> {
    alloc::format!("{}", Ipv4Addr::from(v)).into_bytes()
}

/// The host without `www.`, `www2.`, `www34.`...: `^www\d*\.` (urlcanon's
/// `strip_www`, the `surt` package's `massageHost`; not for `dns:` URLs).
/// Whether it removed anything.
pub(crate) fn strip_www(url: &mut ParsedUrl<'_>) -> bool {
    if &*url.scheme == b"dns" {
        return false;
    }
    let mut removed = false;
    // Again while it matches (`www.www.x`), so that the result is stable.
    loop {
        let h = &*url.host;
        if !h.starts_with(b"www") {
            return removed;
        }
        let digits = h[3..].iter().take_while(|c| c.is_ascii_digit()).count();
        if h.get(3 + digits) != Some(&b'.') {
            return removed;
        }
        drop_prefix(&mut url.host, 4 + digits);
        removed = true;
    }
}

/// Which percent-encode sets a canonicalizer applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encode {
    /// None.
    None,
    /// The URL Standard's sets ([`EncodeSet`]) as urlcanon's `whatwg` applies
    /// them: userinfo set; path set for a special scheme's path or one
    /// starting with `/`, otherwise the C0 control set; query set (also for
    /// special schemes: urlcanon predates the special-query set); C0 control
    /// set for the fragment (urlcanon predates the fragment set); and for the
    /// host C0 controls, space and non-ASCII.
    Whatwg,
    /// Google Safe Browsing's, everywhere: bytes <= 0x20, >= 0x7F, `#`,
    /// `%`; and what decoding put in a piece that would end it when the URL
    /// is read again: `?` in the path; `/` `\` `?` `@` `:` `[` `]` in the userinfo,
    /// host (not an IPv6 literal) and port.
    Google,
    /// urlcanon's `less_dumb_pct_encode`: as [`Encode::Google`] (whose extra
    /// bytes are urlcanon's for the userinfo and path), but each query key
    /// and value is decoded repeatedly and encoded with the Google set plus
    /// `&` `=`.
    Minimal,
}

/// Applies an [`Encode`] choice.
pub(crate) fn encode_all(url: &mut ParsedUrl<'_>, which: Encode) {
    match which {
        Encode::None => {}
        Encode::Whatwg => {
            let special = kind_of(&url.scheme) != Kind::Other;
            if url.ip6.is_none() && special {
                rewrite(&mut url.host, |h| {
                    (0..h.len()).any(|i| triplet_at(h, i).is_some()).then(|| {
                        let mut out = Vec::with_capacity(h.len() + 4);
                        for (i, &c) in h.iter().enumerate() {
                            if triplet_at(h, i).is_some() {
                                out.extend_from_slice(b"%25");
                            } else {
                                out.push(c);
                            }
                        }
                        out
                    })
                });
            }
            if url.ip6.is_none() {
                encode(&mut url.host, &URLCANON_HOST_KEEP.with(b'%'));
            }
            encode(&mut url.port, &URLCANON_HOST_KEEP.with(b'%'));
            let path_set = if url.path.first() == Some(&b'/') || special {
                EncodeSet::Path
            } else {
                EncodeSet::C0Control
            };
            encode(&mut url.path, &path_set.keep());
            encode(&mut url.username, &EncodeSet::Userinfo.keep());
            encode(&mut url.password, &EncodeSet::Userinfo.keep());
            encode(&mut url.query, &EncodeSet::Query.keep());
            encode(&mut url.fragment, &EncodeSet::C0Control.keep());
        }
        Encode::Google | Encode::Minimal => {
            encode(&mut url.scheme, &GOOGLE_KEEP);
            if url.ip6.is_none() {
                encode(&mut url.host, &GOOGLE_HOST_KEEP);
            }
            encode(&mut url.port, &GOOGLE_HOST_KEEP);
            encode(&mut url.username, &USERINFO_KEEP);
            encode(&mut url.password, &USERINFO_KEEP);
            encode(&mut url.path, &PATH_KEEP);
            encode(&mut url.fragment, &GOOGLE_KEEP);
            if which == Encode::Google {
                encode(&mut url.query, &GOOGLE_KEEP);
            } else {
                recode_query(url);
            }
        }
    }
}

/// urlcanon's `less_dumb_pct_recode_query`: each key and value (split at
/// `&`, then at the first `=`) decoded repeatedly and encoded with the Google
/// set plus `&` `=`, so that `%26` and `%3D` stay data.
fn recode_query(url: &mut ParsedUrl<'_>) {
    rewrite(&mut url.query, |q| {
        if !q
            .iter()
            .any(|&c| c == b'%' || !MINIMAL_QUERY_TOKEN_KEEP.contains(c) && c != b'&' && c != b'=')
        {
            return None;
        }
        let mut out = Vec::with_capacity(q.len() + 8);
        for (k, param) in q.split(|&c| c == b'&').enumerate() {
            if k > 0 {
                out.push(b'&');
            }
            let (key, value) = match param.iter().position(|&c| c == b'=') {
                Some(e) => (&param[..e], Some(&param[e + 1..])),
                None => (param, None),
            };
            for (j, token) in core::iter::once(key).chain(value).enumerate() {
                if j > 0 {
                    out.push(b'=');
                }
                let mut t = Cow::Borrowed(token);
                rewrite(&mut t, decode_repeatedly);
                encode(&mut t, &MINIMAL_QUERY_TOKEN_KEEP);
                out.extend_from_slice(&t);
            }
        }
        Some(out)
    });
}

/// A `/` before the path of a special scheme's URL that has none.
pub(crate) fn leading_slash(url: &mut ParsedUrl<'_>) {
    if kind_of(&url.scheme) != Kind::Other && url.path.first() != Some(&b'/') {
        let mut p = Vec::with_capacity(url.path.len() + 1);
        p.push(b'/');
        p.extend_from_slice(&url.path);
        url.path = Cow::Owned(p);
    }
}

/// How a canonicalizer resolves `.` and `..` segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathDots {
    /// Leave them.
    Keep,
    /// As browsers do (urlcanon's `resolve_path_dots`, checked against
    /// browsers): in a path starting with `/` (or `\` for a special scheme),
    /// `.` and `..` segments, also spelled `%2e`, are resolved; `..` never
    /// goes above the root.
    Browser,
    /// The `surt` package's `normalizePath` (for URLs with a host): `.` and
    /// `..` resolved, empty segments dropped except a final one, a `..` with
    /// nothing to remove kept, an empty path written `/`.
    Ia,
}

/// Whether a segment is `.` (1) or `..` (2), also spelled `%2e`.
fn dots(segment: &[u8]) -> u8 {
    let mut n = 0;
    let mut i = 0;
    while i < segment.len() {
        if segment[i] == b'.' {
            i += 1;
        } else if segment[i] == b'%'
            && segment.len() >= i + 3
            && segment[i + 1] == b'2'
            && segment[i + 2] | 0x20 == b'e'
        {
            i += 3;
        } else {
            return 0;
        }
        n += 1;
        if n > 2 {
            return 0;
        }
    }
    n
}

/// Applies a [`PathDots`] choice.
pub(crate) fn path_dots(url: &mut ParsedUrl<'_>, which: PathDots) {
    match which {
        PathDots::Keep => {}
        PathDots::Browser => {
            let special = kind_of(&url.scheme) != Kind::Other;
            rewrite(&mut url.path, |p| resolve_path_dots(p, special));
        }
        PathDots::Ia => {
            if !url.host.is_empty() {
                rewrite(&mut url.path, ia_normalize_path);
            }
        }
    }
}

/// urlcanon's `resolve_path_dots`: the path as alternating separators and
/// segments; a dot segment is dropped with the separator after it, a `..`
/// also drops the separator and segment before it (never the first
/// separator). `None` when nothing changes.
pub(crate) fn resolve_path_dots(path: &[u8], special: bool) -> Option<Vec<u8>> {
    let is_sep = |c: u8| c == b'/' || special && c == b'\\';
    if !path.first().is_some_and(|&c| is_sep(c)) {
        return None;
    }
    // Quick check: any segment that is a dot segment?
    let has_dots = path.split(|&c| is_sep(c)).skip(1).any(|s| dots(s) > 0);
    if !has_dots {
        return None;
    }
    // Pieces: (start, end) of separators and segments, alternating, starting
    // with a separator.
    let mut kept: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    let mut skip_next_separator = false;
    while i < path.len() {
        // A separator at i.
        if skip_next_separator {
            skip_next_separator = false;
        } else {
            kept.push((i, i + 1));
        }
        i += 1;
        let end = path[i..]
            .iter()
            .position(|&c| is_sep(c))
            .map_or(path.len(), |k| i + k);
        let segment = &path[i..end];
        match dots(segment) {
            0 => kept.push((i, end)),
            n => {
                if n == 2 {
                    if kept.len() > 1 {
                        kept.pop();
                    }
                    if kept.len() > 1 {
                        kept.pop();
                    }
                }
                skip_next_separator = true;
            }
        }
        i = end;
    }
    Some(
        kept.iter()
            .flat_map(|&(s, e)| path[s..e].iter().copied())
            .collect(),
    )
}

/// Whether `normalizePath` leaves `path` as it is: it starts with `/` and has
/// no `.` or `..` segment and no empty segment but a final one.
pub(crate) fn ia_path_is_clean(path: &[u8]) -> bool {
    path.first() == Some(&b'/')
        && !path[1..]
            .split(|&c| c == b'/')
            .any(|s| s == b"." || s == b"..")
        && !path.windows(2).any(|w| w == b"//")
}

/// The `surt` package's `normalizePath` (see [`PathDots::Ia`]).
fn ia_normalize_path(path: &[u8]) -> Option<Vec<u8>> {
    if path.is_empty() {
        return Some(alloc::vec![b'/']);
    }
    if ia_path_is_clean(path) {
        return None;
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for s in path.split(|&c| c == b'/').skip(1) {
        match s {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(s);
                }
            }
            _ => kept.push(s),
        }
    }
    let mut out = alloc::vec![b'/'];
    if let Some((last, rest)) = kept.split_last() {
        for s in rest.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(s);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    (out != path).then_some(out)
}

/// As the URL Standard's serializer does: a path that starts with `//`
/// (after dots or decoding) where no authority precedes it gets `/.` before
/// it, or it would be read as an authority (`foo:/.//x`).
pub(crate) fn protect_path(url: &mut ParsedUrl<'_>) {
    if url.slashes.is_empty()
        && !url.has_authority()
        && url.path.starts_with(b"//")
        && kind_of(&url.scheme) == Kind::Other
    {
        let mut p = b"/.".to_vec();
        p.extend_from_slice(&url.path);
        url.path = Cow::Owned(p);
    }
}

/// Runs of `/` in the path of a special scheme's URL become one `/`.
pub(crate) fn collapse_consecutive_slashes(url: &mut ParsedUrl<'_>) {
    if kind_of(&url.scheme) == Kind::Other {
        return;
    }
    rewrite(&mut url.path, |p| {
        p.windows(2).any(|w| w == b"//").then(|| {
            let mut out = Vec::with_capacity(p.len());
            for &c in p {
                if !(c == b'/' && out.last() == Some(&b'/')) {
                    out.push(c);
                }
            }
            out
        })
    });
}

/// An empty path of a special scheme's URL with an authority is `/`.
pub(crate) fn empty_path_to_slash(url: &mut ParsedUrl<'_>) {
    if url.path.is_empty() && url.has_authority() && kind_of(&url.scheme) != Kind::Other {
        url.path = Cow::Borrowed(b"/");
    }
}

/// Lowercases the path's ASCII letters.
pub(crate) fn lowercase_path(url: &mut ParsedUrl<'_>) {
    lowercase(&mut url.path);
}

/// Lowercases the query's ASCII letters.
pub(crate) fn lowercase_query(url: &mut ParsedUrl<'_>) {
    lowercase(&mut url.query);
}

/// Removes every final `/` of the path but one that is the whole path
/// (`/a//` gives `/a`, `//` gives `/`).
pub(crate) fn strip_trailing_slash(url: &mut ParsedUrl<'_>) {
    let p = &*url.path;
    if p.len() > 1 && p.last() == Some(&b'/') {
        let keep = p.iter().rposition(|&c| c != b'/').map_or(1, |k| k + 1);
        truncate(&mut url.path, keep);
    }
}

/// `https` becomes `http`.
pub(crate) fn https_to_http(url: &mut ParsedUrl<'_>) -> bool {
    let https = *url.scheme == *b"https";
    if https {
        url.scheme = Cow::Borrowed(b"http");
    }
    https
}

/// Removes the fragment and its `#`.
pub(crate) fn remove_fragment(url: &mut ParsedUrl<'_>) {
    url.hash_sign = false;
    url.fragment = Cow::Borrowed(&[]);
}

/// Removes empty parameters: `&` at the ends of the query, runs of `&`.
pub(crate) fn remove_redundant_ampersands(url: &mut ParsedUrl<'_>) {
    rewrite(&mut url.query, |q| {
        let bad =
            q.first() == Some(&b'&') || q.last() == Some(&b'&') || q.windows(2).any(|w| w == b"&&");
        bad.then(|| {
            let mut out = Vec::with_capacity(q.len());
            for p in q.split(|&c| c == b'&').filter(|p| !p.is_empty()) {
                if !out.is_empty() {
                    out.push(b'&');
                }
                out.extend_from_slice(p);
            }
            out
        })
    });
}

/// An empty query loses its `?`.
pub(crate) fn omit_empty_query(url: &mut ParsedUrl<'_>) {
    if url.query.is_empty() {
        url.question_mark = false;
    }
}

/// How a canonicalizer orders the query's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuerySort {
    /// Keep the order.
    Keep,
    /// Sort the `&`-separated parameters as byte strings (urlcanon's
    /// `alpha_reorder_query`).
    Params,
    /// Sort by key, then a parameter without `=` before one with, then by
    /// value (the `surt` package's `alphaReorderQuery`, which sorts
    /// `(key, value)` tuples).
    KeyValue,
}

/// A parameter as the `surt` package sorts it: key, whether it has a `=`, value.
pub(crate) fn key_value(p: &[u8]) -> (&[u8], bool, &[u8]) {
    match p.iter().position(|&c| c == b'=') {
        Some(e) => (&p[..e], true, &p[e + 1..]),
        None => (p, false, &[]),
    }
}

/// Applies a [`QuerySort`] choice.
pub(crate) fn sort_query(url: &mut ParsedUrl<'_>, which: QuerySort) {
    if which == QuerySort::Keep || !url.query.contains(&b'&') {
        return;
    }
    let in_order = |a: &[u8], b: &[u8]| match which {
        QuerySort::KeyValue => key_value(a) <= key_value(b),
        _ => a <= b,
    };
    // Already in order (the common case): no allocation.
    let mut params = url.query.split(|&c| c == b'&');
    let mut prev = params.next().unwrap_or_default();
    let sorted = params.all(|p| in_order(core::mem::replace(&mut prev, p), p));
    if sorted {
        return;
    }
    rewrite(&mut url.query, |q| {
        let mut params: Vec<&[u8]> = q.split(|&c| c == b'&').collect();
        match which {
            QuerySort::KeyValue => params.sort_by(|a, b| key_value(a).cmp(&key_value(b))),
            _ => params.sort_unstable(),
        }
        Some(params.join(&b'&'))
    });
}

/// Which session-id patterns a canonicalizer removes from the path and query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionIds {
    /// None.
    Keep,
    /// urlcanon's `aggressive` patterns (case-insensitive, whole parameters):
    /// `jsessionid=` 10 or more of `[0-9a-z$]`; `sessionid=`, `phpsessid=`,
    /// `sid=` 16 or more of `[0-9a-z]`; `aspsessionid` 8 letters `=` 16 or
    /// more of `[0-9a-z]`; `cfid=` digits `&cftoken=` `[0-9a-z-]+`. In a
    /// path ending `.aspx`, the ASP.NET cookieless segments `(` 24 of
    /// `[0-9a-z]` `)/` and `(` `x(` 24 `)` ... `)/`; at the end of a path,
    /// `;jsessionid=` 32 of `[0-9a-z]`.
    Urlcanon,
    /// The `surt` package's `IAURLCanonicalizer` patterns (case-insensitive,
    /// anywhere in the query up to a `&` or the end): `jsessionid=`,
    /// `phpsessid=`, `sid=` with 32 of `[0-9a-z]`; `aspsessionid` 8 letters
    /// `=` 24 letters; `cfid=...&cftoken=...`. In the path, the ASP.NET
    /// cookieless segments before a name ending `.aspx`.
    Ia,
}

/// Whether `b[i..]` starts with `key` (ASCII case-insensitive).
fn starts_with_ci(b: &[u8], i: usize, key: &[u8]) -> bool {
    b.get(i..i + key.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(key))
}

/// The length of the run of bytes from `i` that `class` accepts.
fn run(b: &[u8], i: usize, class: impl Fn(u8) -> bool) -> usize {
    b[i.min(b.len())..]
        .iter()
        .take_while(|&&c| class(c))
        .count()
}

fn alnum(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

/// The length of a urlcanon session-id parameter at the start of `p` (a
/// whole parameter, or for `cfid` two), if it is one.
fn urlcanon_session_param(q: &[u8], i: usize) -> Option<usize> {
    let param_end = |len: usize| matches!(q.get(i + len), None | Some(b'&')).then_some(len);
    for (key, min, dollar) in [
        (&b"jsessionid="[..], 10, true),
        (b"sessionid=", 16, false),
        (b"phpsessid=", 16, false),
        (b"sid=", 16, false),
    ] {
        if starts_with_ci(q, i, key) {
            let n = run(q, i + key.len(), |c| alnum(c) || dollar && c == b'$');
            if n >= min {
                if let Some(len) = param_end(key.len() + n) {
                    return Some(len);
                }
            }
        }
    }
    if starts_with_ci(q, i, b"aspsessionid")
        && run(q, i + 12, |c| c.is_ascii_alphabetic()) >= 8
        && q.get(i + 20) == Some(&b'=')
    {
        let n = run(q, i + 21, alnum);
        if n >= 16 {
            if let Some(len) = param_end(21 + n) {
                return Some(len);
            }
        }
    }
    if starts_with_ci(q, i, b"cfid=") {
        let d = run(q, i + 5, |c| c.is_ascii_digit());
        let t = i + 5 + d;
        if d > 0 && starts_with_ci(q, t, b"&cftoken=") {
            let n = run(q, t + 9, |c| alnum(c) || c == b'-');
            if n > 0 {
                return param_end(5 + d + 9 + n);
            }
        }
    }
    None
}

/// The keys the IA session-id patterns start with, in the `surt` package's
/// order (a pattern's number is its index): each with its `=`, but for
/// `aspsessionid`, whose `=` comes [`ASP_EQ`] bytes after its start (eight
/// letters after the key).
const IA_KEYS: [&[u8]; 5] = [
    b"jsessionid=",
    b"phpsessid=",
    b"sid=",
    b"aspsessionid",
    b"cfid=",
];

/// Where the `=` of the `aspsessionid` pattern is, from its start.
const ASP_EQ: usize = 12 + 8;

/// The end of a match of the IA session-id pattern number `pattern` (in the
/// `surt` package's order) starting at `i`, if one does (and is followed by
/// `&` or the end); `next_amp` is the index of the first `&` at or after `i`
/// (or the length).
fn ia_session_id(q: &[u8], i: usize, next_amp: usize, pattern: usize) -> Option<usize> {
    let key = IA_KEYS[pattern];
    // The keys' first letters: most positions are done here.
    if q.get(i).map(|&c| c | 0x20) != Some(key[0]) {
        return None;
    }
    // Exactly `n` bytes of `class` from `start`, then `&` or the end.
    let exactly = |start: usize, n: usize, class: fn(u8) -> bool| {
        let run = q.get(start..start + n)?;
        (run.iter().all(|&c| class(c)) && matches!(q.get(start + n), None | Some(b'&')))
            .then_some(start + n)
    };
    match pattern {
        0..=2 => starts_with_ci(q, i, key)
            .then(|| exactly(i + key.len(), 32, alnum))
            .flatten(),
        3 => (starts_with_ci(q, i, key)
            && q.get(i + key.len()..i + ASP_EQ)
                .is_some_and(|l| l.iter().all(u8::is_ascii_alphabetic))
            && q.get(i + ASP_EQ) == Some(&b'='))
        .then(|| exactly(i + ASP_EQ + 1, 24, |c| c.is_ascii_alphabetic()))
        .flatten(),
        _ => {
            // `cfid=[^&]+&cftoken=[^&]+`: the first run ends at the next `&`.
            if starts_with_ci(q, i, key)
                && next_amp > i + key.len()
                && starts_with_ci(q, next_amp, b"&cftoken=")
            {
                let n = run(q, next_amp + 9, |c| c != b'&');
                (n > 0).then_some(next_amp + 9 + n)
            } else {
                None
            }
        }
    }
}

/// Whether an IA session-id pattern matches somewhere in `q`, at any
/// position (also inside a `%XX`, where the removal does not look: a yes may
/// be more than it removes, a no is exact).
///
/// Each pattern has its `=` at a fixed place: right after `id`
/// (`jsessionid=`, `phpsessid=`, `sid=`, `cfid=`) or eight bytes after
/// `aspsessionid`; so only the starts that the `=`s of `q` give are tried.
pub(crate) fn has_ia_session_id(q: &[u8]) -> bool {
    let mut from = 0;
    // The first `&` at or after `from` once looked for (found again only
    // when `from` has passed it: linear in all).
    let mut amp: Option<usize> = None;
    while let Some(k) = find_byte(&q[from..], b'=') {
        let eq = from + k;
        from = eq + 1;
        if eq >= 2 && q[eq - 2..eq].eq_ignore_ascii_case(b"id") {
            // The patterns whose key ends with this `=`, and their starts.
            for pattern in [0, 1, 2, 4] {
                if let Some(i) = (eq + 1).checked_sub(IA_KEYS[pattern].len()) {
                    // `cfid=` needs the first `&` after its `=` (or the
                    // length): the first after its start, where no `&` is
                    // before the `=`.
                    let next_amp = if pattern == 4 {
                        match amp {
                            Some(a) if a >= from => a,
                            _ => {
                                let a = find_byte(&q[from..], b'&').map_or(q.len(), |k| from + k);
                                amp = Some(a);
                                a
                            }
                        }
                    } else {
                        q.len()
                    };
                    if ia_session_id(q, i, next_amp, pattern).is_some() {
                        return true;
                    }
                }
            }
        }
        if eq >= ASP_EQ && ia_session_id(q, eq - ASP_EQ, q.len(), 3).is_some() {
            return true;
        }
    }
    false
}

/// The most session ids the IA patterns remove from one query or path: the
/// `surt` package removes the last match of each pattern once; removing
/// them until none is left keeps canonicalization idempotent, and the bound
/// keeps it linear on adversarial input.
const IA_MAX_REMOVALS: usize = 16;

/// Whether a query may hold a session id: some `=` follows `id` (any case:
/// `jsessionid=`, `sessionid=`, `phpsessid=`, `sid=`, `cfid=`) or
/// `aspsessionid` and 8 more bytes. Most queries are done here.
pub(crate) fn may_have_session_id(q: &[u8]) -> bool {
    let mut from = 0;
    while let Some(k) = find_byte(&q[from..], b'=') {
        let i = from + k;
        if i >= 2 && q[i - 2..i].eq_ignore_ascii_case(b"id")
            || i >= ASP_EQ && starts_with_ci(q, i - ASP_EQ, IA_KEYS[3])
        {
            return true;
        }
        from = i + 1;
    }
    false
}

/// Removes session ids from the query; whether it removed any.
pub(crate) fn strip_query_session_ids(url: &mut ParsedUrl<'_>, which: SessionIds) -> bool {
    // The IA patterns matched nowhere (most queries): nothing to remove,
    // without the removal loop's copy and five passes. (`has_ia_session_id`
    // holds only where `may_have_session_id` does, which the other modes
    // ask.)
    let any = match which {
        SessionIds::Keep => false,
        SessionIds::Ia => has_ia_session_id(&url.query),
        _ => may_have_session_id(&url.query),
    };
    if !any {
        return false;
    }
    let before = url.query.len();
    match which {
        SessionIds::Keep => {}
        SessionIds::Urlcanon => rewrite(&mut url.query, |q| {
            let mut out: Vec<u8> = Vec::new();
            let mut changed = false;
            let mut i = 0;
            let mut first = true;
            while i <= q.len() {
                if let Some(len) = urlcanon_session_param(q, i) {
                    changed = true;
                    i += len + 1;
                    continue;
                }
                let end = q[i..]
                    .iter()
                    .position(|&c| c == b'&')
                    .map_or(q.len(), |k| i + k);
                if !first {
                    out.push(b'&');
                }
                out.extend_from_slice(&q[i..end]);
                first = false;
                i = end + 1;
            }
            changed.then_some(out)
        }),
        SessionIds::Ia => rewrite(&mut url.query, |q| {
            // Each pattern in turn, `^(.*)pattern(&(.*))?$`: the last match
            // goes, with the `&` after it; the search goes on leftwards from
            // where it was (what lies right of it was searched already).
            let mut cur = q.to_vec();
            let mut removed = 0;
            for pattern in 0..5 {
                let mut from = cur.len();
                while removed < IA_MAX_REMOVALS {
                    let mut next_amp = cur[from..]
                        .iter()
                        .position(|&c| c == b'&')
                        .map_or(cur.len(), |k| from + k);
                    let found = (0..from).rev().find_map(|i| {
                        if cur[i] == b'&' {
                            next_amp = i;
                        }
                        // Not from inside a `%XX` (the patterns are not
                        // anchored: `%CFid=` holds `cfid=`).
                        let inside = (i >= 1 && cur[i - 1] == b'%')
                            || (i >= 2 && triplet_at(&cur, i - 2).is_some());
                        if inside {
                            return None;
                        }
                        ia_session_id(&cur, i, next_amp, pattern).map(|e| (i, e))
                    });
                    let Some((start, end)) = found else { break };
                    let cut = if end < cur.len() { end + 1 } else { end };
                    cur.drain(start..cut);
                    from = start;
                    removed += 1;
                }
            }
            (removed > 0).then_some(cur)
        }),
    }
    url.query.len() != before
}

/// The ASP.NET cookieless session segment starting at `p[i]` (`(` ... `)/`):
/// its end, if one does. `letters`: the `(x(...)y(...))` form.
fn aspx_segment(p: &[u8], i: usize, letters: bool) -> Option<usize> {
    let id = |j: usize| {
        (run(p, j, |c| c.is_ascii_digit() || c.is_ascii_alphabetic()) >= 24
            && p.get(j + 24) == Some(&b')'))
        .then_some(j + 25)
    };
    if p.get(i) != Some(&b'(') {
        return None;
    }
    let end = if letters {
        let mut j = i + 1;
        let mut n = 0;
        while p.get(j).is_some_and(u8::is_ascii_alphabetic) && p.get(j + 1) == Some(&b'(') {
            j = id(j + 2)?;
            n += 1;
        }
        (n > 0 && p.get(j) == Some(&b')')).then_some(j + 1)?
    } else {
        id(i + 1)?
    };
    (p.get(end) == Some(&b'/')).then_some(end + 1)
}

/// Removes session ids from the path.
pub(crate) fn strip_path_session_ids(url: &mut ParsedUrl<'_>, which: SessionIds) {
    // Every pattern has a `(` or a `;`.
    if which == SessionIds::Keep
        || find_byte(&url.path, b'(').is_none() && find_byte(&url.path, b';').is_none()
    {
        return;
    }
    match which {
        SessionIds::Keep => {}
        SessionIds::Urlcanon => rewrite(&mut url.path, |p| {
            let mut out: Option<Vec<u8>> = None;
            if p.ends_with(b".aspx") {
                let mut v = Vec::with_capacity(p.len());
                let mut i = 0;
                while i < p.len() {
                    let seg = (i > 0 && p[i - 1] == b'/')
                        .then(|| aspx_segment(p, i, false).or_else(|| aspx_segment(p, i, true)))
                        .flatten();
                    match seg {
                        Some(e) => i = e,
                        None => {
                            v.push(p[i]);
                            i += 1;
                        }
                    }
                }
                if v.len() != p.len() {
                    out = Some(v);
                }
            }
            let cur = out.as_deref().unwrap_or(p);
            let tail = b";jsessionid=".len() + 32;
            if cur.len() >= tail
                && cur[cur.len() - tail..].starts_with(b";jsessionid=")
                && cur[cur.len() - 32..]
                    .iter()
                    .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
            {
                let keep = cur.len() - tail;
                out = Some(cur[..keep].to_vec());
            }
            out
        }),
        SessionIds::Ia => rewrite(&mut url.path, |p| {
            // `^(.*/)(segment)([^?]+\.aspx.*)$`, each form until none is left.
            let mut cur = p.to_vec();
            let mut removed = 0;
            for letters in [true, false] {
                while removed < IA_MAX_REMOVALS {
                    // The last `.aspx` (any case): a segment must end before it.
                    let Some(aspx) = cur
                        .windows(5)
                        .rposition(|w| w.eq_ignore_ascii_case(b".aspx"))
                    else {
                        break;
                    };
                    let found = (1..cur.len())
                        .rev()
                        .filter(|&i| cur[i - 1] == b'/')
                        .find_map(|i| {
                            aspx_segment(&cur, i, letters)
                                .filter(|&e| aspx > e)
                                .map(|e| (i, e))
                        });
                    let Some((i, e)) = found else { break };
                    cur.drain(i..e);
                    removed += 1;
                }
            }
            (removed > 0).then_some(cur)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`has_ia_session_id`] by its definition: each pattern tried at each
    /// position.
    fn has_ia_session_id_at_some_position(q: &[u8]) -> bool {
        (0..q.len()).any(|i| {
            let next_amp = find_byte(&q[i..], b'&').map_or(q.len(), |k| i + k);
            (0..5).any(|pattern| ia_session_id(q, i, next_amp, pattern).is_some())
        })
    }

    #[test]
    fn has_ia_session_id_tries_every_position() {
        let id32 = "0123456789abcdefABCDEF0123456789";
        let pieces = [
            "jsessionid=",
            "JSESSIONID=",
            "phpsessid=",
            "sid=",
            "SiD=",
            "cfid=",
            "&cftoken=",
            "aspsessionid",
            "aspsessionidABCDEFGH=",
            "ABCDEFGH",
            "abcdefghijklmnopqrstuvwx",
            id32,
            "=",
            "&",
            "1",
            "x",
            "id=",
            "%",
            "$",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut found = 0;
        let mut found_asp = 0;
        for _ in 0..100_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut r = seed;
            let n = r % 7;
            let q: alloc::string::String = (0..n)
                .map(|_| {
                    r = r.rotate_right(5).wrapping_mul(0x2545_F491_4F6C_DD1D);
                    pieces[(r >> 40) as usize % pieces.len()]
                })
                .collect();
            let expected = has_ia_session_id_at_some_position(q.as_bytes());
            found += usize::from(expected);
            let b = q.as_bytes();
            found_asp +=
                usize::from((0..b.len()).any(|i| ia_session_id(b, i, b.len(), 3).is_some()));
            assert_eq!(has_ia_session_id(q.as_bytes()), expected, "{q:?}");
        }
        // The generated queries hold matches too, `aspsessionid`'s among them.
        assert!(found > 1000, "{found}");
        assert!(found_asp > 50, "{found_asp}");
    }
}
