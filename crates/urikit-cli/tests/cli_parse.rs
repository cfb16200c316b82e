//! `urikit parse` and the conventions every subcommand shares: inputs from
//! arguments or stdin lines, `--format json` lines, exit codes, carets.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{json_lines, urikit};
use serde_json::Value;

#[test]
fn json_gives_raw_components_with_absent_as_null() {
    let out = urikit(
        &[
            "parse",
            "--format",
            "json",
            "foo://u@example.com:8042/over/there?name=ferret#nose",
            "foo:",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["scheme"], "foo");
    assert_eq!(v[0]["authority"], "u@example.com:8042");
    assert_eq!(v[0]["userinfo"], "u");
    assert_eq!(v[0]["host"], "example.com");
    assert_eq!(v[0]["host_type"], "reg-name");
    assert_eq!(v[0]["port"], "8042");
    assert_eq!(v[0]["path"], "/over/there");
    assert_eq!(v[0]["query"], "name=ferret");
    assert_eq!(v[0]["fragment"], "nose");
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[1]["authority"], Value::Null);
    assert_eq!(v[1]["host_type"], Value::Null);
    assert_eq!(v[1]["path"], "");
    assert_eq!(v[1]["query"], Value::Null);
}

#[test]
fn host_types() {
    let out = urikit(
        &["parse", "--format", "json"],
        b"//1.2.3.4\n//[::1]\n//[v1.x]\n//01.2.3.4\n//\n",
    );
    let types: Vec<Value> = json_lines(&out)
        .iter()
        .map(|v| v["host_type"].clone())
        .collect();
    assert_eq!(types, ["ipv4", "ipv6", "ipvfuture", "reg-name", "reg-name"]);
}

#[test]
fn stdin_lines_crlf_and_empty_lines() {
    let out = urikit(&["parse", "--format", "json"], b"http://a/\r\n\nfoo:?\n");
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["input"], "http://a/");
    assert_eq!(v[1]["input"], "");
    assert_eq!(v[1]["valid"], true);
    assert_eq!(v[2]["query"], "");
}

#[test]
fn invalid_inputs_are_reported_and_the_rest_processed() {
    let out = urikit(
        &["parse", "--format", "json"],
        b"http://a b/\nhttp://ok/\n%zz\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["error"]["kind"], "unexpected_char_in_authority");
    assert_eq!(v[0]["error"]["index"], 8);
    assert!(v[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("expected"));
    assert_eq!(v[1]["valid"], true);
    assert_eq!(v[2]["error"]["kind"], "invalid_percent_encoding");
    assert_eq!(v[2]["error"]["index"], 0);
}

#[test]
fn text_output_has_a_caret_under_the_bad_byte() {
    let out = urikit(&["parse", "http://h/a b", "http://ok/"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("error: at byte 10: expected a path character"),
        "{err}"
    );
    assert_eq!(lines[1], "  http://h/a b");
    assert_eq!(lines[2], "            ^");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("input:     http://ok/"), "{text}");
    assert!(text.contains("host:      ok (reg-name)"), "{text}");
    assert!(text.contains("query:     (absent)"), "{text}");
}

#[test]
fn a_line_that_is_not_utf8_is_reported() {
    let out = urikit(
        &["parse", "--format", "json"],
        b"http://a/\xff\nhttp://b/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["error"]["kind"], "invalid_utf8");
    assert_eq!(v[0]["error"]["index"], 9);
    assert_eq!(v[1]["valid"], true);
}

#[test]
fn usage_errors_exit_2() {
    let out = urikit(&["parse", "--format", "yaml", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = urikit(&["no-such-command"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_closed_stdout_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(["parse", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urikit");
    drop(child.stdout.take()); // the reader goes away
    let input = "http://example.com/a/b?c#d\n".repeat(200_000);
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("wait");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `parse --whatwg`: the standard's components, validation errors, the URL
/// as an RFC 3986 URI and the differences; failures named as the standard
/// names them, exit 1.
#[test]
fn whatwg_reading() {
    let out = urikit(
        &[
            "parse",
            "--whatwg",
            "--format",
            "json",
            "HTTP://0x7f.1:80/a/../b|c",
            "http://a b/",
            "http:evil.example/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[0]["href"], "http://127.0.0.1/b|c");
    assert_eq!(v[0]["host_type"], "ipv4");
    assert_eq!(v[0]["pathname"], "/b|c");
    assert_eq!(v[0]["origin"], "http://127.0.0.1");
    assert_eq!(v[0]["rfc3986"], "http://127.0.0.1/b%7Cc");
    assert_eq!(v[0]["violations"][0]["kind"], "IPv4-non-decimal-part");
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[1]["error"]["kind"], "domain-invalid-code-point");
    assert_eq!(v[1]["error"]["index"], 8);
    let diffs: Vec<_> = v[2]["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["component"].as_str().unwrap())
        .collect();
    assert_eq!(diffs, ["host", "path"]);
    assert_eq!(v[2]["differences"][0]["rfc3986"], Value::Null);
    assert_eq!(v[2]["differences"][0]["whatwg"], "evil.example");
    let text = urikit(&["parse", "--whatwg", "https://EXAMPLE.com/"], b"");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("href:          https://example.com/\n"),
        "{text}"
    );
    assert_eq!(v[0]["rfc3986_error"]["kind"], "unexpected_char_in_path");
    assert_eq!(v[2]["rfc3986_error"], Value::Null);
}
