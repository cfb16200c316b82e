//! The public parsing and IP-literal vectors (`shared/vectors/parsing/*.json`,
//! `shared/vectors/ip/*.json`) with an RFC 3986 flavour, run through the parser.
//!
//! Each case's validity is checked against the grammar rule it names, and each
//! component it gives is compared with ours. Where a suite disagrees with RFC
//! 3986 (or with the other suites), the case is listed in [`DISAGREEMENTS`] with
//! the reason for our choice; a listed case must still behave as the list says,
//! so the list cannot go stale silently.

mod common;

use std::collections::BTreeMap;

use serde_json::Value;
use urikit::iri::{Iri, IriRef};
use urikit::{Host, Spans, Uri, UriRef};

/// Cases where we deliberately differ from one suite: (file, input, reason).
/// Each listed case must still differ (validity or a component), so the list
/// cannot go stale silently. Whole classes of differences are in
/// [`class_of_difference`].
const DISAGREEMENTS: &[(&str, &str, &str)] = &[
    ("parsing/boost-url.json", "http://##", "'#' is not a fragment character (RFC 3986 3.5); Boost is lenient, iri-string agrees with us (vectors README #13)"),
    ("parsing/boost-url.json", "##f", "'#' is not a fragment character (RFC 3986 3.5)"),
    ("parsing/boost-url.json", "http://?k[]=", "'[' and ']' are not query characters (RFC 3986 3.4); Boost is lenient"),
    ("parsing/boost-url.json", "http://example.com", "transcription slip in the vector: the asserted components belong to an rtmp URL (see its boost_observers)"),
    ("parsing/python-rfc3986.json", "https://256.256.256.256", "a host that is not an IPv4address is a reg-name (RFC 3986 3.2.2), so this is valid; python-rfc3986's validator rejects it"),
    ("ip/python-rfc3986-hosts.json", "256.256.256.256", "a host that is not an IPv4address is a reg-name (RFC 3986 3.2.2), so it is a valid host"),
    ("parsing/python-rfc3986.json", "scheme://user@[v12.ip]:/path", "an empty port is present and empty (RFC 3986 3.2.3 allows `port = *DIGIT`); python-rfc3986 reports None"),
    ("parsing/uri-js.json", "mailto:joe@example.com?cc=bob@example.com?body=hello", "valid generic syntax ('?' is a query character); uri-js's mailto handler rejects it (scheme rules are a separate layer here)"),
    ("parsing/python-rfc3986.json", "http://example.com?utf8=\u{2603}", "python-rfc3986's uri_reference() percent-encodes non-ASCII input first; as written it is an IRI (IriRef accepts it, checked in `iri_classes`), not a URI"),
];

/// Differences that come in classes, with the reason.
fn class_of_difference(input: &str) -> Option<&'static str> {
    if input.bytes().any(|b| b.is_ascii_control()) {
        return Some(
            "control characters are not allowed in a URI (RFC 3986 section 2); uri-js accepts them",
        );
    }
    if let (Some(open), Some(close)) = (input.find('['), input.find(']')) {
        if input[open..close].contains('%') {
            return Some("IPv6 zone identifier (RFC 6874 / RFC 4007): not in RFC 3986's IPv6address (vectors README #12)");
        }
    }
    None
}

/// What we expect of a case: `Agree`, a listed disagreement (which must still
/// disagree), or a class of difference (which may or may not show).
enum Expect {
    Agree,
    Listed(&'static str),
    Class,
}

fn disagreement(file: &str, input: &str) -> Expect {
    if let Some(d) = DISAGREEMENTS
        .iter()
        .find(|(f, i, _)| *f == file && *i == input)
    {
        return Expect::Listed(d.2);
    }
    match class_of_difference(input) {
        Some(_) => Expect::Class,
        None => Expect::Agree,
    }
}

/// Our answer for a case: is `input` valid under `grammar`, and if so, the
/// components as strings (`None` = absent).
fn check_grammar(
    input: &str,
    grammar: Option<&str>,
) -> Option<BTreeMap<&'static str, Option<String>>> {
    let g = grammar.unwrap_or("URI-reference");
    let r = match g {
        "URI-reference" | "URI-reference (url_view ctor)" => UriRef::parse(input).ok()?,
        "URI" | "uri_rule" => *Uri::parse(input).ok()?,
        "absolute-URI" | "absolute_uri_rule" => {
            let u = Uri::parse(input).ok()?;
            if u.fragment().is_some() {
                return None;
            }
            *u
        }
        "relative-ref" => UriRef::parse(input).ok().filter(UriRef::is_relative)?,
        "authority_rule" => {
            // authority alone: "//" + input must be an authority and nothing else.
            let owned: &'static str = Box::leak(format!("//{input}").into_boxed_str());
            let r = UriRef::parse(owned).ok()?;
            if !r.path().is_empty() || r.query().is_some() || r.fragment().is_some() {
                return None;
            }
            r
        }
        "origin_form_rule" => {
            // origin-form = absolute-path [ "?" query ] (RFC 9112 3.2.1)
            if !input.starts_with('/') {
                return None;
            }
            let owned: &'static str = Box::leak(format!("x://h{input}").into_boxed_str());
            UriRef::parse(owned)
                .ok()
                .filter(|r| r.fragment().is_none())?;
            return Some(BTreeMap::new());
        }
        // RFC 3987: the IRI parser.
        "IRI-reference" => return Some(components(input, IriRef::parse(input).ok()?.spans())),
        other => panic!("unknown grammar {other:?}"),
    };
    Some(components(r.as_str(), r.spans()))
}

/// The components of `input` whose parse gave `spans` (a URI's or an IRI's).
fn components(input: &str, spans: Spans) -> BTreeMap<&'static str, Option<String>> {
    let text = |r: Option<std::ops::Range<usize>>| r.map(|r| input[r].to_owned());
    // The authority runs from the userinfo (or host) to the end of the port (or host).
    let authority = spans.host.clone().map(|h| {
        let start = spans.userinfo.clone().map_or(h.start, |u| u.start);
        let end = spans.port.clone().map_or(h.end, |p| p.end);
        input[start..end].to_owned()
    });
    let mut m = BTreeMap::new();
    m.insert("scheme", text(spans.scheme.clone()));
    m.insert("authority", authority);
    m.insert("userinfo", text(spans.userinfo.clone()));
    m.insert("host", text(spans.host.clone()));
    m.insert("port", text(spans.port.clone()));
    m.insert("path", text(Some(spans.path.clone())));
    m.insert("query", text(spans.query.clone()));
    m.insert("fragment", text(spans.fragment.clone()));
    m
}

/// Brings a suite's way of writing a component to ours, where the suite's
/// README says it differs only in presentation.
fn suite_value(
    file: &str,
    case: &Value,
    key: &str,
    v: &Value,
    ours: &Option<String>,
) -> Option<String> {
    let s = match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        other => panic!("{file}: unexpected component value {other}"),
    };
    match (file, key) {
        // Boost's accessors return "" for an absent component; its observers
        // (`has_port`...) say whether it is there. Its host() is "" without an
        // authority.
        ("parsing/boost-url.json", _) if s.as_deref() == Some("") => {
            let has = case
                .get("boost_observers")
                .and_then(|o| o.get(format!("has_{key}")));
            match (has.and_then(Value::as_bool), key, ours) {
                (Some(false), _, _) | (None, "host", None) => None,
                _ => s,
            }
        }
        // fluent-uri's port is recorded as its Debug output.
        ("parsing/fluent-uri.json", "port") if s.as_deref() == Some("Some(EStr::EMPTY)") => {
            Some(String::new())
        }
        // python-hyper/rfc3986 returns None for an empty path.
        ("parsing/python-rfc3986.json", "path") => Some(s.unwrap_or_default()),
        // uri-js strips the brackets of IP literals.
        ("parsing/uri-js.json", "host") => match (s, ours) {
            (Some(h), Some(o)) if o.starts_with('[') && !h.starts_with('[') => {
                Some(format!("[{h}]"))
            }
            (s, _) => s,
        },
        _ => s,
    }
}

#[test]
fn parsing_vectors() {
    let files = [
        "parsing/rfc3986.json",
        "parsing/boost-url.json",
        "parsing/fluent-uri.json",
        "parsing/iri-string.json",
        "parsing/python-rfc3986.json",
        "parsing/uri-js.json",
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in files {
        for case in common::cases(file) {
            // uri-js's IRI mode is RFC 3987's grammar; no other mode is in the files.
            let iri_mode =
                case.get("options").and_then(|o| o.get("iri")) == Some(&Value::Bool(true));
            assert!(case.get("options").is_none() || iri_mode, "{case}");
            let input = common::str_field(&case, "input").expect("input");
            let grammar = if iri_mode {
                Some("IRI-reference")
            } else {
                common::str_field(&case, "grammar")
            };
            let ours = check_grammar(input, grammar);
            let listed = disagreement(file, input);
            let mut problems = Vec::new();
            if let Some(valid) = case.get("valid").and_then(Value::as_bool) {
                if valid != ours.is_some() {
                    problems.push(format!(
                        "suite says valid={valid}, we say {}",
                        ours.is_some()
                    ));
                }
            }
            // uri-js applies scheme handlers (mailto, ws): its components are
            // scheme-specific there, not the generic ones.
            let generic = case.get("scheme_specific").is_none();
            if let (Some(Value::Object(expected)), Some(ours), true) =
                (case.get("components"), &ours, generic)
            {
                for (key, v) in expected {
                    let Some(our) = ours.get(key.as_str()) else {
                        continue;
                    }; // user/password
                    let theirs = suite_value(file, &case, key, v, our);
                    if &theirs != our {
                        problems.push(format!("{key}: suite {theirs:?}, ours {our:?}"));
                    }
                }
            }
            checked += 1;
            match (problems.is_empty(), listed) {
                (true, Expect::Agree) | (false, Expect::Listed(_)) | (_, Expect::Class) => {}
                (true, Expect::Listed(reason)) => failures.push(format!(
                    "{file} {input:?}: listed as a disagreement ({reason}) but agrees"
                )),
                (false, Expect::Agree) => {
                    failures.push(format!("{file} {input:?}: {}", problems.join("; ")))
                }
            }
        }
    }
    assert!(checked > 900, "only {checked} cases checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// iri-string's `classes`: which of its string types accept the input, each
/// the RFC 3986 or RFC 3987 rule of the same name, checked against ours.
#[test]
fn iri_classes() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in common::cases("parsing/iri-string.json") {
        let Some(Value::Object(classes)) = case.get("classes") else {
            continue;
        };
        let input = common::str_field(&case, "input").expect("input");
        for (class, want) in classes {
            let ours = match class.as_str() {
                "uri_reference" => UriRef::parse(input).is_ok(),
                "uri" => Uri::parse(input).is_ok(),
                "absolute_uri" => Uri::parse(input).is_ok_and(|u| u.fragment().is_none()),
                "relative_ref" => UriRef::parse(input).is_ok_and(|r| r.is_relative()),
                "iri_reference" => IriRef::parse(input).is_ok(),
                "iri" => Iri::parse(input).is_ok(),
                "absolute_iri" => Iri::parse(input).is_ok_and(|i| i.fragment().is_none()),
                "relative_iri" => IriRef::parse(input).is_ok_and(|r| r.is_relative()),
                other => panic!("unknown class {other}"),
            };
            checked += 1;
            if Some(ours) != want.as_bool() {
                failures.push(format!("{input:?} {class}: suite {want}, ours {ours}"));
            }
        }
    }
    // Python's IRI (its uri_reference() of non-ASCII input) as written.
    assert!(IriRef::parse("http://example.com?utf8=\u{2603}").is_ok());
    assert!(checked > 700, "{checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn ip_vectors() {
    let files = [
        "ip/boost-url.json",
        "ip/fluent-uri.json",
        "ip/python-rfc3986-hosts.json",
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in files {
        for case in common::cases(file) {
            let input = common::str_field(&case, "input").expect("input");
            let kind = common::str_field(&case, "kind").expect("kind");
            let valid = case["valid"].as_bool().expect("valid");
            let text = match kind {
                "ipv4" | "host" => format!("//{input}"),
                _ => format!("//[{input}]"),
            };
            let parsed = UriRef::parse(&text).ok();
            let host = parsed.as_ref().and_then(UriRef::host);
            let (ours, value) = match (kind, host) {
                ("ipv4", Some(Host::Ipv4(a))) => (true, Some(hex(&a.octets()))),
                ("ipv6", Some(Host::Ipv6 { addr, .. })) => (true, Some(hex(&addr.octets()))),
                ("ipvfuture", Some(Host::IpvFuture(_))) => (true, None),
                ("host", Some(_)) => (parsed.and_then(|p| p.host_str()) == Some(input), None),
                _ => (false, None),
            };
            checked += 1;
            let mut problem = None;
            if ours != valid {
                problem = Some(format!("suite says valid={valid}, we say {ours}"));
            } else if let (Some(theirs), Some(ours)) =
                (common::str_field(&case, "value_hex"), value)
            {
                if theirs.to_ascii_lowercase() != ours {
                    problem = Some(format!("value: suite {theirs}, ours {ours}"));
                }
            }
            match (problem, disagreement(file, input)) {
                (None, Expect::Agree) | (Some(_), Expect::Listed(_)) | (_, Expect::Class) => {}
                (None, Expect::Listed(reason)) => {
                    failures.push(format!("{file} {input:?}: listed ({reason}) but agrees"))
                }
                (Some(p), Expect::Agree) => failures.push(format!("{file} {kind} {input:?}: {p}")),
            }
        }
    }
    assert!(checked > 200, "only {checked} cases checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
