//! `urikit parse --whatwg`: each input read as browsers read it (the WHATWG
//! URL Standard), with the standard's components, the validation errors it
//! met on the way, the URL written as an RFC 3986 URI, and the components
//! RFC 3986 reads differently.
//!
//! JSON: `{"input","valid":true,"href","protocol","username","password",
//! "host","hostname","host_type","port","pathname","search","hash","origin",
//! "rfc3986","violations":[{"kind","index"}],"rfc3986_error","differences":
//! [{"component","rfc3986","whatwg"}]}` (`rfc3986_error`: why the input is not
//! an RFC 3986 URI reference, or `null`); an input the standard rejects gives
//! `{"input","valid":false,"error":{"kind","index","message"}}`, the kind
//! named as the standard names its validation errors.

use serde_json::{json, Value};
use urikit::whatwg::{readings, Url, ValidationError};

use crate::args::Format;
use crate::output;
use crate::stream::Sink;

/// Reads one input; whether the standard accepted it.
pub fn one(format: Format, text: &str, sink: &mut Sink) -> bool {
    let mut violations = Vec::new();
    let url = match Url::parse_with_violations(text, None, &mut |e| violations.push(e)) {
        Ok(url) => url,
        Err(e) => {
            match format {
                Format::Json => sink.json(&json!({
                    "input": text,
                    "valid": false,
                    "error": output::error_json(e.kind().name(), e.index(), &e.to_string()),
                })),
                Format::Text => {
                    let message = format!("{} ({e})", e.kind().name());
                    sink.invalid_text(text, e.index(), &message);
                }
            }
            return false;
        }
    };
    let r = readings(text);
    let differences = r.differences;
    match format {
        Format::Json => {
            let mut v = components(text, &url);
            v["rfc3986_error"] = match &r.rfc3986 {
                Ok(_) => Value::Null,
                Err(e) => output::parse_error_json(e),
            };
            v["violations"] = violations.iter().map(violation_json).collect();
            v["differences"] = differences
                .iter()
                .map(|d| json!({"component": d.part.name(), "rfc3986": d.rfc3986, "whatwg": d.whatwg}))
                .collect();
            sink.json(&v);
        }
        Format::Text => {
            let mut s = String::new();
            let mut row = |name: &str, value: &str| {
                s.push_str(&format!(
                    "{:<15}{}\n",
                    format!("{name}:"),
                    crate::highlight::escape_controls(value)
                ));
            };
            row("input", text);
            row("href", url.href());
            for (name, value) in [
                ("protocol", url.protocol()),
                ("username", url.username()),
                ("password", url.password()),
                ("host", url.host()),
                ("hostname", url.hostname()),
                ("port", url.port()),
                ("pathname", url.pathname()),
                ("search", url.search()),
                ("hash", url.hash()),
            ] {
                row(name, value);
            }
            row("origin", &url.origin());
            row("rfc3986", url.to_rfc3986().as_str());
            for e in &violations {
                row(
                    "violation",
                    &format!("{} at byte {}", e.kind().name(), e.index()),
                );
            }
            if let Err(e) = &r.rfc3986 {
                row("rfc3986 error", &e.to_string());
            }
            for d in &differences {
                row("differs", &d.to_string());
            }
            s.push('\n');
            sink.text(&s);
        }
    }
    true
}

/// The standard's components of `url` (the `URL` API's getters).
fn components(input: &str, url: &Url) -> Value {
    json!({
        "input": input,
        "valid": true,
        "href": url.href(),
        "protocol": url.protocol(),
        "username": url.username(),
        "password": url.password(),
        "host": url.host(),
        "hostname": url.hostname(),
        "host_type": url.host_kind().map(|k| k.name()),
        "port": url.port(),
        "pathname": url.pathname(),
        "search": url.search(),
        "hash": url.hash(),
        "origin": url.origin(),
        "rfc3986": url.to_rfc3986().as_str(),
    })
}

fn violation_json(e: &ValidationError) -> Value {
    json!({"kind": e.kind().name(), "index": e.index()})
}
