//! Checks of raw input from a lenient source (RFC 3986 section 7.6): text
//! that is not a URI to RFC 3986 but that lenient parsers (browsers, the
//! WHATWG URL standard) accept and read in their own way.
//!
//! - Backslashes: WHATWG parsers read `\` as `/` in `http:`, `https:`,
//!   `ftp:`, `ws:`, `wss:` and `file:` URLs, and skip any run of slashes and
//!   backslashes after the scheme: `https:\\evil.example\good.example` goes
//!   to `evil.example`, and `http://good.example\@evil.example/` to
//!   `good.example` where other parsers see `evil.example`.
//! - Slashes: for those schemes, browsers find a host after any number of
//!   slashes, where RFC 3986 reads a path: `http:/example.com/`,
//!   `http:///example.com/`, `http:example.com`.
//! - Lookalike characters ([`lookalike`]): `／`, `∕`, `＠`, `。`... look like
//!   delimiters; IDNA even maps `。` and `．` to `.`.
//! - Control characters: WHATWG parsers drop tab, CR and LF anywhere
//!   (`java\nscript:`), and terminals act on ESC.
//! - A host with other non-ASCII characters (possibly a homograph).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::escapes::control_name;
use super::{clip, Code, Finding};
use crate::table;

/// Characters that look like a URI delimiter, sorted by code point, with the
/// delimiter they imitate (after Unicode's confusables list).
const LOOKALIKES: &[(char, char)] = &[
    ('\u{0294}', '?'),  // LATIN LETTER GLOTTAL STOP
    ('\u{02D0}', ':'),  // MODIFIER LETTER TRIANGULAR COLON
    ('\u{0338}', '/'),  // COMBINING LONG SOLIDUS OVERLAY
    ('\u{0589}', ':'),  // ARMENIAN FULL STOP
    ('\u{05C3}', ':'),  // HEBREW PUNCTUATION SOF PASUQ
    ('\u{0701}', '.'),  // SYRIAC SUPRALINEAR FULL STOP
    ('\u{0703}', ':'),  // SYRIAC SUPRALINEAR COLON
    ('\u{16EC}', ':'),  // RUNIC MULTIPLE PUNCTUATION
    ('\u{1735}', '/'),  // PHILIPPINE SINGLE PUNCTUATION
    ('\u{2024}', '.'),  // ONE DOT LEADER
    ('\u{2044}', '/'),  // FRACTION SLASH
    ('\u{2215}', '/'),  // DIVISION SLASH
    ('\u{2216}', '\\'), // SET MINUS
    ('\u{2236}', ':'),  // RATIO
    ('\u{2571}', '/'),  // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
    ('\u{29F5}', '\\'), // REVERSE SOLIDUS OPERATOR
    ('\u{29F8}', '/'),  // BIG SOLIDUS
    ('\u{29F9}', '\\'), // BIG REVERSE SOLIDUS
    ('\u{3002}', '.'),  // IDEOGRAPHIC FULL STOP
    ('\u{A4F8}', '.'),  // LISU LETTER TONE MYA TI
    ('\u{A789}', ':'),  // MODIFIER LETTER COLON
    ('\u{FE13}', ':'),  // PRESENTATION FORM FOR VERTICAL COLON
    ('\u{FE52}', '.'),  // SMALL FULL STOP
    ('\u{FE55}', ':'),  // SMALL COLON
    ('\u{FE56}', '?'),  // SMALL QUESTION MARK
    ('\u{FE5F}', '#'),  // SMALL NUMBER SIGN
    ('\u{FE60}', '&'),  // SMALL AMPERSAND
    ('\u{FE66}', '='),  // SMALL EQUALS SIGN
    ('\u{FE68}', '\\'), // SMALL REVERSE SOLIDUS
    ('\u{FE6A}', '%'),  // SMALL PERCENT SIGN
    ('\u{FE6B}', '@'),  // SMALL COMMERCIAL AT
    ('\u{FF03}', '#'),  // FULLWIDTH NUMBER SIGN
    ('\u{FF05}', '%'),  // FULLWIDTH PERCENT SIGN
    ('\u{FF06}', '&'),  // FULLWIDTH AMPERSAND
    ('\u{FF0E}', '.'),  // FULLWIDTH FULL STOP
    ('\u{FF0F}', '/'),  // FULLWIDTH SOLIDUS
    ('\u{FF1A}', ':'),  // FULLWIDTH COLON
    ('\u{FF1D}', '='),  // FULLWIDTH EQUALS SIGN
    ('\u{FF1F}', '?'),  // FULLWIDTH QUESTION MARK
    ('\u{FF20}', '@'),  // FULLWIDTH COMMERCIAL AT
    ('\u{FF3C}', '\\'), // FULLWIDTH REVERSE SOLIDUS
    ('\u{FF61}', '.'),  // HALFWIDTH IDEOGRAPHIC FULL STOP
];

/// The URI delimiter that `c` looks like, if it is a lookalike.
pub fn lookalike(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    LOOKALIKES
        .binary_search_by_key(&c, |&(l, _)| l)
        .ok()
        .map(|k| LOOKALIKES[k].1)
}

pub(super) fn check(input: &str, out: &mut Vec<Finding>) {
    controls(input, out);
    lookalikes(input, out);
    authority(input, out);
}

/// Runs of raw control characters (Unicode `Cc`: C0, DEL and C1).
fn controls(input: &str, out: &mut Vec<Finding>) {
    let mut run: Option<(usize, usize, Vec<String>)> = None;
    for (i, c) in input.char_indices() {
        if !c.is_control() {
            continue;
        }
        let name = control_char_name(c);
        match &mut run {
            Some((_, end, names)) if *end == i => {
                *end = i + c.len_utf8();
                if names.len() < 8 {
                    names.push(name);
                } else if names.len() == 8 {
                    names.push(String::from("..."));
                }
            }
            _ => {
                flush_controls(run.take(), out);
                run = Some((i, i + c.len_utf8(), alloc::vec![name]));
            }
        }
    }
    flush_controls(run, out);
}

fn control_char_name(c: char) -> String {
    match u8::try_from(c) {
        Ok(b) if b < 0x80 => control_name(b),
        _ => format!("U+{:04X}", u32::from(c)),
    }
}

fn flush_controls(run: Option<(usize, usize, Vec<String>)>, out: &mut Vec<Finding>) {
    if let Some((start, end, names)) = run {
        out.push(Finding::new(
            Code::RawControl,
            start..end,
            format!(
                "the input holds the control character(s) {}; lenient parsers drop tab, CR and LF, terminals act on others",
                names.join(" ")
            ),
        ));
    }
}

/// Runs of lookalike characters.
fn lookalikes(input: &str, out: &mut Vec<Finding>) {
    let mut run: Option<(usize, usize, String)> = None;
    for (i, c) in input.char_indices() {
        let Some(d) = lookalike(c) else {
            continue;
        };
        let note = format!("U+{:04X} looks like {d:?}", u32::from(c));
        match &mut run {
            Some((_, end, shown)) if *end == i => {
                *end = i + c.len_utf8();
                if shown.len() < 64 {
                    shown.push_str(", ");
                    shown.push_str(&note);
                }
            }
            _ => {
                flush_lookalikes(run.take(), out);
                run = Some((i, i + c.len_utf8(), note));
            }
        }
    }
    flush_lookalikes(run, out);
}

fn flush_lookalikes(run: Option<(usize, usize, String)>, out: &mut Vec<Finding>) {
    if let Some((start, end, shown)) = run {
        out.push(Finding::new(
            Code::LookalikeCharacter,
            start..end,
            format!("{shown}: the URI may not be structured as it appears"),
        ));
    }
}

/// The authority as a lenient parser finds it: backslashes, and a host with
/// non-ASCII characters.
fn authority(input: &str, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    let mut i = 0;
    let mut scheme = false;
    if b.first().is_some_and(|&c| table::ALPHA.contains(c)) {
        let mut j = 1;
        while j < b.len() && table::SCHEME.contains(b[j]) {
            j += 1;
        }
        if b.get(j) == Some(&b':') {
            i = j + 1;
            scheme = true;
        }
    }
    let run_start = i;
    while i < b.len() && (b[i] == b'/' || b[i] == b'\\') {
        i += 1;
    }
    let run = &input[run_start..i];
    let backslash = run.contains('\\');
    let special = scheme && is_special(&input[..run_start - 1]);
    let follows = b.get(i).is_some_and(|c| !b"?#".contains(c));
    if special && !backslash && run != "//" && follows {
        let host_end = input[i..]
            .find(['/', '\\', '?', '#'])
            .map_or(input.len(), |k| i + k);
        out.push(Finding::new(
            Code::LenientAuthority,
            run_start..host_end,
            format!(
                "\"{}\" after the scheme: RFC 3986 reads no host in \"{}\", browsers read the host \"{}\"",
                clip(run),
                clip(&input[run_start..]),
                clip(&input[i..host_end])
            ),
        ));
    }
    if backslash {
        out.push(Finding::new(
            Code::BackslashAuthority,
            run_start..i,
            format!(
                "\"{}\" {}: lenient parsers read backslashes as slashes, and what follows as the host",
                clip(run),
                if scheme { "after the scheme" } else { "at the start" }
            ),
        ));
    }
    if run.len() < 2 && !(scheme && (backslash || special)) {
        return; // no authority, even to a lenient parser
    }
    let start = i;
    let end = input[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(input.len(), |k| start + k);
    let region = &input[start..end];
    if b.get(end) == Some(&b'\\') {
        let hidden = input[end..]
            .find(['/', '?', '#'])
            .map_or(&input[end..], |k| &input[end..end + k]);
        out.push(Finding::new(
            Code::BackslashAuthority,
            end..end + 1,
            format!(
                "lenient parsers end the authority \"{}\" at this backslash; others read on into \"{}\"",
                clip(region),
                clip(hidden)
            ),
        ));
    }
    let host_start = region.rfind('@').map_or(start, |k| start + k + 1);
    let host = &input[host_start..end];
    if !host.is_ascii() && !host.chars().any(|c| lookalike(c).is_some()) {
        out.push(Finding::new(
            Code::NonAsciiHost,
            host_start..end,
            format!(
                "the host {:?} has non-ASCII characters (a possible homograph); compare its punycode form",
                clip(host)
            ),
        ));
    }
}

/// The WHATWG "special" schemes whose URLs always have a host, however
/// many slashes (or backslashes) follow the scheme (`file` has its own rules).
fn is_special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookalike_table_is_sorted_and_non_ascii() {
        for w in LOOKALIKES.windows(2) {
            assert!(w[0].0 < w[1].0, "{:?}", w[1].0);
        }
        assert!(LOOKALIKES
            .iter()
            .all(|(c, d)| !c.is_ascii() && d.is_ascii()));
        assert_eq!(lookalike('／'), Some('/'));
        assert_eq!(lookalike('/'), None);
        assert_eq!(lookalike('é'), None);
    }
}
