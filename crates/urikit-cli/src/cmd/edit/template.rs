//! The `--get FORMAT` of `urikit edit` (and `urikit get FORMAT`), as trurl
//! reads it: `{component}` decoded, `{:component}` or `{url:component}` as
//! written (percent-encoded), `{default:port}` the scheme's default port when
//! there is none, `{must:component}` an error when it is absent,
//! `{strict:component}` an error when it does not decode to UTF-8,
//! `{query:KEY}` the first value of the query key KEY, `{query-all:KEY}` all
//! of them separated by spaces; `\\`, `\t`, `\n`, `\r`, `\{`, `\}`, `\[`
//! escapes; any other text as it is. The format is checked once (a mistake is
//! a usage error with a caret under its byte) and rendered for each input.

use std::borrow::Cow;

use urikit::build::QueryEncoding;
use urikit::pct;
use urikit::scheme::SchemeRegistry;
use urikit::{UriRef, UriRefBuf};

use super::ops::Field;
use crate::output::arg_error;
use crate::report::Failure;

const OPTION: &str = "--get";

/// A checked format.
#[derive(Clone, Debug)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug)]
enum Piece {
    Text(String),
    Field(Ask),
    /// `{query:KEY}`, `{query-all:KEY}`.
    Query {
        key: String,
        all: bool,
        ask: Ask,
    },
}

/// How a component is asked for: its modifiers.
#[derive(Clone, Copy, Debug)]
struct Ask {
    field: Field,
    /// `url:` or a leading `:`: as written, not decoded.
    raw: bool,
    /// `default:`: the scheme's default port when the reference has none.
    default: bool,
    /// `must:`: an error when absent.
    must: bool,
    /// `strict:`: an error when the decoded bytes are not UTF-8.
    strict: bool,
}

/// What rendering needs besides the reference.
pub struct Context<'a> {
    pub schemes: &'a SchemeRegistry,
    pub enc: QueryEncoding,
}

impl Template {
    /// Reads a format; `raw_all` (`--urlencode`) and `default_all`
    /// (`--default-port`) apply to every component in it.
    ///
    /// # Errors
    /// A `{` without its `}`, an unknown component or modifier, an empty
    /// `{}`: pointed at in the format.
    pub fn parse(format: &str, raw_all: bool, default_all: bool) -> anyhow::Result<Template> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = format.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    let escaped = match chars.peek().map(|&(_, e)| e) {
                        Some('\\') => Some('\\'),
                        Some('t') => Some('\t'),
                        Some('n') => Some('\n'),
                        Some('r') => Some('\r'),
                        Some(e @ ('{' | '}' | '[')) => Some(e),
                        _ => None,
                    };
                    match escaped {
                        Some(e) => {
                            text.push(e);
                            chars.next();
                        }
                        None => text.push('\\'),
                    }
                }
                '{' => {
                    let close = format[i..].find('}').map(|k| i + k).ok_or_else(|| {
                        arg_error(
                            OPTION,
                            format,
                            i,
                            format_args!(
                                "at byte {i}: expected \"}}\" to close this \"{{\" (\\{{ for a literal brace)"
                            ),
                        )
                    })?;
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    let mut piece = braced(format, i + 1, close)?;
                    match &mut piece {
                        Piece::Field(a) | Piece::Query { ask: a, .. } => {
                            a.raw |= raw_all;
                            a.default |= default_all;
                        }
                        Piece::Text(_) => {}
                    }
                    pieces.push(piece);
                    while chars.peek().is_some_and(|&(k, _)| k <= close) {
                        chars.next();
                    }
                }
                c => text.push(c),
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template { pieces })
    }

    /// Writes the format for `r` into `out` (emptied first); `input` is the
    /// input line as parsed, which errors point into.
    ///
    /// # Errors
    /// A `must:` component absent, a `strict:` one that is not UTF-8.
    pub fn render(
        &self,
        r: &UriRef<'_>,
        input: &UriRef<'_>,
        cx: &Context<'_>,
        out: &mut String,
    ) -> Result<(), Failure> {
        out.clear();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Field(ask) => {
                    let shown = ask.value(r, cx);
                    let Some(raw) = shown.as_deref() else {
                        if ask.must {
                            return Err(missing(ask.field, input, ask.field.name()));
                        }
                        continue;
                    };
                    ask.push(raw, ask.field, input, cx, out)?;
                }
                Piece::Query { key, all, ask } => {
                    let mut values = r
                        .query_pairs(cx.enc)
                        .filter(|p| p.key() == key.as_str())
                        .map(|p| p.raw_value().unwrap_or(""));
                    let Some(first) = values.next() else {
                        if ask.must {
                            let what = format!("query key {key:?}");
                            return Err(missing(Field::Query, input, &what));
                        }
                        continue;
                    };
                    ask.push(first, Field::Query, input, cx, out)?;
                    if *all {
                        for v in values {
                            out.push(' ');
                            ask.push(v, Field::Query, input, cx, out)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The piece between the braces `format[start..close]`.
fn braced(format: &str, start: usize, close: usize) -> anyhow::Result<Piece> {
    let spec = &format[start..close];
    let bad = |at: usize, what: &str| {
        arg_error(
            OPTION,
            format,
            at,
            format_args!("at byte {at}: expected {what}"),
        )
    };
    if spec.is_empty() {
        return Err(bad(close, "a component name inside the braces"));
    }
    let mut ask = Ask {
        field: Field::Url,
        raw: false,
        default: false,
        must: false,
        strict: false,
    };
    let mut at = start;
    if spec.starts_with(':') {
        ask.raw = true;
        at += 1;
    }
    // Modifiers, then the name.
    loop {
        let rest = &format[at..close];
        let (word, more) = match rest.find(':') {
            Some(k) => (&rest[..k], true),
            None => (rest, false),
        };
        let flag =
            match word {
                "url" if more => &mut ask.raw,
                "default" if more => &mut ask.default,
                "must" if more => &mut ask.must,
                "strict" if more => &mut ask.strict,
                "puny" | "idn" if more => return Err(bad(
                    at,
                    "a modifier urikit has: url, default, must, strict (no IDNA conversion here)",
                )),
                "query" | "query-all" if more => {
                    let key = &format[at + word.len() + 1..close];
                    return Ok(Piece::Query {
                        key: key.to_owned(),
                        all: word == "query-all",
                        ask: Ask {
                            field: Field::Query,
                            ..ask
                        },
                    });
                }
                _ => {
                    let Some(field) = Field::from_name(word) else {
                        let names = format!("a component name: {}", Field::names());
                        return Err(bad(at, &names));
                    };
                    if more {
                        return Err(bad(at + word.len(), "\"}\" after the component name"));
                    }
                    ask.field = field;
                    return Ok(Piece::Field(ask));
                }
            };
        *flag = true;
        at += word.len() + 1;
    }
}

/// A `must:` component that is absent, pointed at where it would be.
fn missing(field: Field, input: &UriRef<'_>, what: &str) -> Failure {
    let index = field.index_in(input);
    Failure::new(
        "missing_component",
        index,
        format!("at byte {index}: --get: the reference has no {what}"),
    )
}

impl Ask {
    /// The component's raw text in `r` (or the default port / the URL with
    /// it, under `default:`).
    fn value<'a>(&self, r: &UriRef<'a>, cx: &Context<'_>) -> Option<Cow<'a, str>> {
        if let Some(v) = self.field.raw(r) {
            if self.default && self.field == Field::Url && r.port().is_none() {
                if let Some(with_port) = with_default_port(r, cx.schemes) {
                    return Some(Cow::Owned(with_port.into_string()));
                }
            }
            return Some(Cow::Borrowed(v));
        }
        if self.default && self.field == Field::Port {
            return default_port(r, cx.schemes).map(|p| Cow::Owned(p.to_string()));
        }
        None
    }

    /// Appends `raw`, decoded unless asked raw (the URL, the scheme and the
    /// port never need decoding).
    fn push(
        &self,
        raw: &str,
        field: Field,
        input: &UriRef<'_>,
        cx: &Context<'_>,
        out: &mut String,
    ) -> Result<(), Failure> {
        if self.raw || !decodes(field) {
            out.push_str(raw);
            return Ok(());
        }
        match String::from_utf8_lossy(&decode(raw, field, cx.enc)) {
            Cow::Owned(_) if self.strict => {
                let index = field.index_in(input);
                Err(Failure::new(
                    "invalid_utf8",
                    index,
                    format!(
                        "at byte {index}: --get {{strict:{}}}: the {} does not decode to UTF-8",
                        field.name(),
                        field.name()
                    ),
                ))
            }
            text => {
                out.push_str(&text);
                Ok(())
            }
        }
    }
}

/// Whether a field's value is shown decoded (the URL, the scheme and the
/// port never need it).
fn decodes(field: Field) -> bool {
    !matches!(field, Field::Url | Field::Scheme | Field::Port)
}

/// The bytes `raw` stands for: percent-decoded (and `+` read as a space in
/// a query under `--form`).
fn decode(raw: &str, field: Field, enc: QueryEncoding) -> Cow<'_, [u8]> {
    if field == Field::Query && enc == QueryEncoding::Form {
        pct::decode_form(raw)
    } else {
        pct::decode(raw)
    }
}

/// A field's value as `--get` shows it without modifiers: decoded (bytes
/// that are not UTF-8 as U+FFFD), or as written when `raw` (`--urlencode`).
pub fn shown(raw: &str, field: Field, enc: QueryEncoding, as_written: bool) -> Cow<'_, str> {
    if as_written || !decodes(field) {
        return Cow::Borrowed(raw);
    }
    match decode(raw, field, enc) {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
    }
}

/// The default port of `r`'s scheme, when the registry knows one and `r`
/// has an authority.
pub fn default_port(r: &UriRef<'_>, schemes: &SchemeRegistry) -> Option<u16> {
    r.authority()?;
    schemes.default_port(r.scheme()?)
}

/// `r` with its scheme's default port written, when it has none and one is
/// known.
pub fn with_default_port(r: &UriRef<'_>, schemes: &SchemeRegistry) -> Option<UriRefBuf> {
    if r.port().is_some() {
        return None;
    }
    let port = default_port(r, schemes)?;
    let mut u = r.to_owned();
    u.set_port(Some(&port.to_string())).ok()?;
    Some(u)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(format: &str, uri: &str) -> Result<String, String> {
        let schemes = SchemeRegistry::standard();
        let cx = Context {
            schemes: &schemes,
            enc: QueryEncoding::Percent,
        };
        let t = Template::parse(format, false, false).map_err(|e| e.to_string())?;
        let r = UriRef::parse(uri).unwrap();
        let mut out = String::new();
        t.render(&r, &r, &cx, &mut out).map_err(|e| e.message)?;
        Ok(out)
    }

    #[test]
    fn components_decoded_or_raw() {
        let u = "https://us%20er:pw@ex%41mple.com:8443/a%20b?q=1+2&r=%26#f%20g";
        assert_eq!(render("{host}:{port}", u).unwrap(), "exAmple.com:8443");
        assert_eq!(render("{:host}", u).unwrap(), "ex%41mple.com");
        assert_eq!(render("{url:path} {path}", u).unwrap(), "/a%20b /a b");
        assert_eq!(
            render("{user}|{password}|{userinfo}", u).unwrap(),
            "us er|pw|us er:pw"
        );
        assert_eq!(
            render("{query:r} {query:q} [{query:x}]", u).unwrap(),
            "& 1+2 []"
        );
        assert_eq!(render("{fragment}", u).unwrap(), "f g");
        assert_eq!(render("{url}", u).unwrap(), u);
        assert_eq!(
            render("{scheme}\\t\\{x\\}\\\\\\q", u).unwrap(),
            "https\t{x}\\\\q"
        );
        // Absent: nothing, or the default port when asked.
        assert_eq!(
            render("[{port}] [{default:port}]", "http://h/").unwrap(),
            "[] [80]"
        );
        assert_eq!(
            render("{default:url}", "http://h/").unwrap(),
            "http://h:80/"
        );
        assert_eq!(render("{query-all:a}", "?a=1&b=2&a=3&a").unwrap(), "1 3 ");
        // A lone "}" is text, as in trurl.
        assert_eq!(render("a}b", u).unwrap(), "a}b");
    }

    #[test]
    fn must_and_strict() {
        let e = render("{must:query}", "http://h/p#f").unwrap_err();
        assert_eq!(e, "at byte 10: --get: the reference has no query");
        let e = render("{must:query:k}", "http://h/?j").unwrap_err();
        assert!(e.contains("no query key \"k\""), "{e}");
        assert!(render("{strict:path}", "/%FF").is_err());
        assert_eq!(render("{path}", "/%FF").unwrap(), "/\u{fffd}");
    }

    #[test]
    fn mistakes_point_at_their_byte() {
        let msg = |f: &str| Template::parse(f, false, false).unwrap_err().to_string();
        let e = msg("x{host");
        assert!(e.starts_with("--get: at byte 1: expected \"}\""), "{e}");
        assert!(e.ends_with("\n  x{host\n   ^"), "{e}");
        let e = msg("{nope}");
        assert!(
            e.starts_with("--get: at byte 1: expected a component name"),
            "{e}"
        );
        assert!(e.ends_with("  {nope}\n   ^"), "{e}");
        assert!(msg("{}").contains("at byte 1: expected a component name inside"));
        assert!(msg("{host:x}").contains("at byte 5: expected \"}\" after"));
        assert!(msg("{puny:host}").contains("no IDNA"));
        assert!(msg("{must:nope}").contains("at byte 6: expected a component name"));
    }
}
