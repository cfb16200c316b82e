//! `urikit resolve`: the target of each reference against a base URI; and
//! the loop `urikit relativize` shares (one base, many inputs, one result or
//! error each).

use anyhow::bail;
use urikit::iri::Iri;
use urikit::{JoinError, Profile, Resolver, Uri};

use crate::args::{named, Global};
use crate::report::{Failure, Line};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit resolve --base BASE [--profile P] [--non-strict] [REF]...`
#[derive(Debug, clap::Args)]
pub struct ResolveArgs {
    /// The base URI: absolute (with a scheme); a fragment is ignored.
    #[arg(long, value_name = "BASE")]
    pub base: String,
    /// Which text's algorithm: RFC 3986, or the 1997 / 2003 drafts (base query
    /// dropped and reference query merged in 1997; excess ".." kept in both).
    #[arg(long, value_parser = named(&Profile::ALL, Profile::name, profile_help), default_value = "rfc3986")]
    pub profile: Profile,
    /// Read a reference with the base's scheme as relative (`http:g` against
    /// `http://a/b` is `http://a/g`), RFC 3986 section 5.2.2's non-strict parser.
    #[arg(long)]
    pub non_strict: bool,
    /// Report a ".." that climbs above the root as an error instead of
    /// removing (rfc3986) or keeping (drafts) it.
    #[arg(long)]
    pub reject_underflow: bool,
    /// Resolve RFC 3987 IRI references against an IRI base (RFC 3987 section
    /// 6.5: the same algorithm; characters kept as written).
    #[arg(long)]
    pub iri: bool,
    /// References to resolve; without any, read them from stdin, one per line.
    #[arg(value_name = "REF")]
    pub refs: Vec<String>,
}

/// What `--help` says of each profile.
fn profile_help(p: Profile) -> &'static str {
    match p {
        Profile::Rfc3986 => "RFC 3986 section 5.2",
        Profile::Draft1997 => "draft-fielding-url-syntax-05 (1997) section 5.2",
        _ => "draft-fielding-uri-rfc2396bis-01 (2003) section 5.2",
    }
}

pub fn run(args: &ResolveArgs, global: &Global) -> anyhow::Result<Status> {
    let resolver = Resolver::new()
        .profile(args.profile)
        .strict(!args.non_strict)
        .reject_path_underflow(args.reject_underflow);
    if args.iri {
        let base = match Iri::parse(&args.base) {
            Ok(b) => b,
            Err(e) => bail!("--base {:?} is not an absolute IRI: {e}", args.base),
        };
        let resolve = AgainstBase::new(&base, base.as_str(), "target", |base, text| {
            let t = resolver.join_iri(base, text).map_err(|e| failure(&e))?;
            Ok(t.into_string())
        });
        return stream::each(&resolve, &args.refs, global);
    }
    let base = parse_base(&args.base)?;
    let resolve = AgainstBase::new(&base, base.as_str(), "target", |base, text| {
        let t = resolver.join(base, text).map_err(|e| failure(&e))?;
        Ok(t.into_string())
    });
    stream::each(&resolve, &args.refs, global)
}

/// The failure of a reference given as text: the parse's error or the
/// resolution's, reported as that error.
fn failure(e: &JoinError) -> Failure {
    match e {
        JoinError::Parse(e) => Failure::of(e),
        JoinError::Resolve(e) => Failure::of(e),
    }
}

/// The `--base` of `resolve` and `relativize`: an absolute URI, or a usage
/// error (exit 2).
pub fn parse_base(base: &str) -> anyhow::Result<Uri<'_>> {
    match Uri::parse(base) {
        Ok(b) => Ok(b),
        Err(e) if e.kind() == urikit::ParseErrorKind::MissingScheme => bail!(
            "--base {base:?} is a relative reference; a base must be an absolute URI, with a scheme (RFC 3986 section 5.1)"
        ),
        Err(e) => bail!("--base {base:?} is not a URI: {e}"),
    }
}

/// One base (a URI, or an IRI), many inputs, one string result each
/// (`resolve`, `relativize`): `{"input", "valid", "base", <key>}` in JSON, the
/// result alone in text.
pub struct AgainstBase<'b, B, F> {
    base: &'b B,
    /// The JSON keys before the result.
    context: [(&'static str, &'b str); 1],
    key: &'static str,
    f: F,
}

impl<'b, B: Sync, F> AgainstBase<'b, B, F>
where
    F: Fn(&B, &str) -> Result<String, Failure> + Sync,
{
    /// `f` turns the base (written `text`) and one input into the result
    /// under `key`.
    pub fn new(base: &'b B, text: &'b str, key: &'static str, f: F) -> Self {
        AgainstBase {
            base,
            context: [("base", text)],
            key,
            f,
        }
    }
}

impl<B: Sync, F> PerLine for AgainstBase<'_, B, F>
where
    F: Fn(&B, &str) -> Result<String, Failure> + Sync,
{
    type State = ();
    type Report<'a>
        = Result<Line<'a>, Failure>
    where
        Self: 'a;

    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let result = (self.f)(self.base, input)?;
        Ok(Line::new(self.key, result).with_context(&self.context))
    }
}
