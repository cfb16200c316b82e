//! `urikit check`: the security checks of RFC 3986 section 7 on each input.
//!
//! JSON: `{"input","valid","findings":[{"code","severity","message","start","end"}]}`,
//! plus `"error"` (`{kind,index,message}`) when the input is not an RFC 3986
//! URI reference (the checks for lenient input still run on it). The exit
//! status is 1 when some input has a finding at the `--fail-on` severity or
//! worse (default: warning), or is not a URI reference.

use clap::ValueEnum;
use serde_json::{json, Value};
use urikit::security::{Checker, Finding, Severity};
use urikit::UriRef;

use crate::args::{Format, Global};
use crate::highlight;
use crate::output;
use crate::stream;
use crate::Status;

/// `urikit check [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// URI references to check; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
    /// The least severity that makes the exit status 1.
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    pub fail_on: FailOn,
}

/// `--fail-on`: which findings fail the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Any finding.
    Info,
    /// Warnings and dangers.
    Warning,
    /// Dangers only.
    Danger,
    /// No finding (only invalid inputs fail).
    Never,
}

impl FailOn {
    fn fails(self, s: Severity) -> bool {
        match self {
            FailOn::Info => true,
            FailOn::Warning => s >= Severity::Warning,
            FailOn::Danger => s >= Severity::Danger,
            FailOn::Never => false,
        }
    }
}

pub fn run(args: &CheckArgs, global: &Global) -> anyhow::Result<Status> {
    let format = global.format;
    let color = format == Format::Text && highlight::color_enabled();
    let checker = Checker::new();
    Ok(stream::each(&args.inputs, format, |text, sink| {
        let report = checker.check_str(text);
        match format {
            Format::Json => {
                let mut v = json!({
                    "input": text,
                    "valid": report.error.is_none(),
                    "findings": report.findings.iter().map(finding_json).collect::<Vec<_>>(),
                });
                if let Some(e) = &report.error {
                    v["error"] = output::parse_error_json(e);
                }
                sink.json(&v);
            }
            Format::Text => {
                let shown = match UriRef::parse(text) {
                    Ok(r) => highlight::uri(&r, color),
                    Err(_) => highlight::escape_controls(text),
                };
                sink.text(&findings_text(&shown, &report.findings, color));
                if let Some(e) = &report.error {
                    sink.invalid_text(text, e.index(), &e.to_string());
                }
            }
        }
        report.error.is_none()
            && !report
                .findings
                .iter()
                .any(|f| args.fail_on.fails(f.severity))
    })?)
}

/// The JSON object of one finding.
pub fn finding_json(f: &Finding) -> Value {
    json!({
        "code": f.code.name(),
        "severity": f.severity.name(),
        "message": f.message,
        "start": f.start,
        "end": f.end,
    })
}

/// The input, then one line per finding (or "no findings").
fn findings_text(shown: &str, findings: &[Finding], color: bool) -> String {
    let mut s = format!("{shown}\n");
    if findings.is_empty() {
        s.push_str("  ok: no findings\n");
    }
    for f in findings {
        let sev = f.severity.name();
        let sev = if color {
            let sgr = match f.severity {
                Severity::Info => "\x1b[2m",
                Severity::Warning => "\x1b[33m",
                _ => "\x1b[1;31m",
            };
            format!("{sgr}{sev:<7}\x1b[0m")
        } else {
            format!("{sev:<7}")
        };
        s.push_str(&format!(
            "  {sev} {} [{}..{}]: {}\n",
            f.code.name(),
            f.start,
            f.end,
            highlight::escape_controls(&f.message)
        ));
    }
    s.push('\n');
    s
}
