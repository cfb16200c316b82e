//! `urikit urn` and `urikit urn-equivalent`.

mod common;

use common::{json_lines, stderr, stdout, urikit};
use serde_json::{json, Value};

#[test]
fn json_gives_the_parts_and_the_canonical_form() {
    let out = urikit(
        &[
            "--format",
            "json",
            "urn",
            "URN:Example:a%2c/b?+r?x?=q#f",
            "urn:ex:n",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    let expected = json!({
        "input": "URN:Example:a%2c/b?+r?x?=q#f", "valid": true, "profile": "rfc8141",
        "nid": "Example", "nss": "a%2c/b", "r_component": "r?x", "q_component": "q", "f_component": "f",
        "query": null, "directives": null, "canonical": "urn:example:a%2C/b",
        "display": "URN:Example:a%2c/b?+r?x?=q#f", "name": "a,/b",
    });
    assert_eq!(v[0], expected);
    assert_eq!(
        (&v[1]["r_component"], &v[1]["f_component"]),
        (&Value::Null, &Value::Null)
    );
}

#[test]
fn draft03_lists_its_directives_and_caching_sorts_them() {
    let input = "urn:foo:a123%2c456?s=I2L&c=ToC&x-y=1#frag";
    let out = urikit(
        &["--format", "json", "urn", "--profile", "draft-03", input],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["query"], "s=I2L&c=ToC&x-y=1");
    assert_eq!(
        v["directives"],
        json!([
            {"keyword": "s", "value": "I2L", "service": "I2L"},
            {"keyword": "c", "value": "ToC", "service": null},
            {"keyword": "x-y", "value": "1", "service": null},
        ])
    );
    assert_eq!(
        (&v["r_component"], &v["q_component"], &v["f_component"]),
        (&Value::Null, &Value::Null, &json!("frag"))
    );
    assert_eq!(v["canonical"], "urn:foo:a123%2C456");
    let out = urikit(
        &[
            "--format",
            "json",
            "urn",
            "--profile",
            "draft-03",
            "--objective",
            "caching",
            input,
        ],
        b"",
    );
    assert_eq!(
        json_lines(&out)[0]["canonical"],
        "urn:foo:a123%2C456?c=ToC&s=I2L&x-y=1"
    );
}

#[test]
fn errors_name_the_rule_and_the_byte() {
    let inputs = ["urn:ex:a?x=y", "urn:a:b", "urn:ex:a?s=1&s=2"];
    let expect = [
        ("draft-04", "unexpected_component", 8),
        ("draft-04", "invalid_nid", 5),
        ("draft-03", "duplicate_directive", 13),
    ];
    for (input, (profile, kind, index)) in inputs.iter().zip(expect) {
        let out = urikit(
            &["--format", "json", "urn", "--profile", profile, input],
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "{input}");
        let v = &json_lines(&out)[0];
        assert_eq!((&v["input"], &v["valid"]), (&json!(input), &json!(false)));
        assert_eq!(
            (&v["error"]["kind"], &v["error"]["index"]),
            (&json!(kind), &json!(index)),
            "{input}"
        );
        assert!(v["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with(&format!("at byte {index}: expected")));
    }
}

#[test]
fn text_reports_invalid_inputs_with_a_caret_and_goes_on() {
    let out = urikit(&["urn"], b"urn:ex:a b\nurn:ex:ok\r\n");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("error: at byte 8: expected a non-empty NSS"),
        "{err}"
    );
    assert!(err.contains("  urn:ex:a b\n          ^\n"), "{err}");
    let text = stdout(&out);
    assert!(
        text.starts_with("input:       urn:ex:ok\nnid:         ex\nnss:         ok\n"),
        "{text}"
    );
    assert!(
        text.contains("r-component: (absent)\n") && text.contains("canonical:   urn:ex:ok\n"),
        "{text}"
    );
    assert!(!text.contains("a b"));
}

#[test]
fn namespace_rules_apply_unless_generic() {
    let bad = "urn:isbn:0-395-36341-2";
    let out = urikit(&["--format", "json", "urn", bad], b"");
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["error"]["kind"], &v["error"]["index"]),
        (&json!("isbn_check_digit"), &json!(21))
    );
    let out = urikit(&["--format", "json", "urn", "--generic", bad], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["canonical"], bad);
    let out = urikit(
        &[
            "--format",
            "json",
            "urn",
            "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        ],
        b"",
    );
    assert_eq!(
        json_lines(&out)[0]["canonical"],
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    );
}

#[test]
fn display_shows_decoded_characters() {
    let out = urikit(
        &["--format", "json", "urn", "urn:example:%D0%B0123%2Cz"],
        b"",
    );
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["display"], &v["name"]),
        (&json!("urn:example:а123%2Cz"), &json!("а123,z"))
    );
}

fn equivalent(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["urn-equivalent"];
    all.extend_from_slice(args);
    let out = urikit(&all, b"");
    (out.status.code(), stdout(&out))
}

#[test]
fn urn_equivalent_draft03_section_5_1() {
    let eq = (Some(0), "equivalent\n".to_owned());
    let different = (Some(1), "different\n".to_owned());
    let d3 = ["--profile", "draft-03"];
    let pairs = [
        ("URN:foo:a123,456", "urn:FOO:a123,456", true, true),
        ("urn:foo:a123,456", "urn:foo:a123,456#xyz", true, true),
        ("urn:foo:a123,456", "urn:foo:a123,456?x=y", true, false),
        ("urn:foo:a123%2C456", "URN:FOO:a123%2c456", true, true),
        ("urn:foo:a123,456", "urn:foo:A123,456", false, false),
        ("urn:foo:a123,456", "urn:foo:a123%2C456", false, false),
    ];
    for (a, b, names, caching) in pairs {
        let got = equivalent(&[d3[0], d3[1], a, b]);
        assert_eq!(
            got,
            if names { eq.clone() } else { different.clone() },
            "names {a} {b}"
        );
        let got = equivalent(&[d3[0], d3[1], "--objective", "caching", a, b]);
        assert_eq!(
            got,
            if caching {
                eq.clone()
            } else {
                different.clone()
            },
            "caching {a} {b}"
        );
    }
    // RFC 8141 (default): r-, q-, f-components do not count.
    assert_eq!(
        equivalent(&["urn:example:a123,z456?+abc", "urn:example:a123,z456#789"]),
        eq
    );
    // Namespace rules add equivalences; --generic turns them off.
    let (u1, u2) = (
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    );
    assert_eq!(equivalent(&[u1, u2]), eq);
    assert_eq!(equivalent(&["--generic", u1, u2]), different);
}

#[test]
fn urn_equivalent_json_and_errors() {
    let out = urikit(
        &[
            "--format",
            "json",
            "urn-equivalent",
            "urn:ex:%2a",
            "URN:EX:%2A",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json_lines(&out)[0],
        json!({"input": "urn:ex:%2a URN:EX:%2A", "valid": true, "a": "urn:ex:%2a", "b": "URN:EX:%2A", "equivalent": true, "canonical_a": "urn:ex:%2A", "canonical_b": "urn:ex:%2A"})
    );
    // An input that is not a URN: reported with a caret under its byte in
    // the pair, exit 1 as for any invalid input.
    let out = urikit(
        &[
            "urn-equivalent",
            "urn:ex:a",
            "urn:ex:a/b",
            "--profile",
            "draft-04",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(
        err.contains("error: at byte 17: expected")
            && err.contains("  urn:ex:a urn:ex:a/b\n                   ^\n"),
        "{err}"
    );
    let out = urikit(
        &["--format", "json", "urn-equivalent", "urn:ex:a", "http://x"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["input"], &v["valid"]),
        (&json!("urn:ex:a http://x"), &json!(false))
    );
    assert_eq!(
        (&v["error"]["kind"], &v["error"]["index"]),
        (&json!("not_urn"), &json!(9))
    );
    // Usage errors.
    assert_eq!(
        urikit(&["urn", "--profile", "rfc2141", "urn:ex:a"], b"")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        urikit(&["urn-equivalent", "urn:ex:a"], b"").status.code(),
        Some(2)
    );
}
