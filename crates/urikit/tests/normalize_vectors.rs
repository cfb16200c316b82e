//! The normalization and equivalence vectors of `shared/vectors/normalization/`
//! (RFC 3986 flavour), run against `urikit::normalize` and
//! `urikit::equivalence`.
//!
//! Every case is either checked against the suite's expectation, or listed in
//! `DISAGREEMENTS` with the reason and what urikit gives instead (which is
//! then asserted, so a listed case still tests something), or skipped for a
//! stated reason that is not RFC 3986 (IRI output, a mode urikit does not
//! have). The counts are checked at the end so that nothing is dropped
//! silently.

mod common;

use std::collections::BTreeMap;

use serde_json::Value;
use urikit::equivalence::equivalent;
#[cfg(feature = "idna")]
use urikit::idna::Uts46;
use urikit::iri::IriRef;
use urikit::normalize::{Level, Normalizer};
use urikit::pct::Component;
use urikit::UriRef;

use common::{cases, str_field};

/// What urikit does instead of what a suite expects, and why.
enum Instead {
    /// urikit's normal form (at the level the file is checked at).
    Gives(&'static str),
    /// urikit rejects the input (it is not an RFC 3986 URI reference).
    Rejects,
    /// The suite's expectation holds at another level or with optional steps.
    With(Normalizer),
    /// For equivalence cases: urikit's answer.
    Equivalent(bool),
    /// For `is_normalized`: urikit's answer.
    IsNormalized(bool),
}

/// The cases where urikit deliberately differs from a suite: (file, input or
/// `a`, what urikit does, why). The README section "Normalization and
/// equivalence" explains each choice.
const DISAGREEMENTS: &[(&str, &str, Instead, &str)] = {
    use Instead::*;
    const SCHEME: Normalizer = Normalizer::new().level(Level::Scheme);
    const SCHEME_NO_FRAGMENT: Normalizer = SCHEME.drop_fragment(true);
    &[
        // --- 7: relative references are normalized, a leading `..` is kept.
        ("fluent-uri.json", "foo/../bar", Gives("bar"),
         "7: fluent-uri leaves relative references alone; urikit removes dot segments (resolves the same against any base)"),
        ("fluent-uri.json", "/foo/../bar", Gives("/bar"),
         "7: fluent-uri leaves references without scheme or authority alone"),
        ("fluent-uri.json", "foo:bar/../baz", Gives("foo:baz"),
         "7: fluent-uri leaves rootless paths alone; urikit removes dot segments and keeps the path rootless"),
        ("iri-string.json", "foo/../p%61th", Gives("path"),
         "7: iri-string leaves relative references' paths alone"),
        ("iri-string.json", "../foo/..", Gives("../"),
         "7: iri-string leaves relative references alone; `../foo/..` resolves like `../`"),
        ("iri-string.json", "scheme:foo/../p%61th", Gives("scheme:path"),
         "7/8: iri-string applies 5.2.4 literally and turns the rootless path into `/path` (structure change); urikit keeps it rootless"),
        ("iri-string.json", "scheme:..///not-a-host", Gives("scheme:.///not-a-host"),
         "7/8: iri-string makes the rootless path absolute (`/.//not-a-host`); urikit keeps it rootless with a `./` guard"),
        ("iri-string.json", "scheme:.///foo", IsNormalized(true),
         "7/8: `scheme:.///foo` is urikit's normal form of a rootless path starting with an empty segment"),
        ("boost-url.json", "http://cppalliance.org/a/b/../../../g", Gives("http://cppalliance.org/g"),
         "1/7: Boost keeps `..` above the root (Errata 4547); urikit follows 5.2.4 and drops it in an absolute path"),
        ("boost-url.json", "http://cppalliance.org/a/b/../../../../g", Gives("http://cppalliance.org/g"),
         "1/7: Errata 4547, as above"),
        ("boost-url.json", "http://cppalliance.org/..", Gives("http://cppalliance.org/"),
         "1/7: Errata 4547, as above"),
        ("boost-url.json", "/a/b/../../../g", Gives("/g"), "1/7: Errata 4547, as above"),
        ("boost-url.json", "/..", Gives("/"), "1/7: Errata 4547, as above"),
        ("boost-url.json", "a/..", Gives("./"),
         "7: Boost gives the empty reference, which resolves to the base itself (query included); `a/..` resolves like `./`"),
        ("boost-url.json", ".", Gives("./"), "7: as `a/..`: `.` is not the empty reference"),
        // --- 8: a `:` in the first segment of a relative path gets `./`.
        ("boost-url.json", "./my:sharona", Gives("./my:sharona"),
         "8: Boost encodes the `:` as %3A, which is not equivalent (`:` is reserved, 6.2.2.2); urikit keeps `./`"),
        ("boost-url.json", "././my:sharona", Gives("./my:sharona"), "8: as above"),
        ("boost-url.json", "./my:sha:rona", Gives("./my:sha:rona"), "8: as above"),
        ("boost-url.json", "././my:sha:rona", Gives("./my:sha:rona"), "8: as above"),
        // --- 10: percent-encoding: unreserved triplets are decoded everywhere.
        ("python-rfc3986.json", "%3athis_should_be_lowercase%DF%ab%4c", Gives("%3Athis_should_be_lowercase%DF%ABL"),
         "10: python's helper only uppercases hex; 6.2.2.2 also decodes %4C (unreserved `L`)"),
        ("python-rfc3986.json", "%3Athis_should_be_lowercase%DF%AB%4C", Gives("%3Athis_should_be_lowercase%DF%ABL"), "10: as above"),
        ("python-rfc3986.json", "%3Athis_should_be_lowercase%DF%aB%4C", Gives("%3Athis_should_be_lowercase%DF%ABL"), "10: as above"),
        ("python-rfc3986.json", "/%20/%", Gives("/%20/%25"),
         "10: python re-encodes every `%` unless the whole text is validly encoded; urikit keeps each valid triplet (no double encoding)"),
        ("python-rfc3986.json", "/%21%22%23%ah%12%ff", Gives("/%21%22%23%25ah%12%ff"), "10: as above"),
        ("iri-string.json", "SCHEME://Alpha%ce%b1/", Gives("scheme://alpha%CE%B1/"),
         "6.2.2.1: the host is case-insensitive; iri-string skips lowercasing hosts with non-ASCII bytes, urikit lowercases the ASCII letters"),
        ("iri-string.json", "http://usER:passWORD@\u{3b1}.CoM/", Gives("http://usER:passWORD@%CE%B1.com/"),
         "6.2.2.1: as above (the IRI normalized as its URI, RFC 3987 3.1)"),
        // --- 11: IP literals.
        ("fluent-uri.json", "//[0000:0000:0000::1]", With(SCHEME),
         "11: RFC 5952 compression is a scheme-level step in urikit; syntax level only lowercases (as uriparser and iri-string)"),
        ("fluent-uri.json", "//[0:0:0:0:0:ffff:192.0.2.1]", With(SCHEME), "11: as above"),
        ("fluent-uri.json", "//[::192.0.2.1]", With(SCHEME), "11: as above"),
        ("uri-js.json", "//192.068.001.000", Gives("//192.068.001.000"),
         "11: leading zeros make this a reg-name under RFC 3986 dec-octet; uri-js reads it as IPv4"),
        ("uri-js.json", "//[1:2:3:4:5:6:192.0.2.1]/", Gives("//[1:2:3:4:5:6:c000:201]/"),
         "11: RFC 5952 section 5 keeps dotted notation only for well-known IPv4 prefixes (::ffff:0:0/96)"),
        ("uri-js.json", "//[1:2:3:4:5:6:192.068.001.000]/", Rejects,
         "11: `068` is not a dec-octet, so this is not an RFC 3986 IPv6address"),
        // --- 12: zone identifiers are not RFC 3986.
        ("python-rfc3986.json", "[::1%eth0]", Rejects, "12: IPv6 zone ids (RFC 6874/4007) are not RFC 3986"),
        ("python-rfc3986.json", "[::1%25]", Rejects, "12: as above"),
        ("python-rfc3986.json", "[::1%%25]", Rejects, "12: as above"),
        ("python-rfc3986.json", "[::1%25%25]", Rejects, "12: as above"),
        ("python-rfc3986.json", "[::Af%Ff]", Rejects, "12: as above"),
        ("python-rfc3986.json", "[::Af%%Ff]", Rejects, "12: as above"),
        ("python-rfc3986.json", "[::Af%25Ff]", Rejects, "12: as above"),
        ("python-rfc3986.json", "http://[::1%eth0]", Rejects, "12: as above"),
        // --- uri-js scheme handlers that go beyond RFC 3986 6.2.3.
        ("uri-js.json", "ws://example.com:80/foo#hash", With(SCHEME_NO_FRAGMENT),
         "uri-js drops ws/wss fragments (RFC 6455 forbids them); in urikit that is the named `drop_fragment` step"),
        ("uri-js.json", "wss://example.com:443/foo#hash", With(SCHEME_NO_FRAGMENT), "as above"),
        ("uri-js.json", "WS://ABC.COM:80/chat#one", Equivalent(false),
         "equivalent only with `drop_fragment` (checked below), not at the scheme level"),
        ("uri-js.json", "WSS://ABC.COM:443/chat#one", Equivalent(false), "as above"),
        ("uri-js.json", "mailto:addr1@an.example,addr2@an.example", Equivalent(false),
         "mailto address-list equivalence (RFC 6068) is a scheme view's business, not 6.2.3 normalization"),
        ("uri-js.json", "mailto:?to=addr1@an.example,addr2@an.example", Equivalent(false), "as above"),
        // --- IRI -> URI with IDNA hosts: python-rfc3986 uses IDNA 2008 (the
        // `idna` package), urikit UTS #46 (README "IRIs").
        ("fluent-uri.json", "http://xn--99zt52a.example.org/%e2%80%ae", Gives("http://xn--99zt52a.example.org/%E2%80%AE"),
         "U+202E RIGHT-TO-LEFT OVERRIDE: RFC 3987 section 4.1 forbids bidi formatting characters in IRIs, so it stays encoded (3.2.1 uses this very example); fluent-uri decodes it"),
        // --- The IRI normal form (RFC 3987 5.3), listed as "(iri) INPUT": the
        // same choices as for URIs (7, 8, and the host's case).
        ("iri-string.json", "(iri) http://usER:passWORD@\u{3b1}.CoM/", Gives("http://usER:passWORD@\u{3b1}.com/"),
         "6.2.2.1 / RFC 3987 5.3.2.1: the host's ASCII letters are lowercased; iri-string skips hosts with non-ASCII characters"),
        ("iri-string.json", "(iri) SCHEME://Alpha%ce%b1/", Gives("scheme://alpha\u{3b1}/"), "as above"),
        ("iri-string.json", "(iri) scheme:..///not-a-host", Gives("scheme:.///not-a-host"),
         "7/8: as for its URI form: urikit keeps the rootless path rootless with a `./` guard"),
        ("iri-string.json", "(iri) ../foo/..", Gives("../"), "7: as for its URI form: relative references are normalized"),
        ("iri-string.json", "(iri) foo/../p%61th", Gives("path"), "7: as above"),
        ("iri-string.json", "(iri) scheme:foo/../p%61th", Gives("scheme:path"),
         "7/8: as for its URI form: the rootless path stays rootless"),
        ("python-rfc3986-iri.json", "http://\u{2665}.net", Gives("http://xn--g6h.net"),
         "U+2665 is NV8 (not valid in IDNA 2008) but valid under UTS #46 processing, which we follow"),
        ("python-rfc3986-iri.json", "http://\u{36FC}.com", Gives("http://xn--snl.com"),
         "U+36FC (CJK Extension A) is a valid UTS #46 label; the test expects a failure of its IDNA 2008 library"),
    ]
};

fn disagreement(
    file: &str,
    input: &str,
) -> Option<&'static (&'static str, &'static str, Instead, &'static str)> {
    DISAGREEMENTS
        .iter()
        .find(|(f, i, _, _)| *f == file && *i == input)
}

fn normalize(level: Level, s: &str) -> Result<String, urikit::ParseError> {
    // An IRI (non-ASCII) is normalized as its URI (RFC 3987 3.1).
    let uri;
    let r = match UriRef::parse(s) {
        Ok(r) => r,
        Err(e) => {
            uri = IriRef::parse(s).map_err(|_| e)?.to_uri();
            uri.as_uri_ref()
        }
    };
    Ok(Normalizer::new().level(level).normalize(&r).into_string())
}

/// RFC 3987 section 3.1; python-rfc3986 also converts the host with IDNA.
fn iri_to_uri(file: &str, iri: &str) -> Result<String, String> {
    let r = IriRef::parse(iri).map_err(|e| e.to_string())?;
    #[cfg(feature = "idna")]
    if file == "python-rfc3986-iri.json" {
        let uri = r.to_uri_idna(&Uts46::new()).map_err(|e| e.to_string())?;
        return Ok(uri.into_string());
    }
    Ok(r.to_uri().into_string())
}

/// The IRI normal form of a URI: RFC 3987 sections 3.2 and 5.3.
fn uri_to_iri(uri: &str) -> String {
    let r = UriRef::parse(uri).expect(uri);
    Normalizer::new()
        .normalize_iri(&IriRef::from(r))
        .into_string()
}

/// RFC 3987 5.3 at `level`.
fn normalize_iri(level: Level, s: &str) -> Result<String, urikit::ParseError> {
    let r = IriRef::parse(s)?;
    Ok(Normalizer::new()
        .level(level)
        .normalize_iri(&r)
        .into_string())
}

/// The level a file's `normalize` cases are checked at.
fn file_level(file: &str) -> Level {
    match file {
        // uri-js applies its scheme handlers when it normalizes.
        "uri-js.json" => Level::Scheme,
        _ => Level::Syntax,
    }
}

/// Wraps a component given alone into a reference holding it, and extracts
/// it back from a normalized reference.
fn wrap(kind: &str, input: &str) -> (String, fn(&UriRef<'_>) -> Option<String>) {
    fn scheme(r: &UriRef<'_>) -> Option<String> {
        r.scheme().map(str::to_owned)
    }
    fn authority(r: &UriRef<'_>) -> Option<String> {
        r.authority().map(|a| a.as_str().to_owned())
    }
    fn host(r: &UriRef<'_>) -> Option<String> {
        r.host_str().map(str::to_owned)
    }
    fn fragment(r: &UriRef<'_>) -> Option<String> {
        r.fragment().map(str::to_owned)
    }
    fn query(r: &UriRef<'_>) -> Option<String> {
        r.query().map(str::to_owned)
    }
    match kind {
        "normalize_scheme" => (format!("{input}:"), scheme),
        "normalize_authority" => (format!("//{input}"), authority),
        "normalize_host" => (format!("//{input}"), host),
        "normalize_fragment" => (format!("#{input}"), fragment),
        "normalize_percent_characters" => (format!("?{input}"), query),
        _ => unreachable!("{kind}"),
    }
}

#[derive(Default)]
struct Tally {
    checked: usize,
    disagreed: usize,
    skipped: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

impl Tally {
    fn skip(&mut self, why: &'static str) {
        *self.skipped.entry(why).or_default() += 1;
    }
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.failures.push(what());
        }
    }
}

/// Checks a case urikit disagrees with: what urikit does must be what the
/// table says.
fn check_disagreement(t: &mut Tally, file: &str, case: &Value, instead: &Instead, level: Level) {
    t.disagreed += 1;
    let input = str_field(case, "input")
        .or_else(|| str_field(case, "a"))
        .unwrap_or_default();
    let kind = str_field(case, "kind").unwrap_or_default();
    let ok = match instead {
        Instead::Rejects => {
            let text = match kind {
                "normalize_host" | "normalize_authority" => format!("//{input}"),
                _ => input.to_owned(),
            };
            UriRef::parse(&text).is_err()
        }
        Instead::Gives(ours) => {
            let got = match kind {
                "iri_to_uri" => iri_to_uri(file, input).unwrap_or_default(),
                "uri_to_iri_normalize" => uri_to_iri(input),
                "encode_component" => Component::Path.encode_preserving(input).into_owned(),
                "normalize_percent_characters" => {
                    let (w, get) = wrap(kind, input);
                    normalize(level, &w)
                        .ok()
                        .and_then(|n| get(&UriRef::parse(&n).ok()?))
                        .unwrap_or_default()
                }
                _ => normalize(level, input).unwrap_or_default(),
            };
            got == *ours
        }
        Instead::With(n) => {
            let expected = str_field(case, "expected").unwrap_or_default();
            let r = UriRef::parse(input).expect(input);
            n.normalize(&r).as_str() == expected
                && normalize(level, input).ok().as_deref() != Some(expected)
        }
        Instead::Equivalent(ours) => {
            let a = UriRef::parse(input).expect(input);
            let b = UriRef::parse(str_field(case, "b").unwrap_or_default()).expect("b");
            let with_steps = Normalizer::new().level(Level::Scheme).drop_fragment(true);
            let steps_make_it = input.to_ascii_lowercase().starts_with("ws");
            equivalent(&a, &b, Level::Scheme) == *ours
                && (!steps_make_it || with_steps.equivalent(&a, &b))
        }
        Instead::IsNormalized(ours) => {
            let r = UriRef::parse(input).expect(input);
            Normalizer::new().is_normalized(&r) == *ours
        }
    };
    let ok = ok
        && (kind != "iri_to_uri"
            || iri_to_uri(file, input).ok() != str_field(case, "expected").map(String::from));
    t.check(ok, || {
        format!("{file}: listed disagreement on {input:?} no longer holds")
    });
}

fn run_file(file: &'static str, t: &mut Tally) {
    for case in cases(&format!("normalization/{file}")) {
        let kind = str_field(&case, "kind").unwrap_or_default();
        if cfg!(not(feature = "idna")) && file == "python-rfc3986-iri.json" {
            t.skip("IDNA hosts (feature idna)");
            continue;
        }
        let options = case.get("options");
        if let Some(o) = options {
            if o.get("mode").is_some() {
                t.skip("iri-string whatwg_like mode (urikit has no such mode)");
                continue;
            }
        }
        let key = str_field(&case, "input")
            .or_else(|| str_field(&case, "a"))
            .unwrap_or_default();
        let iri_output = kind == "normalize"
            && options.is_some_and(|o| {
                o.get("output").and_then(Value::as_str) == Some("iri")
                    || o.get("iri").and_then(Value::as_bool) == Some(true)
            });
        if iri_output {
            // RFC 3987 5.3: the IRI normal form. Listed under "(iri) INPUT".
            let listing = format!("(iri) {key}");
            let got = normalize_iri(file_level(file), key);
            let expected = str_field(&case, "expected").unwrap_or_default();
            match disagreement(file, &listing) {
                Some((_, _, Instead::Gives(ours), _)) => {
                    t.disagreed += 1;
                    t.check(got.as_deref() == Ok(*ours) && *ours != expected, || {
                        format!(
                            "{file}: listed disagreement on {listing:?} no longer holds: {got:?}"
                        )
                    });
                }
                Some(_) => panic!("{listing}: only Gives is listed for IRI output"),
                None => t.check(got.as_deref() == Ok(expected), || {
                    format!("{file} normalize_iri {key:?}: got {got:?}, expected {expected:?}")
                }),
            }
            continue;
        }
        if kind == "resolve_then_normalize"
            && ["base", "ref", "expected"]
                .iter()
                .any(|k| !str_field(&case, k).unwrap_or_default().is_ascii())
        {
            // RFC 3987 6.5 then 5.3: IRI resolution, IRI normal form.
            let base = str_field(&case, "base").unwrap_or_default();
            let reference = str_field(&case, "ref").unwrap_or_default();
            let expected = str_field(&case, "expected").unwrap_or_default();
            let b = urikit::iri::Iri::parse(base).expect(base);
            let r = IriRef::parse(reference).expect(reference);
            let target = urikit::Resolver::new()
                .resolve_iri(&b, &r)
                .expect("resolves");
            let got = Normalizer::new().normalize_iri(&target.as_iri());
            t.check(got.as_str() == expected, || {
                format!("{file}: IRI {base:?} + {reference:?} -> {target:?} -> {got:?}, expected {expected:?}")
            });
            continue;
        }
        let level = file_level(file);
        if let Some((_, _, instead, _)) = disagreement(file, key) {
            check_disagreement(t, file, &case, instead, level);
            continue;
        }
        match kind {
            "uri_to_iri_normalize" => {
                let got = uri_to_iri(key);
                let expected = str_field(&case, "expected").unwrap_or_default();
                t.check(got == expected, || {
                    format!("{file} uri_to_iri {key:?}: got {got:?}, expected {expected:?}")
                });
            }
            "iri_to_uri" => {
                let got = iri_to_uri(file, key);
                let expected = str_field(&case, "expected");
                t.check(got.as_deref().ok() == expected, || {
                    format!("{file} iri_to_uri {key:?}: got {got:?}, expected {expected:?}")
                });
            }
            "normalize"
            | "normalize_path"
            | "normalize_query"
            | "normalize_scheme_based"
            | "normalize_scheme"
            | "normalize_authority"
            | "normalize_fragment"
                if !(file == "python-rfc3986.json" && kind != "normalize") =>
            {
                let level = if kind == "normalize_scheme_based" {
                    Level::Scheme
                } else {
                    level
                };
                let got = normalize(level, key);
                if let Some(expected) = str_field(&case, "expected") {
                    t.check(got.as_deref() == Ok(expected), || {
                        format!("{file} {kind} {key:?} at {level:?}: got {got:?}, expected {expected:?}")
                    });
                } else if let Some(Value::Object(comps)) = case.get("expected_components") {
                    let n = got.as_deref().map(UriRef::parse);
                    for (name, want) in comps {
                        let have = match &n {
                            Ok(Ok(r)) => match name.as_str() {
                                "scheme" => r.scheme(),
                                "host" => r.host_str(),
                                other => panic!("component {other}"),
                            },
                            _ => None,
                        };
                        t.check(have == want.as_str(), || {
                            format!("{file} {key:?}: {name} is {have:?}, expected {want}")
                        });
                    }
                } else {
                    panic!("{file}: normalize case without expectation: {case}");
                }
            }
            "normalize_scheme"
            | "normalize_authority"
            | "normalize_host"
            | "normalize_fragment"
            | "normalize_percent_characters" => {
                let (text, get) = wrap(kind, key);
                let got = normalize(level, &text)
                    .ok()
                    .and_then(|n| get(&UriRef::parse(&n).ok()?));
                let expected = str_field(&case, "expected");
                t.check(got.as_deref() == expected, || {
                    format!("{file} {kind} {key:?}: got {got:?}, expected {expected:?}")
                });
            }
            "remove_dot_segments" => {
                // The RFC's algorithm on a bare path; urikit's normalizer also
                // decodes `%63`, so both sides go through it inside a URI.
                let expected = str_field(&case, "expected").unwrap_or_default();
                let w = |p: &str| {
                    if p.starts_with("//") {
                        format!("s://h{p}")
                    } else {
                        format!("s:{p}")
                    }
                };
                let (a, b) = (normalize(level, &w(key)), normalize(level, &w(expected)));
                t.check(a.is_ok() && a == b, || {
                    format!("{file} remove_dot_segments {key:?}: {a:?} vs {b:?}")
                });
            }
            "equivalence" | "compare" => {
                let b = str_field(&case, "b").unwrap_or_default();
                let want = case
                    .get("equivalent")
                    .and_then(Value::as_bool)
                    .expect("equivalent");
                let note = format!(
                    "{} {}",
                    str_field(&case, "note").unwrap_or_default(),
                    str_field(&case, "section").unwrap_or_default()
                );
                let level = if note.contains("scheme") {
                    Level::Scheme
                } else {
                    Level::Syntax
                };
                if !key.is_ascii() || !b.is_ascii() {
                    // IRIs: RFC 3987 5.3.
                    let (ia, ib) = (IriRef::parse(key).expect(key), IriRef::parse(b).expect(b));
                    let got = urikit::iri::equivalent(&ia, &ib, level);
                    t.check(got == want, || {
                        format!(
                            "{file} IRI {key:?} ~ {b:?} at {level:?}: got {got}, expected {want}"
                        )
                    });
                    continue;
                }
                let (ra, rb) = (UriRef::parse(key).expect(key), UriRef::parse(b).expect(b));
                let got = equivalent(&ra, &rb, level);
                t.check(got == want, || {
                    format!("{file} {key:?} ~ {b:?} at {level:?}: got {got}, expected {want}")
                });
                if want && level == Level::Syntax {
                    // Syntax-equivalent references stay equivalent one rung up.
                    t.check(equivalent(&ra, &rb, Level::Scheme), || {
                        format!("{key:?} ~ {b:?} at scheme")
                    });
                }
                if level == Level::Scheme && note.contains("only under scheme-based") {
                    t.check(!equivalent(&ra, &rb, Level::Syntax), || {
                        format!("{key:?} !~ {b:?} at syntax")
                    });
                }
            }
            "encode_component" => {
                let expected = str_field(&case, "expected").unwrap_or_default();
                let got = Component::Path.encode_preserving(key);
                t.check(got == expected, || {
                    format!("encode {key:?}: got {got:?}, expected {expected:?}")
                });
            }
            "normalize_roundtrip_safe" => {
                let r = UriRef::parse(key).expect(key);
                let n = Normalizer::new().normalize(&r);
                let m = n.as_uri_ref();
                let same = m.has_authority() == r.has_authority()
                    && m.is_absolute() == r.is_absolute()
                    && m.path().starts_with('/') == r.path().starts_with('/')
                    && Normalizer::new().is_normalized(&m);
                t.check(same, || format!("{file} round trip of {key:?} gave {n:?}"));
            }
            "resolve_then_normalize" => {
                let base = str_field(&case, "base").unwrap_or_default();
                let reference = str_field(&case, "ref").unwrap_or_default();
                let expected = str_field(&case, "expected").unwrap_or_default();
                let b = urikit::Uri::parse(base).expect(base);
                let r = UriRef::parse(reference).expect(reference);
                let target = urikit::Resolver::new().resolve(&b, &r).expect("resolves");
                let got = Normalizer::new().normalize(&target.as_uri());
                t.check(got.as_str() == expected, || {
                    format!("{file}: {base:?} + {reference:?} -> {target:?} -> {got:?}, expected {expected:?}")
                });
                // The expected result is itself a normal form.
                let fixed = normalize(Level::Syntax, expected);
                t.check(fixed.as_deref() == Ok(expected), || {
                    format!("{expected:?} gives {fixed:?}")
                });
            }
            "is_normalized" => {
                let want = case["expected"]["default"].as_bool().expect("default");
                let r = UriRef::parse(key).expect(key);
                let got = Normalizer::new().is_normalized(&r);
                t.check(got == want, || {
                    format!("is_normalized {key:?}: got {got}, expected {want}")
                });
            }
            other => panic!("{file}: unknown case kind {other}"),
        }
    }
}

#[test]
fn normalization_vectors() {
    let files = [
        "boost-url.json",
        "fluent-uri.json",
        "iri-string.json",
        "python-rfc3986.json",
        "python-rfc3986-iri.json",
        "rfc3986.json",
        "uri-js.json",
    ];
    let mut t = Tally::default();
    let mut total = 0;
    for f in files {
        total += cases(&format!("normalization/{f}")).len();
        run_file(f, &mut t);
    }
    let skipped: usize = t.skipped.values().sum();
    eprintln!(
        "{total} cases: {} checks, {} listed disagreements, {skipped} skipped {:?}",
        t.checked, t.disagreed, t.skipped
    );
    assert!(
        t.failures.is_empty(),
        "{} failures:\n{}",
        t.failures.len(),
        t.failures.join("\n")
    );
    // Every listed disagreement was met (none is stale).
    for (f, input, _, _) in DISAGREEMENTS {
        let input = input.strip_prefix("(iri) ").unwrap_or(input);
        let found = cases(&format!("normalization/{f}"))
            .iter()
            .any(|c| str_field(c, "input").or_else(|| str_field(c, "a")) == Some(input));
        assert!(found, "disagreement {f} {input:?} matches no case");
    }
    assert!(t.checked >= total - skipped, "some case was not checked");
}

/// The two examples the issue names.
#[test]
fn rfc_section_6_examples() {
    assert_eq!(
        normalize(Level::Syntax, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap(),
        "example://a/b/c/%7Bfoo%7D"
    );
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        for b in forms {
            let (ra, rb) = (UriRef::parse(a).unwrap(), UriRef::parse(b).unwrap());
            assert!(equivalent(&ra, &rb, Level::Scheme), "{a} ~ {b}");
        }
    }
    // At the syntax level only the empty port goes.
    let (a, b) = (
        UriRef::parse(forms[0]).unwrap(),
        UriRef::parse(forms[1]).unwrap(),
    );
    assert!(!equivalent(&a, &b, Level::Syntax));
}
