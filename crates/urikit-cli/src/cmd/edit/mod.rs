//! `urikit edit` (and its spellings `urikit get FORMAT` and `urikit set
//! NAME=VALUE...`): change and show the components of each input with
//! trurl's options (`--set`, `--append`, `--trim`, `--sort-query`,
//! `--redirect`, `--get`...). The URI machinery is the library's (its
//! setters, query pairs, resolver and normalizer); this module reads the
//! options and applies them in order: redirect, sets, appends, trims, sort,
//! normalization, default port; then the result is printed, or the `--get`
//! format rendered for it.

mod ops;
mod template;

use std::path::PathBuf;

use anyhow::bail;
use urikit::build::QueryEncoding;
use urikit::normalize::{Level, Normalizer};
use urikit::scheme::SchemeRegistry;
use urikit::{Resolver, UriRef, UriRefBuf};

use self::ops::{Append, Field, Set, Trim};
use self::template::{with_default_port, Context, Template};
use crate::args::{Format, Global};
use crate::jsonl::Obj;
use crate::report::{Failure, Report, Text};
use crate::stream::{self, Inputs, PerLine};
use crate::Status;

/// The options of `edit`, `get` and `set`: trurl's, where urikit has them.
#[derive(Debug, Clone, clap::Args)]
pub struct EditOptions {
    /// Set a component: NAME=VALUE (data, percent-encoded for the
    /// component), NAME:=VALUE (already encoded: checked as it is), NAME?=VALUE
    /// and NAME?:=VALUE (only when the component is absent). An empty value
    /// removes the component. NAME: url, scheme, user, password, userinfo,
    /// host, port, path, query, fragment.
    #[arg(long, short = 's', value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Append to the path (path=SEGMENT: one segment, encoded, after a "/")
    /// or to the query (query=KEY=VALUE or query=KEY: one pair, each side
    /// encoded, after a "&").
    #[arg(long, short = 'a', value_name = "NAME=DATA")]
    pub append: Vec<String>,
    /// Remove the query pairs whose decoded key is KEY (query=KEY) or starts
    /// with PREFIX (query=PREFIX*; "\*" ends a key with a literal "*").
    #[arg(long, value_name = "query=KEY")]
    pub trim: Vec<String>,
    /// Sort the query's pairs by key (stable, byte order).
    #[arg(long)]
    pub sort_query: bool,
    /// Resolve this reference against each input (RFC 3986 section 5.2),
    /// before the other changes; each input must then be an absolute URI.
    #[arg(long, value_name = "URL")]
    pub redirect: Option<String>,
    /// Print this format for each input instead of the URI: {component}
    /// decoded, {:component} as written, {default:port}, {must:component},
    /// {strict:component}, {query:KEY}, {query-all:KEY}; \t \n \\ \{ escapes.
    #[arg(long, short = 'g', value_name = "FORMAT")]
    pub get: Option<String>,
    /// Normalize the result (RFC 3986 section 6.2.2 and 6.2.3: case, %XX,
    /// dot segments, default port), as trurl always does.
    #[arg(long)]
    pub normalize: bool,
    /// With --normalize: keep a port even when it is the scheme's default.
    #[arg(long, requires = "normalize")]
    pub keep_port: bool,
    /// Write the scheme's default port when there is none (in the URI and
    /// in {port}).
    #[arg(long)]
    pub default_port: bool,
    /// Show components as written (percent-encoded) in --get and in the
    /// JSON parts and params, instead of decoded.
    #[arg(long)]
    pub urlencode: bool,
    /// Query keys and values are application/x-www-form-urlencoded: "+" is
    /// a space (--append query, --trim, {query:KEY}, params).
    #[arg(long)]
    pub form: bool,
    /// Percent-encode the spaces of each input (as %20) instead of reporting
    /// them: the one repair urikit makes, and only when asked.
    #[arg(long)]
    pub accept_space: bool,
    /// An input URI (repeatable), as an argument is.
    #[arg(long, value_name = "URL")]
    pub url: Vec<String>,
    /// Read the input URIs from FILE, one per line ("-" for stdin).
    #[arg(long, short = 'f', value_name = "FILE")]
    pub url_file: Option<PathBuf>,
    /// The same as --format json (trurl's spelling).
    #[arg(long)]
    pub json: bool,
}

/// `urikit edit [OPTIONS] [URI]...`
#[derive(Debug, clap::Args)]
pub struct EditArgs {
    #[command(flatten)]
    pub options: EditOptions,
    /// URI references to change; without any (and without --url or
    /// --url-file), read them from stdin, one per line.
    #[arg(value_name = "URI")]
    pub inputs: Vec<String>,
}

/// `urikit get FORMAT [OPTIONS] [URI]...`
#[derive(Debug, clap::Args)]
pub struct GetArgs {
    /// What to print for each input (see --get of `urikit edit`).
    #[arg(value_name = "FORMAT")]
    pub template: String,
    #[command(flatten)]
    pub options: EditOptions,
    /// URI references; without any (and without --url or --url-file), read
    /// them from stdin, one per line.
    #[arg(value_name = "URI")]
    pub inputs: Vec<String>,
}

/// `urikit set NAME=VALUE... [OPTIONS]`: the inputs come from --url,
/// --url-file or stdin.
#[derive(Debug, clap::Args)]
pub struct SetArgs {
    /// The components to set, as --set of `urikit edit` takes them.
    #[arg(required = true, value_name = "NAME=VALUE")]
    pub assignments: Vec<String>,
    #[command(flatten)]
    pub options: EditOptions,
}

pub fn run_edit(args: &EditArgs, global: &Global) -> anyhow::Result<Status> {
    run(&args.options, None, &[], &args.inputs, global)
}

pub fn run_get(args: &GetArgs, global: &Global) -> anyhow::Result<Status> {
    if args.options.get.is_some() {
        bail!("give the format once: as the first argument of `urikit get`, or as --get");
    }
    run(
        &args.options,
        Some(&args.template),
        &[],
        &args.inputs,
        global,
    )
}

pub fn run_set(args: &SetArgs, global: &Global) -> anyhow::Result<Status> {
    run(&args.options, None, &args.assignments, &[], global)
}

/// Reads the options (a mistake is a usage error, pointed at), then edits
/// every input.
fn run(
    o: &EditOptions,
    format: Option<&str>,
    assignments: &[String],
    args: &[String],
    global: &Global,
) -> anyhow::Result<Status> {
    let mut sets = assignments
        .iter()
        .chain(&o.set)
        .map(|a| Set::parse(a))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // Stable: several sets of one component apply in the order given.
    sets.sort_by_key(|s| s.field);
    let redirect = match &o.redirect {
        None => None,
        Some(r) => match UriRefBuf::parse(r.clone()) {
            Ok(u) => Some(u),
            Err((e, _)) => return Err(crate::output::arg_error("--redirect", r, e.index(), e)),
        },
    };
    let template = match format.or(o.get.as_deref()) {
        Some(f) => Some(Template::parse(f, o.urlencode, o.default_port)?),
        None => None,
    };
    let edit = Edit {
        sets,
        appends: o
            .append
            .iter()
            .map(|a| Append::parse(a))
            .collect::<Result<_, _>>()?,
        trims: o
            .trim
            .iter()
            .map(|t| Trim::parse(t))
            .collect::<Result<_, _>>()?,
        redirect,
        sort_query: o.sort_query,
        normalize: o.normalize,
        keep_port: o.keep_port,
        default_port: o.default_port,
        template,
        raw: o.urlencode,
        enc: if o.form {
            QueryEncoding::Form
        } else {
            QueryEncoding::Percent
        },
        accept_space: o.accept_space,
        schemes: SchemeRegistry::standard(),
    };
    let mut given: Vec<String> = args.to_vec();
    given.extend(o.url.iter().cloned());
    let inputs = match (&o.url_file, given.is_empty()) {
        (Some(_), false) => {
            bail!("--url-file and input URIs (arguments, --url) do not go together")
        }
        (Some(f), true) if f.as_os_str() == "-" => Inputs::Stdin,
        (Some(f), true) => Inputs::File(f),
        (None, _) => Inputs::args_or_stdin(&given),
    };
    let json;
    let global = if o.json {
        json = Global {
            format: Format::Json,
            ..global.clone()
        };
        &json
    } else {
        global
    };
    Ok(stream::lines(&edit, inputs, global)?)
}

/// The edits of a run, checked.
struct Edit {
    sets: Vec<Set>,
    appends: Vec<Append>,
    trims: Vec<Trim>,
    redirect: Option<UriRefBuf>,
    sort_query: bool,
    normalize: bool,
    keep_port: bool,
    default_port: bool,
    template: Option<Template>,
    /// `--urlencode`: parts and params as written.
    raw: bool,
    enc: QueryEncoding,
    accept_space: bool,
    schemes: SchemeRegistry,
}

/// The query sort: the string level of normalization, with its optional
/// step.
const SORT_QUERY: Normalizer = Normalizer::new().level(Level::String).sort_query(true);

/// trurl's normalization: syntax and scheme based.
const NORMALIZE: Normalizer = Normalizer::new().level(Level::Scheme);

impl PerLine for Edit {
    /// The `--get` output is written here.
    type State = String;
    type Report<'a> = Result<Edited<'a>, Failure>;

    fn one<'a>(&'a self, input: &'a str, got: &'a mut String) -> Self::Report<'a> {
        let spaced;
        let text = if self.accept_space && input.contains(' ') {
            spaced = input.replace(' ', "%20");
            spaced.as_str()
        } else {
            input
        };
        // Errors point into `text`; moved back into the input when spaces
        // were encoded.
        let edited = self.edit(text, got);
        let edited = match edited {
            Err(f) if text.len() != input.len() => {
                let index = original_index(input, f.index);
                Err(f.moved_to(index))
            }
            e => e,
        }?;
        Ok(Edited {
            uri: edited,
            got: self.template.as_ref().map(|_| got.as_str()),
            edit: self,
        })
    }
}

impl Edit {
    /// The edited reference of `text`; the `--get` format rendered into
    /// `got`.
    fn edit(&self, text: &str, got: &mut String) -> Result<UriRefBuf, Failure> {
        let input = UriRef::parse(text).map_err(|e| Failure::of(&e))?;
        let mut uri = input.to_owned();
        if let Some(target) = &self.redirect {
            let Some(base) = input.as_uri() else {
                return Err(Failure::new(
                    "missing_scheme",
                    0,
                    "at byte 0: --redirect: expected an absolute URI (with a scheme) to resolve against",
                ));
            };
            let resolved = Resolver::new().resolve(&base, &target.as_uri_ref());
            uri = resolved.map_err(|e| Failure::of(&e))?.into();
        }
        for s in &self.sets {
            s.apply(&mut uri, &input)?;
        }
        for a in &self.appends {
            a.apply(&mut uri, self.enc, &input)?;
        }
        for t in &self.trims {
            t.apply(&mut uri, self.enc);
        }
        if self.sort_query {
            uri = SORT_QUERY.normalize(&uri.as_uri_ref());
        }
        if self.normalize {
            let port = uri.as_uri_ref().port().map(str::to_owned);
            uri = NORMALIZE.normalize_with(&uri.as_uri_ref(), &self.schemes);
            if let (true, Some(p), None) = (self.keep_port, port, uri.as_uri_ref().port()) {
                let digits = p.trim_start_matches('0');
                let digits = if digits.is_empty() { "0" } else { digits };
                // The port was there: it has a host to go with.
                let _ = uri.set_port(Some(digits));
            }
        }
        if self.default_port {
            if let Some(u) = with_default_port(&uri.as_uri_ref(), &self.schemes) {
                uri = u;
            }
        }
        if let Some(t) = &self.template {
            let cx = Context {
                schemes: &self.schemes,
                enc: self.enc,
            };
            t.render(&uri.as_uri_ref(), &input, &cx, got)?;
        }
        Ok(uri)
    }
}

/// The byte of `input` that byte `index` of it with each space written
/// `%20` came from.
fn original_index(input: &str, index: usize) -> usize {
    let mut at = 0;
    for (k, c) in input.bytes().enumerate() {
        if at >= index {
            return k;
        }
        at += if c == b' ' { 3 } else { 1 };
    }
    input.len()
}

/// An edited reference, and its `--get` rendering when asked.
struct Edited<'a> {
    uri: UriRefBuf,
    got: Option<&'a str>,
    edit: &'a Edit,
}

/// The parts of the JSON object, as trurl names them.
const PARTS: [Field; 8] = [
    Field::Scheme,
    Field::User,
    Field::Password,
    Field::Host,
    Field::Port,
    Field::Path,
    Field::Query,
    Field::Fragment,
];

impl Report for Edited<'_> {
    /// `url`, `parts` (the components present, decoded unless
    /// `--urlencode`), `params` (the query's pairs, when there is a query),
    /// `get` (with `--get`).
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        let r = self.uri.as_uri_ref();
        let (raw, enc) = (self.edit.raw, self.edit.enc);
        o.str("url", r.as_str());
        o.obj("parts", |p| {
            for f in PARTS {
                if let Some(v) = f.raw(&r) {
                    p.str(f.name(), &template::shown(v, f, enc, raw));
                }
            }
        });
        if r.query().is_some() {
            o.list("params", r.query_pairs(enc), |o, pair| {
                if raw {
                    o.str("key", pair.raw_key()).opt("value", pair.raw_value());
                } else {
                    o.str("key", &pair.key())
                        .opt("value", pair.value().as_deref());
                }
            });
        }
        if let Some(g) = self.got {
            o.str("get", g);
        }
    }

    fn text(&self, t: &mut Text<'_>) {
        t.line(self.got.unwrap_or(self.uri.as_str()));
    }
}
