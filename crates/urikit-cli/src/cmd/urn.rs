//! `urikit urn` (the parts of each URN, its canonical form) and `urikit
//! urn-equivalent` (are two URNs lexically equivalent?).
//!
//! Both apply the rules of the namespaces the library knows (uuid, isbn,
//! issn, ietf, oid, example) unless `--generic` is given: a URN whose NSS
//! breaks them is reported invalid, and their added equivalences count.

use anyhow::bail;
use clap::ValueEnum;
use serde_json::{json, Value};
use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnError, UrnProfile};

use crate::args::{Format, Global};
use crate::output::{self, Output};
use crate::stream;
use crate::Status;

/// `--profile`: which URN grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProfileArg {
    /// RFC 8141: r-, q- and f-components, "/" in the NSS.
    Rfc8141,
    /// draft-ietf-urnbis-rfc2141bis-urn-03: keywd=value query directives, fragment, no %00.
    #[value(name = "draft-03")]
    Draft03,
    /// draft-ietf-urnbis-rfc2141bis-urn-04: urn:NID:NSS only.
    #[value(name = "draft-04")]
    Draft04,
}

impl From<ProfileArg> for UrnProfile {
    fn from(p: ProfileArg) -> UrnProfile {
        match p {
            ProfileArg::Rfc8141 => UrnProfile::Rfc8141,
            ProfileArg::Draft03 => UrnProfile::Draft03,
            ProfileArg::Draft04 => UrnProfile::Draft04,
        }
    }
}

/// `--objective`: what equivalence is for (draft-03 section 5, step 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ObjectiveArg {
    /// Distinguishing named resources: the query is removed (step 5a).
    Names,
    /// Caching resolution results: directives kept, sorted by keyword (step 5b).
    Caching,
}

impl From<ObjectiveArg> for Objective {
    fn from(o: ObjectiveArg) -> Objective {
        match o {
            ObjectiveArg::Names => Objective::Names,
            ObjectiveArg::Caching => Objective::Caching,
        }
    }
}

/// Options shared by both subcommands.
#[derive(Debug, Clone, clap::Args)]
pub struct UrnOptions {
    /// The URN grammar to apply.
    #[arg(long, value_enum, default_value_t = ProfileArg::Rfc8141)]
    pub profile: ProfileArg,
    /// What lexical equivalence is for (matters under draft-03 only).
    #[arg(long, value_enum, default_value_t = ObjectiveArg::Names)]
    pub objective: ObjectiveArg,
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

/// `urikit urn-equivalent [--profile P] [--objective O] [--generic] A B`:
/// prints `equivalent` (exit 0) or `different` (exit 1).
#[derive(Debug, clap::Args)]
pub struct UrnEquivalentArgs {
    #[command(flatten)]
    pub options: UrnOptions,
    /// The first URN.
    pub a: String,
    /// The second URN.
    pub b: String,
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
            profile: o.profile.into(),
            objective: o.objective.into(),
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

fn error_json(e: &UrnError) -> Value {
    output::error_json(e.kind().name(), e.index(), &e.to_string())
}

pub fn run(args: &UrnArgs, global: &Global) -> anyhow::Result<Status> {
    let config = Config::new(&args.options);
    let format = global.format;
    Ok(stream::each(
        &args.inputs,
        format,
        |text, sink| match config.parse(text) {
            Ok(urn) => {
                match format {
                    Format::Json => sink.json(&urn_json(&urn, &config)),
                    Format::Text => sink.text(&urn_text(&urn, &config)),
                }
                true
            }
            Err(e) => {
                match format {
                    Format::Json => sink
                        .json(&json!({ "input": text, "valid": false, "error": error_json(&e) })),
                    Format::Text => sink.invalid_text(text, e.index(), &e.to_string()),
                }
                false
            }
        },
    )?)
}

/// The JSON object of a valid URN: raw parts (`null` when absent), the
/// draft-03 directives (`null` under the other profiles), the canonical form,
/// the human-friendly form and the decoded name (`null` if not UTF-8).
fn urn_json(urn: &Urn<'_>, config: &Config) -> Value {
    let directives = (urn.profile() == UrnProfile::Draft03).then(|| {
        urn.directives()
            .map(|d| json!({ "keyword": d.keyword(), "value": d.value(), "service": d.service().map(|s| s.name()) }))
            .collect::<Vec<_>>()
    });
    json!({
        "input": urn.as_str(),
        "valid": true,
        "profile": urn.profile().name(),
        "nid": urn.nid(),
        "nss": urn.nss(),
        "r_component": urn.r_component(),
        "q_component": urn.q_component(),
        "f_component": urn.f_component(),
        "query": urn.query(),
        "directives": directives,
        "canonical": config.comparator().canonical(urn),
        "display": urn.to_display(),
        "name": urn.name().ok(),
    })
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

/// Exit 0 when equivalent, 1 when different (returned as
/// [`Status::SomeInvalid`]); an input that is not a URN is reported and
/// ends the run with status 2.
pub fn run_equivalent(args: &UrnEquivalentArgs, global: &Global) -> anyhow::Result<Status> {
    let config = Config::new(&args.options);
    let mut parsed = Vec::with_capacity(2);
    for (label, s) in [("A", &args.a), ("B", &args.b)] {
        match config.parse(s) {
            Ok(u) => parsed.push(u),
            Err(e) => {
                if global.format == Format::Json {
                    let mut out = Output::new(global.format);
                    out.json(&json!({ "input": s, "valid": false, "error": error_json(&e) }))?;
                    out.flush()?;
                } else {
                    output::report_invalid_text(s, e.index(), &e.to_string());
                }
                bail!(
                    "{label} is not a URN under profile {}",
                    config.profile.name()
                );
            }
        }
    }
    let cmp = config.comparator();
    let (a, b) = (&parsed[0], &parsed[1]);
    let equivalent = cmp.equivalent(a, b);
    let mut out = Output::new(global.format);
    match global.format {
        Format::Json => out.json(&json!({
            "a": a.as_str(),
            "b": b.as_str(),
            "equivalent": equivalent,
            "canonical_a": cmp.canonical(a),
            "canonical_b": cmp.canonical(b),
        }))?,
        Format::Text => out.text(if equivalent {
            "equivalent\n"
        } else {
            "different\n"
        })?,
    }
    out.flush()?;
    Ok(if equivalent {
        Status::Ok
    } else {
        Status::SomeInvalid
    })
}
