//! The scheme layer of `urikit parse`: the decoded fields of a URI's scheme
//! view (the `scheme_specific` object of `--format json`, the
//! `scheme-specific:` rows of the text report), and the rules of its scheme
//! it breaks.
//!
//! Each view's field list is written once, by [`write_fields`], through the
//! [`Fields`] trait: [`JsonFields`] writes them as JSON keys, [`TextFields`]
//! as aligned rows. Both write straight into the output buffer, with no
//! `serde_json::Value` in between.

use urikit::scheme::{NewsTarget, SchemeError, SchemeRegistry, View, WaisKind};

use crate::jsonl::{self, Arr, Obj};
use crate::output;
use crate::report::{self, Text};

/// Where a view's fields go, one call per field, in order. Absent values are
/// `None`.
pub trait Fields {
    /// A text field.
    fn str(&mut self, key: &str, value: Option<&str>);
    /// A boolean field.
    fn bool(&mut self, key: &str, value: bool);
    /// A number field.
    fn num(&mut self, key: &str, value: Option<u64>);
    /// A list field, its items written by `f` as JSON (the text report shows
    /// lists as compact JSON too).
    fn arr(&mut self, key: &str, f: impl FnOnce(&mut Arr<'_>));

    /// A one-character field.
    fn char(&mut self, key: &str, value: Option<char>) {
        let mut buf = [0u8; 4];
        self.str(key, value.map(|c| &*c.encode_utf8(&mut buf)));
    }
}

/// The fields as the keys of a JSON object: strings escaped, `null` when
/// absent.
pub struct JsonFields<'o, 'a>(pub &'o mut Obj<'a>);

impl Fields for JsonFields<'_, '_> {
    #[inline(always)]
    fn str(&mut self, key: &str, value: Option<&str>) {
        self.0.opt(key, value);
    }
    #[inline(always)]
    fn bool(&mut self, key: &str, value: bool) {
        self.0.bool(key, value);
    }
    #[inline(always)]
    fn num(&mut self, key: &str, value: Option<u64>) {
        self.0.opt_num(key, value);
    }
    fn arr(&mut self, key: &str, f: impl FnOnce(&mut Arr<'_>)) {
        self.0.arr(key, f);
    }
}

/// The fields as rows of the text report: `  key:` padded to 17 columns,
/// then the value as it is (`(absent)`, `(empty)`, lists as compact JSON).
pub struct TextFields<'a>(pub &'a mut Vec<u8>);

impl TextFields<'_> {
    /// `  key:` and the padding up to the value.
    #[inline(always)]
    fn key(&mut self, key: &str) {
        let out = &mut *self.0;
        out.extend_from_slice(b"  ");
        out.extend_from_slice(key.as_bytes());
        out.push(b':');
        // `key:` left-aligned in 15 columns, then a space.
        let pad = 14usize.saturating_sub(key.len());
        out.extend_from_slice(output::SPACES.get(..pad).unwrap_or_default());
        out.push(b' ');
    }
}

impl Fields for TextFields<'_> {
    #[inline(always)]
    fn str(&mut self, key: &str, value: Option<&str>) {
        self.key(key);
        match value {
            None => self.0.extend_from_slice(b"(absent)"),
            Some("") => self.0.extend_from_slice(b"(empty)"),
            // Decoded values (`%1B`) can hold control characters: escaped,
            // as in the input row, so that no input drives the terminal.
            Some(s) => crate::highlight::push_escaped_controls(self.0, s),
        }
        self.0.push(b'\n');
    }
    fn bool(&mut self, key: &str, value: bool) {
        self.key(key);
        self.0
            .extend_from_slice(if value { b"true\n" } else { b"false\n" });
    }
    fn num(&mut self, key: &str, value: Option<u64>) {
        match value {
            Some(n) => {
                self.key(key);
                jsonl::uint(self.0, n);
                self.0.push(b'\n');
            }
            None => self.str(key, None),
        }
    }
    fn arr(&mut self, key: &str, f: impl FnOnce(&mut Arr<'_>)) {
        self.key(key);
        let start = self.0.len();
        jsonl::array(self.0, f);
        // JSON escapes C0 controls but not DEL or C1: those escaped here.
        if crate::highlight::has_control(&self.0[start..]) {
            let json = self.0.split_off(start);
            let json = String::from_utf8_lossy(&json);
            crate::highlight::push_escaped_controls(self.0, &json);
        }
        self.0.push(b'\n');
    }
}

/// A list of strings as a JSON array.
fn strings<S: AsRef<str>>(a: &mut Arr<'_>, items: &[S]) {
    for s in items {
        a.str(s.as_ref());
    }
}

/// A list of pairs as a JSON array of two-item arrays (`null` for an absent
/// second item).
fn pairs<A: AsRef<str>, B: AsRef<str>>(
    a: &mut Arr<'_>,
    items: impl Iterator<Item = (A, Option<B>)>,
) {
    for (x, y) in items {
        a.arr(|p| {
            p.str(x.as_ref()).opt(y.as_ref().map(AsRef::as_ref));
        });
    }
}

fn port(p: Option<u16>) -> Option<u64> {
    p.map(u64::from)
}

/// The decoded fields of a view, in order, into `f` (absent fields are
/// `None`); `scratch` is reused for the values built in a buffer (the local
/// paths of a `file` URI).
pub fn write_fields(view: &View<'_>, f: &mut impl Fields, scratch: &mut String) {
    match view {
        View::Http(h) => {
            f.bool("secure", h.is_secure());
            f.str("userinfo", h.userinfo_decoded().as_deref());
            f.str("host", Some(h.host_str()));
            f.num("port", port(h.port()));
            f.num("effective_port", Some(h.effective_port().into()));
            f.str("path", Some(h.path()));
            f.str("query", h.query());
        }
        View::Ws(w) => {
            f.bool("secure", w.is_secure());
            f.str("host", Some(w.host_str()));
            f.num("port", port(w.port()));
            f.num("effective_port", Some(w.effective_port().into()));
            f.str("resource_name", Some(&w.resource_name()));
        }
        View::Ftp(x) => {
            f.str("user", x.user().as_deref());
            f.str("password", x.password().as_deref());
            f.str("login_user", Some(&x.login_user()));
            f.str("host", Some(x.host_str()));
            f.num("port", port(x.port()));
            f.arr("directories", |a| strings(a, &x.directories()));
            f.str("file", Some(&x.file()));
            f.char("typecode", x.typecode().map(|t| t.as_char()));
        }
        View::File(x) => {
            f.str("host", x.host());
            f.bool("local", x.is_local());
            f.str("path", Some(&x.path_decoded()));
            f.char("drive_letter", x.drive_letter());
            scratch.clear();
            let ok = x.write_unix_path(scratch).is_ok();
            f.str("unix_path", ok.then_some(scratch.as_str()));
            scratch.clear();
            let ok = x.write_windows_path(scratch).is_ok();
            f.str("windows_path", ok.then_some(scratch.as_str()));
        }
        View::Mailto(m) => {
            f.arr("to", |a| strings(a, &m.to()));
            f.arr("recipients", |a| strings(a, &m.recipients()));
            f.str("subject", m.subject().as_deref());
            f.str("body", m.body().as_deref());
            f.arr("headers", |a| {
                pairs(a, m.headers().iter().map(|(x, y)| (x, Some(y))))
            });
        }
        View::News(n) => {
            let (kind, value) = match n.target() {
                NewsTarget::Group(g) => ("group", Some(g)),
                NewsTarget::AllGroups => ("all_groups", None),
                NewsTarget::Wildmat(w) => ("wildmat", Some(w)),
                NewsTarget::Article(a) => ("article", Some(a)),
                NewsTarget::None => ("none", None),
            };
            f.str("server", n.server());
            f.num("port", port(n.port()));
            f.str("target", Some(kind));
            f.str("name", value.as_deref());
        }
        View::Nntp(n) => {
            f.str("host", Some(n.host_str()));
            f.num("port", port(n.port()));
            f.str("group", Some(&n.group()));
            f.num("article_number", n.article_number());
        }
        View::Telnet(t) => {
            f.str("user", t.user().as_deref());
            f.str("password", t.password().as_deref());
            f.str("host", Some(t.host_str()));
            f.num("port", port(t.port()));
        }
        View::Gopher(g) => {
            f.str("host", Some(g.host_str()));
            f.num("port", port(g.port()));
            f.char("item_type", Some(g.item_type()));
            f.str("selector", Some(&g.selector()));
            f.str("search", g.search().as_deref());
            f.str("gopher_plus", g.gopher_plus().as_deref());
        }
        View::Wais(w) => {
            f.str("host", Some(w.host_str()));
            f.num("port", port(w.port()));
            let kind = match w.kind() {
                WaisKind::Database => "database",
                WaisKind::Index => "index",
                WaisKind::Document => "document",
            };
            f.str("kind", Some(kind));
            f.str("database", Some(&w.database()));
            f.str("search", w.search().as_deref());
            f.str("wtype", w.wtype().as_deref());
            f.str("wpath", w.wpath().as_deref());
            f.num("length", w.length());
        }
        View::Prospero(p) => {
            f.str("host", Some(p.host_str()));
            f.num("port", port(p.port()));
            f.str("hsoname", Some(&p.hsoname()));
            f.str("version", p.version());
            f.arr("attributes", |a| strings(a, &p.attributes()));
            f.arr("fields", |a| {
                pairs(a, p.fields().iter().map(|(x, y)| (x, Some(y))))
            });
        }
        View::Afs(x) => {
            f.str("cell", Some(x.cell()));
            f.str("path", Some(&x.path()));
        }
        View::Data(d) => {
            let bytes = d.decode().ok();
            f.str("media_type", Some(&d.media_type()));
            f.arr("parameters", |a| {
                pairs(a, d.parameters().iter().map(|(x, y)| (x, Some(y))))
            });
            f.str("charset", Some(&d.charset()));
            f.bool("base64", d.is_base64());
            f.num("data_length", bytes.as_ref().map(|b| b.len() as u64));
            let text = bytes.as_deref().and_then(|b| std::str::from_utf8(b).ok());
            f.str("data_text", text);
        }
        View::Tel(t) => {
            f.str("number", Some(&t.number()));
            f.str("digits", Some(&t.digits()));
            f.bool("global", t.is_global());
            f.arr("parameters", |a| {
                pairs(a, t.parameters().iter().map(|(x, y)| (x, y.as_ref())))
            });
        }
        View::Ldap(l) => {
            f.bool("secure", l.is_secure());
            f.str("host", l.host_str());
            f.num("port", port(l.port()));
            f.str("dn", Some(&l.dn()));
            f.arr("attributes", |a| strings(a, &l.attributes()));
            f.str("scope", Some(l.scope().as_str()));
            f.str("filter", Some(&l.filter()));
            f.arr("extensions", |a| {
                for x in l.extensions() {
                    a.obj(|o| {
                        o.bool("critical", x.critical)
                            .str("type", &x.extype)
                            .opt("value", x.value.as_deref());
                    });
                }
            });
        }
        _ => {}
    }
}

/// The scheme layer's verdict on one parsed input, under the chosen rules.
pub struct SchemeCheck<'a> {
    /// The scheme's view; `None` for a scheme without a view, or a URI that
    /// breaks its scheme's rules.
    view: Option<View<'a>>,
    /// The rule broken (then there is no view).
    broken: Option<SchemeError>,
    /// The deprecated forms the view found (no allocation when none).
    warnings: Vec<SchemeError>,
    /// `--scheme-rules`: every problem is an error.
    strict: bool,
}

impl<'a> SchemeCheck<'a> {
    /// Checks `r` (a relative reference has no scheme: nothing to check):
    /// its view's fields, or what the registry's rules say (for a scheme the
    /// registry knows without a view). `strict` is `--scheme-rules`.
    #[inline(always)]
    pub fn new(r: &urikit::UriRef<'a>, registry: &SchemeRegistry, strict: bool) -> Self {
        let (view, broken, warnings) = match r.as_uri().map(|u| (View::of(&u), u)) {
            None => (None, None, Vec::new()),
            Some((Some(Ok(v)), _)) => {
                let warnings = v.warnings();
                (Some(v), None, warnings)
            }
            Some((Some(Err(e)), _)) => (None, Some(e), Vec::new()),
            Some((None, u)) => (None, registry.validate(&u).err(), Vec::new()),
        };
        SchemeCheck {
            view,
            broken,
            warnings,
            strict,
        }
    }

    /// The rules broken and the deprecated forms used: first the broken
    /// rule, if any, then the warnings.
    fn problems(&self) -> impl Iterator<Item = &SchemeError> {
        self.broken.iter().chain(&self.warnings)
    }

    /// The first of [`SchemeCheck::problems`].
    #[inline]
    fn first_problem(&self) -> Option<&SchemeError> {
        self.broken.as_ref().or(self.warnings.first())
    }

    /// Whether the input counts as invalid (strict rules and a problem).
    #[inline]
    pub fn is_error(&self) -> bool {
        self.strict && self.first_problem().is_some()
    }

    /// The first problem, when it makes the input invalid (then nothing but
    /// it is reported).
    #[inline]
    pub fn error(&self) -> Option<&SchemeError> {
        if self.strict {
            self.first_problem()
        } else {
            None
        }
    }

    /// Writes the text report's scheme part after the components' rows
    /// (which end with the blank line that closes them): the view's fields
    /// on stdout, the warnings on stderr. Not for an input that
    /// [`SchemeCheck::is_error`].
    #[inline]
    pub fn write_text(&self, t: &mut Text<'_>) {
        if let Some(view) = &self.view {
            let out = &mut *t.out();
            if out.ends_with(b"\n\n") {
                out.pop();
            }
            out.extend_from_slice(b"scheme-specific:\n");
            let (out, scratch) = t.out_and_scratch();
            write_fields(view, &mut TextFields(out), scratch);
            t.out().push(b'\n');
        }
        for e in self.problems() {
            t.warn(e.index(), e);
        }
    }

    /// Writes `scheme_specific` (and `scheme_warnings`) after the components'
    /// keys of a JSON object; under strict rules and a problem, only
    /// `"scheme_specific": null` (the problem is the input's error).
    /// `scratch` is reused for the messages.
    #[inline]
    pub fn write_json(&self, o: &mut Obj<'_>, scratch: &mut String) {
        if self.is_error() {
            o.null("scheme_specific");
            return;
        }
        match &self.view {
            Some(v) => o.obj("scheme_specific", |inner| {
                write_fields(v, &mut JsonFields(inner), scratch);
            }),
            None => o.null("scheme_specific"),
        };
        if self.first_problem().is_some() {
            o.list("scheme_warnings", self.problems(), |e, p| {
                report::json::problem(e, p, scratch);
            });
        }
    }
}
