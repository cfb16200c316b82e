//! `urikit to-uri`, `urikit to-iri` and `urikit idna`: IRIs (RFC 3987) and
//! internationalized domain names (UTS #46).

use urikit::idna::{check_label, Uts46};
use urikit::iri::{IriRef, KeptEscape};
use urikit::UriRef;

use crate::args::Global;
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit to-uri [--idna] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct ToUriArgs {
    /// Write an internationalized host with UTS #46 ToASCII (`xn--` labels)
    /// instead of percent-encoding it.
    #[arg(long)]
    pub idna: bool,
    /// IRI references to convert; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// `urikit to-iri [--exact] [INPUT]...`
#[derive(Debug, clap::Args)]
pub struct ToIriArgs {
    /// RFC 3987 section 3.2 only: the host decoded like the other components
    /// (no UTS #46 display policy), so that `to-uri` gives the URI back.
    #[arg(long)]
    pub exact: bool,
    /// URI references to convert; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// `urikit idna [--to-ascii|--to-unicode|--display] [OPTIONS] [DOMAIN]...`
#[derive(Debug, clap::Args)]
pub struct IdnaArgs {
    /// UTS #46 ToASCII (the default).
    #[arg(long, conflicts_with_all = ["to_unicode", "display"])]
    pub to_ascii: bool,
    /// UTS #46 ToUnicode.
    #[arg(long, conflicts_with = "display")]
    pub to_unicode: bool,
    /// The form to show people: Unicode labels where the spoofing policy
    /// passes, Punycode where it does not (with the reason).
    #[arg(long)]
    pub display: bool,
    /// Transitional processing (ß -> ss, ς -> σ, joiners removed).
    #[arg(long)]
    pub transitional: bool,
    /// CheckHyphens off: allow "-" first, last, and in the third and fourth positions.
    #[arg(long)]
    pub no_check_hyphens: bool,
    /// UseSTD3ASCIIRules off: allow ASCII other than letters, digits and "-".
    #[arg(long)]
    pub no_std3_rules: bool,
    /// VerifyDnsLength off (ToASCII): allow empty labels and long names.
    #[arg(long)]
    pub no_verify_dns_length: bool,
    /// Domain names; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

pub fn run_to_uri(args: &ToUriArgs, global: &Global) -> anyhow::Result<Status> {
    let cmd = ToUri {
        idna: args.idna.then(Uts46::new),
    };
    stream::each(&cmd, &args.inputs, global)
}

pub fn run_to_iri(args: &ToIriArgs, global: &Global) -> anyhow::Result<Status> {
    let cmd = ToIri {
        display: (!args.exact).then(Uts46::new),
    };
    stream::each(&cmd, &args.inputs, global)
}

pub fn run_idna(args: &IdnaArgs, global: &Global) -> anyhow::Result<Status> {
    let cmd = Idna {
        op: if args.to_unicode {
            IdnaOp::ToUnicode
        } else if args.display {
            IdnaOp::Display
        } else {
            IdnaOp::ToAscii
        },
        uts46: Uts46::new()
            .transitional(args.transitional)
            .check_hyphens(!args.no_check_hyphens)
            .use_std3_ascii_rules(!args.no_std3_rules)
            .verify_dns_length(!args.no_verify_dns_length),
    };
    stream::each(&cmd, &args.inputs, global)
}

/// One string result under one JSON key.
struct Keyed {
    key: &'static str,
    value: String,
}

impl Report for Keyed {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str(self.key, &self.value);
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(&self.value);
    }
}

/// IRI -> URI.
struct ToUri {
    /// `--idna`: hosts through ToASCII.
    idna: Option<Uts46>,
}

impl PerLine for ToUri {
    type State = ();
    type Report<'a> = Result<Keyed, Failure>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let iri = IriRef::parse(input).map_err(|e| Failure::of(&e))?;
        let uri = match &self.idna {
            None => iri.to_uri(),
            Some(idna) => iri.to_uri_idna(idna).map_err(|e| Failure::of(&e))?,
        };
        Ok(Keyed {
            key: "uri",
            value: uri.into_string(),
        })
    }
}

/// URI -> IRI, for display.
struct ToIri {
    /// Not `--exact`: hosts by the UTS #46 display policy.
    display: Option<Uts46>,
}

/// A label shown in Punycode, and why.
struct Suspect {
    label: String,
    reason: &'static str,
}

/// The IRI shown, the escapes kept and why, the labels shown in Punycode and why.
struct Shown {
    iri: String,
    kept: Vec<KeptEscape>,
    punycode: Vec<Suspect>,
    /// Where the host starts in the input.
    host_index: usize,
}

impl PerLine for ToIri {
    type State = ();
    type Report<'a> = Result<Shown, urikit::ParseError>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let uri = UriRef::parse(input)?;
        let (iri, punycode) = match &self.display {
            None => (uri.to_iri(), Vec::new()),
            Some(idna) => {
                let iri = uri.to_iri_display(idna);
                let punycode = suspects(idna, iri.as_iri_ref().host_str().unwrap_or(""));
                (iri, punycode)
            }
        };
        Ok(Shown {
            iri: iri.into_string(),
            kept: uri.kept_escapes(),
            punycode,
            host_index: uri.spans().host.map_or(0, |h| h.start),
        })
    }
}

/// The `xn--` labels of a host shown whose Unicode form the display policy
/// refuses, with the reason.
fn suspects(idna: &Uts46, host: &str) -> Vec<Suspect> {
    host.split('.')
        .filter(|l| {
            l.as_bytes()
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        })
        .filter_map(|l| {
            let (unicode, result) = idna.to_unicode(l);
            result.ok()?;
            let why = check_label(&unicode).err()?;
            Some(Suspect {
                label: unicode.into_owned(),
                reason: why.name(),
            })
        })
        .collect()
}

impl Report for Shown {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("iri", &self.iri);
        o.arr("kept_encoded", |a| {
            for k in &self.kept {
                a.obj(|e| {
                    e.num("index", k.index)
                        .num("length", k.len)
                        .str("reason", k.reason.name());
                });
            }
        });
        o.arr("punycode_labels", |a| {
            for s in &self.punycode {
                a.obj(|e| {
                    e.str("label", &s.label).str("reason", s.reason);
                });
            }
        });
    }
    fn text(&self, t: &mut Text<'_>) {
        t.line(&self.iri);
        for k in &self.kept {
            t.warn(k.index, k.reason.message());
        }
        for s in &self.punycode {
            t.warn(
                self.host_index,
                format_args!("host label {:?} shown in Punycode: {}", s.label, s.reason),
            );
        }
    }
}

/// Which UTS #46 operation `idna` runs.
#[derive(Clone, Copy)]
enum IdnaOp {
    ToAscii,
    ToUnicode,
    Display,
}

struct Idna {
    op: IdnaOp,
    uts46: Uts46,
}

impl PerLine for Idna {
    type State = ();
    type Report<'a> = Result<Keyed, urikit::idna::IdnaError>;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let (key, value) = match self.op {
            IdnaOp::ToAscii => ("ascii", self.uts46.to_ascii(input)?),
            IdnaOp::ToUnicode => {
                let (text, result) = self.uts46.to_unicode(input);
                result?;
                ("unicode", text)
            }
            IdnaOp::Display => ("display", self.uts46.to_display(input)?),
        };
        Ok(Keyed {
            key,
            value: value.into_owned(),
        })
    }
}
