//! `urikit fixup`: complete abbreviated URIs (Appendix F of the 2003 draft).

use urikit::extract::{complete, Completion};

use crate::args::Global;
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit fixup [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct FixupArgs {
    /// Abbreviated URIs (www.w3.org/Addressing/, user@example.com,
    /// localhost:8080/x); without any, read them from stdin, one per line.
    /// Surrounding whitespace is ignored.
    #[arg(value_name = "TEXT")]
    pub inputs: Vec<String>,
}

pub fn run(args: &FixupArgs, global: &Global) -> anyhow::Result<Status> {
    stream::each(&Fixup, &args.inputs, global)
}

struct Fixup;

impl PerLine for Fixup {
    type State = ();
    type Report<'a> = Result<Completed, Failure>;

    fn one<'a>(&'a self, text: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let lead = text.len() - text.trim_start().len();
        complete(text.trim()).map(Completed).map_err(|e| {
            let index = lead + e.index();
            let message = format!(
                "cannot complete: at byte {index}: expected {}",
                e.kind().expected()
            );
            Failure::new(e.kind().name(), index, message)
        })
    }
}

/// The full URI and the rule that completed it.
struct Completed(Completion);

impl Report for Completed {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("uri", self.0.as_str())
            .str("rule", self.0.rule().name());
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(self.0.as_str());
    }
}
