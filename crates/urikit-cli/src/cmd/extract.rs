//! `urikit extract`: the URIs in text (Appendix E of the drafts) or the links
//! of HTML documents, resolved when a base is known.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use urikit::base::BaseLayers;
use urikit::extract::{Finder, Match};
use urikit::{UriBuf, UriRef};
use urikit_html::Link;

use crate::args::Global;
use crate::jsonl::Obj;
use crate::report::{Failure, Problem, Report, Text};
use crate::stream::Records;
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
    let mut records = Records::new(global);
    let finder = Finder::new()
        .abbreviated(args.abbreviated)
        .scheme_rules(args.scheme_rules);
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
        if args.html {
            html(reader, file, base.as_ref(), &mut records)?;
        } else {
            text(reader, file, &finder, base.as_ref(), &mut records)?;
        }
    }
    Ok(records.finish()?)
}

/// The URIs of plain text, streamed: each found URI is an input (always
/// valid: the finder reports only URIs that parse).
fn text(
    reader: Box<dyn Read>,
    file: Option<&str>,
    finder: &Finder,
    base: Option<&UriBuf>,
    records: &mut Records,
) -> anyhow::Result<()> {
    for m in finder.stream(reader) {
        let m = m.with_context(|| format!("reading {}", file.unwrap_or("stdin")))?;
        // Found URIs are absolute: resolving one against a base only removes
        // its dot segments (RFC 3986 5.2.2).
        let resolved = base.and_then(|b| {
            let r = UriRef::parse(m.as_str()).ok()?;
            r.resolve_against(&b.as_uri()).ok()
        });
        let found = Found {
            file,
            m: &m,
            resolved: resolved.as_ref(),
        };
        records.report(Some(m.as_str()), &found)?;
    }
    Ok(())
}

/// A URI found in text.
struct Found<'a> {
    file: Option<&'a str>,
    m: &'a Match<'a>,
    resolved: Option<&'a UriBuf>,
}

impl Report for Found<'_> {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        let m = self.m;
        if let Some(f) = self.file {
            o.str("file", f);
        }
        o.opt("resolved", self.resolved.map(|r| r.as_str()))
            .num("start", m.start())
            .num("end", m.end())
            .num("line", m.line())
            .num("column", m.column())
            .str("delimiter", m.delimiter().name())
            .bool("abbreviated", m.is_abbreviated())
            .bool("hyphen_break", m.has_hyphen_break());
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(self.resolved.map_or(self.m.as_str(), |r| r.as_str()));
    }
}

/// The links of an HTML document, each an input: one that is not a URI
/// reference, or cannot be resolved, is invalid.
fn html(
    reader: Box<dyn Read>,
    file: Option<&str>,
    base: Option<&UriBuf>,
    records: &mut Records,
) -> anyhow::Result<()> {
    let mut layers = BaseLayers::new();
    if let Some(b) = base {
        layers.retrieval(b.as_str());
    }
    let est = urikit_html::links(reader, &layers, |l| {
        let link = LinkReport {
            file,
            link: &l,
            error: l.resolved.as_ref().err().map(|e| {
                let message = format!("<{} {}>: {e}", l.element, l.attribute);
                Failure::new(e.name(), e.index(), message)
            }),
        };
        records.report(Some(&l.value), &link)
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
    Ok(())
}

/// A link of an HTML document.
struct LinkReport<'a> {
    file: Option<&'a str>,
    link: &'a Link,
    error: Option<Failure>,
}

impl Report for LinkReport<'_> {
    fn problem(&self) -> Option<&dyn Problem> {
        Some(self.error.as_ref()?)
    }
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        let l = self.link;
        if let Some(f) = self.file {
            o.str("file", f);
        }
        o.opt("resolved", l.resolved.as_ref().ok().map(|r| r.as_str()))
            .num("start", l.start)
            .num("end", l.end)
            .opt_num("line", l.line.map(|n| n as u64))
            .opt_num("column", l.column.map(|n| n as u64))
            .str("element", &l.element)
            .str("attribute", &l.attribute);
    }
    fn text(&self, t: &mut Text<'_>) {
        if let Ok(r) = &self.link.resolved {
            t.line(r.as_str());
        }
    }
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
