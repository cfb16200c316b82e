//! `urikit normalize`: the normal form of each input (RFC 3986 section 6.2).

use urikit::normalize::{Level, Normalizer};
use urikit::scheme::SchemeRegistry;
use urikit::{ParseError, UriRef};

use crate::args::{named, Global};
use crate::jsonl::Obj;
use crate::report::{Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit normalize [--level syntax|scheme] [STEPS] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct NormalizeArgs {
    /// How far to normalize: `syntax` (RFC 3986 6.2.2) or `scheme` (6.2.3 on top:
    /// default ports, empty path as `/`, RFC 5952 IPv6); `string` changes
    /// nothing but the optional steps.
    #[arg(long, value_parser = level_parser(), default_value = "syntax")]
    pub level: Level,
    /// Also remove the fragment (a crawler's step, not an RFC equivalence).
    #[arg(long)]
    pub drop_fragment: bool,
    /// Also sort the query's `&`-separated parameters by key.
    #[arg(long)]
    pub sort_query: bool,
    /// Also remove the final dot of a registered-name host.
    #[arg(long)]
    pub remove_trailing_host_dot: bool,
    /// Normalize RFC 3987 IRI references: the URI's normal form with its
    /// percent-encoded non-ASCII characters shown (RFC 3987 section 5.3).
    #[arg(long)]
    pub iri: bool,
    /// URI references to normalize; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// The values of `--level` (of `normalize` and `equivalent`): the
/// library's levels under their names.
pub fn level_parser() -> impl clap::builder::TypedValueParser<Value = Level> {
    named(&Level::ALL, Level::name, |l| match l {
        Level::String => "Simple string comparison (RFC 3986 section 6.2.1): no change",
        Level::Syntax => "Syntax-based normalization (section 6.2.2)",
        Level::Scheme => "Syntax- and scheme-based normalization (section 6.2.3)",
    })
}

pub fn run(args: &NormalizeArgs, global: &Global) -> anyhow::Result<Status> {
    let normalize = Normalize {
        normalizer: Normalizer::new()
            .level(args.level)
            .drop_fragment(args.drop_fragment)
            .sort_query(args.sort_query)
            .remove_trailing_host_dot(args.remove_trailing_host_dot),
        schemes: SchemeRegistry::standard(),
    };
    if args.iri {
        return stream::each(&NormalizeIri(normalize.normalizer), &args.inputs, global);
    }
    stream::each(&normalize, &args.inputs, global)
}

/// `--iri`: the normalizer of a run, on IRIs.
struct NormalizeIri(Normalizer);

impl PerLine for NormalizeIri {
    /// The normal form is written here.
    type State = String;
    type Report<'a> = Result<Normalized<'a>, ParseError>;

    fn one<'a>(&'a self, input: &'a str, buf: &'a mut String) -> Self::Report<'a> {
        let r = urikit::iri::IriRef::parse(input)?;
        *buf = self.0.normalize_iri(&r).into_string();
        Ok(Normalized(buf))
    }
}

/// The normalizer of a run.
struct Normalize {
    normalizer: Normalizer,
    schemes: SchemeRegistry,
}

impl PerLine for Normalize {
    /// The normal form is written here.
    type State = String;
    type Report<'a> = Result<Normalized<'a>, ParseError>;

    #[inline(always)]
    fn one<'a>(&'a self, input: &'a str, buf: &'a mut String) -> Self::Report<'a> {
        match UriRef::parse(input) {
            Ok(r) => {
                buf.clear();
                self.normalizer.write(&r, &self.schemes, buf);
                Ok(Normalized(buf))
            }
            Err(e) => Err(e),
        }
    }
}

/// The normal form of a valid input.
struct Normalized<'a>(&'a str);

impl Report for Normalized<'_> {
    #[inline(always)]
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("normalized", self.0);
    }
    #[inline(always)]
    fn text(&self, t: &mut Text<'_>) {
        t.line(self.0);
    }
}
