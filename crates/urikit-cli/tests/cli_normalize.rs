//! `urikit normalize`, `urikit equivalent`, `urikit encode`, `urikit decode`.

mod common;

use common::{json_lines, stdout, urikit};

#[test]
fn normalize_text_and_levels() {
    let out = urikit(&["normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "example://a/b/c/%7Bfoo%7D\n");

    let out = urikit(&["normalize", "http://example.com:80"], b"");
    assert_eq!(stdout(&out), "http://example.com:80\n");
    let out = urikit(
        &["normalize", "--level", "scheme", "http://example.com:80"],
        b"",
    );
    assert_eq!(stdout(&out), "http://example.com/\n");

    let out = urikit(
        &[
            "normalize",
            "--level",
            "scheme",
            "--drop-fragment",
            "--sort-query",
            "--remove-trailing-host-dot",
            "HTTP://Example.COM.:0080?b=1&a=2#x",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "http://example.com/?a=2&b=1\n");
}

#[test]
fn normalize_reads_stdin_and_reports_errors() {
    let out = urikit(
        &["normalize", "--format", "json"],
        b"HTTP://A/%7e\nhttp://a b/\n./a/../b:c\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["input"], "HTTP://A/%7e");
    assert_eq!(v[0]["normalized"], "http://a/~");
    assert_eq!(v[1]["input"], "http://a b/");
    assert_eq!(v[1]["error"]["kind"], "unexpected_char_in_authority");
    assert_eq!(v[1]["error"]["index"], 8);
    assert!(v[1].get("normalized").is_none());
    assert_eq!(v[2]["normalized"], "./b:c");

    let out = urikit(&["normalize", "http://a b/"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("http://a b/") && err.contains('^'), "{err}");
}

#[test]
fn equivalent_prints_and_exits() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        for b in forms {
            let out = urikit(&["equivalent", "--level", "scheme", a, b], b"");
            assert_eq!(stdout(&out), "equivalent\n", "{a} {b}");
            assert_eq!(out.status.code(), Some(0));
        }
    }
    let out = urikit(
        &["equivalent", "http://example.com", "http://example.com:80/"],
        b"",
    );
    assert_eq!(stdout(&out), "different\n");
    assert_eq!(out.status.code(), Some(1));

    let out = urikit(
        &["equivalent", "--level", "string", "http://A", "http://a"],
        b"",
    );
    assert_eq!(stdout(&out), "different\n");
    let out = urikit(
        &["equivalent", "--level", "syntax", "http://A", "http://a"],
        b"",
    );
    assert_eq!(stdout(&out), "equivalent\n");

    let out = urikit(
        &[
            "equivalent",
            "--format",
            "json",
            "--level",
            "scheme",
            "HTTP://h:80",
            "http://h/",
        ],
        b"",
    );
    let v = json_lines(&out);
    assert_eq!(v[0]["equivalent"], true);
    assert_eq!(v[0]["level"], "scheme");
    assert_eq!(v[0]["a_normalized"], "http://h/");

    // An invalid input is reported (exit 1), pointed at in the pair.
    let out = urikit(&["equivalent", "http://a", "http://a b"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("error: at byte 17: expected a userinfo or host character (unreserved, sub-delims, \":\", \"%XX\"), or \"/\", \"?\", \"#\" to end the authority\n  http://a http://a b\n                   ^\n"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn encode_per_component() {
    let cases = [
        ("segment", "a/b c?", "a%2Fb%20c%3F"),
        ("path", "/a/b c?", "/a/b%20c%3F"),
        ("query", "a=b&c d", "a=b&c%20d"),
        ("query-param", "a=b&c+d", "a%3Db%26c%2Bd"),
        ("userinfo", "us er:pw@x", "us%20er:pw%40x"),
        ("host", "ex ample:1", "ex%20ample%3A1"),
        ("fragment", "f#g 100%", "f%23g%20100%25"),
    ];
    for (component, text, expected) in cases {
        let out = urikit(&["encode", "--component", component, text], b"");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), format!("{expected}\n"), "{component}");
    }
    let out = urikit(
        &["encode", "-c", "path", "--preserve", "/caf%C3%A9 50%"],
        b"",
    );
    assert_eq!(stdout(&out), "/caf%C3%A9%2050%25\n");
    let out = urikit(&["encode", "-c", "query", "--form", "a b+c"], b"");
    assert_eq!(stdout(&out), "a+b%2Bc\n");
    let out = urikit(
        &["encode", "-c", "segment", "--format", "json"],
        "é/\n".as_bytes(),
    );
    let v = json_lines(&out);
    assert_eq!(v[0]["encoded"], "%C3%A9%2F");
    assert_eq!(v[0]["component"], "segment");
}

#[test]
fn decode_checks_utf8() {
    let out = urikit(&["decode", "caf%C3%A9", "a%2Fb"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "café\na/b\n");
    let out = urikit(&["decode", "--form", "a+b%2B"], b"");
    assert_eq!(stdout(&out), "a b+\n");

    let out = urikit(&["decode", "--format", "json", "ab%FFc"], b"");
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["kind"], "invalid_utf8");
    assert_eq!(v[0]["error"]["index"], 2);
    assert_eq!(v[0]["decoded"], "ab\u{FFFD}c");
}

#[test]
fn encode_then_decode_round_trips() {
    let text = "a/b?c#d e%f=g&h+é";
    for component in [
        "userinfo",
        "host",
        "path",
        "segment",
        "query",
        "query-param",
        "fragment",
    ] {
        let enc = urikit(&["encode", "-c", component, text], b"");
        let encoded = stdout(&enc);
        let dec = urikit(&["decode", encoded.trim_end()], b"");
        assert_eq!(stdout(&dec), format!("{text}\n"), "{component}");
    }
}
