//! `urikit equivalent`: whether two references are equivalent at a level of
//! the comparison ladder (RFC 3986 section 6.2). Exit status 0 when they are,
//! 1 when they are not, 2 when either is not a URI reference.

use serde_json::json;
use urikit::normalize::{Level, Normalizer};
use urikit::UriRef;

use crate::args::{Format, Global};
use crate::output::{self, Output};
use crate::Status;

/// `urikit equivalent [--level string|syntax|scheme] A B`
#[derive(Debug, clap::Args)]
pub struct EquivalentArgs {
    /// The rung of the ladder: `string` (same text), `syntax` (6.2.2) or
    /// `scheme` (6.2.3).
    #[arg(long, value_enum, default_value_t = LadderLevel::Syntax)]
    pub level: LadderLevel,
    /// The first URI reference.
    pub a: String,
    /// The second URI reference.
    pub b: String,
}

/// The rungs `equivalent` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LadderLevel {
    /// Simple string comparison (RFC 3986 section 6.2.1).
    String,
    /// Syntax-based normalization (section 6.2.2).
    Syntax,
    /// Syntax- and scheme-based normalization (section 6.2.3).
    Scheme,
}

pub fn run(args: &EquivalentArgs, global: &Global) -> anyhow::Result<Status> {
    let level = match args.level {
        LadderLevel::String => Level::String,
        LadderLevel::Syntax => Level::Syntax,
        LadderLevel::Scheme => Level::Scheme,
    };
    let mut out = Output::new(global.format);
    let mut parsed = Vec::with_capacity(2);
    for (name, text) in [("A", &args.a), ("B", &args.b)] {
        match UriRef::parse(text) {
            Ok(r) => parsed.push(r),
            Err(e) => {
                match out.format {
                    Format::Json => {
                        out.json(&json!({ "input": text, "error": output::parse_error_json(&e) }))?;
                        out.flush()?;
                    }
                    Format::Text => output::report_invalid_text(text, e.index(), &e.to_string()),
                }
                anyhow::bail!("{name} is not a URI reference");
            }
        }
    }
    let normalizer = Normalizer::new().level(level);
    let (a, b) = (&parsed[0], &parsed[1]);
    let same = normalizer.equivalent(a, b);
    match out.format {
        Format::Json => out.json(&json!({
            "a": a.as_str(),
            "b": b.as_str(),
            "level": level.name(),
            "a_normalized": normalizer.normalize(a).as_str(),
            "b_normalized": normalizer.normalize(b).as_str(),
            "equivalent": same,
        }))?,
        Format::Text => out.text(if same { "equivalent\n" } else { "different\n" })?,
    }
    out.flush()?;
    // "different" is reported like an invalid input: exit status 1.
    Ok(if same {
        Status::Ok
    } else {
        Status::SomeInvalid
    })
}
