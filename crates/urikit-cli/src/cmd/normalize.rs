//! `urikit normalize`: the normal form of each input (RFC 3986 section 6.2).

use urikit::normalize::{Level, Normalizer};
use urikit::scheme::SchemeRegistry;
use urikit::UriRef;

use crate::args::{Format, Global};
use crate::input::Input;
use crate::jsonl::{self, Obj};
use crate::output;
use crate::stream::{self, Sink};
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
    let format = global.format;
    let schemes = SchemeRegistry::standard();
    // Streams (see `crate::stream`): each result is written straight into the
    // output buffer, with `--jobs` threads.
    let status = stream::run(&args.inputs, global.jobs, || {
        let mut scratch = String::new();
        let schemes = &schemes;
        move |inp: Input<'_>, sink: &mut Sink| {
            let Some(text) = stream::text_or_report(inp, format, sink) else {
                return false;
            };
            match UriRef::parse(text) {
                Ok(r) => {
                    scratch.clear();
                    normalizer.write(&r, schemes, &mut scratch);
                    match format {
                        Format::Json => {
                            Obj::new(&mut sink.out)
                                .str("input", text)
                                .str("normalized", &scratch)
                                .end();
                        }
                        Format::Text => {
                            sink.out.extend_from_slice(scratch.as_bytes());
                            sink.out.push(b'\n');
                        }
                    }
                    true
                }
                Err(e) => {
                    match format {
                        Format::Json => {
                            let mut o = Obj::new(&mut sink.out);
                            o.str("input", text);
                            jsonl::error(&mut o, &mut scratch, e.kind().name(), e.index(), e);
                            o.end();
                        }
                        Format::Text => {
                            output::write_caret_report(&mut sink.err, "error", text, e.index(), e);
                        }
                    }
                    false
                }
            }
        }
    })?;
    Ok(status)
}
