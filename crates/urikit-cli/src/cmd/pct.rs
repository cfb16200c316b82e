//! `urikit encode` and `urikit decode`: percent-encoding per component
//! (RFC 3986 section 2.1), and `application/x-www-form-urlencoded` on request.

use serde_json::json;
use urikit::pct::{self, Component};

use crate::args::{Format, Global};
use crate::output;
use crate::stream;
use crate::Status;

/// `urikit encode --component C [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct EncodeArgs {
    /// The component the text is meant for; its reserved characters are encoded.
    #[arg(long, short, value_parser = component_parser())]
    pub component: Component,
    /// Keep valid `%XX` triplets already in the text (encode only what is left).
    #[arg(long, conflicts_with = "form")]
    pub preserve: bool,
    /// Encode as application/x-www-form-urlencoded (space as `+`).
    #[arg(long)]
    pub form: bool,
    /// Texts to encode; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// `urikit decode [--form] [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct DecodeArgs {
    /// Read `+` as a space (application/x-www-form-urlencoded).
    #[arg(long)]
    pub form: bool,
    /// Texts to decode; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// The values of `--component`: the library's components under their names.
fn component_parser() -> impl clap::builder::TypedValueParser<Value = Component> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        Component::ALL.map(|c| PossibleValue::new(c.name()).help(component_help(c))),
    )
    .map(|name| {
        Component::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .expect("a possible value is a component's name")
    })
}

/// What `--help` says of each component.
fn component_help(c: Component) -> &'static str {
    match c {
        Component::Userinfo => "userinfo: `:` stays",
        Component::Host => "A registered-name host",
        Component::Path => "A whole path: `/` stays",
        Component::Segment => "One path segment: `/` is encoded",
        Component::Query => "A whole query: `/`, `?`, `&`, `=` stay",
        Component::QueryParam => "A key or value inside a query: `&`, `=`, `+` are encoded too",
        Component::Fragment => "A fragment",
        _ => "",
    }
}

pub fn run_encode(args: &EncodeArgs, global: &Global) -> anyhow::Result<Status> {
    let component = args.component;
    let format = global.format;
    Ok(stream::each(&args.inputs, format, |text, sink| {
        let encoded = if args.form {
            pct::encode_form(text.as_bytes())
        } else if args.preserve {
            component.encode_preserving(text)
        } else {
            component.encode(text.as_bytes())
        };
        match format {
            Format::Json => sink.json(&json!({
                "input": text, "component": component.name(), "encoded": encoded,
            })),
            Format::Text => sink.text(&format!("{encoded}\n")),
        }
        true
    })?)
}

pub fn run_decode(args: &DecodeArgs, global: &Global) -> anyhow::Result<Status> {
    let format = global.format;
    Ok(stream::each(&args.inputs, format, |text, sink| {
        let bytes = if args.form {
            pct::decode_form(text)
        } else {
            pct::decode(text)
        };
        match std::str::from_utf8(&bytes) {
            Ok(decoded) => {
                match format {
                    Format::Json => sink.json(&json!({ "input": text, "decoded": decoded })),
                    Format::Text => sink.text(&format!("{decoded}\n")),
                }
                true
            }
            Err(e) => {
                let lossy = String::from_utf8_lossy(&bytes);
                let valid = e.valid_up_to();
                // The index points at the `%` of the triplet that starts the bad byte.
                let index = input_index_of_decoded(text, valid);
                let message = format!(
                    "at byte {index}: expected percent-encoded UTF-8 (decoded byte {valid} is not)"
                );
                match format {
                    Format::Json => sink.json(&json!({
                        "input": text,
                        "decoded": lossy,
                        "error": output::error_json("invalid_utf8", index, &message),
                    })),
                    Format::Text => sink.invalid_text(text, index, &message),
                }
                false
            }
        }
    })?)
}

/// The input byte where the decoded byte number `n` came from (a `+` read as
/// a space is one byte either way).
fn input_index_of_decoded(text: &str, n: usize) -> usize {
    let b = text.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        let triplet = b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        i += if triplet { 3 } else { 1 };
        k += 1;
    }
    i
}
