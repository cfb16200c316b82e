//! `urikit equivalent`: whether two references are equivalent at a level of
//! the comparison ladder (RFC 3986 section 6.2), for each pair. Exit status 0
//! when every pair is, 1 when some pair is not or is not two URI references.

use urikit::normalize::{Level, Normalizer};
use urikit::{UriRef, UriRefBuf};

use crate::args::Global;
use crate::cmd::normalize::level_parser;
use crate::cmd::pair::{verdict, PairArgs};
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit equivalent [--level string|syntax|scheme] [A B]`
#[derive(Debug, clap::Args)]
pub struct EquivalentArgs {
    /// The rung of the ladder: `string` (same text), `syntax` (6.2.2) or
    /// `scheme` (6.2.3).
    #[arg(long, value_parser = level_parser(), default_value = "syntax")]
    pub level: Level,
    /// The first URI reference; without A and B, read pairs from stdin, one
    /// per line, separated by white space.
    #[arg(requires = "b")]
    pub a: Option<String>,
    /// The second URI reference.
    pub b: Option<String>,
}

pub fn run(args: &EquivalentArgs, global: &Global) -> anyhow::Result<Status> {
    let equivalent = Equivalent {
        normalizer: Normalizer::new().level(args.level),
        pairs: PairArgs::new(args.a.as_deref(), args.b.as_deref()),
    };
    stream::each(&equivalent, &equivalent.pairs.inputs, global)
}

struct Equivalent {
    normalizer: Normalizer,
    pairs: PairArgs,
}

impl PerLine for Equivalent {
    type State = ();
    type Report<'a> = Result<Compared<'a>, Failure>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let (a, b) = self.pairs.read(input, UriRef::parse)?;
        let n = &self.normalizer;
        Ok(Compared {
            level: n.get_level(),
            equivalent: n.equivalent(&a, &b),
            normalized: [n.normalize(&a), n.normalize(&b)],
            a,
            b,
        })
    }
}

/// Two references compared at a level.
struct Compared<'a> {
    a: UriRef<'a>,
    b: UriRef<'a>,
    level: Level,
    normalized: [UriRefBuf; 2],
    equivalent: bool,
}

impl Report for Compared<'_> {
    /// "different" is reported like an invalid input: exit status 1.
    fn fails(&self) -> bool {
        !self.equivalent
    }
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("a", self.a.as_str())
            .str("b", self.b.as_str())
            .str("level", self.level.name())
            .str("a_normalized", self.normalized[0].as_str())
            .str("b_normalized", self.normalized[1].as_str())
            .bool("equivalent", self.equivalent);
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(verdict(self.equivalent));
    }
}
