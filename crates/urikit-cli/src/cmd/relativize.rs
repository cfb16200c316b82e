//! `urikit relativize`: the shortest reference from a base to each target.

use urikit::{relativize, Uri};

use crate::args::Global;
use crate::cmd::resolve::{parse_base, AgainstBase};
use crate::report::Failure;
use crate::stream;
use crate::Status;

/// `urikit relativize --base BASE [TARGET]...`
#[derive(Debug, clap::Args)]
pub struct RelativizeArgs {
    /// The base URI: absolute (with a scheme); a fragment is ignored.
    #[arg(long, value_name = "BASE")]
    pub base: String,
    /// Absolute URIs to express relative to the base; without any, read them
    /// from stdin, one per line.
    #[arg(value_name = "TARGET")]
    pub targets: Vec<String>,
}

pub fn run(args: &RelativizeArgs, global: &Global) -> anyhow::Result<Status> {
    let base = parse_base(&args.base)?;
    let relativize = AgainstBase::new(&base, base.as_str(), "relative", |base, text| {
        let t = Uri::parse(text).map_err(|e| Failure::of(&e))?;
        let r = relativize(base, &t).map_err(|e| Failure::of(&e))?;
        Ok(r.into_string())
    });
    stream::each(&relativize, &args.targets, global)
}
