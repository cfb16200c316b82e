//! Percent-encoded control characters in any component (RFC 3986 section
//! 7.2): `%0D%0A` can end a protocol line and start another command once a
//! program decodes it; `%00` ends C strings early.
//!
//! Adjacent triplets of the same kind make one finding. C1 controls encoded
//! as UTF-8 (`%C2%80` to `%C2%9F`, NEL among them) are `encoded_control` too.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::decode::CONTROLS;
use super::{Code, Finding};
use crate::pct;
use crate::uri::UriRef;

fn code_of(b: u8) -> Option<Code> {
    match b {
        b'\r' | b'\n' => Some(Code::EncodedNewline),
        0 => Some(Code::EncodedNul),
        b if CONTROLS.contains(b) => Some(Code::EncodedControl),
        _ => None,
    }
}

/// The name of a control byte, for messages.
pub(super) fn control_name(b: u8) -> String {
    match b {
        0 => String::from("NUL"),
        b'\t' => String::from("TAB"),
        b'\n' => String::from("LF"),
        b'\r' => String::from("CR"),
        0x1b => String::from("ESC"),
        0x7f => String::from("DEL"),
        b => format!("0x{b:02X}"),
    }
}

pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Finding>) {
    let s = uri.as_str();
    let b = s.as_bytes();
    let spans = uri.spans();
    // The run being built: its code, start, end and the bytes it decodes to.
    let mut run: Option<(Code, usize, usize, Vec<u8>)> = None;
    let mut i = 0;
    while i < b.len() {
        let Some(v) = pct::triplet_at(b, i) else {
            i += 1;
            continue;
        };
        // A C1 control (U+0080 to U+009F) encoded as UTF-8: %C2%80 to %C2%9F.
        let c1 = (v == 0xc2)
            .then(|| pct::triplet_at(b, i + 3))
            .flatten()
            .filter(|w| (0x80..=0x9f).contains(w));
        if let Some(w) = c1 {
            if let Some(r) = run.take() {
                push(out, &spans, r);
            }
            push(
                out,
                &spans,
                (Code::EncodedControl, i, i + 6, alloc::vec![0xc2, w]),
            );
            i += 6;
            continue;
        }
        if let Some(code) = code_of(v) {
            match &mut run {
                Some((c, _, end, bytes)) if *c == code && *end == i => {
                    *end = i + 3;
                    if bytes.len() < 8 {
                        bytes.push(v);
                    }
                }
                _ => {
                    if let Some(r) = run.take() {
                        push(out, &spans, r);
                    }
                    run = Some((code, i, i + 3, alloc::vec![v]));
                }
            }
        }
        i += 3;
    }
    if let Some(r) = run {
        push(out, &spans, r);
    }
}

fn push(out: &mut Vec<Finding>, spans: &crate::span::Spans, run: (Code, usize, usize, Vec<u8>)) {
    let (code, start, end, bytes) = run;
    let what: Vec<String> = match bytes[..] {
        [0xc2, w] => alloc::vec![format!("U+{:04X} (a C1 control, as UTF-8)", w)],
        _ => bytes.iter().map(|&b| control_name(b)).collect(),
    };
    let more = if bytes.first() != Some(&0xc2) && (end - start) / 3 > bytes.len() {
        " ..."
    } else {
        ""
    };
    let component = spans.component_at(start).map_or("reference", |c| c.name());
    let why = match code {
        Code::EncodedNewline => "decoded, it can end a protocol line and start another command",
        Code::EncodedNul => "decoded, it can cut a string short in C-based programs",
        _ => "decoded, it can change what a protocol or terminal does",
    };
    out.push(Finding::new(
        code,
        start..end,
        format!(
            "the {component} has percent-encoded {}{more}; {why}",
            what.join(" ")
        ),
    ));
}
