//! Reference resolution and relativization against the specifications' own
//! examples, the public vectors, and the literal RFC 3986 transcription in
//! `refimpl` (the oracle).

mod common;
mod draft_refimpl;
mod refimpl;

use std::collections::HashSet;
use std::time::Instant;

use proptest::prelude::*;
use serde_json::Value;
use urikit::{relativize, JoinError, Profile, ResolveErrorKind, Resolver, Uri, UriBuf, UriRef};

use common::{cases, shared_dir, str_field};

fn resolve_with(resolver: Resolver, base: &str, reference: &str) -> UriBuf {
    let b = Uri::parse(base).unwrap_or_else(|e| panic!("base {base:?}: {e}"));
    let r = UriRef::parse(reference).unwrap_or_else(|e| panic!("reference {reference:?}: {e}"));
    resolver
        .resolve(&b, &r)
        .unwrap_or_else(|e| panic!("{base:?} + {reference:?}: {e}"))
}

fn resolve(base: &str, reference: &str) -> String {
    resolve_with(Resolver::new(), base, reference).into_string()
}

/// The oracle's answer as a string, with the one serialization rule the RFC's
/// section 5.3 lacks: a path starting with `//` and no authority gets `/.`
/// first (otherwise the string would read the path's first segment as an
/// authority).
fn oracle(base: &str, reference: &str, strict: bool) -> String {
    serialize(refimpl::resolve(base, reference, strict))
}

fn serialize(mut t: refimpl::Components) -> String {
    if t.authority.is_none() && t.path.starts_with("//") {
        t.path.insert_str(0, "/.");
    }
    refimpl::recompose(&t)
}

// ---------------------------------------------------------------------------
// RFC 3986 section 5.4, read from the RFC's text.

/// The `"ref" = "target"` lines of section 5.4, plus the alternative line of
/// `http:g` (`/  "http://a/b/c/g" ; for backward compatibility`).
fn rfc3986_examples() -> (String, Vec<(String, String)>, String) {
    let path = shared_dir().join("specs/rfc3986.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let start = text
        .find("\n5.4.  Reference Resolution Examples")
        .expect("section 5.4");
    let end = text[start..]
        .find("\n6.  Normalization")
        .map(|k| start + k)
        .expect("section 6");
    let section = &text[start..end];
    let base = section
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("http://"))
        .expect("base")
        .to_string();
    let quoted =
        |s: &str| -> Vec<String> { s.split('"').skip(1).step_by(2).map(String::from).collect() };
    let mut pairs = Vec::new();
    let mut alternate = None;
    for line in section.lines() {
        let t = line.trim();
        if t.starts_with('"') && t.contains('=') {
            let q = quoted(t);
            pairs.push((q[0].clone(), q[1].clone()));
        } else if t.starts_with("/  \"") {
            alternate = Some(quoted(t)[0].clone());
        }
    }
    (
        base,
        pairs,
        alternate.expect("the backward-compatibility line"),
    )
}

#[test]
fn rfc3986_section_5_4_strict_and_non_strict() {
    let (base, examples, alternate) = rfc3986_examples();
    assert_eq!(base, "http://a/b/c/d;p?q");
    assert_eq!(examples.len(), 42, "23 normal + 19 abnormal examples");
    let lax = Resolver::new().strict(false);
    for (r, expected) in &examples {
        assert_eq!(&resolve(&base, r), expected, "strict: {r:?}");
        let want = if r == "http:g" { &alternate } else { expected };
        assert_eq!(
            resolve_with(lax, &base, r).as_str(),
            want,
            "non-strict: {r:?}"
        );
        // The text form gives the same target.
        let b = Uri::parse(&base).unwrap();
        assert_eq!(b.join(r).unwrap().as_str(), expected, "join: {r:?}");
        assert_eq!(
            lax.join(&b, r).unwrap().as_str(),
            want,
            "join, non-strict: {r:?}"
        );
        // The oracle agrees, as a check on the oracle.
        assert_eq!(&oracle(&base, r, true), expected, "oracle: {r:?}");
        assert_eq!(&oracle(&base, r, false), want, "oracle, non-strict: {r:?}");
    }
    assert_eq!(alternate, "http://a/b/c/g");
}

// ---------------------------------------------------------------------------
// The drafts' Appendix C, read from their text.

struct AppendixC {
    base: String,
    /// (reference, target as printed); `<>` is the empty reference.
    rows: Vec<(String, String)>,
    /// The 2003 draft's "for backwards compatibility" alternative of `http:g`.
    alternate: Option<String>,
}

/// The `ref = target` rows between `C.1` and Appendix D of a draft (the draft
/// texts are stored as one long line; tokens are split on white space).
fn appendix_c(file: &str, start: &str, end: &str) -> AppendixC {
    let path = shared_dir().join("specs").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let head = text
        .rfind("Examples of Resolving Relative")
        .expect("Appendix C");
    let s = text[head..].find(start).map(|k| head + k).expect("C.1");
    let e = text[s..].find(end).map(|k| s + k).expect("Appendix D");
    // "...base URL of Content-Base: http://a/b/c/d;p?q" / "...base URI of http://a/b/c/d;p?q"
    let base = text[head..s]
        .split_whitespace()
        .find(|t| t.starts_with("http://"))
        .expect("base")
        .to_string();

    let raw: Vec<&str> = text[s..e].split_whitespace().collect();
    let mut toks: Vec<String> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == "(current" && raw.get(i + 1).is_some_and(|t| t.starts_with("document)")) {
            toks.push(format!("(current {}", raw[i + 1]));
            i += 2;
        } else {
            toks.push(raw[i].to_string());
            i += 1;
        }
    }
    let mut rows = Vec::new();
    let mut alternate = None;
    for k in 0..toks.len().saturating_sub(2) {
        if toks[k + 1] == "=" {
            rows.push((toks[k].clone(), toks[k + 2].clone()));
        }
        if toks[k] == "/" && k > 0 && toks[k - 1] == "parsers" {
            alternate = Some(toks[k + 1].clone());
        }
    }
    AppendixC {
        base,
        rows,
        alternate,
    }
}

/// "(current document)" is the base without its fragment, plus the
/// reference's fragment; `<>` is the empty reference.
fn printed_target(printed: &str, base: &str) -> String {
    let doc = base.split('#').next().unwrap_or(base);
    printed.replace("(current document)", doc)
}

fn printed_ref(printed: &str) -> &str {
    if printed == "<>" {
        ""
    } else {
        printed
    }
}

#[test]
fn draft_1997_appendix_c() {
    let c = appendix_c(
        "001_a5df19b9d0d91704.txt",
        "C.1. Normal Examples",
        "D. Embedding",
    );
    assert_eq!(c.base, "http://a/b/c/d;p?q");
    assert_eq!(c.rows.len(), 44);
    assert_eq!(c.alternate, None);
    let d97 = Resolver::new().profile(Profile::Draft1997);
    for (r, printed) in &c.rows {
        let got = resolve_with(d97, &c.base, printed_ref(r)).into_string();
        if r == "http://a/../b/c" {
            // The one row that shows what the draft calls a mistake: "Some
            // parsers inappropriately strip a lead relative symbolic path
            // element from resolved paths ... http://a/../b/c = http://a/b/c".
            // Its own algorithm (step 3: a reference with a scheme "is
            // interpreted as an absolute URL and we are done") leaves it as is.
            assert_eq!(printed, "http://a/b/c");
            assert_eq!(got, "http://a/../b/c");
            assert_eq!(
                serialize(draft_refimpl::resolve_1997(&c.base, r, true)),
                got
            );
            continue;
        }
        assert_eq!(&got, &printed_target(printed, &c.base), "1997 draft: {r:?}");
        // The step-by-step transcription agrees, as a check on it.
        assert_eq!(
            serialize(draft_refimpl::resolve_1997(&c.base, printed_ref(r), true)),
            got
        );
    }
}

#[test]
fn draft_2003_appendix_c() {
    let c = appendix_c(
        "002_7726d06446aa98af.txt",
        "C.1 Normal Examples",
        "Appendix D.",
    );
    assert_eq!(c.base, "http://a/b/c/d;p?q");
    assert_eq!(c.rows.len(), 42);
    let d03 = Resolver::new().profile(Profile::Draft2003);
    for (r, printed) in &c.rows {
        let got = resolve_with(d03, &c.base, printed_ref(r)).into_string();
        assert_eq!(&got, &printed_target(printed, &c.base), "2003 draft: {r:?}");
        assert_eq!(
            serialize(draft_refimpl::resolve_2003(&c.base, printed_ref(r), true)),
            got
        );
    }
    // "http:g = http:g ; for validating parsers / http://a/b/c/g ; for
    // backwards compatibility"
    assert_eq!(c.alternate.as_deref(), Some("http://a/b/c/g"));
    let lax = d03.strict(false);
    assert_eq!(
        resolve_with(lax, &c.base, "http:g").as_str(),
        "http://a/b/c/g"
    );
}

#[test]
fn the_profiles_differ_where_the_issue_says() {
    let base = "http://a/b/c/d;p?q";
    let d97 = Resolver::new().profile(Profile::Draft1997);
    let d03 = Resolver::new().profile(Profile::Draft2003);
    let rfc = Resolver::new();
    let table = [
        // ref, rfc3986, 2003, 1997
        (
            "?y",
            "http://a/b/c/d;p?y",
            "http://a/b/c/d;p?y",
            "http://a/b/c/?y",
        ),
        (
            "g?y/../x",
            "http://a/b/c/g?y/../x",
            "http://a/b/c/g?y/../x",
            "http://a/b/c/x",
        ),
        ("../../../g", "http://a/g", "http://a/../g", "http://a/../g"),
        ("/./g", "http://a/g", "http://a/./g", "http://a/./g"),
    ];
    for (r, want_rfc, want_03, want_97) in table {
        assert_eq!(resolve_with(rfc, base, r).as_str(), want_rfc, "{r}");
        assert_eq!(resolve_with(d03, base, r).as_str(), want_03, "{r}");
        assert_eq!(resolve_with(d97, base, r).as_str(), want_97, "{r}");
    }
}

// ---------------------------------------------------------------------------
// The public vectors (shared/vectors/resolution/*.json).

/// Cases where a suite's expected result is not ours, each with the reason.
/// (file, base, reference, why). Every entry must match a case.
const DISAGREEMENTS: &[(&str, &str, &str, &str)] = &[
    // README disagreement 1: excess "..". RFC 3986 5.4.2 removes them; Boost
    // keeps them (Errata 4547). Boost's results are our Profile::Draft2003's,
    // which the test checks.
    ("boost-url.json", "http://a/b/c/d;p?q", "../../../g", EXCESS),
    (
        "boost-url.json",
        "http://a/b/c/d;p?q",
        "../../../../g",
        EXCESS,
    ),
    ("boost-url.json", "http://a/b/c/d;p?q", "/../g", EXCESS),
    ("boost-url.json", "scheme:a/b/c", "../../../..", EXCESS),
    ("boost-url.json", "scheme:a/b/c", "../../../../", EXCESS),
    ("boost-url.json", "scheme:a/b/c/", "../../../..", EXCESS),
    ("boost-url.json", "scheme:a/b/c/", "../../../../", EXCESS),
    ("boost-url.json", "scheme:/a/b/c", "../../../..", EXCESS),
    ("boost-url.json", "scheme:/a/b/c", "../../../../", EXCESS),
    ("boost-url.json", "scheme:/a/b/c/", "../../../..", EXCESS),
    ("boost-url.json", "scheme:/a/b/c/", "../../../../", EXCESS),
    // README disagreement 2: Boost resolves a same-scheme reference as
    // relative by default; that is our non-strict mode (checked).
    (
        "boost-url.json",
        "http://auth/path",
        "http:path2",
        SAME_SCHEME,
    ),
    // README disagreement 5: percent-encoded dots. RFC 3986 5.2.4 removes the
    // literal "." and ".." only; "%2E" is an ordinary segment (normalizing it
    // is section 6.2.2.2's business, before or after, not resolution's).
    ("fluent-uri.json", "foo:/bar/baz/.%2E/", "..", PCT_DOTS),
    ("boost-url.json", "http://a/b/c/d;p?q", "%2E%2E", PCT_DOTS),
    ("iri-string.json", "scheme:", "%2e", PCT_DOTS),
    ("iri-string.json", "scheme:", "%2E", PCT_DOTS),
    ("iri-string.json", "scheme://a", "%2e", PCT_DOTS),
    ("iri-string.json", "scheme://a", "%2E", PCT_DOTS),
    ("iri-string.json", "scheme://a/b/c", "%2e", PCT_DOTS),
    ("iri-string.json", "scheme://a/b/c", "%2E", PCT_DOTS),
    ("iri-string.json", "scheme://a/b/c", "%2e/g", PCT_DOTS),
    ("iri-string.json", "scheme://a/b/c", "%2E/g", PCT_DOTS),
    (
        "iri-string.json",
        "scheme://a/b/c/d/e/f",
        "%2E%2E/%2E%2e/%2E./g",
        PCT_DOTS,
    ),
    (
        "iri-string.json",
        "scheme://a/b/c/d/e/f",
        "%2e%2E/%2e%2e/%2e./g",
        PCT_DOTS,
    ),
    (
        "iri-string.json",
        "scheme://a/b/c/d/e/f",
        ".%2E/.%2e/../g",
        PCT_DOTS,
    ),
    // fluent-uri removes the base path's own dot segments; RFC 3986 merges
    // with the base path as it is ("foo:/bar/.." + "." = "foo:/bar/").
    ("fluent-uri.json", "foo:/bar/..", ".", BASE_DOTS),
    // README disagreement 4: fluent-uri refuses; RFC 3986 5.2 resolves
    // against any absolute base, and 5.1 strips a base's fragment.
    (
        "fluent-uri.json",
        "http://example.com/#title1",
        "foo",
        BASE_FRAGMENT,
    ),
    ("fluent-uri.json", "foo:bar", "baz", OPAQUE_BASE),
    ("fluent-uri.json", "foo:bar", "?baz", OPAQUE_BASE),
    ("fluent-uri.json", "foo:bar/..", "?a", OPAQUE_BASE),
    // fluent-uri's allow_path_underflow(false) also rejects a base path that
    // underflows when an empty-path reference inherits it unchanged; our
    // reject_path_underflow checks only the paths resolution removes dot
    // segments from (RFC 3986 5.2.2 copies Base.path as it is here).
    ("fluent-uri.json", "foo:/..", "", INHERITED_PATH),
    ("fluent-uri.json", "foo:/..", "?a", INHERITED_PATH),
    ("fluent-uri.json", "foo:/..", "#a", INHERITED_PATH),
    // README disagreement 3: python-rfc3986 puts a "/" before a merged path
    // even without an authority; RFC 3986 5.2.3 does so only with one.
    ("python-rfc3986.json", "https:", "foo/bar/bogus", EMPTY_BASE),
    ("python-rfc3986.json", "HTTPS:", "foo/bar/bogus", EMPTY_BASE),
    ("python-rfc3986.json", "HttPs:", "foo/bar/bogus", EMPTY_BASE),
    ("python-rfc3986.json", "hTTpS:", "foo/bar/bogus", EMPTY_BASE),
    ("python-rfc3986.json", "HtTpS:", "foo/bar/bogus", EMPTY_BASE),
    (
        "python-rfc3986.json",
        "(merge_paths: no scheme, no authority, path None)",
        "relative",
        EMPTY_BASE,
    ),
    // uri-js resolves an absolute reference against an empty or "#" base;
    // urikit's base is a URI (RFC 3986 5.1: "A base URI must conform to the
    // <absolute-URI> syntax rule"), so these bases are refused (the CLI: exit 2).
    ("uri-js.json", "", "urn:some:ip:prop", RELATIVE_BASE),
    ("uri-js.json", "#", "urn:some:ip:prop", RELATIVE_BASE),
    // uri-js percent-encodes a raw line feed in its (relative) bases and
    // references; RFC 3986 has no such repair: the inputs are invalid.
    ("uri-js.json", "//www.g.com/", "/adf\ngf", RELATIVE_BASE),
    (
        "uri-js.json",
        "//www.g.com/error\n/bleh/bleh",
        "..",
        RELATIVE_BASE,
    ),
];

const EXCESS: &str =
    "excess \"..\": RFC 3986 removes, Boost keeps (Errata 4547) = Profile::Draft2003";
const SAME_SCHEME: &str =
    "same-scheme reference: strict by default, Boost's answer is .strict(false)";
const PCT_DOTS: &str = "%2E is not a dot segment for RFC 3986 5.2.4";
const BASE_DOTS: &str = "the base path is merged as it is";
const BASE_FRAGMENT: &str = "a base's fragment is ignored (RFC 3986 5.1)";
const OPAQUE_BASE: &str = "RFC 3986 5.2 resolves against rootless bases";
const INHERITED_PATH: &str = "an inherited base path is not dot-checked";
const EMPTY_BASE: &str = "merge adds \"/\" only when the base has an authority (5.2.3)";
const RELATIVE_BASE: &str = "the base must be an absolute URI (5.1)";

/// Hosts with an RFC 6874 zone identifier (`%25zone`), used by
/// python-rfc3986's host fixtures: not RFC 3986 syntax, so urikit rejects
/// every base or reference holding one (a parse error), where python-rfc3986
/// resolves them. Each case with one is checked to fail to parse.
const ZONE_ID_HOSTS: &[&str] = &[
    "[::1%25lo]",
    "[FF02:0:0:0:0:0:0:2%25en01]",
    "[FF02:30:0:0:0:0:0:5%25en1]",
    "[FF02:30:0:0:0:0:0:5%25%26]",
    "[FF02:30:0:0:0:0:0:5%2525]",
];

/// What a case asserts about the target, and whether it agreed with us.
enum Outcome {
    Agree,
    Disagree(String),
}

/// Compares our result with a case's `expected` / `expected_components`.
fn compare(case: &Value, got: &UriRef<'_>) -> Outcome {
    if let Some(expected) = str_field(case, "expected") {
        return if got.as_str() == expected {
            Outcome::Agree
        } else {
            Outcome::Disagree(format!("expected {expected:?}, got {:?}", got.as_str()))
        };
    }
    let Some(Value::Object(comps)) = case.get("expected_components") else {
        return Outcome::Agree; // "must not raise": resolving was the test
    };
    for (name, want) in comps {
        let have: Option<&str> = match name.as_str() {
            "scheme" => got.scheme(),
            "authority" => got.authority().map(|a| a.as_str()),
            "userinfo" => got.userinfo(),
            "host" => got.host_str(),
            "port" => got.port(),
            // The path is never undefined in RFC 3986 (an empty one is ""),
            // python-rfc3986's None path is the empty path.
            "path" => Some(got.path()).filter(|p| !p.is_empty() || !want.is_null()),
            "query" => got.query(),
            "fragment" => got.fragment(),
            other => panic!("unknown component {other}"),
        };
        if have != want.as_str() {
            return Outcome::Disagree(format!("{name}: expected {want}, got {have:?}"));
        }
    }
    Outcome::Agree
}

#[test]
fn vectors() {
    let files = [
        "rfc3986-5.4.json",
        "boost-url.json",
        "fluent-uri.json",
        "go-net-url.json",
        "go-net-url-resolvepath.json",
        "iri-string.json",
        "python-rfc3986.json",
        "uri-js.json",
    ];
    // Every file of the folder is in the list (a new one must be looked at).
    let on_disk: HashSet<String> = std::fs::read_dir(shared_dir().join("vectors/resolution"))
        .expect("resolution vectors")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    assert_eq!(
        on_disk,
        files.iter().map(|f| f.to_string()).collect::<HashSet<_>>()
    );

    let mut used = HashSet::new();
    let (mut agreed, mut disagreed, mut zone) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut total = 0;
    for file in files {
        for case in cases(&format!("resolution/{file}")) {
            total += 1;
            match check_case(file, &case, &mut used) {
                Checked::Agreed => agreed += 1,
                Checked::Disagreed => disagreed += 1,
                Checked::ZoneId => zone += 1,
                Checked::Failed(msg) => failures.push(format!("{file}: {msg}\n    {case}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let listed: HashSet<_> = DISAGREEMENTS
        .iter()
        .map(|&(f, b, r, _)| (f, b, r))
        .collect();
    let stale: Vec<_> = listed.difference(&used).collect();
    assert!(
        stale.is_empty(),
        "disagreements that match no case: {stale:?}"
    );
    assert_eq!(
        disagreed,
        DISAGREEMENTS.len() + 1,
        "fluent-uri lists foo:/bar/.. + . twice"
    );
    eprintln!("resolution vectors: {agreed} agree, {disagreed} listed disagreements, {zone} zone-id inputs");
    assert_eq!(agreed + disagreed + zone, total);
    assert!(agreed >= 750, "{agreed}");
}

enum Checked {
    Agreed,
    Disagreed,
    ZoneId,
    Failed(String),
}

fn check_case(
    file: &'static str,
    case: &Value,
    used: &mut HashSet<(&'static str, &'static str, &'static str)>,
) -> Checked {
    let reference = str_field(case, "ref")
        .or(str_field(case, "ref_path"))
        .unwrap_or("");
    // Go's internal resolvePath(base, ref) and python's merge_paths(): paths
    // only. Put them in a URI and compare the target's path.
    if let Some(base_path) = str_field(case, "base_path") {
        let got = resolve(&format!("http://h/{base_path}"), reference);
        let want = str_field(case, "expected_path").unwrap_or("");
        let path = UriRef::parse(&got)
            .map(|u| u.path().to_string())
            .unwrap_or_default();
        return if path == want {
            Checked::Agreed
        } else {
            Checked::Failed(format!("path {path:?}"))
        };
    }
    if let Some(bc) = case.get("base_components") {
        let auth = bc
            .get("authority")
            .and_then(Value::as_str)
            .map(|a| format!("//{a}"))
            .unwrap_or_default();
        let path = bc.get("path").and_then(Value::as_str).unwrap_or("");
        let got = resolve(&format!("x:{auth}{path}"), reference);
        let got_path = UriRef::parse(&got)
            .map(|u| u.path().to_string())
            .unwrap_or_default();
        let want = str_field(case, "expected_merged_path").unwrap_or("");
        if got_path == want {
            return Checked::Agreed;
        }
        let key = "(merge_paths: no scheme, no authority, path None)";
        return match DISAGREEMENTS
            .iter()
            .find(|d| d.0 == file && d.1 == key && d.2 == reference)
        {
            Some(d) if bc.get("authority").is_some_and(Value::is_null) && path.is_empty() => {
                used.insert((d.0, d.1, d.2));
                // RFC 3986 5.2.3: no authority, so no "/".
                if got_path == reference {
                    Checked::Disagreed
                } else {
                    Checked::Failed(format!("merged path {got_path:?}"))
                }
            }
            _ => Checked::Failed(format!("merged path {got_path:?}, expected {want:?}")),
        };
    }

    let base = str_field(case, "base").unwrap_or("");
    if ZONE_ID_HOSTS
        .iter()
        .any(|h| base.contains(h) || reference.contains(h))
    {
        let rejected = Uri::parse(base).is_err() || UriRef::parse(reference).is_err();
        return if rejected {
            Checked::ZoneId
        } else {
            Checked::Failed("zone id accepted".into())
        };
    }
    let listed = DISAGREEMENTS
        .iter()
        .find(|d| d.0 == file && d.1 == base && d.2 == reference);
    if let Some(d) = listed {
        used.insert((d.0, d.1, d.2));
    }
    let error_expected = case.get("error").and_then(Value::as_bool) == Some(true);

    let (b, r) = match (Uri::parse(base), UriRef::parse(reference)) {
        (Ok(b), Ok(r)) => (b, r),
        _ if error_expected || listed.is_some_and(|d| d.3 == RELATIVE_BASE) => {
            // The base is not a URI: the suite expects failure too (or, for
            // uri-js's relative bases, we refuse deliberately).
            return if listed.is_some() {
                Checked::Disagreed
            } else {
                Checked::Agreed
            };
        }
        (b, r) => return Checked::Failed(format!("unparsable input: {:?} {:?}", b.err(), r.err())),
    };

    let options = case.get("options");
    let flag = |k: &str| options.and_then(|o| o.get(k)).and_then(Value::as_bool);
    let mut resolver = Resolver::new();
    if flag("backward_compatibility") == Some(true) || flag("tolerant") == Some(true) {
        resolver = resolver.strict(false);
    }
    if flag("allow_path_underflow") == Some(false) {
        resolver = resolver.reject_path_underflow(true);
    }
    let result = resolver.resolve(&b, &r);

    if case.get("expected_equals_normalized_base").is_some() {
        // Boost: "result == url(base).normalize()". That base needs only
        // dot-segment removal (its %2F are not unreserved, nothing else to
        // normalize); resolving the base against itself does exactly that.
        let base_normalized = Resolver::new().resolve(&b, &b);
        return match (result, base_normalized) {
            (Ok(t), Ok(n)) if t == n && t.as_str() == "https://example.com/two%2F..%2Fthree" => {
                Checked::Agreed
            }
            other => Checked::Failed(format!("{other:?}")),
        };
    }

    match (listed, error_expected, result) {
        (None, true, Err(e)) => {
            if e.kind() == ResolveErrorKind::PathUnderflow {
                Checked::Agreed
            } else {
                Checked::Failed(format!("error {e:?}"))
            }
        }
        (None, true, Ok(t)) => Checked::Failed(format!("expected an error, got {t:?}")),
        (None, false, Err(e)) => Checked::Failed(format!("error {e}")),
        (None, false, Ok(t)) => match compare(case, &t.as_uri()) {
            Outcome::Agree => Checked::Agreed,
            Outcome::Disagree(m) => Checked::Failed(m),
        },
        (Some(d), _, result) => check_disagreement(d, case, &b, &r, result),
    }
}

/// A listed disagreement: our answer is the RFC 3986 oracle's, the suite's
/// is not, and where the suite's answer is one of our options, that option
/// gives it.
fn check_disagreement(
    d: &(&str, &str, &str, &str),
    case: &Value,
    b: &Uri<'_>,
    r: &UriRef<'_>,
    result: Result<UriBuf, urikit::ResolveError>,
) -> Checked {
    let Ok(t) = result else {
        return Checked::Failed(format!("listed ({}) but failed: {result:?}", d.3));
    };
    if t.as_str() != oracle(b.as_str(), r.as_str(), true) {
        return Checked::Failed(format!("not the oracle's answer: {t:?}"));
    }
    if let Outcome::Agree = compare(case, &t.as_uri()) {
        if case.get("error").is_none() {
            return Checked::Failed(format!("listed as a disagreement but agrees: {t:?}"));
        }
    }
    let expected = str_field(case, "expected");
    let option = match d.3 {
        EXCESS => Some(Resolver::new().profile(Profile::Draft2003)),
        SAME_SCHEME => Some(Resolver::new().strict(false)),
        _ => None,
    };
    if let (Some(option), Some(expected)) = (option, expected) {
        match option.resolve(b, r) {
            Ok(o) if o.as_str() == expected => {}
            other => {
                return Checked::Failed(format!("the option does not give {expected:?}: {other:?}"))
            }
        }
    }
    Checked::Disagreed
}

// ---------------------------------------------------------------------------
// Relativization on the vectors: every (base, target) pair they produce.

#[test]
fn relativize_round_trips_on_the_vectors() {
    let mut n = 0;
    for file in [
        "rfc3986-5.4.json",
        "boost-url.json",
        "fluent-uri.json",
        "go-net-url.json",
        "iri-string.json",
        "uri-js.json",
    ] {
        for case in cases(&format!("resolution/{file}")) {
            let (Some(base), Some(r)) = (str_field(&case, "base"), str_field(&case, "ref")) else {
                continue;
            };
            let (Ok(b), Ok(r)) = (Uri::parse(base), UriRef::parse(r)) else {
                continue;
            };
            let Ok(target) = Resolver::new().resolve(&b, &r) else {
                continue;
            };
            let t = target.as_uri();
            let rel = relativize(&b, &t).unwrap_or_else(|e| panic!("{base} -> {target}: {e}"));
            let back = rel.as_uri_ref().resolve_against(&b).expect("resolves");
            assert_eq!(back, target, "{base} -> {target} via {rel:?}");
            // Never longer than the reference the suite used.
            assert!(
                rel.as_str().len() <= r.as_str().len(),
                "{base} + {r} -> {rel:?}"
            );
            n += 1;
        }
    }
    assert!(n > 300, "{n}");
}

// ---------------------------------------------------------------------------
// Property tests: the resolver against the oracle, relativize round trips.

/// Path segments that exercise the algorithm: dot segments, near-dots,
/// empty segments, "%2E", a colon.
fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", ".", "..", "a", "b", "g;x", "...", ".a", "a.", "%2E", "c:d", "@",
    ])
}

fn path(max: usize) -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment(), 0..max)).prop_map(|(abs, segs)| {
        let p = segs.join("/");
        if abs {
            format!("/{p}")
        } else {
            p
        }
    })
}

fn opt(s: impl Strategy<Value = &'static str>) -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(s)
}

/// A URI reference built from the grammar's parts: optional scheme and
/// authority, a path with dot segments, absent or empty or non-empty query
/// and fragment. Made valid where the grammar demands (an authority is
/// followed by an absolute or empty path; no path starts with `//` without
/// one; a relative path's first segment has no `:`).
fn reference() -> impl Strategy<Value = String> {
    (
        opt(prop::sample::select(vec!["http", "HTTP", "foo"])),
        opt(prop::sample::select(vec!["", "a", "u@h:1", "[::1]"])),
        path(7),
        opt(prop::sample::select(vec!["", "q", "a/../b", "?/."])),
        opt(prop::sample::select(vec!["", "f", "s/../x"])),
    )
        .prop_map(|(scheme, auth, mut path, query, fragment)| {
            let mut s = String::new();
            if let Some(sc) = scheme {
                s.push_str(sc);
                s.push(':');
            }
            if let Some(a) = auth {
                s.push_str("//");
                s.push_str(a);
                if !path.is_empty() && !path.starts_with('/') {
                    path.insert(0, '/');
                }
            } else if path.starts_with("//") {
                path.insert_str(0, "/.");
            }
            if scheme.is_none()
                && auth.is_none()
                && path.split('/').next().is_some_and(|f| f.contains(':'))
            {
                path.insert_str(0, "./");
            }
            s.push_str(&path);
            if let Some(q) = query {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(f);
            }
            s
        })
}

/// A base: a reference with a scheme.
fn base() -> impl Strategy<Value = String> {
    (prop::sample::select(vec!["http", "foo"]), reference()).prop_map(|(scheme, r)| {
        if r.contains(':') && UriRef::parse(&r).is_ok_and(|u| u.scheme().is_some()) {
            r
        } else {
            let r = r.strip_prefix("./").unwrap_or(&r).to_string();
            format!("{scheme}:{r}")
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn resolver_matches_the_oracle(base in base(), r in reference(), strict in any::<bool>()) {
        let b = Uri::parse(&base);
        prop_assume!(b.is_ok());
        let b = b.unwrap();
        let rr = UriRef::parse(&r).unwrap_or_else(|e| panic!("generated {r:?}: {e}"));
        let got = Resolver::new().strict(strict).resolve(&b, &rr).unwrap();
        prop_assert_eq!(got.as_str(), oracle(&base, &r, strict));
        // The result parses back to itself (the debug build also checks the
        // offsets it was built with).
        prop_assert_eq!(UriRef::parse(got.as_str()).map(|u| u.as_str().len()), Ok(got.as_str().len()));
    }

    #[test]
    fn draft_profiles_match_their_oracles(base in base(), r in reference(), strict in any::<bool>()) {
        let b = Uri::parse(&base);
        prop_assume!(b.is_ok());
        let b = b.unwrap();
        let rr = UriRef::parse(&r).unwrap();
        let d97 = Resolver::new().profile(Profile::Draft1997).strict(strict).resolve(&b, &rr).unwrap();
        prop_assert_eq!(d97.as_str(), serialize(draft_refimpl::resolve_1997(&base, &r, strict)));
        let d03 = Resolver::new().profile(Profile::Draft2003).strict(strict).resolve(&b, &rr).unwrap();
        prop_assert_eq!(d03.as_str(), serialize(draft_refimpl::resolve_2003(&base, &r, strict)));
    }

    #[test]
    fn profiles_always_give_a_uri(base in base(), r in reference(), strict in any::<bool>(), p in 0..3u8) {
        let b = Uri::parse(&base);
        prop_assume!(b.is_ok());
        let b = b.unwrap();
        let rr = UriRef::parse(&r).unwrap();
        let profile = [Profile::Rfc3986, Profile::Draft1997, Profile::Draft2003][p as usize];
        let got = Resolver::new().profile(profile).strict(strict).resolve(&b, &rr).unwrap();
        prop_assert!(Uri::parse(got.as_str()).is_ok(), "{:?}", got);
        prop_assert_eq!(got.as_uri().fragment(), rr.fragment());
    }

    /// `join` is `UriRef::parse` then `resolve`, errors included: on
    /// generated references and on text that is mostly not one.
    #[test]
    fn join_is_parse_then_resolve(
        base in base(),
        r in prop_oneof![reference(), "[a-z/.:?#%@ \\[\\]-]{0,12}"],
        strict in any::<bool>(),
        p in 0..3u8,
        reject in any::<bool>(),
    ) {
        let b = Uri::parse(&base);
        prop_assume!(b.is_ok());
        let b = b.unwrap();
        let profile = [Profile::Rfc3986, Profile::Draft1997, Profile::Draft2003][p as usize];
        let resolver = Resolver::new().profile(profile).strict(strict).reject_path_underflow(reject);
        let joined = resolver.join(&b, &r);
        match UriRef::parse(&r) {
            Err(e) => prop_assert_eq!(joined, Err(JoinError::Parse(e))),
            Ok(rr) => match resolver.resolve(&b, &rr) {
                Ok(t) => prop_assert_eq!(joined.map(UriBuf::into_string), Ok(t.into_string())),
                Err(e) => prop_assert_eq!(joined, Err(JoinError::Resolve(e))),
            },
        }
    }

    #[test]
    fn relativize_round_trips(base in base(), r in reference(), other in base()) {
        let b = Uri::parse(&base);
        prop_assume!(b.is_ok());
        let b = b.unwrap();
        // Targets: what resolution produces (always reachable), and
        // arbitrary URIs (reachable or not).
        let resolved = UriRef::parse(&r).unwrap().resolve_against(&b).unwrap();
        let t = resolved.as_uri();
        let rel = relativize(&b, &t).unwrap_or_else(|e| panic!("{base} -> {t}: {e}"));
        prop_assert_eq!(rel.as_uri_ref().resolve_against(&b).unwrap(), resolved.clone());
        // Never longer than the reference that produced the target, nor
        // than the target itself.
        prop_assert!(rel.as_str().len() <= r.len(), "{} + {} -> {:?}", base, r, rel);
        prop_assert!(rel.as_str().len() <= t.as_str().len());

        if let Ok(t2) = Uri::parse(&other) {
            match relativize(&b, &t2) {
                Ok(rel) => {
                    let back = rel.as_uri_ref().resolve_against(&b).unwrap();
                    prop_assert_eq!(back.as_str(), t2.as_str());
                }
                Err(e) => {
                    // Then no reference reaches it: not the target itself,
                    // and its path is not the base's.
                    prop_assert_eq!(e.kind(), ResolveErrorKind::UnreachableTarget);
                    let itself = t2.resolve_against(&b).unwrap();
                    prop_assert_ne!(itself.as_str(), t2.as_str());
                    prop_assert!(t2.path() != b.path() || t2.scheme() != b.scheme()
                        || t2.authority() != b.authority() || t2.query().is_none());
                    prop_assert!(t2.segments().any(|s| s == "." || s == ".."));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Linear time on adversarial input (the benchmark measures it; this checks a
// million segments finish quickly even in a debug build).

#[test]
fn a_million_segments_resolve_quickly() {
    let n = 1_000_000;
    let dotdots = "../".repeat(n) + "g";
    let deep_base = format!("http://a/{}x", "s/".repeat(n));
    let start = Instant::now();

    let t = resolve("http://a/b/c/d;p?q", &dotdots);
    assert_eq!(t, "http://a/g");
    let t = resolve(&deep_base, &dotdots);
    assert_eq!(t, "http://a/g");
    let t = resolve(&deep_base, "g");
    assert_eq!(t.len(), deep_base.len());
    let d03 = Resolver::new().profile(Profile::Draft2003);
    let t = resolve_with(d03, "http://a/b/c/d;p?q", &dotdots);
    assert_eq!(t.as_str().len(), "http://a/".len() + 3 * (n - 2) + 1);
    let t = resolve_with(
        Resolver::new().profile(Profile::Draft1997),
        &deep_base,
        &dotdots,
    );
    assert_eq!(t.as_str(), "http://a/g");
    let b = Uri::parse(&deep_base).unwrap();
    let target = Uri::parse("http://a/g").unwrap();
    assert_eq!(relativize(&b, &target).unwrap().as_str(), "/g");
    let elapsed = start.elapsed();
    // Quadratic work on these inputs would take hours; linear takes well
    // under a second in a release build and a few seconds in debug.
    assert!(elapsed.as_secs() < 30, "{elapsed:?}");
}
