//! Command-line arguments (clap derive): one subcommand enum, global options
//! flattened into each.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

/// URIs, URLs and URNs: parse, resolve, normalize, check.
#[derive(Debug, Parser)]
#[command(name = "urikit", version, about)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
    #[command(flatten)]
    pub global: Global,
}

/// Options every subcommand takes.
#[derive(Debug, Clone, clap::Args)]
pub struct Global {
    /// Output format: `text` for people, `json` for one JSON object per input line.
    #[arg(long, value_enum, default_value_t = Format::Text, global = true)]
    pub format: Format,
    /// Threads for stdin input (0 = one per core); the output keeps the input order.
    #[arg(long, short = 'j', default_value_t = 1, global = true)]
    pub jobs: usize,
}

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable, aligned text.
    Text,
    /// One JSON object per input, one per line (JSON Lines).
    Json,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse URI references and show their components.
    Parse(ParseArgs),
    /// Resolve references against a base URI (RFC 3986 section 5.2, or a draft's profile).
    Resolve(crate::cmd::resolve::ResolveArgs),
    /// The shortest reference from a base URI to each target (the inverse of resolve).
    Relativize(crate::cmd::relativize::RelativizeArgs),
    /// Check URI references for what could mislead or harm (RFC 3986 section 7).
    Check(crate::cmd::check::CheckArgs),
    /// Check URNs (RFC 8141 or the 2012 drafts) and show their parts and canonical form.
    Urn(crate::cmd::urn::UrnArgs),
    /// Whether two URNs are lexically equivalent: prints equivalent (exit 0) or different (exit 1).
    UrnEquivalent(crate::cmd::urn::UrnEquivalentArgs),
    /// Find the URIs in text (or the links of HTML), with their positions.
    Extract(crate::cmd::extract::ExtractArgs),
    /// Complete abbreviated URIs: www.w3.org/Addressing/ -> http://www.w3.org/Addressing/.
    Fixup(crate::cmd::fixup::FixupArgs),
    /// The base URI that retrieval URI, headers and HTML <base> establish (RFC 3986 5.1).
    Base(crate::cmd::base::BaseArgs),
    /// Normalize URI references (RFC 3986 section 6.2.2, 6.2.3 with --level scheme).
    Normalize(crate::cmd::normalize::NormalizeArgs),
    /// Tell whether two references are equivalent (exit 0) or not (exit 1).
    Equivalent(crate::cmd::equivalent::EquivalentArgs),
    /// Percent-encode text for a component.
    Encode(crate::cmd::pct::EncodeArgs),
    /// Percent-decode text.
    Decode(crate::cmd::pct::DecodeArgs),
    /// Canonicalize URLs as crawlers and web archives do (urlcanon's profiles, the
    /// Internet Archive's, Google Safe Browsing's).
    Canon(crate::cmd::canon::CanonArgs),
    /// SURT keys (the Wayback Machine's by default) or SSURT keys of URLs.
    Surt(crate::cmd::canon::SurtArgs),
    /// Public suffix, registrable domain, subdomain and list section of hosts or URLs.
    Domain(crate::cmd::canon::DomainArgs),
    /// Change and show components, trurl-style: --set, --append, --trim,
    /// --sort-query, --redirect, --get '{host}:{port}'.
    Edit(crate::cmd::edit::EditArgs),
    /// Show components by a format: `urikit get '{host}:{port}' URI...`
    /// (`urikit edit --get`).
    Get(crate::cmd::edit::GetArgs),
    /// Set components: `urikit set host=example.com port=8080 < uris`
    /// (`urikit edit --set`).
    Set(crate::cmd::edit::SetArgs),
    /// The URI of each IRI (RFC 3987 section 3.1: non-ASCII as UTF-8 %XX; --idna for hosts).
    ToUri(crate::cmd::iri::ToUriArgs),
    /// The IRI of each URI, for display (RFC 3987 section 3.2; hosts by the UTS #46 display policy).
    ToIri(crate::cmd::iri::ToIriArgs),
    /// Internationalized domain names: UTS #46 ToASCII (default), ToUnicode, or the display form.
    Idna(crate::cmd::iri::IdnaArgs),
}

/// `urikit parse [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct ParseArgs {
    /// URI references to parse; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
    /// Make a violation of the scheme's own rules (and a deprecated form such as
    /// userinfo in http) an error (exit 1) instead of a warning.
    #[arg(long)]
    pub scheme_rules: bool,
    /// Only the generic components (RFC 3986): no scheme-specific fields, no
    /// scheme warnings; the fastest output for a pipeline.
    #[arg(long, conflicts_with = "scheme_rules")]
    pub no_scheme_fields: bool,
    /// Read the inputs as browsers do (the WHATWG URL Standard): the
    /// standard's components, its validation errors, the URL as an RFC 3986
    /// URI and the components RFC 3986 reads differently.
    #[arg(long, conflicts_with_all = ["scheme_rules", "no_scheme_fields", "iri"])]
    pub whatwg: bool,
    /// Parse RFC 3987 IRI references (non-ASCII characters in userinfo, host,
    /// path, query, fragment): the generic components and the IRI's URI
    /// (`uri`, RFC 3987 section 3.1). No scheme fields.
    #[arg(long, conflicts_with_all = ["scheme_rules", "no_scheme_fields"])]
    pub iri: bool,
}

/// The values of an option that takes one of a library enum's values, each
/// under its stable name: `all` the values (the library's `ALL`), `name`
/// their names, `help` what `--help` says of each.
pub fn named<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(
        all.iter()
            .map(|&v| PossibleValue::new(name(v)).help(help(v))),
    )
    .map(move |s| {
        all.iter()
            .copied()
            .find(|&v| name(v) == s)
            .expect("a possible value is a value's name")
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
