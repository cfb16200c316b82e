//! The `scheme_specific` object of `urikit parse --format json`: the decoded
//! fields of a URI's scheme view, and the rules of its scheme it breaks.

use serde_json::{json, Map, Value};
use urikit::scheme::{NewsTarget, SchemeError, SchemeRegistry, View, WaisKind};
use urikit::Uri;

use crate::jsonl::Obj;
use crate::output;
use crate::stream::Sink;

/// What the scheme layer says about a URI.
pub struct SchemeReport {
    /// The view's fields; `None` for a scheme without a view, or a URI that
    /// breaks its scheme's rules.
    pub fields: Option<Value>,
    /// The rules broken, and the deprecated forms used (first the error, if
    /// any, then the warnings).
    pub problems: Vec<SchemeError>,
}

/// The scheme report of `uri`: its view's fields, or what the registry's
/// rules say (for a scheme the registry knows without a view).
pub fn report(uri: &Uri<'_>, registry: &SchemeRegistry) -> SchemeReport {
    match View::of(uri) {
        Some(Ok(v)) => SchemeReport {
            fields: Some(fields(&v)),
            problems: v.warnings(),
        },
        Some(Err(e)) => SchemeReport {
            fields: None,
            problems: vec![e],
        },
        None => SchemeReport {
            fields: None,
            problems: registry.validate(uri).err().into_iter().collect(),
        },
    }
}

/// The JSON of a scheme error: `{kind, index, message, rule}` (the reference
/// of `write_problem` in the tests).
#[cfg(test)]
pub fn problem_json(e: &SchemeError) -> Value {
    let mut v = output::error_json(e.kind().name(), e.index(), &e.to_string());
    if let Value::Object(m) = &mut v {
        m.insert("rule".into(), Value::from(e.rule()));
    }
    v
}

/// [`problem_json`], written into a streaming JSON object.
fn write_problem(o: &mut Obj<'_>, e: &SchemeError) {
    o.str("kind", e.kind().name())
        .num("index", e.index())
        .str("message", &e.to_string())
        .str("rule", e.rule());
}

fn pairs<A: AsRef<str>, B: AsRef<str>>(items: &[(A, B)]) -> Value {
    Value::Array(
        items
            .iter()
            .map(|(a, b)| json!([a.as_ref(), b.as_ref()]))
            .collect(),
    )
}

fn strings<S: AsRef<str>>(items: &[S]) -> Value {
    Value::Array(items.iter().map(|s| Value::from(s.as_ref())).collect())
}

/// The decoded fields of a view, as a JSON object (absent fields are `null`).
pub fn fields(view: &View<'_>) -> Value {
    match view {
        View::Http(h) => json!({
            "secure": h.is_secure(),
            "userinfo": h.userinfo_decoded(),
            "host": h.host_str(),
            "port": h.port(),
            "effective_port": h.effective_port(),
            "path": h.path(),
            "query": h.query(),
        }),
        View::Ws(w) => json!({
            "secure": w.is_secure(),
            "host": w.host_str(),
            "port": w.port(),
            "effective_port": w.effective_port(),
            "resource_name": w.resource_name(),
        }),
        View::Ftp(f) => json!({
            "user": f.user(),
            "password": f.password(),
            "login_user": f.login_user(),
            "host": f.host_str(),
            "port": f.port(),
            "directories": strings(&f.directories()),
            "file": f.file(),
            "typecode": f.typecode().map(|t| t.as_char().to_string()),
        }),
        View::File(f) => json!({
            "host": f.host(),
            "local": f.is_local(),
            "path": f.path_decoded(),
            "drive_letter": f.drive_letter().map(String::from),
            "unix_path": f.to_unix_path().ok(),
            "windows_path": f.to_windows_path().ok(),
        }),
        View::Mailto(m) => json!({
            "to": strings(&m.to()),
            "recipients": strings(&m.recipients()),
            "subject": m.subject(),
            "body": m.body(),
            "headers": pairs(&m.headers()),
        }),
        View::News(n) => {
            let (kind, value) = match n.target() {
                NewsTarget::Group(g) => ("group", Some(g)),
                NewsTarget::AllGroups => ("all_groups", None),
                NewsTarget::Wildmat(w) => ("wildmat", Some(w)),
                NewsTarget::Article(a) => ("article", Some(a)),
                NewsTarget::None => ("none", None),
            };
            json!({ "server": n.server(), "port": n.port(), "target": kind, "name": value })
        }
        View::Nntp(n) => json!({
            "host": n.host_str(),
            "port": n.port(),
            "group": n.group(),
            "article_number": n.article_number(),
        }),
        View::Telnet(t) => json!({
            "user": t.user(),
            "password": t.password(),
            "host": t.host_str(),
            "port": t.port(),
        }),
        View::Gopher(g) => json!({
            "host": g.host_str(),
            "port": g.port(),
            "item_type": g.item_type().to_string(),
            "selector": g.selector(),
            "search": g.search(),
            "gopher_plus": g.gopher_plus(),
        }),
        View::Wais(w) => json!({
            "host": w.host_str(),
            "port": w.port(),
            "kind": match w.kind() {
                WaisKind::Database => "database",
                WaisKind::Index => "index",
                WaisKind::Document => "document",
            },
            "database": w.database(),
            "search": w.search(),
            "wtype": w.wtype(),
            "wpath": w.wpath(),
            "length": w.length(),
        }),
        View::Prospero(p) => json!({
            "host": p.host_str(),
            "port": p.port(),
            "hsoname": p.hsoname(),
            "version": p.version(),
            "attributes": strings(&p.attributes()),
            "fields": pairs(&p.fields()),
        }),
        View::Afs(a) => json!({ "cell": a.cell(), "path": a.path() }),
        View::Data(d) => {
            let bytes = d.decode().ok();
            json!({
                "media_type": d.media_type(),
                "parameters": pairs(&d.parameters()),
                "charset": d.charset(),
                "base64": d.is_base64(),
                "data_length": bytes.as_ref().map(Vec::len),
                "data_text": bytes.and_then(|b| String::from_utf8(b).ok()),
            })
        }
        View::Tel(t) => json!({
            "number": t.number(),
            "digits": t.digits(),
            "global": t.is_global(),
            "parameters": Value::Array(t.parameters().iter().map(|(n, v)| json!([n, v])).collect()),
        }),
        View::Ldap(l) => json!({
            "secure": l.is_secure(),
            "host": l.host_str(),
            "port": l.port(),
            "dn": l.dn(),
            "attributes": strings(&l.attributes()),
            "scope": l.scope().as_str(),
            "filter": l.filter(),
            "extensions": Value::Array(l.extensions().iter().map(|x| json!({
                "critical": x.critical, "type": x.extype, "value": x.value,
            })).collect()),
        }),
        _ => Value::Object(Map::new()),
    }
}

/// The scheme layer's verdict on one parsed input, under the chosen rules.
pub struct SchemeCheck {
    report: SchemeReport,
    strict: bool,
}

impl SchemeCheck {
    /// Checks `r` (a relative reference has no scheme: nothing to check).
    /// `strict` is `--scheme-rules`: every problem is an error.
    pub fn new(r: &urikit::UriRef<'_>, strict: bool) -> SchemeCheck {
        let report = match r.as_uri() {
            Some(u) => report(&u, &SchemeRegistry::standard()),
            None => SchemeReport {
                fields: None,
                problems: Vec::new(),
            },
        };
        SchemeCheck { report, strict }
    }

    /// Whether the input counts as invalid (strict rules and a problem).
    pub fn is_error(&self) -> bool {
        self.strict && !self.report.problems.is_empty()
    }

    /// Adds `scheme_specific` (and `scheme_warnings`, or under strict rules
    /// `valid: false` and `error`) to the components' JSON object. (The
    /// streaming `urikit parse` writes the same keys with
    /// [`SchemeCheck::write_json`]; this one is its reference in the tests.)
    #[cfg(test)]
    pub fn into_json(self, mut components: Value) -> Value {
        let error = self.is_error();
        if let Value::Object(m) = &mut components {
            let problems: Vec<Value> = self.report.problems.iter().map(problem_json).collect();
            if error {
                m.insert("valid".into(), Value::Bool(false));
                m.insert("scheme_specific".into(), Value::Null);
                m.insert(
                    "error".into(),
                    problems.into_iter().next().unwrap_or(Value::Null),
                );
            } else {
                m.insert(
                    "scheme_specific".into(),
                    self.report.fields.unwrap_or(Value::Null),
                );
                if !problems.is_empty() {
                    m.insert("scheme_warnings".into(), Value::Array(problems));
                }
            }
        }
        components
    }

    /// Writes the text report: the components and the scheme's fields on
    /// stdout, warnings on stderr; under strict rules a problem is reported
    /// as an error instead (stderr only).
    ///
    /// Streaming: into the sink's stdout and stderr buffers (`components` is
    /// the components' text, UTF-8).
    pub fn write_text(self, sink: &mut Sink, input: &str, components: Vec<u8>) {
        if self.is_error() {
            if let Some(e) = self.report.problems.first() {
                let r = output::caret_report(input, e.index(), &e.to_string());
                sink.err.extend_from_slice(r.as_bytes());
            }
            return;
        }
        let mut s = String::from_utf8(components)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        if let Some(Value::Object(fields)) = &self.report.fields {
            if s.ends_with("\n\n") {
                s.pop();
            }
            s.push_str("scheme-specific:\n");
            for (k, v) in fields {
                let shown = match v {
                    Value::Null => "(absent)".to_owned(),
                    Value::String(t) if t.is_empty() => "(empty)".to_owned(),
                    Value::String(t) => t.clone(),
                    other => other.to_string(),
                };
                s.push_str(&format!("  {:<15} {shown}\n", format!("{k}:")));
            }
            s.push('\n');
        }
        for e in &self.report.problems {
            let r = output::caret_report(input, e.index(), &e.to_string());
            let r = format!("warning{}", r.strip_prefix("error").unwrap_or(&r));
            sink.err.extend_from_slice(r.as_bytes());
        }
        sink.out.extend_from_slice(s.as_bytes());
    }

    /// The keys [`SchemeCheck::into_json`] adds, written after the
    /// components' keys of a streaming JSON object (the same bytes; the
    /// components' `valid` must already say [`SchemeCheck::is_error`]).
    pub fn write_json(self, o: &mut Obj<'_>) {
        if self.is_error() {
            o.value("scheme_specific", &Value::Null);
            match self.report.problems.first() {
                Some(p) => o.obj("error", |e| write_problem(e, p)),
                None => o.value("error", &Value::Null),
            };
        } else {
            o.value(
                "scheme_specific",
                self.report.fields.as_ref().unwrap_or(&Value::Null),
            );
            if !self.report.problems.is_empty() {
                o.list("scheme_warnings", &self.report.problems, write_problem);
            }
        }
    }
}
