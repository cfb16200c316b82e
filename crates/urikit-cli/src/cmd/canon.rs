//! `urikit canon`, `urikit surt` and `urikit domain`: crawler
//! canonicalization, SURT keys and registrable domains
//! (`urikit::canon`, `urikit::psl`).

use std::borrow::Cow;
use std::path::PathBuf;

use anyhow::Context as _;
use urikit::canon::{Canonicalizer, ParsedUrl, Profile, Surt};
use urikit::psl::{Domain, List};

use crate::args::{named, Global};
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, Inputs, PerLine};
use crate::Status;

/// The values of `--profile` of `canon` and `surt`: the library's profiles.
fn profile_parser() -> impl clap::builder::TypedValueParser<Value = Profile> {
    named(&Profile::ALL, Profile::name, |p| {
        match p {
        Profile::Whatwg => "What a browser would load (urlcanon's whatwg)",
        Profile::Google => "The surt package's GoogleURLCanonicalizer (urlcanon's google)",
        Profile::SafeBrowsing => "Google Safe Browsing's canonicalization (every port removed)",
        Profile::SemanticPrecise => "URLs that load the same thing (urlcanon's semantic_precise)",
        Profile::Semantic => "semantic_precise, fragments ignored",
        Profile::Aggressive => {
            "Near-duplicates: no www, http for https, lowercase, no session ids (urlcanon's aggressive)"
        }
        Profile::Ia => "The Internet Archive's DefaultIAURLCanonicalizer (Wayback keys)",
    }
    })
}

/// `urikit canon [--profile P] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct CanonArgs {
    /// The canonicalization profile (README: the steps of each).
    #[arg(long, value_parser = profile_parser(), default_value = "semantic_precise")]
    pub profile: Profile,
    /// URLs to canonicalize (any text: canonicalization never fails); without
    /// any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

pub fn run_canon(args: &CanonArgs, global: &Global) -> anyhow::Result<Status> {
    let canon = Canon(args.profile.canonicalizer());
    Ok(stream::lines(
        &canon,
        Inputs::args_or_stdin(&args.inputs),
        global,
    )?)
}

struct Canon(Canonicalizer);

impl PerLine for Canon {
    type State = Vec<u8>;
    type Report<'a> = Written<'a>;

    fn one<'a>(&'a self, input: &'a str, buf: &'a mut Vec<u8>) -> Written<'a> {
        buf.clear();
        self.0.canonicalize(input.as_bytes()).write_to(buf);
        Written {
            key: "canonical",
            text: text_of(buf),
        }
    }
}

/// A built-in profile writes ASCII; a byte that is not UTF-8 could only come
/// from decoding without encoding, which no profile does.
fn text_of(buf: &[u8]) -> &str {
    std::str::from_utf8(buf).unwrap_or("")
}

/// One string result under a key.
struct Written<'a> {
    key: &'static str,
    text: &'a str,
}

impl Report for Written<'_> {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str(self.key, self.text);
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(self.text);
    }
}

/// `urikit surt [OPTIONS] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct SurtArgs {
    /// The canonicalization applied first (`ia` gives the Wayback Machine's keys).
    #[arg(long, value_parser = profile_parser(), default_value = "ia")]
    pub profile: Profile,
    /// Start the key with `scheme://(` (Heritrix's form).
    #[arg(long)]
    pub with_scheme: bool,
    /// End the reversed host with `,` (`org,example,)`).
    #[arg(long)]
    pub trailing_comma: bool,
    /// Write IPv4 addresses as they are (by default they are reversed like names).
    #[arg(long)]
    pub no_reverse_ip: bool,
    /// Write the SSURT form instead (host first, then port, scheme, userinfo, path).
    #[arg(long, conflicts_with_all = ["with_scheme", "trailing_comma", "no_reverse_ip"])]
    pub ssurt: bool,
    /// URLs; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

pub fn run_surt(args: &SurtArgs, global: &Global) -> anyhow::Result<Status> {
    let cmd = SurtCmd {
        canon: args.profile.canonicalizer(),
        surt: Surt::IA
            .with_scheme(args.with_scheme)
            .trailing_comma(args.trailing_comma)
            .reverse_ip(!args.no_reverse_ip),
        ssurt: args.ssurt,
    };
    Ok(stream::lines(
        &cmd,
        Inputs::args_or_stdin(&args.inputs),
        global,
    )?)
}

struct SurtCmd {
    canon: Canonicalizer,
    surt: Surt,
    ssurt: bool,
}

impl PerLine for SurtCmd {
    type State = Vec<u8>;
    type Report<'a> = Written<'a>;

    fn one<'a>(&'a self, input: &'a str, buf: &'a mut Vec<u8>) -> Written<'a> {
        buf.clear();
        let key = if self.ssurt { "ssurt" } else { "surt" };
        // The Wayback Machine's rules for what is no URL.
        if input.is_empty() {
            buf.push(b'-');
        } else if input.starts_with("filedesc") {
            buf.extend_from_slice(input.as_bytes());
        } else {
            let url = self.canon.canonicalize(input.as_bytes());
            if self.ssurt {
                buf.extend_from_slice(&url.ssurt());
            } else {
                self.surt.write(&url, buf);
            }
        }
        Written {
            key,
            text: text_of(buf),
        }
    }
}

/// `urikit domain [--icann-only] [--psl FILE] [HOST-OR-URL]...`
#[derive(Debug, clap::Args)]
pub struct DomainArgs {
    /// Use the rules of the list's ICANN section only (not `github.io`, `blogspot.com`...).
    #[arg(long)]
    pub icann_only: bool,
    /// Read the public suffix list from this file (a newer
    /// `public_suffix_list.dat`) instead of the one built in.
    #[arg(long, value_name = "FILE")]
    pub psl: Option<PathBuf>,
    /// Hosts (`www.example.co.uk`) or URLs (`https://www.example.co.uk/a`, whose
    /// host is looked up); without any, read them from stdin, one per line.
    #[arg(value_name = "HOST-OR-URL")]
    pub inputs: Vec<String>,
}

pub fn run_domain(args: &DomainArgs, global: &Global) -> anyhow::Result<Status> {
    let list = match &args.psl {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--psl {}", path.display()))?;
            Cow::Owned(List::parse(&text).with_context(|| format!("--psl {}", path.display()))?)
        }
        None => Cow::Borrowed(List::embedded()),
    };
    let cmd = DomainCmd {
        list,
        icann_only: args.icann_only,
    };
    Ok(stream::lines(
        &cmd,
        Inputs::args_or_stdin(&args.inputs),
        global,
    )?)
}

struct DomainCmd {
    list: Cow<'static, List>,
    icann_only: bool,
}

/// The host of an input: the input itself, or the host of a URL (an input
/// with `://`), and where it starts in the input.
fn host_of(input: &str) -> (&str, usize) {
    if !input.contains("://") {
        return (input, 0);
    }
    let url = ParsedUrl::parse(input.as_bytes());
    let host: &[u8] = &url.host;
    // The parser borrows: the host is a slice of the input.
    let start = (host.as_ptr() as usize).saturating_sub(input.as_ptr() as usize);
    match input.get(start..start + host.len()) {
        Some(h) => (h, start),
        None => (input, 0),
    }
}

impl PerLine for DomainCmd {
    type State = ();
    type Report<'a> = Result<Found<'a>, Failure>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let (host, start) = host_of(input);
        let found = if self.icann_only {
            self.list.domain_icann(host)
        } else {
            self.list.domain(host)
        };
        found.map(Found).map_err(|e| Failure::of(&e).shifted(start))
    }
}

/// The answers for one host.
struct Found<'a>(Domain<'a>);

impl Report for Found<'_> {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        let d = &self.0;
        o.str("host", d.host())
            .str("public_suffix", d.public_suffix())
            .opt("registrable_domain", d.registrable_domain())
            .opt("subdomain", d.subdomain())
            .opt("section", d.section().map(|s| s.name()));
    }
    /// `registrable_domain public_suffix section subdomain`, tab-separated,
    /// `-` for none.
    fn text(&self, t: &mut Text<'_>) {
        let d = &self.0;
        let line = [
            d.registrable_domain().unwrap_or("-"),
            d.public_suffix(),
            d.section().map_or("-", |s| s.name()),
            d.subdomain().unwrap_or("-"),
        ]
        .join("\t");
        t.line(&line);
    }
}
