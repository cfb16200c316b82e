//! `urikit parse`: the components of each input.

use urikit::scheme::SchemeRegistry;
use urikit::UriRef;

use crate::args::{Format, Global, ParseArgs};
use crate::cmd::scheme_fields::SchemeCheck;
use crate::input::Input;
use crate::jsonl::{self, Obj};
use crate::output;
use crate::stream::{self, Sink};
use crate::Status;

/// Streams the inputs through the parser (see [`crate::stream`]): each line's
/// result is written straight into the output buffer, with `--jobs` threads.
pub fn run(args: &ParseArgs, global: &Global) -> anyhow::Result<Status> {
    if args.whatwg {
        let format = global.format;
        return Ok(stream::each(&args.inputs, format, |text, sink| {
            crate::cmd::parse_whatwg::one(format, text, sink)
        })?);
    }
    let opts = Opts {
        format: global.format,
        scheme_rules: args.scheme_rules,
        scheme_fields: !args.no_scheme_fields,
        color: global.format == Format::Text && crate::highlight::color_enabled(),
    };
    let registry = SchemeRegistry::standard();
    let status = stream::run(&args.inputs, global.jobs, || {
        let mut scratch = String::new();
        let registry = &registry;
        move |inp: Input<'_>, sink: &mut Sink| one(opts, registry, inp, sink, &mut scratch)
    })?;
    Ok(status)
}

/// What shapes the output, decided once per run.
#[derive(Clone, Copy)]
struct Opts {
    format: Format,
    scheme_rules: bool,
    /// Not `--no-scheme-fields`: the scheme layer is checked and shown.
    scheme_fields: bool,
    color: bool,
}

/// Parses and reports one input; whether it was valid.
fn one(
    opts: Opts,
    registry: &SchemeRegistry,
    inp: Input<'_>,
    sink: &mut Sink,
    scratch: &mut String,
) -> bool {
    let format = opts.format;
    let Some(text) = stream::text_or_report(inp, format, sink) else {
        return false;
    };
    match UriRef::parse(text) {
        Ok(r) if !opts.scheme_fields => {
            match format {
                Format::Json => {
                    let mut o = Obj::new(&mut sink.out);
                    o.source(text);
                    write_components(&mut o, &r, true);
                    o.end();
                }
                Format::Text => write_components_text(&mut sink.out, &r, opts.color),
            }
            true
        }
        Ok(r) => {
            let scheme = SchemeCheck::new(&r, registry, opts.scheme_rules);
            let valid = !scheme.is_error();
            match format {
                Format::Json => {
                    let mut o = Obj::new(&mut sink.out);
                    o.source(text);
                    write_components(&mut o, &r, valid);
                    scheme.write_json(&mut o, scratch);
                    o.end();
                }
                Format::Text => match scheme.error() {
                    Some(e) => {
                        output::write_caret_report(&mut sink.err, "error", text, e.index(), e)
                    }
                    None => {
                        write_components_text(&mut sink.out, &r, opts.color);
                        scheme.write_text(sink, text, scratch);
                    }
                },
            }
            valid
        }
        Err(e) => {
            match format {
                Format::Json => {
                    let mut o = Obj::new(&mut sink.out);
                    o.str("input", text).bool("valid", false);
                    jsonl::error(&mut o, scratch, e.kind().name(), e.index(), e);
                    o.end();
                }
                Format::Text => {
                    output::write_caret_report(&mut sink.err, "error", text, e.index(), e);
                }
            }
            false
        }
    }
}

/// The keys of [`components_json`], written into `o` (the same bytes);
/// `valid` is false when the scheme's rules make the input invalid.
fn write_components(o: &mut Obj<'_>, r: &UriRef<'_>, valid: bool) {
    let auth = r.authority();
    o.str("input", r.as_str())
        .bool("valid", valid)
        .opt("scheme", r.scheme())
        .opt("authority", auth.map(|a| a.as_str()))
        .opt("userinfo", auth.and_then(|a| a.userinfo()))
        .opt("host", auth.map(|a| a.host_str()))
        .opt("host_type", auth.map(|a| a.host().kind_name()))
        .opt("port", auth.and_then(|a| a.port()))
        .str("path", r.path())
        .opt("query", r.query())
        .opt("fragment", r.fragment());
}

/// The aligned text breakdown of a valid input, written into `out`; the input
/// row has its userinfo, host and port colored when `color` is set.
fn write_components_text(out: &mut Vec<u8>, r: &UriRef<'_>, color: bool) {
    fn show(v: Option<&str>) -> &str {
        match v {
            None => "(absent)",
            Some("") => "(empty)",
            Some(s) => s,
        }
    }
    /// `name:` left-aligned in ten columns, a space, and the value's parts.
    #[inline(always)]
    fn row(out: &mut Vec<u8>, name: &str, value: &[&str]) {
        out.extend_from_slice(name.as_bytes());
        out.push(b':');
        // A slice of a constant (a fixed-size copy once inlined), not a fill.
        let pad = 9usize.saturating_sub(name.len());
        out.extend_from_slice(crate::output::SPACES.get(..pad).unwrap_or_default());
        out.push(b' ');
        for part in value {
            out.extend_from_slice(part.as_bytes());
        }
        out.push(b'\n');
    }
    let auth = r.authority();
    let s = r.as_str();
    // Printable ASCII (any valid reference) is shown as it is; told with no
    // early exit, which the compiler turns into vector compares.
    let printable = s
        .bytes()
        .fold(true, |acc, c| acc & (0x20..0x7f).contains(&c));
    if !color && printable {
        row(out, "input", &[s]);
    } else {
        row(out, "input", &[&crate::highlight::uri(r, color)]);
    }
    row(out, "scheme", &[show(r.scheme())]);
    row(out, "authority", &[show(auth.map(|a| a.as_str()))]);
    row(out, "userinfo", &[show(auth.and_then(|a| a.userinfo()))]);
    match auth {
        None => row(out, "host", &["(absent)"]),
        Some(a) => row(
            out,
            "host",
            &[show(Some(a.host_str())), " (", a.host().kind_name(), ")"],
        ),
    }
    match auth.and_then(|a| a.port()) {
        Some(p) if !p.is_empty() && auth.and_then(|a| a.port_u16()).is_none() => {
            row(out, "port", &[p, " (out of the u16 range)"]);
        }
        p => row(out, "port", &[show(p)]),
    }
    row(out, "path", &[show(Some(r.path()))]);
    row(out, "query", &[show(r.query())]);
    row(out, "fragment", &[show(r.fragment())]);
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The JSON object of a valid input: raw components, `null` when absent.
    fn components_json(r: &UriRef<'_>) -> Value {
        let auth = r.authority();
        json!({
            "input": r.as_str(),
            "valid": true,
            "scheme": r.scheme(),
            "authority": auth.map(|a| a.as_str()),
            "userinfo": auth.and_then(|a| a.userinfo()),
            "host": auth.map(|a| a.host_str()),
            "host_type": auth.map(|a| a.host().kind_name()),
            "port": auth.and_then(|a| a.port()),
            "path": r.path(),
            "query": r.query(),
            "fragment": r.fragment(),
        })
    }

    #[test]
    fn streamed_json_is_the_same_as_the_value() {
        let inputs = [
            "foo://u@example.com:8042/over/there?name=ferret#nose",
            "foo:",
            "//[::1]:99999",
            "a\"b/%41?\u{7f}",
            "",
            "?#",
        ];
        for s in inputs {
            let Ok(r) = UriRef::parse(s) else { continue };
            let mut out = Vec::new();
            let mut o = Obj::new(&mut out);
            write_components(&mut o, &r, true);
            o.end();
            let mut expected = serde_json::to_vec(&components_json(&r)).unwrap();
            expected.push(b'\n');
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }

    #[test]
    fn text_rows_are_aligned() {
        let r = UriRef::parse("http://h:99999/p").unwrap();
        let mut out = Vec::new();
        write_components_text(&mut out, &r, false);
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("input:     http://h:99999/p\nscheme:    http\n"));
        assert!(text.contains("\nhost:      h (reg-name)\n"));
        assert!(text.contains("\nport:      99999 (out of the u16 range)\n"));
        assert!(text.contains("\nquery:     (absent)\n"));
        assert!(text.ends_with("fragment:  (absent)\n\n"));
    }
}
