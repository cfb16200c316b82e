//! `parse --iri`, `to-uri`, `to-iri` and `idna`: arguments and stdin,
//! text and JSON, bad input reported with its index and the run going on.

mod common;

use common::{json_lines, stderr, stdout, urikit};
use serde_json::json;

#[test]
fn parse_iri_gives_components_and_the_uri() {
    let out = urikit(
        &[
            "--format",
            "json",
            "parse",
            "--iri",
            "http://例え.jp/résumé?q=日本#§",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&out)[0],
        json!({"input": "http://例え.jp/résumé?q=日本#§", "valid": true, "scheme": "http",
               "authority": "例え.jp", "userinfo": null, "host": "例え.jp", "host_type": "reg-name",
               "port": null, "path": "/résumé", "query": "q=日本", "fragment": "§",
               "uri": "http://%E4%BE%8B%E3%81%88.jp/r%C3%A9sum%C3%A9?q=%E6%97%A5%E6%9C%AC#%C2%A7"})
    );
    let out = urikit(&["parse", "--iri", "//ñ/ü"], b"");
    let text = stdout(&out);
    assert!(text.contains("\nhost:      ñ (reg-name)\n"), "{text}");
    assert!(text.ends_with("uri:       //%C3%B1/%C3%BC\n\n"), "{text}");
}

#[test]
fn bad_input_is_reported_with_its_index_and_the_run_goes_on() {
    // Invalid UTF-8 on stdin (an overlong "/"), a bidi control, a private-use
    // character outside the query, then a good line.
    let stdin = b"http://a/\xC0\xAF\nhttp://a/b\xE2\x80\xAEc\n/\xEE\x80\x80\n?\xEE\x80\x80\n";
    let out = urikit(&["--format", "json", "parse", "--iri"], stdin);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let errors: Vec<_> = lines
        .iter()
        .map(|l| {
            (
                l["valid"].clone(),
                l["error"]["kind"].clone(),
                l["error"]["index"].clone(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (json!(false), json!("invalid_utf8"), json!(9)),
            (json!(false), json!("bidi_formatting_char"), json!(10)),
            (json!(false), json!("private_use_outside_query"), json!(1)),
            (json!(true), json!(null), json!(null)),
        ]
    );
    // In text, the bidi control is shown escaped under its caret, never raw.
    let out = urikit(&["parse", "--iri", "http://a/b\u{202E}c"], b"");
    let err = stderr(&out);
    assert!(
        err.contains("  http://a/b\\u{202e}c\n            ^\n"),
        "{err}"
    );
    assert!(!err.contains('\u{202E}'));
}

#[test]
fn to_uri_and_back() {
    let out = urikit(&["to-uri", "http://Bücher.example/ü"], b"");
    assert_eq!(stdout(&out), "http://B%C3%BCcher.example/%C3%BC\n");
    let out = urikit(&["to-uri", "--idna", "http://Bücher.example/ü"], b"");
    assert_eq!(stdout(&out), "http://xn--bcher-kva.example/%C3%BC\n");
    // An IDNA error points into the IRI.
    let out = urikit(
        &[
            "--format",
            "json",
            "to-uri",
            "--idna",
            "http://ok.ab--ü.de/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let l = &json_lines(&out)[0];
    assert_eq!(
        (l["error"]["kind"].clone(), l["error"]["index"].clone()),
        (json!("invalid_label"), json!(10))
    );
    // URI -> IRI (--exact) -> URI on stdin, with --jobs.
    let uris = "http://%C3%BC@b%C3%BCcher.de/%C3%A9?%C3%A9#%C3%A9\n/%C0%AF%ED%A0%80\n/%c3%a9\n";
    let shown = urikit(&["-j", "2", "to-iri", "--exact"], uris.as_bytes());
    assert_eq!(
        stdout(&shown),
        "http://ü@bücher.de/é?é#é\n/%C0%AF%ED%A0%80\n/%c3%a9\n"
    );
    let back = urikit(&["-j", "2", "to-uri"], &shown.stdout);
    assert_eq!(stdout(&back), uris);
}

#[test]
fn to_iri_shows_safe_hosts_and_says_what_it_kept() {
    let out = urikit(
        &[
            "--format",
            "json",
            "to-iri",
            "http://xn--80ak6aa92e.com/%ED%A0%80%E2%80%AE/%C3%A9",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&out)[0],
        json!({"input": "http://xn--80ak6aa92e.com/%ED%A0%80%E2%80%AE/%C3%A9", "valid": true,
               "iri": "http://xn--80ak6aa92e.com/%ED%A0%80%E2%80%AE/é",
               "kept_encoded": [{"index": 26, "length": 9, "reason": "surrogate"},
                                {"index": 35, "length": 9, "reason": "not_shown"}],
               "punycode_labels": [{"label": "аррӏе", "reason": "looks_like_ascii"}]})
    );
    let out = urikit(&["to-iri", "http://xn--bcher-kva.de/%C0%AF"], b"");
    assert_eq!(stdout(&out), "http://bücher.de/%C0%AF\n");
    assert!(stderr(&out).contains("warning: kept encoded: an overlong UTF-8 form"));
    // Not a URI: an error with its index.
    let out = urikit(&["--format", "json", "to-iri", "http://bücher.de/"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"]["index"], json!(8));
}

#[test]
fn idna_operations_and_options() {
    let out = urikit(&["idna", "Bücher.de", "faß.de"], b"");
    assert_eq!(stdout(&out), "xn--bcher-kva.de\nxn--fa-hia.de\n");
    let out = urikit(&["idna", "--transitional", "faß.de"], b"");
    assert_eq!(stdout(&out), "fass.de\n");
    let out = urikit(
        &["idna", "--to-unicode"],
        b"xn--r8jz45g.jp\nxn--bcher-kva.de\n",
    );
    assert_eq!(stdout(&out), "例え.jp\nbücher.de\n");
    let out = urikit(
        &[
            "--format",
            "json",
            "idna",
            "--display",
            "xn--80ak6aa92e.com",
            "bücher.de",
        ],
        b"",
    );
    let shown: Vec<_> = json_lines(&out)
        .iter()
        .map(|l| l["display"].clone())
        .collect();
    assert_eq!(shown, [json!("xn--80ak6aa92e.com"), json!("bücher.de")]);
    // Errors: a label in error, an empty label; lenient options accept them.
    let out = urikit(&["--format", "json", "idna", "a_b.example", "a..b"], b"");
    assert_eq!(out.status.code(), Some(1));
    let kinds: Vec<_> = json_lines(&out)
        .iter()
        .map(|l| l["error"]["kind"].clone())
        .collect();
    assert_eq!(kinds, [json!("invalid_label"), json!("dns_length")]);
    let out = urikit(
        &[
            "idna",
            "--no-std3-rules",
            "--no-verify-dns-length",
            "a_b.example",
            "a..b",
        ],
        b"",
    );
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "a_b.example\na..b\n".into())
    );
    let out = urikit(&["idna", "--no-check-hyphens", "--", "-a-.example"], b"");
    assert_eq!(stdout(&out), "-a-.example\n");
    // Usage errors exit 2.
    let out = urikit(&["idna", "--to-unicode", "--display", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn normalize_iri() {
    let out = urikit(
        &["normalize", "--iri"],
        "HTTP://Example.COM/./r%c3%a9sum%C3%A9/%E2%80%AE\nhttp://bücher.de:80/ü\n/a\u{202E}\n"
            .as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://example.com/résumé/%E2%80%AE\nhttp://bücher.de:80/ü\n"
    );
    assert!(stderr(&out).contains("bidirectional formatting"));
    let out = urikit(
        &[
            "normalize",
            "--iri",
            "--level",
            "scheme",
            "http://bücher.de:80/ü",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "http://bücher.de/ü\n");
}

#[test]
fn resolve_iri() {
    let out = urikit(
        &[
            "--format",
            "json",
            "resolve",
            "--iri",
            "--base",
            "http://例え.jp/a/b/c?q",
        ],
        "../ü/./d#é\n%C3%A9\n/a\u{202E}\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    let targets: Vec<_> = json_lines(&out)
        .iter()
        .map(|l| l["target"].clone())
        .collect();
    assert_eq!(
        targets,
        [
            json!("http://例え.jp/a/ü/d#é"),
            json!("http://例え.jp/a/b/%C3%A9"),
            json!(null)
        ]
    );
    // A base that is not an absolute IRI is a usage error.
    let out = urikit(&["resolve", "--iri", "--base", "/relative", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}
