//! `urikit parse`: the components of each input.

use urikit::iri::IriRef;
use urikit::scheme::SchemeRegistry;
use urikit::{Authority, ParseError, Spans, UriRef};

use crate::args::{Global, ParseArgs};
use crate::cmd::scheme_fields::SchemeCheck;
use crate::jsonl::Obj;
use crate::report::{Problem, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

pub fn run(args: &ParseArgs, global: &Global) -> anyhow::Result<Status> {
    if args.whatwg {
        return stream::each(&crate::cmd::parse_whatwg::Whatwg, &args.inputs, global);
    }
    if args.iri {
        return stream::each(&Iris, &args.inputs, global);
    }
    if args.no_scheme_fields {
        return stream::each(&ComponentsOnly, &args.inputs, global);
    }
    let parse = WithScheme {
        registry: SchemeRegistry::standard(),
        scheme_rules: args.scheme_rules,
    };
    stream::each(&parse, &args.inputs, global)
}

/// `--no-scheme-fields`: the generic components only.
struct ComponentsOnly;

impl PerLine for ComponentsOnly {
    type State = ();
    type Report<'a> = Result<Components<'a>, ParseError>;

    #[inline(always)]
    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        UriRef::parse(input).map(Components)
    }
}

/// The components of a reference that parsed.
struct Components<'a>(UriRef<'a>);

/// `--iri`: RFC 3987 IRI references, their components and their URI.
struct Iris;

impl PerLine for Iris {
    type State = ();
    type Report<'a> = Result<IriComponents<'a>, ParseError>;

    #[inline(always)]
    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        IriRef::parse(input).map(IriComponents)
    }
}

/// The components of an IRI reference that parsed, and its URI (RFC 3987
/// section 3.1) after them.
struct IriComponents<'a>(IriRef<'a>);

impl Report for IriComponents<'_> {
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        write_components(o, &self.0);
        o.str("uri", self.0.to_uri().as_str());
    }
    fn text(&self, t: &mut Text<'_>) {
        let color = t.color;
        let out = t.out();
        write_components_text(out, &self.0, color);
        // The URI row goes before the blank line that ends the breakdown.
        out.pop();
        out.extend_from_slice(b"uri:       ");
        out.extend_from_slice(self.0.to_uri().as_str().as_bytes());
        out.extend_from_slice(b"\n\n");
    }
}

/// What the component writers read of a parsed URI or IRI reference (the
/// two types have the same accessors; each writer is compiled for each).
trait Parsed<'a> {
    fn as_str(&self) -> &'a str;
    fn scheme(&self) -> Option<&'a str>;
    fn authority(&self) -> Option<Authority<'a>>;
    fn path(&self) -> &'a str;
    fn query(&self) -> Option<&'a str>;
    fn fragment(&self) -> Option<&'a str>;
    fn spans(&self) -> Spans;
}

macro_rules! parsed {
    ($($t:ident),*) => {$(
        impl<'a> Parsed<'a> for $t<'a> {
            #[inline(always)]
            fn as_str(&self) -> &'a str { $t::as_str(self) }
            #[inline(always)]
            fn scheme(&self) -> Option<&'a str> { $t::scheme(self) }
            #[inline(always)]
            fn authority(&self) -> Option<Authority<'a>> { $t::authority(self) }
            #[inline(always)]
            fn path(&self) -> &'a str { $t::path(self) }
            #[inline(always)]
            fn query(&self) -> Option<&'a str> { $t::query(self) }
            #[inline(always)]
            fn fragment(&self) -> Option<&'a str> { $t::fragment(self) }
            #[inline(always)]
            fn spans(&self) -> Spans { $t::spans(self) }
        }
    )*};
}
parsed!(UriRef, IriRef);

impl Report for Components<'_> {
    #[inline(always)]
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        write_components(o, &self.0);
    }
    #[inline(always)]
    fn text(&self, t: &mut Text<'_>) {
        let color = t.color;
        write_components_text(t.out(), &self.0, color);
    }
}

/// The components and the scheme layer (the default).
struct WithScheme {
    registry: SchemeRegistry,
    /// `--scheme-rules`: a broken scheme rule makes the input invalid.
    scheme_rules: bool,
}

impl PerLine for WithScheme {
    type State = ();
    type Report<'a> = Result<WithSchemeReport<'a>, ParseError>;

    #[inline(always)]
    fn one<'a>(&'a self, input: &'a str, _: &'a mut ()) -> Self::Report<'a> {
        let r = UriRef::parse(input)?;
        let scheme = SchemeCheck::new(&r, &self.registry, self.scheme_rules);
        Ok(WithSchemeReport { r, scheme })
    }
}

/// A reference that parsed, with its scheme layer's verdict.
struct WithSchemeReport<'a> {
    r: UriRef<'a>,
    scheme: SchemeCheck<'a>,
}

impl Report for WithSchemeReport<'_> {
    #[inline(always)]
    fn problem(&self) -> Option<&dyn Problem> {
        let e = self.scheme.error()?;
        Some(e)
    }

    #[inline(always)]
    fn json(&self, o: &mut Obj<'_>, scratch: &mut String) {
        write_components(o, &self.r);
        self.scheme.write_json(o, scratch);
    }

    #[inline(always)]
    fn text(&self, t: &mut Text<'_>) {
        // A broken scheme rule under --scheme-rules is all that is shown.
        if self.scheme.is_error() {
            return;
        }
        let color = t.color;
        write_components_text(t.out(), &self.r, color);
        self.scheme.write_text(t);
    }
}

/// The component keys of a valid input (after `input` and `valid`): raw
/// components, `null` when absent.
fn write_components<'a>(o: &mut Obj<'_>, r: &impl Parsed<'a>) {
    let auth = r.authority();
    o.opt("scheme", r.scheme())
        .opt("authority", auth.map(|a| a.as_str()))
        .opt("userinfo", auth.and_then(|a| a.userinfo()))
        .opt("host", auth.map(|a| a.host_str()))
        .opt("host_type", auth.map(|a| a.host().kind_name()))
        .opt("port", auth.and_then(|a| a.port()))
        .str("path", r.path())
        .opt("query", r.query())
        .opt("fragment", r.fragment());
}

/// The aligned text breakdown of a valid input, written into `out`; the input
/// row has its userinfo, host and port colored when `color` is set.
fn write_components_text<'a>(out: &mut Vec<u8>, r: &impl Parsed<'a>, color: bool) {
    fn show(v: Option<&str>) -> &str {
        match v {
            None => "(absent)",
            Some("") => "(empty)",
            Some(s) => s,
        }
    }
    /// `name:` left-aligned in ten columns, a space, and the value's parts.
    #[inline(always)]
    fn row(out: &mut Vec<u8>, name: &str, value: &[&str]) {
        out.extend_from_slice(name.as_bytes());
        out.push(b':');
        // A slice of a constant (a fixed-size copy once inlined), not a fill.
        let pad = 9usize.saturating_sub(name.len());
        out.extend_from_slice(crate::output::SPACES.get(..pad).unwrap_or_default());
        out.push(b' ');
        for part in value {
            out.extend_from_slice(part.as_bytes());
        }
        out.push(b'\n');
    }
    let auth = r.authority();
    let s = r.as_str();
    // Printable ASCII (any valid reference) is shown as it is; told with no
    // early exit, which the compiler turns into vector compares.
    let printable = s
        .bytes()
        .fold(true, |acc, c| acc & (0x20..0x7f).contains(&c));
    if !color && printable {
        row(out, "input", &[s]);
    } else {
        row(
            out,
            "input",
            &[&crate::highlight::spans(s, r.spans(), color)],
        );
    }
    row(out, "scheme", &[show(r.scheme())]);
    row(out, "authority", &[show(auth.map(|a| a.as_str()))]);
    row(out, "userinfo", &[show(auth.and_then(|a| a.userinfo()))]);
    match auth {
        None => row(out, "host", &["(absent)"]),
        Some(a) => row(
            out,
            "host",
            &[show(Some(a.host_str())), " (", a.host().kind_name(), ")"],
        ),
    }
    match auth.and_then(|a| a.port()) {
        Some(p) if !p.is_empty() && auth.and_then(|a| a.port_u16()).is_none() => {
            row(out, "port", &[p, " (out of the u16 range)"]);
        }
        p => row(out, "port", &[show(p)]),
    }
    row(out, "path", &[show(Some(r.path()))]);
    row(out, "query", &[show(r.query())]);
    row(out, "fragment", &[show(r.fragment())]);
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The JSON object of a valid input: raw components, `null` when absent.
    fn components_json(r: &UriRef<'_>) -> Value {
        let auth = r.authority();
        json!({
            "scheme": r.scheme(),
            "authority": auth.map(|a| a.as_str()),
            "userinfo": auth.and_then(|a| a.userinfo()),
            "host": auth.map(|a| a.host_str()),
            "host_type": auth.map(|a| a.host().kind_name()),
            "port": auth.and_then(|a| a.port()),
            "path": r.path(),
            "query": r.query(),
            "fragment": r.fragment(),
        })
    }

    #[test]
    fn streamed_json_is_the_same_as_the_value() {
        let inputs = [
            "foo://u@example.com:8042/over/there?name=ferret#nose",
            "foo:",
            "//[::1]:99999",
            "a\"b/%41?\u{7f}",
            "",
            "?#",
        ];
        for s in inputs {
            let Ok(r) = UriRef::parse(s) else { continue };
            let mut out = Vec::new();
            let mut o = Obj::new(&mut out);
            write_components(&mut o, &r);
            o.end();
            let mut expected = serde_json::to_vec(&components_json(&r)).unwrap();
            expected.push(b'\n');
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }

    #[test]
    fn text_rows_are_aligned() {
        let r = UriRef::parse("http://h:99999/p").unwrap();
        let mut out = Vec::new();
        write_components_text(&mut out, &r, false);
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("input:     http://h:99999/p\nscheme:    http\n"));
        assert!(text.contains("\nhost:      h (reg-name)\n"));
        assert!(text.contains("\nport:      99999 (out of the u16 range)\n"));
        assert!(text.contains("\nquery:     (absent)\n"));
        assert!(text.ends_with("fragment:  (absent)\n\n"));
    }
}
