//! `urikit parse --whatwg`: each input read as browsers read it (the WHATWG
//! URL Standard), with the standard's components, the validation errors it
//! met on the way, the URL written as an RFC 3986 URI, and the components
//! RFC 3986 reads differently.
//!
//! JSON keys (after `input` and `valid`): `href`, `protocol`, `username`,
//! `password`, `host`, `hostname`, `host_type`, `port`, `pathname`,
//! `search`, `hash`, `origin`, `rfc3986` (`to_rfc3986`), `violations`
//! (`[{kind, index}]`), `rfc3986_error` (why the input is not an RFC 3986
//! reference, or `null`) and `differences` (`[{component, rfc3986,
//! whatwg}]`). An input the standard rejects is invalid, its error's `kind`
//! named as the standard names its validation errors (`host-missing`).

use urikit::whatwg::{readings, Readings, Url, ValidationError};

use crate::jsonl::Obj;
use crate::report::{Report, Text};
use crate::stream::PerLine;

/// `parse --whatwg`.
pub struct Whatwg;

impl PerLine for Whatwg {
    type State = ();
    type Report<'a> = Result<Reading<'a>, ValidationError>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let mut violations = Vec::new();
        let url = Url::parse_with_violations(input, None, &mut |e| violations.push(e))?;
        Ok(Reading {
            url,
            violations,
            readings: readings(input),
        })
    }
}

/// A URL the standard read, and how.
pub struct Reading<'a> {
    url: Url,
    violations: Vec<ValidationError>,
    readings: Readings<'a>,
}

impl Reading<'_> {
    /// The standard's components, as the `URL` API names them.
    fn components(&self) -> [(&'static str, &str); 10] {
        let u = &self.url;
        [
            ("href", u.href()),
            ("protocol", u.protocol()),
            ("username", u.username()),
            ("password", u.password()),
            ("host", u.host()),
            ("hostname", u.hostname()),
            ("port", u.port()),
            ("pathname", u.pathname()),
            ("search", u.search()),
            ("hash", u.hash()),
        ]
    }
}

impl Report for Reading<'_> {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        for (name, value) in self.components() {
            o.str(name, value);
        }
        o.opt("host_type", self.url.host_kind().map(|k| k.name()))
            .str("origin", &self.url.origin())
            .opt(
                "rfc3986",
                self.url.to_rfc3986().ok().as_ref().map(|u| u.as_str()),
            );
        o.arr("violations", |a| {
            for e in &self.violations {
                a.obj(|v| {
                    v.str("kind", e.kind().name()).num("index", e.index());
                });
            }
        });
        match &self.readings.rfc3986 {
            Ok(_) => o.null("rfc3986_error"),
            Err(e) => o.obj("rfc3986_error", |v| {
                v.str("kind", e.kind().name())
                    .num("index", e.index())
                    .str("message", &e.to_string());
            }),
        };
        o.arr("differences", |a| {
            for d in &self.readings.differences {
                a.obj(|v| {
                    v.str("component", d.part.name())
                        .opt("rfc3986", d.rfc3986.as_deref())
                        .opt("whatwg", d.whatwg.as_deref());
                });
            }
        });
    }

    fn text(&self, t: &mut Text<'_>) {
        let mut row = |name: &str, value: &str| {
            let value = crate::highlight::escape_controls(value);
            t.line(&format!("{:<15}{value}", format!("{name}:")));
        };
        row("input", self.readings.input);
        for (name, value) in self.components() {
            row(name, value);
        }
        row("origin", &self.url.origin());
        match self.url.to_rfc3986() {
            Ok(uri) => row("rfc3986", uri.as_str()),
            Err(e) => row("rfc3986", &format!("(none: {e})")),
        }
        for e in &self.violations {
            row(
                "violation",
                &format!("{} at byte {}", e.kind().name(), e.index()),
            );
        }
        if let Err(e) = &self.readings.rfc3986 {
            row("rfc3986 error", &e.to_string());
        }
        for d in &self.readings.differences {
            row("differs", &d.to_string());
        }
        t.line("");
    }
}
