//! The JSON Lines reporter: one object per input, in the envelope every
//! subcommand shares.

use std::fmt::Write as _;

use super::{Problem, Report, Reporter};
use crate::jsonl::Obj;
use crate::stream::Sink;

/// Writes `{"input", "valid", <the report's keys>, "error"}` lines; `error`
/// is `{"kind", "index", "message"}` (and the problem's own keys), present
/// only when the input is invalid.
#[derive(Clone, Default)]
pub struct JsonReporter {
    /// Reused for messages and the reports' values.
    scratch: String,
}

impl Reporter for JsonReporter {
    #[inline(always)]
    fn report(&mut self, input: Option<&str>, r: &impl Report, sink: &mut Sink) -> bool {
        let problem = r.problem();
        let mut o = match input {
            Some(s) => Obj::with_source(&mut sink.out, "input", s),
            None => {
                let mut o = Obj::new(&mut sink.out);
                o.null("input");
                o
            }
        };
        o.member(match problem {
            None => "\"valid\":true",
            Some(_) => "\"valid\":false",
        });
        r.json(&mut o, &mut self.scratch);
        if let Some(p) = problem {
            error(&mut o, p, &mut self.scratch);
        }
        o.end();
        problem.is_none() && !r.fails()
    }
}

/// `"error": {"kind", "index", "message", ...}`; the message is formatted
/// into `scratch` first.
pub fn error(o: &mut Obj<'_>, p: &dyn Problem, scratch: &mut String) {
    o.obj("error", |e| problem(e, p, scratch));
}

/// The keys of a problem's object: `kind`, `index`, `message`, then the
/// problem's own (also for lists of problems, such as parse's
/// `scheme_warnings`).
pub fn problem(o: &mut Obj<'_>, p: &dyn Problem, scratch: &mut String) {
    scratch.clear();
    let _ = write!(scratch, "{p}");
    o.str("kind", p.kind())
        .num("index", p.index())
        .str("message", scratch);
    p.more_json(o);
}
