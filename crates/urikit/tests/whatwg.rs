//! The WHATWG URL Standard's Web Platform Tests (`shared/vectors/whatwg/wpt`):
//! every case of `urltestdata.json` (parsing, with and without a base, every
//! component) and of `setters_tests.json` (the API's setters) must pass.
//! There is no expected-failure list.

mod common;

use serde_json::Value;
use urikit::whatwg::Url;

const COMPONENTS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

fn component<'a>(url: &'a Url, name: &str) -> std::borrow::Cow<'a, str> {
    match name {
        "href" => url.href().into(),
        "protocol" => url.protocol().into(),
        "username" => url.username().into(),
        "password" => url.password().into(),
        "host" => url.host().into(),
        "hostname" => url.hostname().into(),
        "port" => url.port().into(),
        "pathname" => url.pathname().into(),
        "search" => url.search().into(),
        "hash" => url.hash().into(),
        "origin" => url.origin().into(),
        _ => panic!("unknown component {name}"),
    }
}

fn wpt(name: &str) -> Value {
    let path = common::shared_dir().join("vectors/whatwg/wpt").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn urltestdata() {
    let cases = wpt("urltestdata.json");
    let mut failures = Vec::new();
    let mut n = 0;
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        n += 1;
        let input = case["input"].as_str().unwrap();
        let base = match case.get("base").and_then(Value::as_str) {
            Some(b) => match Url::parse(b, None) {
                Ok(u) => Some(u),
                Err(e) => {
                    failures.push(format!("{input:?}: base {b:?} fails: {e}"));
                    continue;
                }
            },
            None => None,
        };
        let got = Url::parse(input, base.as_ref());
        if case.get("failure").is_some_and(|f| f == true) {
            if let Ok(u) = got {
                failures.push(format!(
                    "{input:?} (base {:?}): should fail, got {}",
                    base.map(|b| b.to_string()),
                    u.href()
                ));
            }
            continue;
        }
        let url = match got {
            Ok(u) => u,
            Err(e) => {
                failures.push(format!(
                    "{input:?} (base {:?}): failed {e} ({})",
                    base.map(|b| b.to_string()),
                    e.kind().name()
                ));
                continue;
            }
        };
        for name in COMPONENTS.iter().copied().chain(["origin"]) {
            let Some(want) = case.get(name).and_then(Value::as_str) else {
                continue;
            };
            let got = component(&url, name);
            if got != want {
                failures.push(format!(
                    "{input:?} (base {:?}): {name} {got:?}, want {want:?} (href {})",
                    base.as_ref().map(|b| b.to_string()),
                    url.href()
                ));
            }
        }
        // Serialization is idempotent; to_rfc3986 parses, a fixed point.
        common::props_whatwg::check_url(&url, input);
    }
    eprintln!("{n} urltestdata cases");
    assert!(n > 800, "only {n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn setters() {
    let all = wpt("setters_tests.json");
    let mut failures = Vec::new();
    let mut n = 0;
    for (setter, cases) in all.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            n += 1;
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let mut url = Url::parse(href, None).unwrap_or_else(|e| panic!("{href:?}: {e}"));
            match setter.as_str() {
                "href" => {
                    let _ = url.set_href(value);
                }
                "protocol" => url.set_protocol(value),
                "username" => url.set_username(value),
                "password" => url.set_password(value),
                "host" => url.set_host(value),
                "hostname" => url.set_hostname(value),
                "port" => url.set_port(value),
                "pathname" => url.set_pathname(value),
                "search" => url.set_search(value),
                "hash" => url.set_hash(value),
                other => panic!("unknown setter {other}"),
            }
            for (name, want) in case["expected"].as_object().unwrap() {
                let got = component(&url, name);
                if got != want.as_str().unwrap() {
                    failures.push(format!(
                        "{href:?} set {setter} to {value:?}: {name} {got:?}, want {want} (href {})",
                        url.href()
                    ));
                }
            }
            // A URL a setter wrote reads back to itself.
            common::props_whatwg::check_url(&url, value);
        }
    }
    eprintln!("{n} setter cases");
    assert!(n > 250, "only {n} cases");
    assert!(
        failures.is_empty(),
        "{} of {n} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

use common::props_whatwg::fields;

/// The fast path ([`Url::parse`]) and the state machine alone give the same
/// URL, or both fail.
fn assert_paths_agree(input: &str) {
    let fast = Url::parse(input, None);
    let full = Url::parse_without_fast_path(input, None);
    match (&fast, &full) {
        (Ok(a), Ok(b)) => assert_eq!(fields(a), fields(b), "{input:?}"),
        (Err(a), Err(b)) => assert_eq!(a, b, "{input:?}"),
        _ => panic!("{input:?}: {fast:?} vs {full:?}"),
    }
}

#[test]
fn fast_path_agrees_with_the_state_machine_on_the_datasets() {
    let dir = common::shared_dir().join("datasets");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        let text = std::fs::read(&path).unwrap();
        for line in String::from_utf8_lossy(&text).lines() {
            assert_paths_agree(line);
            n += 1;
        }
    }
    assert!(n > 100_000, "only {n} lines");
}

#[test]
fn fast_path_agrees_with_the_state_machine_on_the_vectors() {
    let cases = wpt("urltestdata.json");
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        assert_paths_agree(case["input"].as_str().unwrap());
    }
}

/// `to_rfc3986` always writes a URI that `UriRef::parse` takes; reading it
/// as a browser gives the URL back when its href was already a URI, and in
/// every case `to_rfc3986` of that reading is the same URI (a fixed point).
fn check_to_rfc3986(url: &Url) {
    let uri = url.to_rfc3986().unwrap();
    assert!(
        urikit::UriRef::parse(uri.as_str()).is_ok(),
        "{url:?}: {uri}"
    );
    let again =
        Url::parse(uri.as_str(), None).unwrap_or_else(|e| panic!("{url:?}: {uri} fails: {e}"));
    if urikit::UriRef::parse(url.href()).is_ok() {
        assert_eq!(uri.as_str(), url.href());
        assert_eq!(again.href(), url.href());
    }
    assert_eq!(
        again.to_rfc3986().unwrap().as_str(),
        uri.as_str(),
        "{url:?}"
    );
}

#[test]
fn to_rfc3986_on_the_vectors() {
    let cases = wpt("urltestdata.json");
    let (mut same, mut encoded) = (0, 0);
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let Some(href) = case.get("href").and_then(Value::as_str) else {
            continue;
        };
        let url = Url::parse(href, None).unwrap();
        check_to_rfc3986(&url);
        if url.to_rfc3986().unwrap().as_str() == href {
            same += 1;
        } else {
            encoded += 1;
        }
    }
    eprintln!("to_rfc3986: {same} hrefs already URIs, {encoded} encoded");
    assert!(same > 400 && encoded > 20, "{same} {encoded}");
}

/// Where RFC 3986 and a browser find a different host in the same valid
/// URI, `compare` says so, and only there.
#[test]
fn differences_in_the_vectors() {
    use urikit::{Part, UriRef};
    let cases = wpt("urltestdata.json");
    let mut by_part = std::collections::BTreeMap::new();
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let r = urikit::whatwg::readings(input);
        let (Ok(uri), Ok(url)) = (&r.rfc3986, &r.whatwg) else {
            continue;
        };
        if !uri.is_absolute() {
            continue;
        }
        for d in &r.differences {
            *by_part.entry(d.part.name()).or_insert(0) += 1;
            assert_ne!(d.rfc3986, d.whatwg, "{input:?}: {d}");
        }
        let host_differs = r.differences.iter().any(|d| d.part == Part::Host);
        let plain = |s: &str| urikit::pct::decode_utf8_lossy(s).to_ascii_lowercase();
        let rfc_host = uri.host_str().map(plain);
        let text_differs = rfc_host != url.host_kind().map(|_| plain(url.hostname()));
        if host_differs {
            assert!(text_differs, "{input:?}");
        } else if text_differs {
            // Only IDNA's mapping, an IPv6 respelling, `localhost` or the
            // empty host may change the text of the same host.
            let raw = uri.host_str().unwrap_or_default();
            let idna = urikit::whatwg::host::domain_to_ascii(&urikit::pct::decode(raw))
                .is_ok_and(|a| a == url.hostname());
            let ipv6 = url.hostname().starts_with('[');
            let local = url.hostname().is_empty();
            assert!(
                idna || ipv6 || local,
                "{input:?}: {rfc_host:?} vs {:?}",
                url.hostname()
            );
        }
        let _ = UriRef::parse(input);
    }
    eprintln!("differences by component: {by_part:?}");
    assert!(
        by_part.get("host").copied().unwrap_or(0) >= 10,
        "{by_part:?}"
    );
}

#[test]
fn from_rfc3986_reads_as_a_browser() {
    use urikit::{Part, Uri};
    let (url, diffs) =
        Url::from_rfc3986(&Uri::parse("http://example.com:80/a/./b?x#y").unwrap()).unwrap();
    assert_eq!(url.href(), "http://example.com/a/b?x#y");
    assert!(diffs.is_empty(), "{diffs:?}");
    let (_, diffs) = Url::from_rfc3986(&Uri::parse("http:evil.example/").unwrap()).unwrap();
    let parts: Vec<_> = diffs.iter().map(|d| d.part).collect();
    assert_eq!(parts, [Part::Host, Part::Path]);
    let (_, diffs) = Url::from_rfc3986(&Uri::parse("sc:a/../b").unwrap()).unwrap();
    assert_eq!(
        diffs.iter().map(|d| d.part).collect::<Vec<_>>(),
        [Part::Path]
    );
    assert!(Url::from_rfc3986(&Uri::parse("http://0x100000000/").unwrap()).is_err());
}

mod generated {
    use super::*;
    use common::gen;
    use proptest::prelude::*;
    use proptest::sample::select;

    /// Text a browser reads: a scheme, then URL code points, the bytes the
    /// standard leaves raw, delimiters, spaces, `%`, tabs and non-ASCII.
    fn browser_text() -> impl Strategy<Value = String> {
        let scheme = select(
            &[
                "http://", "https:", "file:///", "sc://", "sc:", "ws:\\", "mailto:", "",
            ][..],
        );
        let piece = select(
            &[
                "a", "B", "0", "1.2", "0x7f", "[::1]", "[", "]", "^", "|", "{", "}", "`", "\\",
                "\\\\", "%", "%2e", "%41", "%zz", " ", "\t", "\"", "<", ">", "'", "#", "?", "/",
                "//", "..", ".", ":", "@", "é", "xn--a", "~", "!", ";", "=", "C:", "C|",
            ][..],
        );
        (scheme, prop::collection::vec(piece, 0..12))
            .prop_map(|(s, v)| format!("{s}{}", v.concat()))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn to_rfc3986_always_parses_and_is_a_fixed_point(s in browser_text()) {
            if let Ok(url) = Url::parse(&s, None) {
                check_to_rfc3986(&url);
            }
            // The state machine and the fast path agree here too.
            assert_paths_agree(&s);
        }

        /// The fuzz target's properties (`common/props_whatwg.rs`), with and
        /// without a base.
        #[test]
        fn fuzz_properties(base in prop_oneof![Just(String::new()), browser_text()], s in browser_text()) {
            common::props_whatwg::check_whatwg(&base, &s);
        }
    }

    /// Absolute URIs with a special scheme (any case), or any RFC 3986 URI.
    fn special_uri() -> impl Strategy<Value = String> {
        let scheme = select(
            &[
                "http", "HTTPS", "ws", "wss", "fTp", "file", "FILE", "sc", "blob",
            ][..],
        );
        let special = (
            scheme,
            gen::authority(),
            gen::path_abempty(),
            gen::query(),
            gen::fragment(),
            0..4u8,
        )
            .prop_map(|(s, a, p, q, f, k)| {
                let mut u = format!("{s}://{a}{p}");
                if k & 1 != 0 {
                    u = format!("{u}?{q}");
                }
                if k & 2 != 0 {
                    u = format!("{u}#{f}");
                }
                u
            });
        prop_oneof![3 => special, 1 => gen::uri(), 1 => gen::near_miss()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn fast_path_agrees_with_the_state_machine(s in special_uri()) {
            assert_paths_agree(&s);
        }
    }
}

/// Adversarial inputs stay linear in time.
#[test]
fn adversarial_inputs_are_linear() {
    let base = Url::parse("http://h/a/b/c", None).unwrap();
    for (name, unit) in [
        ("dot-dot segments", "../"),
        ("encoded dots", "%2e%2E/"),
        ("percent signs", "%"),
        ("carets", "^"),
        ("tabs", "a\t"),
        ("at signs", "@"),
        ("backslashes", "\\"),
        ("non-ASCII", "é"),
    ] {
        let small = format!("http://h/{}", unit.repeat(1 << 16));
        let large = format!("http://h/{}", unit.repeat(1 << 19));
        common::linear::assert_linear(name, &small, &large, &|s| {
            let _ = Url::parse(s, None);
            let _ = Url::parse(&s[9..], Some(&base));
            let _ = Url::parse_with_violations(s, None, &mut |_| {});
        });
    }
    let ports = format!("http://h:{}/", "9".repeat(1 << 20));
    assert_eq!(
        Url::parse(&ports, None).unwrap_err().kind().name(),
        "port-out-of-range"
    );
}

/// The fuzz target's properties on every WPT input, with its base.
#[test]
fn fuzz_properties_on_the_vectors() {
    let cases = wpt("urltestdata.json");
    for case in cases.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let base = case.get("base").and_then(Value::as_str).unwrap_or("");
        common::props_whatwg::check_whatwg(base, case["input"].as_str().unwrap());
    }
}

/// Inputs on which the `url` crate (2.5.8) leaves the standard, found by
/// the `whatwg_url` fuzz target and not among its WPT expected failures
/// (`fuzz/src/whatwg_differential.rs`, classes 4 to 8): an authority of
/// empty credentials at the end of a non-special URL is host-missing, a
/// `\` after the port of a non-special URL is port-invalid (failures), a
/// leading `\` of a reference is a slash only against a special base, and
/// against one three leading slashes are as good as two, and `..` spares a
/// drive letter only in `file:`. ada-url gives the same answers.
#[test]
fn url_crate_failures() {
    for input in ["x://@", "x://:@", "X://@", " x://@ ", "x://:@#f"] {
        let e = Url::parse(input, None).unwrap_err();
        assert_eq!(e.kind().name(), "host-missing", "{input:?}");
    }
    // What url gets right around them.
    for input in ["x://@/", "x://@?q", "x://u@"] {
        assert!(Url::parse(input, None).is_err(), "{input:?}");
    }
    // Class 5: `\` ends a port only in a special URL.
    for input in ["x://h:\\", "x://h:1\\x"] {
        let e = Url::parse(input, None).unwrap_err();
        assert_eq!(
            (e.kind().name(), &input[e.index()..e.index() + 1]),
            ("port-invalid", "\\"),
            "{input:?}"
        );
    }
    assert_eq!(
        Url::parse("http://h:1\\x", None).unwrap().href(),
        "http://h:1/x"
    );
    // Class 8: `..` spares a drive letter only as the single segment of a
    // `file:` URL; `url` also spares a drive letter and a `\` where `\`
    // is no separator (`x://h/a|\`).
    for (input, href) in [
        ("x:/c:/../d", "x:/d"),
        ("http://h/c:/../d", "http://h/d"),
        ("file:///a/c:/../d", "file:///a/d"),
        ("x://h/a|\\/../b", "x://h/b"),
        ("file:///c:/../d", "file:///c:/d"),
    ] {
        assert_eq!(Url::parse(input, None).unwrap().href(), href, "{input:?}");
    }
}

/// A reference with an authority replaces the base's whole authority, port
/// included (found by the `whatwg` fuzz target: the base's port stayed).
#[test]
fn an_authority_replaces_the_base_port() {
    for (base, input, href) in [
        ("http://h:8080/a", "//x/b", "http://x/b"),
        ("sc://h:1/a", "//x", "sc://x"),
        ("sc://u:p@h:1/a", "//x:2", "sc://x:2"),
        ("ws://h:1/", "\\\\x", "ws://x/"),
    ] {
        let base = Url::parse(base, None).unwrap();
        let url = Url::parse(input, Some(&base)).unwrap();
        assert_eq!(url.href(), href);
        assert_eq!(
            fields(&url),
            fields(&Url::parse(href, None).unwrap()),
            "{input:?}"
        );
    }
}
