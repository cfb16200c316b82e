//! Showing a URI to a person: the userinfo, host and port set apart with
//! color (RFC 3986 section 7.6: "using a different color or tone to render
//! userinfo"), and control characters escaped so that no input can drive the
//! terminal.
//!
//! Color is used when stdout is a terminal, unless `NO_COLOR` is set;
//! `CLICOLOR_FORCE` (not `0`) forces it, for terminals behind a pipe.

use std::io::IsTerminal;

use urikit::{Part, UriRef};

/// The SGR sequence that starts each highlighted component.
const USERINFO: &str = "\x1b[1;31m"; // bold red: what is not the host
const HOST: &str = "\x1b[1;36m"; // bold cyan: where the request goes
const PORT: &str = "\x1b[33m"; // yellow
const RESET: &str = "\x1b[0m";

/// Whether to color what goes to stdout.
pub fn color_enabled() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    if set("CLICOLOR_FORCE") {
        return true;
    }
    std::io::stdout().is_terminal() && !set("NO_COLOR")
}

/// `s` with control characters shown escaped (`\n`, `\u{1b}`).
pub fn escape_controls(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len());
    push_escaped_controls(&mut out, s);
    // Only whole characters and ASCII escapes were written.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Whether `c` is shown escaped: a control character (`char::is_control`:
/// C0, DEL and C1) or a bidirectional formatting character (ALM, LRM, RLM,
/// LRE..RLO, LRI..PDI), which would reorder the text around it on a
/// terminal (an IRI never holds one, but an invalid input may).
pub fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Appends `s` to `out` with its control and bidi formatting characters
/// ([`needs_escape`]) shown escaped as [`escape_controls`] shows them; text
/// without one is copied whole.
pub fn push_escaped_controls(out: &mut Vec<u8>, s: &str) {
    if !has_control(s.as_bytes()) {
        out.extend_from_slice(s.as_bytes());
        return;
    }
    for c in s.chars() {
        let mut buf = [0u8; 4];
        if needs_escape(c) {
            for e in c.escape_default() {
                out.extend_from_slice(e.encode_utf8(&mut buf).as_bytes());
            }
        } else {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
}

/// Whether the UTF-8 text `b` holds a control character: a C0 byte, DEL, or
/// a C1 character (U+0080 to U+009F, encoded `C2 80` to `C2 9F`).
pub fn has_control(b: &[u8]) -> bool {
    // Printable ASCII, the common case, told by a loop with no early exit
    // (which the compiler turns into vector compares).
    let other = b
        .iter()
        .fold(false, |acc, &c| acc | (c.wrapping_sub(0x20) >= 0x5f));
    other
        && b.iter().enumerate().any(|(i, &c)| {
            let next = |k: usize| b.get(i + k).copied().unwrap_or(0);
            c < 0x20
                || c == 0x7f
                || (c == 0xc2 && matches!(next(1), 0x80..=0x9f))
                // U+061C, and U+200E/F, U+202A..E, U+2066..9.
                || (c == 0xd8 && next(1) == 0x9c)
                || (c == 0xe2
                    && matches!(
                        (next(1), next(2)),
                        (0x80, 0x8e | 0x8f | 0xaa..=0xae) | (0x81, 0xa6..=0xa9)
                    ))
        })
}

/// The reference as written, its userinfo, host and port colored when
/// `color` is set; exactly the input otherwise (a valid reference has no
/// control character to escape).
pub fn uri(r: &UriRef<'_>, color: bool) -> String {
    spans(r.as_str(), r.spans(), color)
}

/// [`uri`] for a string and the component spans of its parse (a URI's or an
/// IRI's).
pub fn spans(s: &str, spans: urikit::Spans, color: bool) -> String {
    if !color {
        return escape_controls(s);
    }
    let mut out = String::with_capacity(s.len() + 32);
    let mut at = 0;
    for (component, range) in spans.iter() {
        let sgr = match component {
            Part::Userinfo => USERINFO,
            Part::Host => HOST,
            Part::Port => PORT,
            _ => continue,
        };
        if range.is_empty() {
            continue;
        }
        out.push_str(&escape_controls(&s[at..range.start]));
        out.push_str(sgr);
        out.push_str(&escape_controls(&s[range.clone()]));
        out.push_str(RESET);
        at = range.end;
    }
    out.push_str(&escape_controls(&s[at..]));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_userinfo_host_and_port() {
        let r = UriRef::parse("http://www.example.com@10.0.0.1:8080/x").unwrap();
        assert_eq!(uri(&r, false), "http://www.example.com@10.0.0.1:8080/x");
        assert_eq!(
            uri(&r, true),
            "http://\x1b[1;31mwww.example.com\x1b[0m@\x1b[1;36m10.0.0.1\x1b[0m:\x1b[33m8080\x1b[0m/x"
        );
        let r = UriRef::parse("mailto:a@b").unwrap();
        assert_eq!(uri(&r, true), "mailto:a@b");
        let r = UriRef::parse("file:///etc").unwrap();
        assert_eq!(uri(&r, true), "file:///etc");
    }

    #[test]
    fn controls_are_escaped() {
        assert_eq!(escape_controls("a\u{1b}[2J\tb"), "a\\u{1b}[2J\\tb");
        // DEL and C1 (U+009B is CSI) too; other non-ASCII text is kept.
        assert_eq!(escape_controls("\u{7f}é\u{9b}2J"), "\\u{7f}é\\u{9b}2J");
        assert_eq!(escape_controls("é€\u{a0}"), "é€\u{a0}");
    }

    #[test]
    fn has_control_agrees_with_char_is_control() {
        for c in (0u32..0x2100).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let s = c.encode_utf8(&mut buf);
            assert_eq!(has_control(s.as_bytes()), needs_escape(c), "{c:?}");
            let expected = if needs_escape(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            };
            assert_eq!(escape_controls(&format!("a{s}b")), format!("a{expected}b"));
        }
    }
}
