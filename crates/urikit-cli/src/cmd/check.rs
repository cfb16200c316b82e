//! `urikit check`: the security checks of RFC 3986 section 7 on each input.
//!
//! JSON: `{"input","valid","findings":[{"code","severity","message","start","end"}]}`,
//! plus `"error"` (`{kind,index,message}`) when the input is not an RFC 3986
//! URI reference (the checks for lenient input still run on it). The exit
//! status is 1 when some input has a finding at the `--fail-on` severity or
//! worse (default: warning), or is not a URI reference.

use clap::ValueEnum;
use urikit::security::{self, Checker, Finding, Severity};
use urikit::UriRef;

use crate::args::Global;
use crate::highlight;
use crate::jsonl::Obj;
use crate::report::{Problem, Report, Text};
use crate::stream::{self, PerLine};
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
    let check = Check {
        checker: Checker::new(),
        fail_on: args.fail_on,
    };
    stream::each(&check, &args.inputs, global)
}

struct Check {
    checker: Checker,
    fail_on: FailOn,
}

impl PerLine for Check {
    type State = ();
    type Report<'a> = Checked<'a>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Checked<'a> {
        Checked {
            input,
            report: self.checker.check_str(input),
            fail_on: self.fail_on,
        }
    }
}

/// The findings on one input (and its parse error, if it is not a URI
/// reference: the checks for lenient input still run on it).
struct Checked<'a> {
    input: &'a str,
    report: security::Report,
    fail_on: FailOn,
}

impl Report for Checked<'_> {
    fn problem(&self) -> Option<&dyn Problem> {
        Some(self.report.error.as_ref()?)
    }

    fn fails(&self) -> bool {
        let fail_on = self.fail_on;
        self.report
            .findings
            .iter()
            .any(|f| fail_on.fails(f.severity))
    }

    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.list("findings", &self.report.findings, |o, f| {
            o.str("code", f.code.name())
                .str("severity", f.severity.name())
                .str("message", &f.message)
                .num("start", f.start)
                .num("end", f.end);
        });
    }

    fn text(&self, t: &mut Text<'_>) {
        let shown = match UriRef::parse(self.input) {
            Ok(r) => highlight::uri(&r, t.color),
            Err(_) => highlight::escape_controls(self.input),
        };
        let text = findings_text(&shown, &self.report.findings, t.color);
        t.out().extend_from_slice(text.as_bytes());
    }
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
