//! What every per-input subcommand shares through the stream driver and the
//! reporters: the JSON envelope (`input`, `valid`, then the result's keys or
//! `error: {kind, index, message}`), a line that is not UTF-8 reported in its
//! place (also with `--jobs 2`, and when stdout and stderr are one file), and
//! the exit status.

mod common;

use common::{json_lines, urikit, urikit_one_file};
use serde_json::{json, Value};

/// Each per-input subcommand (with its options), a valid line and an
/// invalid one.
const COMMANDS: &[(&[&str], &str, &str)] = &[
    (&["parse"], "http://a/b", "http://a b/"),
    (&["normalize"], "HTTP://A/%7e", "http://a b/"),
    (&["check"], "https://example.com/", "http://a b/"),
    (&["urn"], "urn:ex:a", "urn:ex"),
    (&["encode", "-c", "path"], "/a b", ""),
    (&["decode"], "caf%C3%A9", "%FF"),
    (&["fixup"], "www.example.org", "10:30"),
    (&["resolve", "--base", "http://a/b/c"], "../g", "a b"),
    (&["relativize", "--base", "http://a/b/c"], "http://a/g", "g"),
    (&["equivalent"], "http://a http://A/", "http://a"),
    (&["urn-equivalent"], "urn:ex:a URN:EX:a", "urn:ex:a b:c"),
    (&["canon"], "HTTP://h/a/./b", ""),
    (&["surt"], "http://www.archive.org/", ""),
    (&["domain"], "www.example.co.uk", ".example"),
    (&["edit", "-s", "port=1"], "http://h/", "mailto:x"),
    (&["get", "{must:query}"], "http://h/?q", "http://h/"),
];

/// The lines given to each command: valid, not UTF-8, invalid (when the
/// command has invalid input), valid again.
fn lines(good: &str, bad: &str) -> Vec<u8> {
    let mut v = format!("{good}\n").into_bytes();
    v.extend_from_slice(b"http://h/\xff\xfe\n");
    if !bad.is_empty() {
        v.extend_from_slice(format!("{bad}\n").as_bytes());
    }
    v.extend_from_slice(format!("{good}\n").as_bytes());
    v
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn every_per_input_command_writes_the_envelope() {
    for &(cmd, good, bad) in COMMANDS {
        let mut args = vec!["--format", "json"];
        args.extend_from_slice(cmd);
        let out = urikit(&args, &lines(good, bad));
        assert_eq!(out.status.code(), Some(1), "{cmd:?}: a line is invalid");
        let v = json_lines(&out);
        let n = if bad.is_empty() { 3 } else { 4 };
        assert_eq!(v.len(), n, "{cmd:?}: one object per line");
        for (k, o) in v.iter().enumerate() {
            assert_eq!(keys(o)[..2], ["input", "valid"], "{cmd:?} line {k}");
            let valid = o["valid"].as_bool().expect("valid is a boolean");
            match o.get("error") {
                Some(e) => {
                    assert!(!valid, "{cmd:?} line {k}: an error makes it invalid");
                    assert_eq!(keys(o).last(), Some(&"error"), "{cmd:?}: error last");
                    assert_eq!(keys(e)[..3], ["kind", "index", "message"], "{cmd:?}");
                    let index = e["index"].as_u64().expect("index") as usize;
                    let input = o["input"].as_str().expect("input");
                    assert!(index <= input.len(), "{cmd:?}: {index} in {input:?}");
                    let message = e["message"].as_str().expect("message");
                    assert!(!message.is_empty(), "{cmd:?}");
                }
                None => assert!(valid, "{cmd:?} line {k}: invalid without an error"),
            }
        }
        assert_eq!(v[0]["input"], good, "{cmd:?}");
        assert_eq!(v[0]["valid"], true, "{cmd:?}");
        // The line that is not UTF-8, in its place, shown lossy.
        assert_eq!(v[1]["input"], "http://h/\u{fffd}\u{fffd}", "{cmd:?}");
        assert_eq!(
            (
                &v[1]["valid"],
                &v[1]["error"]["kind"],
                &v[1]["error"]["index"]
            ),
            (&json!(false), &json!("invalid_utf8"), &json!(9)),
            "{cmd:?}"
        );
        if !bad.is_empty() {
            assert_eq!(
                (&v[2]["input"], &v[2]["valid"]),
                (&json!(bad), &json!(false))
            );
        }
        assert_eq!(v[n - 1], v[0], "{cmd:?}: the same line, the same object");
    }
}

#[test]
fn text_reports_keep_their_place_when_stdout_and_stderr_are_one_file() {
    for &(cmd, good, bad) in COMMANDS {
        let (text, code) = urikit_one_file(cmd, &lines(good, bad));
        assert_eq!(code, Some(1), "{cmd:?}");
        let utf8 = text
            .find("error: at byte 9: expected UTF-8 text")
            .unwrap_or_else(|| panic!("{cmd:?}: {text}"));
        // What the first good line printed comes before, and the same again
        // after (the last line is the first one again).
        let (before, after) = text.split_at(utf8);
        assert!(!before.is_empty(), "{cmd:?}: {text}");
        assert!(
            after.ends_with(before) || after.contains(before),
            "{cmd:?}: {text}"
        );
        if !bad.is_empty() {
            let caret = after[1..].find("error: ").map(|k| k + 1);
            let caret = caret.unwrap_or_else(|| panic!("{cmd:?}: {text}"));
            assert!(after[caret..].contains(before), "{cmd:?}: {text}");
        }
    }
}

/// About 600 KB (three batches) of mostly valid lines with lines that are not
/// UTF-8 and invalid ones among them.
fn big_input() -> Vec<u8> {
    let mut v = Vec::new();
    for k in 0..14_000 {
        match k % 1000 {
            7 => v.extend_from_slice(format!("http://h/bad path {k}\n").as_bytes()),
            13 => {
                v.extend_from_slice(b"http://h/\xff");
                v.extend_from_slice(format!("{k}\n").as_bytes());
            }
            _ => v.extend_from_slice(format!("https://example.com/{k}\n").as_bytes()),
        }
    }
    v
}

#[test]
fn one_file_order_is_the_input_order_with_jobs() {
    let input = big_input();
    for jobs in ["1", "2"] {
        let (text, code) = urikit_one_file(&["normalize", "--jobs", jobs], &input);
        assert_eq!(code, Some(1));
        // Each report follows the result of the line before it.
        let lines: Vec<&str> = text.lines().collect();
        for (k, line) in lines.iter().enumerate() {
            if line.starts_with("error: at byte 9: expected UTF-8") {
                let n: usize = lines[k + 1]
                    .trim_start()
                    .strip_prefix("http://h/\u{fffd}")
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{}", lines[k + 1]));
                assert_eq!(lines[k - 1], format!("https://example.com/{}", n - 1));
            }
            if line.starts_with("error: at byte 13: expected") {
                assert!(lines[k + 1].starts_with("  http://h/bad path "), "{line}");
            }
        }
        let reports = lines.iter().filter(|l| l.starts_with("error: ")).count();
        assert_eq!(reports, 28, "--jobs {jobs}");
    }
}

#[test]
fn json_order_is_the_input_order_with_jobs() {
    let input = big_input();
    let one = urikit(&["--format", "json", "normalize"], &input);
    let two = urikit(&["--format", "json", "normalize", "--jobs", "2"], &input);
    assert_eq!(one.stdout, two.stdout);
    let v = json_lines(&two);
    assert_eq!(v.len(), 14_000);
    for (k, o) in v.iter().enumerate() {
        let kind = o["error"]["kind"].as_str();
        match k % 1000 {
            7 => assert_eq!(kind, Some("unexpected_char_in_path"), "line {k}"),
            13 => assert_eq!(kind, Some("invalid_utf8"), "line {k}"),
            _ => assert_eq!(o["normalized"], format!("https://example.com/{k}")),
        }
    }
}
