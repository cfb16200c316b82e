//! `urikit base`: the base URI that RFC 3986 section 5.1's four layers
//! establish.

use std::fs::File;
use std::io;
use std::path::PathBuf;

use anyhow::{bail, Context};
use serde_json::{json, Value};
use urikit::base::BaseLayers;

use crate::args::{Format, Global};
use crate::output::{self, Output};
use crate::Status;

/// `urikit base [--retrieval-uri U]... [--header 'Content-Location: ...']... [--html FILE] [--default U]`
#[derive(Debug, clap::Args)]
pub struct BaseArgs {
    /// The URI the document was retrieved with (5.1.3); repeat it for each
    /// redirect: the last one counts.
    #[arg(long = "retrieval-uri", value_name = "URI")]
    pub retrieval: Vec<String>,
    /// A header field of the encapsulating entity (5.1.2): Content-Base and
    /// Content-Location are used (Content-Base first), others ignored.
    #[arg(long = "header", value_name = "NAME: VALUE")]
    pub headers: Vec<String>,
    /// An HTML document whose <base href> is the embedded base (5.1.1); "-"
    /// for stdin.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The application's default base (5.1.4).
    #[arg(long = "default", value_name = "URI")]
    pub default: Option<String>,
}

pub fn run(args: &BaseArgs, global: &Global) -> anyhow::Result<Status> {
    let mut layers = BaseLayers::new();
    if let Some(d) = &args.default {
        layers.default_base(d.as_str());
    }
    if let Some(r) = args.retrieval.last() {
        layers.retrieval(r.as_str());
    }
    for h in &args.headers {
        match layers.header(h) {
            Ok(true) => {}
            Ok(false) => eprintln!(
                "urikit: warning: header {h:?} is not Content-Base or Content-Location: ignored"
            ),
            Err(e) => bail!("--header {h:?}: {e}"),
        }
    }
    if let Some(p) = &args.html {
        let embedded = if p.as_os_str() == "-" {
            urikit_html::embedded_base(io::stdin().lock())
        } else {
            let f = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
            urikit_html::embedded_base(f)
        }
        .with_context(|| format!("reading {}", p.display()))?;
        if let Some(e) = embedded {
            layers.embedded(e);
        }
    }
    let est = layers.establish();
    let mut out = Output::new(global.format);
    let mut status = if est.skipped().is_empty() && est.base().is_some() {
        Status::Ok
    } else {
        Status::SomeInvalid
    };
    match out.format {
        Format::Text => {
            for s in est.skipped() {
                let msg = format!(
                    "{} ({}) not used: {}",
                    s.layer.name(),
                    s.layer.section(),
                    s.error
                );
                output::report_invalid_text(&s.value, s.error.index(), &msg);
            }
            match (est.base(), est.layer()) {
                (Some(b), Some(_)) => out.text(&format!("{}\n", b.as_str()))?,
                _ => {
                    eprintln!("urikit: no base URI established (RFC 3986 5.1.4: it is then the application's)");
                    status = Status::SomeInvalid;
                }
            }
        }
        Format::Json => {
            let skipped: Vec<Value> = est
                .skipped()
                .iter()
                .map(|s| {
                    json!({
                        "layer": s.layer.name(),
                        "value": s.value,
                        "error": output::error_json(s.error.kind().name(), s.error.index(), &s.error.to_string()),
                    })
                })
                .collect();
            out.json(&json!({
                "base": est.base().map(|b| b.as_str()),
                "layer": est.layer().map(|l| l.name()),
                "section": est.layer().map(|l| l.section()),
                "skipped": skipped,
            }))?;
        }
    }
    out.flush()?;
    Ok(status)
}
