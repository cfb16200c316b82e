//! `urikit parse`: the components of each input.

use serde_json::{json, Value};
use urikit::UriRef;

use crate::args::{Format, Global, ParseArgs};
use crate::cmd::scheme_fields::SchemeCheck;
use crate::input::{self, Input};
use crate::output::{self, Output};
use crate::Status;

pub fn run(args: &ParseArgs, global: &Global) -> anyhow::Result<Status> {
    let mut out = Output::new(global.format);
    let mut status = Status::Ok;
    input::for_each(&args.inputs, |inp| {
        let text = match inp {
            Input::Text(s) => s,
            Input::NotUtf8 { lossy, index } => {
                status = Status::SomeInvalid;
                return output::report_not_utf8(&mut out, &lossy, index);
            }
        };
        match UriRef::parse(text) {
            Ok(r) => {
                let scheme = SchemeCheck::new(&r, args.scheme_rules);
                if scheme.is_error() {
                    status = Status::SomeInvalid;
                }
                match out.format {
                    Format::Json => out.json(&scheme.into_json(components_json(&r))),
                    Format::Text => scheme.write_text(&mut out, text, components_text(&r)),
                }
            }
            Err(e) => {
                status = Status::SomeInvalid;
                match out.format {
                    Format::Json => out.json(&json!({
                        "input": text, "valid": false, "error": output::parse_error_json(&e),
                    })),
                    Format::Text => {
                        output::report_invalid_text(text, e.index(), &e.to_string());
                        Ok(())
                    }
                }
            }
        }
    })?;
    out.flush()?;
    Ok(status)
}

/// The JSON object of a valid input: raw components, `null` when absent.
pub fn components_json(r: &UriRef<'_>) -> Value {
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

/// The aligned text breakdown of a valid input.
fn components_text(r: &UriRef<'_>) -> String {
    fn show(v: Option<&str>) -> String {
        match v {
            None => "(absent)".to_owned(),
            Some("") => "(empty)".to_owned(),
            Some(s) => s.to_owned(),
        }
    }
    let auth = r.authority();
    let host = match auth {
        None => "(absent)".to_owned(),
        Some(a) => format!("{} ({})", show(Some(a.host_str())), a.host().kind_name()),
    };
    let port = match auth.and_then(|a| a.port()) {
        Some(p) if !p.is_empty() && auth.and_then(|a| a.port_u16()).is_none() => {
            format!("{p} (out of the u16 range)")
        }
        p => show(p),
    };
    let rows = [
        (
            "input",
            crate::highlight::uri(r, crate::highlight::color_enabled()),
        ),
        ("scheme", show(r.scheme())),
        ("authority", show(auth.map(|a| a.as_str()))),
        ("userinfo", show(auth.and_then(|a| a.userinfo()))),
        ("host", host),
        ("port", port),
        ("path", show(Some(r.path()))),
        ("query", show(r.query())),
        ("fragment", show(r.fragment())),
    ];
    let mut s = String::new();
    for (name, value) in rows {
        s.push_str(&format!("{:<10} {value}\n", format!("{name}:")));
    }
    s.push('\n');
    s
}
