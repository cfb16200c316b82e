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
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The reference as written, its userinfo, host and port colored when
/// `color` is set; exactly the input otherwise (a valid reference has no
/// control character to escape).
pub fn uri(r: &UriRef<'_>, color: bool) -> String {
    let s = r.as_str();
    if !color {
        return escape_controls(s);
    }
    let spans = r.spans();
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
    }
}
