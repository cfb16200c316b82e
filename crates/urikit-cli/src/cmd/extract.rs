//! `urikit extract`: the URIs in text (Appendix E of the drafts) or the links
//! of HTML documents, resolved when a base is known.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Map, Value};
use urikit::base::BaseLayers;
use urikit::extract::Finder;
use urikit::{UriBuf, UriRef};

use crate::args::{Format, Global};
use crate::output::{self, Output};
use crate::Status;

/// `urikit extract [--base BASE] [--html] [--abbreviated] [FILE]...`
#[derive(Debug, clap::Args)]
pub struct ExtractArgs {
    /// Resolve what is found against this absolute URI. With --html it is the
    /// document's retrieval URI (RFC 3986 5.1.3): a <base href> in the
    /// document takes precedence.
    #[arg(long, value_name = "BASE")]
    pub base: Option<String>,
    /// Read HTML: every URI-valued attribute (href, src, action, cite,
    /// srcset entries...), resolved against the document's base.
    #[arg(long)]
    pub html: bool,
    /// Also find www. and ftp. host names in text and complete them
    /// (http://, ftp://), as Appendix F of the 2003 draft describes.
    #[arg(long)]
    pub abbreviated: bool,
    /// Report only URIs that also follow their scheme's own rules (RFC 1738
    /// ftp ;type=, mailto, tel, data...), as `urikit parse --scheme-rules` checks them.
    #[arg(long)]
    pub scheme_rules: bool,
    /// Files to read; without any, stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Files larger than this get a progress bar (when stderr is a terminal).
const PROGRESS_MIN_BYTES: u64 = 4 << 20;

pub fn run(args: &ExtractArgs, global: &Global) -> anyhow::Result<Status> {
    let base = match &args.base {
        None => None,
        Some(b) => match UriBuf::parse(b.clone()) {
            Ok(u) => Some(u),
            Err((e, _)) => bail!(
                "--base {b:?} is not an absolute URI: {e} (a base needs a scheme, RFC 3986 section 5.1)"
            ),
        },
    };
    let mut out = Output::new(global.format);
    let finder = Finder::new()
        .abbreviated(args.abbreviated)
        .scheme_rules(args.scheme_rules);
    let mut status = Status::Ok;
    let sources: Vec<Option<&PathBuf>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(Some).collect()
    };
    for path in sources {
        let name = path.map(|p| p.display().to_string());
        let reader: Box<dyn Read> = match path {
            None => Box::new(io::stdin().lock()),
            Some(p) => {
                let f = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
                let len = f.metadata().map(|m| m.len()).unwrap_or(0);
                with_progress(f, len)
            }
        };
        let file = name.as_deref();
        let s = if args.html {
            html(reader, file, base.as_ref(), &mut out)?
        } else {
            text(reader, file, &finder, base.as_ref(), &mut out)?
        };
        if s == Status::SomeInvalid {
            status = s;
        }
    }
    out.flush()?;
    Ok(status)
}

/// The URIs of plain text, streamed.
fn text(
    reader: Box<dyn Read>,
    file: Option<&str>,
    finder: &Finder,
    base: Option<&UriBuf>,
    out: &mut Output,
) -> anyhow::Result<Status> {
    for m in finder.stream(reader) {
        let m = m.with_context(|| format!("reading {}", file.unwrap_or("stdin")))?;
        // Found URIs are absolute: resolving one against a base only removes
        // its dot segments (RFC 3986 5.2.2).
        let resolved = base.and_then(|b| {
            let r = UriRef::parse(m.as_str()).ok()?;
            r.resolve_against(&b.as_uri()).ok()
        });
        match out.format {
            Format::Text => {
                let shown = resolved.as_ref().map_or(m.as_str(), |r| r.as_str());
                out.text(&format!("{shown}\n"))?;
            }
            Format::Json => {
                let mut o = Map::new();
                if let Some(f) = file {
                    o.insert("file".into(), json!(f));
                }
                o.insert("uri".into(), json!(m.as_str()));
                o.insert(
                    "resolved".into(),
                    json!(resolved.as_ref().map(|r| r.as_str())),
                );
                o.insert("start".into(), json!(m.start()));
                o.insert("end".into(), json!(m.end()));
                o.insert("line".into(), json!(m.line()));
                o.insert("column".into(), json!(m.column()));
                o.insert("delimiter".into(), json!(m.delimiter().name()));
                o.insert("abbreviated".into(), json!(m.is_abbreviated()));
                o.insert("hyphen_break".into(), json!(m.has_hyphen_break()));
                out.json(&Value::Object(o))?;
            }
        }
    }
    Ok(Status::Ok)
}

/// The links of an HTML document; a link that is not a URI reference, or
/// cannot be resolved, makes the status `SomeInvalid`.
fn html(
    reader: Box<dyn Read>,
    file: Option<&str>,
    base: Option<&UriBuf>,
    out: &mut Output,
) -> anyhow::Result<Status> {
    let mut layers = BaseLayers::new();
    if let Some(b) = base {
        layers.retrieval(b.as_str());
    }
    let mut status = Status::Ok;
    let format = out.format;
    let est = urikit_html::links(reader, &layers, |l| {
        if l.resolved.is_err() {
            status = Status::SomeInvalid;
        }
        match (format, &l.resolved) {
            (Format::Text, Ok(r)) => out.text(&format!("{}\n", r.as_str())),
            (Format::Text, Err(e)) => {
                let msg = format!("<{} {}>: {e}", l.element, l.attribute);
                output::report_invalid_text(&l.value, e.index(), &msg);
                Ok(())
            }
            (Format::Json, resolved) => {
                let mut o = Map::new();
                if let Some(f) = file {
                    o.insert("file".into(), json!(f));
                }
                o.insert("uri".into(), json!(l.value));
                o.insert(
                    "resolved".into(),
                    json!(resolved.as_ref().ok().map(|r| r.as_str())),
                );
                o.insert("start".into(), json!(l.start));
                o.insert("end".into(), json!(l.end));
                o.insert("line".into(), json!(l.line));
                o.insert("column".into(), json!(l.column));
                o.insert("element".into(), json!(l.element));
                o.insert("attribute".into(), json!(l.attribute));
                if let Err(e) = resolved {
                    o.insert(
                        "error".into(),
                        output::error_json(e.name(), e.index(), &e.to_string()),
                    );
                }
                out.json(&Value::Object(o))
            }
        }
    })
    .with_context(|| format!("reading {}", file.unwrap_or("stdin")))?;
    for s in est.skipped() {
        eprintln!(
            "urikit: warning: {} base {:?} not used: {}",
            s.layer.name(),
            s.value,
            s.error
        );
    }
    Ok(status)
}

/// `reader` counted into a progress bar on stderr, when stderr is a terminal
/// and the file is large; `reader` itself otherwise.
fn with_progress(reader: File, len: u64) -> Box<dyn Read> {
    if len < PROGRESS_MIN_BYTES || !io::stderr().is_terminal() {
        return Box::new(reader);
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
    {
        bar.set_style(style);
    }
    Box::new(bar.wrap_read(reader))
}
