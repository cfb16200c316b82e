//! `urikit urn` (the parts of each URN, its canonical form) and `urikit
//! urn-equivalent` (are two URNs lexically equivalent?).
//!
//! Both apply the rules of the namespaces the library knows (uuid, isbn,
//! issn, ietf, oid, example) unless `--generic` is given: a URN whose NSS
//! breaks them is reported invalid, and their added equivalences count.

use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnError, UrnProfile};

use crate::args::{named, Global};
use crate::cmd::pair::{verdict, PairArgs};
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// What `--help` says of each URN profile.
fn profile_help(p: UrnProfile) -> &'static str {
    match p {
        UrnProfile::Rfc8141 => "RFC 8141: r-, q- and f-components, \"/\" in the NSS",
        UrnProfile::Draft03 => {
            "draft-ietf-urnbis-rfc2141bis-urn-03: keywd=value query directives, fragment, no %00"
        }
        _ => "draft-ietf-urnbis-rfc2141bis-urn-04: urn:NID:NSS only",
    }
}

/// What `--help` says of each objective (draft-03 section 5, step 5).
fn objective_help(o: Objective) -> &'static str {
    match o {
        Objective::Names => "Distinguishing named resources: the query is removed (step 5a)",
        Objective::Caching => {
            "Caching resolution results: directives kept, sorted by keyword (step 5b)"
        }
    }
}

/// Options shared by both subcommands.
#[derive(Debug, Clone, clap::Args)]
pub struct UrnOptions {
    /// The URN grammar to apply.
    #[arg(long, value_parser = named(&UrnProfile::ALL, UrnProfile::name, profile_help), default_value = "rfc8141")]
    pub profile: UrnProfile,
    /// What lexical equivalence is for (matters under draft-03 only).
    #[arg(long, value_parser = named(&Objective::ALL, Objective::name, objective_help), default_value = "names")]
    pub objective: Objective,
    /// Apply only the generic rules, none of the known namespaces' rules.
    #[arg(long)]
    pub generic: bool,
}

/// `urikit urn [--profile P] [--objective O] [--generic] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct UrnArgs {
    #[command(flatten)]
    pub options: UrnOptions,
    /// URNs to check; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// `urikit urn-equivalent [--profile P] [--objective O] [--generic] [A B]`:
/// prints `equivalent` (exit 0) or `different` (exit 1) for each pair.
#[derive(Debug, clap::Args)]
pub struct UrnEquivalentArgs {
    #[command(flatten)]
    pub options: UrnOptions,
    /// The first URN; without A and B, read pairs from stdin, one per line,
    /// separated by white space.
    #[arg(requires = "b")]
    pub a: Option<String>,
    /// The second URN.
    pub b: Option<String>,
}

/// The parsed options: profile, comparator, and the namespaces it refers to.
struct Config {
    profile: UrnProfile,
    objective: Objective,
    namespaces: Option<Namespaces>,
}

impl Config {
    fn new(o: &UrnOptions) -> Config {
        Config {
            profile: o.profile,
            objective: o.objective,
            namespaces: (!o.generic).then(Namespaces::standard),
        }
    }

    fn comparator(&self) -> Comparator<'_> {
        let c = Comparator::new().objective(self.objective);
        match &self.namespaces {
            Some(n) => c.namespaces(n),
            None => c,
        }
    }

    /// Parses under the profile, then checks the namespace's rules.
    fn parse<'a>(&self, s: &'a str) -> Result<Urn<'a>, UrnError> {
        let urn = Urn::parse_with(s, self.profile)?;
        if let Some(n) = &self.namespaces {
            n.check(&urn)?;
        }
        Ok(urn)
    }
}

pub fn run(args: &UrnArgs, global: &Global) -> anyhow::Result<Status> {
    let check = UrnCheck(Config::new(&args.options));
    stream::each(&check, &args.inputs, global)
}

struct UrnCheck(Config);

impl PerLine for UrnCheck {
    type State = ();
    type Report<'a> = Result<UrnReport<'a>, UrnError>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let urn = self.0.parse(input)?;
        Ok(UrnReport {
            urn,
            config: &self.0,
        })
    }
}

/// A valid URN, under the run's options.
struct UrnReport<'a> {
    urn: Urn<'a>,
    config: &'a Config,
}

impl Report for UrnReport<'_> {
    /// Raw parts (`null` when absent), the draft-03 directives (`null` under
    /// the other profiles), the canonical form, the human-friendly form and
    /// the decoded name (`null` if not UTF-8).
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        let urn = &self.urn;
        o.str("profile", urn.profile().name())
            .str("nid", urn.nid())
            .str("nss", urn.nss())
            .opt("r_component", urn.r_component())
            .opt("q_component", urn.q_component())
            .opt("f_component", urn.f_component())
            .opt("query", urn.query());
        if urn.profile() == UrnProfile::Draft03 {
            o.list("directives", urn.directives(), |o, d| {
                o.str("keyword", d.keyword())
                    .str("value", d.value())
                    .opt("service", d.service().map(|s| s.name()));
            });
        } else {
            o.null("directives");
        }
        o.str("canonical", &self.config.comparator().canonical(urn))
            .str("display", &urn.to_display())
            .opt("name", urn.name().ok().as_deref());
    }

    fn text(&self, t: &mut Text<'_>) {
        let text = urn_text(&self.urn, self.config);
        t.out().extend_from_slice(text.as_bytes());
    }
}

/// The aligned text breakdown of a valid URN.
fn urn_text(urn: &Urn<'_>, config: &Config) -> String {
    fn show(v: Option<&str>) -> String {
        match v {
            None => "(absent)".to_owned(),
            Some("") => "(empty)".to_owned(),
            Some(s) => s.to_owned(),
        }
    }
    let mut rows = vec![
        ("input", urn.as_str().to_owned()),
        ("nid", urn.nid().to_owned()),
        ("nss", urn.nss().to_owned()),
    ];
    match urn.profile() {
        UrnProfile::Draft03 => {
            let d: Vec<_> = urn
                .directives()
                .map(|d| format!("{}={}", d.keyword(), d.value()))
                .collect();
            rows.push((
                "directives",
                if d.is_empty() {
                    "(absent)".to_owned()
                } else {
                    d.join(" & ")
                },
            ));
            rows.push(("fragment", show(urn.f_component())));
        }
        UrnProfile::Draft04 => {}
        _ => {
            rows.push(("r-component", show(urn.r_component())));
            rows.push(("q-component", show(urn.q_component())));
            rows.push(("f-component", show(urn.f_component())));
        }
    }
    rows.push(("canonical", config.comparator().canonical(urn)));
    rows.push(("display", urn.to_display()));
    let mut s = String::new();
    for (name, value) in rows {
        s.push_str(&format!("{:<12} {value}\n", format!("{name}:")));
    }
    s.push('\n');
    s
}

/// Exit 0 when every pair is equivalent, 1 otherwise (different, or an
/// input that is not a URN).
pub fn run_equivalent(args: &UrnEquivalentArgs, global: &Global) -> anyhow::Result<Status> {
    let equivalent = UrnEquivalent {
        config: Config::new(&args.options),
        pairs: PairArgs::new(args.a.as_deref(), args.b.as_deref()),
    };
    stream::each(&equivalent, &equivalent.pairs.inputs, global)
}

struct UrnEquivalent {
    config: Config,
    pairs: PairArgs,
}

impl PerLine for UrnEquivalent {
    type State = ();
    type Report<'a> = Result<UrnPair<'a>, Failure>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let (a, b) = self.pairs.read(input, |s| self.config.parse(s))?;
        let cmp = self.config.comparator();
        Ok(UrnPair {
            equivalent: cmp.equivalent(&a, &b),
            canonical: [cmp.canonical(&a), cmp.canonical(&b)],
            a,
            b,
        })
    }
}

/// Two URNs compared.
struct UrnPair<'a> {
    a: Urn<'a>,
    b: Urn<'a>,
    equivalent: bool,
    canonical: [String; 2],
}

impl Report for UrnPair<'_> {
    /// "different" is reported like an invalid input: exit status 1.
    fn fails(&self) -> bool {
        !self.equivalent
    }
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("a", self.a.as_str())
            .str("b", self.b.as_str())
            .bool("equivalent", self.equivalent)
            .str("canonical_a", &self.canonical[0])
            .str("canonical_b", &self.canonical[1]);
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(verdict(self.equivalent));
    }
}
