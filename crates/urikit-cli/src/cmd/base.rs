//! `urikit base`: the base URI that RFC 3986 section 5.1's four layers
//! establish.

use std::fs::File;
use std::io;
use std::path::PathBuf;

use anyhow::{bail, Context};
use urikit::base::{BaseLayers, Established};

use crate::args::Global;
use crate::jsonl::Obj;
use crate::report::{self, Problem, Report, Text};
use crate::stream::Records;
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
    let mut records = Records::new(global);
    records.report(None, &Base(layers.establish()))?;
    Ok(records.finish()?)
}

/// The base the layers establish, and the layers skipped: `valid` when
/// there is a base, exit status 1 also when a layer was skipped.
struct Base(Established);

impl Report for Base {
    fn problem(&self) -> Option<&dyn Problem> {
        self.0.base().is_none().then_some(&NoBase as &dyn Problem)
    }

    fn fails(&self) -> bool {
        !self.0.skipped().is_empty()
    }

    fn json(&self, o: &mut Obj<'_>, scratch: &mut String) {
        let est = &self.0;
        o.opt("base", est.base().map(|b| b.as_str()))
            .opt("layer", est.layer().map(|l| l.name()))
            .opt("section", est.layer().map(|l| l.section()));
        o.list("skipped", est.skipped(), |o, s| {
            o.str("layer", s.layer.name()).str("value", &s.value);
            o.obj("error", |e| report::json::problem(e, &s.error, scratch));
        });
    }

    fn text(&self, t: &mut Text<'_>) {
        for s in self.0.skipped() {
            let msg = format!(
                "{} ({}) not used: {}",
                s.layer.name(),
                s.layer.section(),
                s.error
            );
            t.note("error", &s.value, s.error.index(), msg);
        }
        if let Some(b) = self.0.base() {
            t.line(b.as_str());
        }
    }
}

/// No layer gave a base.
struct NoBase;

impl std::fmt::Display for NoBase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no base URI established (RFC 3986 5.1.4: it is then the application's)")
    }
}

impl Problem for NoBase {
    fn kind(&self) -> &'static str {
        "no_base"
    }
    fn index(&self) -> usize {
        0
    }
}
