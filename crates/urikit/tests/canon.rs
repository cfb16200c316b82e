//! Crawler canonicalization and SURT keys against the Internet Archive's
//! urlcanon test data (`shared/vectors/canon/urlcanon/*.json`), the `surt`
//! package's tests (urlcanon's `surt.json`) and Google Safe Browsing's
//! worked examples. Where we differ on purpose, the case is listed with its
//! reason, and the test fails if it stops differing.
//!
//! urlcanon's test loader reads its JSON strings as bytes, one byte per
//! character (Latin-1: `"\u00e2\u0098\u0083"` is the UTF-8 of `☃`); so do we.

mod common;

use serde_json::Value;
use urikit::canon::{wayback_key, Canonicalizer, ParsedUrl, PathDots, Profile, Surt};

/// A JSON string as urlcanon's tests read it: each character one byte.
fn bytes(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or_else(|_| panic!("{s:?}: not a byte string")))
        .collect()
}

fn show(b: &[u8]) -> String {
    b.iter()
        .map(|&c| {
            if c.is_ascii_graphic() || c == b' ' {
                (c as char).to_string()
            } else {
                format!("\\x{c:02x}")
            }
        })
        .collect()
}

/// A vector file read as urlcanon's tests read it: the file's bytes as
/// Latin-1 characters (so raw UTF-8 in the file stays its bytes), then JSON.
fn load(name: &str) -> Value {
    let path = common::shared_dir()
        .join("vectors/canon/urlcanon")
        .join(name);
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let latin1: String = raw.iter().map(|&b| char::from(b)).collect();
    serde_json::from_str(&latin1).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// `(input, expected)` byte pairs of a JSON object of strings.
fn pairs(v: &Value) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
    v.as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (bytes(k), v.as_str().map(bytes)))
        .collect()
}

/// Checks every pair of `cases` with `f`, except those listed in `differ`
/// (input, what we give, reason), which must give what is listed.
fn check(
    name: &str,
    cases: &[(Vec<u8>, Option<Vec<u8>>)],
    differ: &[(&str, &str, &str)],
    f: impl Fn(&[u8]) -> Option<Vec<u8>>,
) {
    let mut failures = Vec::new();
    let mut listed = 0;
    for (input, expected) in cases {
        let got = f(input);
        if let Some(&(_, ours, _)) = differ.iter().find(|d| bytes(d.0) == *input) {
            listed += 1;
            assert_ne!(
                &got,
                expected,
                "{name}: {} now gives the expected answer; unlist it",
                show(input)
            );
            assert_eq!(
                got.as_deref(),
                Some(&bytes(ours)[..]),
                "{name}: {} (listed)",
                show(input)
            );
            continue;
        }
        if got != *expected {
            failures.push(format!(
                "{}\n   expected {}\n   got      {}",
                show(input),
                expected.as_deref().map_or("null".into(), show),
                got.as_deref().map_or("null".into(), show)
            ));
        }
    }
    assert_eq!(
        listed,
        differ.len(),
        "{name}: a listed difference is not a case of the file"
    );
    assert!(
        failures.is_empty(),
        "{name}: {} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn canon(profile: Profile) -> impl Fn(&[u8]) -> Option<Vec<u8>> {
    move |input| Some(profile.canonicalizer().canonicalize_bytes(input))
}

#[test]
fn parsing_json_fields_and_surt_ancestry() {
    let data = load("parsing.json");
    let data = data.as_object().unwrap();
    assert!(data.len() > 100);
    for (input, fields) in data {
        let input = bytes(input);
        let url = ParsedUrl::parse(&input);
        let field = |k: &str| bytes(fields[k].as_str().unwrap());
        let flag = |k: &str, v: bool| assert_eq!(!field(k).is_empty(), v, "{}: {k}", show(&input));
        assert_eq!(
            *url.leading_junk,
            field("leading_junk")[..],
            "{}",
            show(&input)
        );
        assert_eq!(*url.scheme, field("scheme")[..], "{}", show(&input));
        flag("colon_after_scheme", url.colon_after_scheme);
        assert_eq!(*url.slashes, field("slashes")[..], "{}", show(&input));
        assert_eq!(*url.username, field("username")[..], "{}", show(&input));
        flag("colon_before_password", url.colon_before_password);
        assert_eq!(*url.password, field("password")[..], "{}", show(&input));
        flag("at_sign", url.at_sign);
        assert_eq!(*url.host, field("host")[..], "{}", show(&input));
        flag("colon_before_port", url.colon_before_port);
        assert_eq!(*url.port, field("port")[..], "{}", show(&input));
        assert_eq!(*url.path, field("path")[..], "{}", show(&input));
        flag("question_mark", url.question_mark);
        assert_eq!(*url.query, field("query")[..], "{}", show(&input));
        flag("hash_sign", url.hash_sign);
        assert_eq!(*url.fragment, field("fragment")[..], "{}", show(&input));
        assert_eq!(
            *url.trailing_junk,
            field("trailing_junk")[..],
            "{}",
            show(&input)
        );
        assert_eq!(
            url.ip4.map(u64::from),
            fields["ip4"].as_u64(),
            "{}",
            show(&input)
        );
        assert!(
            fields["ip6"].is_null() && url.ip6.is_none(),
            "{}",
            show(&input)
        );
        assert_eq!(url.to_bytes(), input);
        let ancestry: Vec<Vec<u8>> = fields["surt_ancestry"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| bytes(s.as_str().unwrap()))
            .collect();
        assert_eq!(url.surt_ancestry(), ancestry, "{}", show(&input));
    }
}

#[test]
fn parser_keeps_every_byte() {
    let data = load("idempotence.json");
    for s in data.as_array().unwrap() {
        let input = bytes(s.as_str().unwrap());
        assert_eq!(ParsedUrl::parse(&input).to_bytes(), input);
    }
}

#[test]
fn funky_ipv4() {
    let cases = pairs(&load("funky_ipv4.json"));
    assert!(cases.len() > 40);
    check("funky_ipv4", &cases, &[], |host| {
        let mut input = b"http://".to_vec();
        input.extend_from_slice(host);
        let url = ParsedUrl::parse(&input);
        url.ip4
            .map(|v| std::net::Ipv4Addr::from(v).to_string().into_bytes())
    });
}

#[test]
fn path_dots() {
    let data = load("path_dots.json");
    for (kind, scheme) in [("special", "http"), ("nonspecial", "foo")] {
        let cases = pairs(&data[kind]);
        assert!(cases.len() > 300);
        check(&format!("path_dots/{kind}"), &cases, &[], |path| {
            let input = format!("{scheme}://h/");
            let mut url = ParsedUrl::parse(input.as_bytes());
            url.path = path.into();
            Canonicalizer::new()
                .path_dots(PathDots::Browser)
                .apply(&mut url);
            Some(url.path.into_owned())
        });
    }
}

#[test]
fn semantic_precise() {
    let cases = pairs(&load("semantic_precise.json"));
    check(
        "semantic_precise",
        &cases,
        SEMANTIC_PRECISE_DIFFER,
        canon(Profile::SemanticPrecise),
    );
}

/// Where we differ from urlcanon's `semantic_precise` answers.
const SEMANTIC_PRECISE_DIFFER: &[(&str, &str, &str)] = &[];

#[test]
fn aggressive() {
    let cases = pairs(&load("aggressive.json"));
    check("aggressive", &cases, &[], canon(Profile::Aggressive));
}

#[test]
fn supplemental_whatwg() {
    let cases = pairs(&load("supplemental_whatwg.json"));
    check("supplemental_whatwg", &cases, &[], canon(Profile::Whatwg));
}

#[test]
fn ssurt_json() {
    let data = load("ssurt.json");
    let host = |h: &[u8]| {
        let mut input = b"http://".to_vec();
        input.extend_from_slice(h);
        input.push(b'/');
        input
    };
    check("ssurtHost", &pairs(&data["ssurtHost"]), &[], |h| {
        let mut out = Vec::new();
        ParsedUrl::parse(&host(h)).write_ssurt_host(&mut out, true);
        Some(out)
    });
    check("reverseHost", &pairs(&data["reverseHost"]), &[], |h| {
        let mut out = Vec::new();
        urikit::canon::reverse_host(h, true, &mut out);
        Some(out)
    });
    check("ssurt", &pairs(&data["ssurt"]), &[], |u| {
        Some(ParsedUrl::parse(u).ssurt())
    });
    check("surt", &pairs(&data["surt"]), &[], |u| {
        Some(Surt::URLCANON.key(&ParsedUrl::parse(u)))
    });
    check(
        "surtWithoutScheme",
        &pairs(&data["surtWithoutScheme"]),
        &[],
        |u| Some(Surt::URLCANON.with_scheme(false).key(&ParsedUrl::parse(u))),
    );
    check(
        "surtWithoutTrailingComma",
        &pairs(&data["surtWithoutTrailingComma"]),
        &[],
        |u| {
            Some(
                Surt::URLCANON
                    .trailing_comma(false)
                    .key(&ParsedUrl::parse(u)),
            )
        },
    );
}

#[test]
fn surt_json() {
    let data = load("surt.json");
    check(
        "Canonicalizer.DefaultIA",
        &pairs(&data["Canonicalizer.DefaultIA"]),
        &[],
        canon(Profile::Ia),
    );
    // IAURLCanonicalizer alone: its cases need none of the Google steps that
    // `ia` runs first, so `ia` gives the same answers.
    check(
        "Canonicalizer.IA",
        &pairs(&data["Canonicalizer.IA"]),
        &[],
        canon(Profile::Ia),
    );
    check(
        "google",
        &pairs(&data["google"]),
        &[],
        canon(Profile::Google),
    );
    check(
        "googleSupplementalFromSurt",
        &pairs(&data["googleSupplementalFromSurt"]),
        GOOGLE_SUPPLEMENTAL_DIFFER,
        canon(Profile::Google),
    );
    check("defaultIASurt", &pairs(&data["defaultIASurt"]), &[], |u| {
        Some(wayback_key(u))
    });
    check("massageHost", &pairs(&data["massageHost"]), &[], |h| {
        let c = Canonicalizer::new().strip_www(true);
        let mut input = b"http://".to_vec();
        input.extend_from_slice(h);
        Some(c.canonicalize(&input).host.into_owned())
    });
    check(
        "alphaRorderQuery",
        &pairs(&data["alphaRorderQuery"]),
        &[],
        |q| {
            let c = Canonicalizer::new().sort_query(urikit::canon::QuerySort::KeyValue);
            let mut input = b"http://h/?".to_vec();
            input.extend_from_slice(q);
            Some(c.canonicalize(&input).query.into_owned())
        },
    );
    check(
        "stripPathSessionId",
        &pairs(&data["stripPathSessionId"]),
        &[],
        |p| {
            // The test's paths carry a query: read them as path and query.
            let c = Canonicalizer::new().session_ids(urikit::canon::SessionIds::Ia);
            let mut input = b"http://h".to_vec();
            input.extend_from_slice(p);
            let url = c.canonicalize(&input);
            let mut out = url.path.to_vec();
            if url.question_mark {
                out.push(b'?');
                out.extend_from_slice(&url.query);
            }
            Some(out)
        },
    );
    check(
        "unescapeRepeatedly",
        &pairs(&data["unescapeRepeatedly"]),
        &[],
        |s| {
            let c = Canonicalizer::new().decode(urikit::canon::Decode::Repeatedly);
            let mut input = b"http://h/".to_vec();
            input.extend_from_slice(s);
            Some(c.canonicalize(&input).path[1..].to_vec())
        },
    );
}

/// `B\u00fccher.ch` is, in urlcanon's byte reading, a Latin-1 `ü`, not
/// UTF-8: no IDNA can map it (the `surt` package's test passes the Unicode
/// string `Bücher.ch`, which we give as expected, below), so its byte is
/// percent-encoded.
const GOOGLE_SUPPLEMENTAL_DIFFER: &[(&str, &str, &str)] = &[(
    "B\u{fc}cher.ch:8080",
    "http://b%FCcher.ch:8080/",
    "the host is not UTF-8",
)];

#[test]
fn google_unicode_host() {
    let c = Profile::Google.canonicalizer();
    assert_eq!(
        c.canonicalize_str("Bücher.ch:8080"),
        "http://xn--bcher-kva.ch:8080/"
    );
    assert_eq!(c.canonicalize_str("☃.com"), "http://xn--n3h.com/");
}

/// Google Safe Browsing's worked examples (developers.google.com/safe-browsing/v4/urls-hashing).
const SAFE_BROWSING: &[(&str, &str)] = &[
    ("http://host/%25%32%35", "http://host/%25"),
    ("http://host/%25%32%35%25%32%35", "http://host/%25%25"),
    ("http://host/%2525252525252525", "http://host/%25"),
    ("http://host/asdf%25%32%35asd", "http://host/asdf%25asd"),
    ("http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"),
    ("http://www.google.com/", "http://www.google.com/"),
    (
        "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
        "http://168.188.99.26/.secure/www.ebay.com/",
    ),
    (
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
        "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    ),
    (
        "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
        "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+",
    ),
    ("http://3279880203/blah", "http://195.127.0.11/blah"),
    ("http://www.google.com/blah/..", "http://www.google.com/"),
    ("www.google.com/", "http://www.google.com/"),
    ("www.google.com", "http://www.google.com/"),
    ("http://www.evil.com/blah#frag", "http://www.evil.com/blah"),
    ("http://www.GOOgle.com/", "http://www.google.com/"),
    ("http://www.google.com.../", "http://www.google.com/"),
    ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"),
    ("http://www.google.com/q?", "http://www.google.com/q?"),
    ("http://www.google.com/q?r?", "http://www.google.com/q?r?"),
    ("http://www.google.com/q?r?s", "http://www.google.com/q?r?s"),
    ("http://evil.com/foo#bar#baz", "http://evil.com/foo"),
    ("http://evil.com/foo;", "http://evil.com/foo;"),
    ("http://evil.com/foo?bar;", "http://evil.com/foo?bar;"),
    ("http://\u{1}\u{80}.com/", "http://%01%80.com/"),
    ("http://notrailingslash.com", "http://notrailingslash.com/"),
    ("http://www.gotaport.com:1234/", "http://www.gotaport.com/"),
    ("  http://www.google.com/  ", "http://www.google.com/"),
    ("http:// leadingspace.com/", "http://%20leadingspace.com/"),
    ("http://%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("%20leadingspace.com/", "http://%20leadingspace.com/"),
    ("https://www.securesite.com/", "https://www.securesite.com/"),
    ("http://host.com/ab%23cd", "http://host.com/ab%23cd"),
    ("http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"),
];

#[test]
fn safe_browsing_worked_examples() {
    let c = Profile::SafeBrowsing.canonicalizer();
    for (input, expected) in SAFE_BROWSING {
        // "\x01\x80": the example's bytes (urlcanon's reading).
        let got = c.canonicalize_bytes(&bytes(input));
        assert_eq!(show(&got), show(expected.as_bytes()), "{input:?}");
    }
}
