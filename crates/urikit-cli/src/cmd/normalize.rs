//! `urikit normalize`: the normal form of each input (RFC 3986 section 6.2).

use serde_json::json;
use urikit::normalize::{Level, Normalizer};
use urikit::UriRef;

use crate::args::{Format, Global};
use crate::input::{self, Input};
use crate::output::{self, Output};
use crate::Status;

/// `urikit normalize [--level syntax|scheme] [STEPS] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct NormalizeArgs {
    /// How far to normalize: `syntax` (RFC 3986 6.2.2) or `scheme` (6.2.3 on top:
    /// default ports, empty path as `/`, RFC 5952 IPv6).
    #[arg(long, value_enum, default_value_t = NormalizeLevel::Syntax)]
    pub level: NormalizeLevel,
    /// Also remove the fragment (a crawler's step, not an RFC equivalence).
    #[arg(long)]
    pub drop_fragment: bool,
    /// Also sort the query's `&`-separated parameters by key.
    #[arg(long)]
    pub sort_query: bool,
    /// Also remove the final dot of a registered-name host.
    #[arg(long)]
    pub remove_trailing_host_dot: bool,
    /// URI references to normalize; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// The levels `normalize` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NormalizeLevel {
    /// Syntax-based normalization (RFC 3986 section 6.2.2).
    Syntax,
    /// Syntax- and scheme-based normalization (section 6.2.3).
    Scheme,
}

pub fn run(args: &NormalizeArgs, global: &Global) -> anyhow::Result<Status> {
    let level = match args.level {
        NormalizeLevel::Syntax => Level::Syntax,
        NormalizeLevel::Scheme => Level::Scheme,
    };
    let normalizer = Normalizer::new()
        .level(level)
        .drop_fragment(args.drop_fragment)
        .sort_query(args.sort_query)
        .remove_trailing_host_dot(args.remove_trailing_host_dot);
    let mut out = Output::new(global.format);
    let mut status = Status::Ok;
    input::for_each(&args.inputs, |inp| {
        let text = match inp {
            Input::Text(s) => s,
            Input::NotUtf8 { lossy, index } => {
                status = Status::SomeInvalid;
                return output::report_not_utf8(&mut out, &lossy, index);
            }
        };
        match UriRef::parse(text) {
            Ok(r) => {
                let n = normalizer.normalize(&r);
                match out.format {
                    Format::Json => out.json(&json!({ "input": text, "normalized": n.as_str() })),
                    Format::Text => out.text(&format!("{n}\n")),
                }
            }
            Err(e) => {
                status = Status::SomeInvalid;
                match out.format {
                    Format::Json => out.json(&json!({
                        "input": text, "error": output::parse_error_json(&e),
                    })),
                    Format::Text => {
                        output::report_invalid_text(text, e.index(), &e.to_string());
                        Ok(())
                    }
                }
            }
        }
    })?;
    out.flush()?;
    Ok(status)
}
