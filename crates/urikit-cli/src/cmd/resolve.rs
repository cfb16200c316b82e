//! `urikit resolve`: the target of each reference against a base URI; and
//! the loop `urikit relativize` shares (one base, many inputs, one result or
//! error each).

use anyhow::bail;
use serde_json::{json, Value};
use urikit::{Profile, Resolver, Uri, UriRef};

use crate::args::{Format, Global};
use crate::input::Input;
use crate::output;
use crate::stream::{self, Sink};
use crate::Status;

/// `urikit resolve --base BASE [--profile P] [--non-strict] [REF]...`
#[derive(Debug, clap::Args)]
pub struct ResolveArgs {
    /// The base URI: absolute (with a scheme); a fragment is ignored.
    #[arg(long, value_name = "BASE")]
    pub base: String,
    /// Which text's algorithm: RFC 3986, or the 1997 / 2003 drafts (base query
    /// dropped and reference query merged in 1997; excess ".." kept in both).
    #[arg(long, value_enum, default_value_t = ProfileArg::Rfc3986)]
    pub profile: ProfileArg,
    /// Read a reference with the base's scheme as relative (`http:g` against
    /// `http://a/b` is `http://a/g`), RFC 3986 section 5.2.2's non-strict parser.
    #[arg(long)]
    pub non_strict: bool,
    /// Report a ".." that climbs above the root as an error instead of
    /// removing (rfc3986) or keeping (drafts) it.
    #[arg(long)]
    pub reject_underflow: bool,
    /// References to resolve; without any, read them from stdin, one per line.
    #[arg(value_name = "REF")]
    pub refs: Vec<String>,
}

/// The `--profile` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProfileArg {
    /// RFC 3986 section 5.2.
    #[value(name = "rfc3986")]
    Rfc3986,
    /// draft-fielding-url-syntax-05 (1997) section 5.2.
    #[value(name = "draft-1997")]
    Draft1997,
    /// draft-fielding-uri-rfc2396bis-01 (2003) section 5.2.
    #[value(name = "draft-2003")]
    Draft2003,
}

impl From<ProfileArg> for Profile {
    fn from(p: ProfileArg) -> Profile {
        match p {
            ProfileArg::Rfc3986 => Profile::Rfc3986,
            ProfileArg::Draft1997 => Profile::Draft1997,
            ProfileArg::Draft2003 => Profile::Draft2003,
        }
    }
}

pub fn run(args: &ResolveArgs, global: &Global) -> anyhow::Result<Status> {
    let resolver = Resolver::new()
        .profile(args.profile.into())
        .strict(!args.non_strict)
        .reject_path_underflow(args.reject_underflow);
    let names = Keys {
        input: "ref",
        output: "target",
    };
    for_each_against_base(&args.base, &args.refs, global, names, |base, text| {
        let r = UriRef::parse(text)
            .map_err(|e| Failure::new(e.kind().name(), e.index(), e.to_string()))?;
        let t = resolver
            .resolve(base, &r)
            .map_err(|e| Failure::new(e.kind().name(), e.index(), e.to_string()))?;
        Ok(t.into_string())
    })
}

/// Why one input gave no result: the JSON error object's fields.
pub struct Failure {
    kind: &'static str,
    index: usize,
    message: String,
}

impl Failure {
    pub fn new(kind: &'static str, index: usize, message: String) -> Failure {
        Failure {
            kind,
            index,
            message,
        }
    }
}

/// The JSON keys of the input and the result (`ref`/`target`, `target`/`relative`).
#[derive(Clone, Copy)]
pub struct Keys {
    pub input: &'static str,
    pub output: &'static str,
}

/// Parses `base` (a usage error, exit 2, unless it is an absolute URI), then
/// applies `f` to every input and prints the result, one line each: the
/// result alone in text, `{"base", <input>, <output>}` or `{"base", <input>,
/// "error"}` in JSON. An input that fails is reported (text: on stderr with a
/// caret) and makes the status [`Status::SomeInvalid`].
pub fn for_each_against_base(
    base: &str,
    inputs: &[String],
    global: &Global,
    keys: Keys,
    f: impl Fn(&Uri<'_>, &str) -> Result<String, Failure> + Sync,
) -> anyhow::Result<Status> {
    let b = match Uri::parse(base) {
        Ok(b) => b,
        Err(e) if e.kind() == urikit::ParseErrorKind::MissingScheme => bail!(
            "--base {base:?} is a relative reference; a base must be an absolute URI, with a scheme (RFC 3986 section 5.1)"
        ),
        Err(e) => bail!("--base {base:?} is not a URI: {e}"),
    };
    let format = global.format;
    let f = &f;
    Ok(stream::run(inputs, 1, || {
        move |inp: Input<'_>, sink: &mut Sink| {
            let (text, result) = match inp {
                Input::Text(s) => (s.to_owned(), f(&b, s)),
                Input::NotUtf8 { lossy, index } => {
                    let message = output::not_utf8_message(index);
                    (lossy, Err(Failure::new("invalid_utf8", index, message)))
                }
            };
            let valid = result.is_ok();
            match (result, format) {
                (Ok(v), Format::Text) => sink.text(&format!("{v}\n")),
                (Ok(v), Format::Json) => {
                    let v = Value::from(v);
                    sink.json(&object(base, keys.input, &text, keys.output, v));
                }
                (Err(e), Format::Text) => sink.invalid_text(&text, e.index, &e.message),
                (Err(e), Format::Json) => {
                    let err = output::error_json(e.kind, e.index, &e.message);
                    sink.json(&object(base, keys.input, &text, "error", err));
                }
            }
            valid
        }
    })?)
}

/// `{"base": base, input_key: input, key: value}`, in that order.
fn object(base: &str, input_key: &str, input: &str, key: &str, value: Value) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("base".into(), json!(base));
    m.insert(input_key.into(), json!(input));
    m.insert(key.into(), value);
    Value::Object(m)
}
