//! `urikit encode` and `urikit decode`: percent-encoding per component
//! (RFC 3986 section 2.1), and `application/x-www-form-urlencoded` on request.

use std::borrow::Cow;

use urikit::pct::{self, Component};

use crate::args::{named, Global};
use crate::jsonl::Obj;
use crate::report::{Failure, Line, Problem, Report, Text};
use crate::stream::{self, PerLine};
use crate::Status;

/// `urikit encode --component C [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct EncodeArgs {
    /// The component the text is meant for; its reserved characters are encoded.
    #[arg(long, short, value_parser = named(&Component::ALL, Component::name, component_help))]
    pub component: Component,
    /// Keep valid `%XX` triplets already in the text (encode only what is left).
    #[arg(long, conflicts_with = "form")]
    pub preserve: bool,
    /// Encode as application/x-www-form-urlencoded (space as `+`).
    #[arg(long)]
    pub form: bool,
    /// Texts to encode; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// `urikit decode [--form] [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct DecodeArgs {
    /// Read `+` as a space (application/x-www-form-urlencoded).
    #[arg(long)]
    pub form: bool,
    /// Texts to decode; without any, read them from stdin, one per line.
    pub inputs: Vec<String>,
}

/// What `--help` says of each component.
fn component_help(c: Component) -> &'static str {
    match c {
        Component::Userinfo => "userinfo: `:` stays",
        Component::Host => "A registered-name host",
        Component::Path => "A whole path: `/` stays",
        Component::Segment => "One path segment: `/` is encoded",
        Component::Query => "A whole query: `/`, `?`, `&`, `=` stay",
        Component::QueryParam => "A key or value inside a query: `&`, `=`, `+` are encoded too",
        Component::Fragment => "A fragment",
        _ => "",
    }
}

pub fn run_encode(args: &EncodeArgs, global: &Global) -> anyhow::Result<Status> {
    let encode = Encode {
        component: args.component,
        context: [("component", args.component.name())],
        form: args.form,
        preserve: args.preserve,
    };
    stream::each(&encode, &args.inputs, global)
}

struct Encode {
    component: Component,
    /// The JSON keys before the result.
    context: [(&'static str, &'static str); 1],
    form: bool,
    preserve: bool,
}

impl PerLine for Encode {
    type State = ();
    type Report<'a> = Line<'a>;

    fn one<'a>(&'a self, text: &'a str, _: &'a mut ()) -> Line<'a> {
        let encoded = if self.form {
            pct::encode_form(text.as_bytes())
        } else if self.preserve {
            self.component.encode_preserving(text)
        } else {
            self.component.encode(text.as_bytes())
        };
        Line::new("encoded", encoded).with_context(&self.context)
    }
}

pub fn run_decode(args: &DecodeArgs, global: &Global) -> anyhow::Result<Status> {
    let decode = Decode { form: args.form };
    stream::each(&decode, &args.inputs, global)
}

struct Decode {
    form: bool,
}

impl PerLine for Decode {
    type State = ();
    type Report<'a> = Decoded<'a>;

    fn one<'a>(&'a self, text: &'a str, _: &'a mut ()) -> Decoded<'a> {
        let bytes = if self.form {
            pct::decode_form(text)
        } else {
            pct::decode(text)
        };
        match bytes {
            Cow::Borrowed(b) => match std::str::from_utf8(b) {
                Ok(s) => Decoded::ok(Cow::Borrowed(s)),
                Err(e) => Decoded::not_utf8(text, b, e.valid_up_to()),
            },
            Cow::Owned(b) => match String::from_utf8(b) {
                Ok(s) => Decoded::ok(Cow::Owned(s)),
                Err(e) => {
                    let valid = e.utf8_error().valid_up_to();
                    Decoded::not_utf8(text, e.as_bytes(), valid)
                }
            },
        }
    }
}

/// The decoded text; when it is not UTF-8, its lossy form and where the
/// first bad byte came from.
struct Decoded<'a> {
    decoded: Cow<'a, str>,
    error: Option<Failure>,
}

impl<'a> Decoded<'a> {
    fn ok(decoded: Cow<'a, str>) -> Decoded<'a> {
        Decoded {
            decoded,
            error: None,
        }
    }

    /// `bytes`, decoded from `text`, are UTF-8 up to `valid` only.
    fn not_utf8(text: &str, bytes: &[u8], valid: usize) -> Decoded<'a> {
        // The index points at the `%` of the triplet that starts the bad byte.
        let index = input_index_of_decoded(text, valid);
        let message = format!(
            "at byte {index}: expected percent-encoded UTF-8 (decoded byte {valid} is not)"
        );
        Decoded {
            decoded: Cow::Owned(String::from_utf8_lossy(bytes).into_owned()),
            error: Some(Failure::new("invalid_utf8", index, message)),
        }
    }
}

impl Report for Decoded<'_> {
    fn problem(&self) -> Option<&dyn Problem> {
        Some(self.error.as_ref()?)
    }
    fn json(&self, o: &mut Obj<'_>, _: &mut String) {
        o.str("decoded", &self.decoded);
    }
    fn text(&self, t: &mut Text<'_>) {
        if self.error.is_none() {
            t.line(&self.decoded);
        }
    }
}

/// The input byte where the decoded byte number `n` came from (a `+` read as
/// a space is one byte either way).
fn input_index_of_decoded(text: &str, n: usize) -> usize {
    let b = text.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() && k < n {
        let triplet = b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        i += if triplet { 3 } else { 1 };
        k += 1;
    }
    i
}
