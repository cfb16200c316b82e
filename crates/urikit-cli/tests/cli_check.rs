//! `urikit check` (and the colored `urikit parse` text) end to end.

mod common;

use std::process::{Command, Stdio};

use common::{json_lines, urikit, urikit_env};
use serde_json::Value;

/// `check --format json` on each input: the JSON lines and the exit code.
fn check_json(inputs: &[&str], extra: &[&str]) -> (Vec<Value>, i32) {
    let mut args = vec!["check", "--format", "json"];
    args.extend_from_slice(extra);
    args.extend_from_slice(inputs);
    let out = urikit(&args, b"");
    (json_lines(&out), out.status.code().expect("exit code"))
}

fn codes(v: &Value) -> Vec<&str> {
    v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["code"].as_str().expect("code"))
        .collect()
}

#[test]
fn plain_uri_has_no_finding_and_exits_0() {
    let (lines, code) = check_json(&["https://example.com/"], &[]);
    assert_eq!(code, 0);
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "https://example.com/", "valid": true, "findings": []})
    );
}

#[test]
fn the_json_shape_of_a_finding() {
    let s = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    let (lines, code) = check_json(&[s], &[]);
    assert_eq!(code, 1);
    assert_eq!(
        codes(&lines[0]),
        [
            "userinfo_present",
            "userinfo_looks_like_host",
            "private_address"
        ]
    );
    let f = &lines[0]["findings"][1];
    let keys: Vec<&str> = f.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(keys, ["code", "severity", "message", "start", "end"]);
    assert_eq!(f["severity"], "danger");
    assert_eq!(
        (f["start"].as_u64(), f["end"].as_u64()),
        (Some(7), Some(42))
    );
    assert!(f["message"].as_str().unwrap().contains("10.0.0.1"));
}

#[test]
fn exit_status_follows_the_worst_finding() {
    // Info only: exit 0.
    let (lines, code) = check_json(&["ssh://git@github.com/org/repo.git"], &[]);
    assert_eq!((codes(&lines[0]), code), (vec!["userinfo_present"], 0));
    let (_, code) = check_json(&["https://example.com:8443/"], &[]);
    assert_eq!(code, 0);
    // A warning: exit 1.
    let (lines, code) = check_json(&["http://example.com:443/"], &[]);
    assert_eq!((codes(&lines[0]), code), (vec!["non_default_low_port"], 1));
    // --fail-on moves the threshold.
    let (_, code) = check_json(&["http://example.com:443/"], &["--fail-on", "danger"]);
    assert_eq!(code, 0);
    let (_, code) = check_json(&["ssh://git@github.com/"], &["--fail-on", "info"]);
    assert_eq!(code, 1);
    let (_, code) = check_json(&["gopher://h:25/"], &["--fail-on", "never"]);
    assert_eq!(code, 0);
    // One bad input among good ones: every input reported, exit 1.
    let (lines, code) = check_json(
        &[
            "https://example.com/",
            "http://0x7f.1/",
            "https://example.org/",
        ],
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        codes(&lines[1]),
        ["rare_ipv4_form", "loopback_address", "browser_host_differs"]
    );
    assert!(codes(&lines[2]).is_empty());
}

#[test]
fn each_family_through_the_cli() {
    let cases: &[(&str, &str)] = &[
        ("http://2130706433/", "rare_ipv4_form"),
        ("http://[::ffff:127.0.0.1]/", "ipv4_mapped_ipv6"),
        ("http://[::127.0.0.1]/", "ipv4_compatible_ipv6"),
        (
            "http://169.254.169.254/latest/meta-data/",
            "link_local_address",
        ),
        (
            "ftp://admin:hunter2@ftp.example.com/",
            "password_in_userinfo",
        ),
        ("http://evil%2Eexample/", "encoded_delimiter_in_host"),
        ("gopher://mail.example.com:25/", "other_protocol_port"),
        (
            "http://example.com/%0D%0ASet-Cookie:%20a=b",
            "encoded_newline",
        ),
        ("file:///etc/passwd%00.png", "encoded_nul"),
        ("http://good.example＠evil.example/", "lookalike_character"),
        ("http://good.example\\@evil.example/", "backslash_authority"),
    ];
    for (input, code) in cases {
        let (lines, status) = check_json(&[input], &[]);
        assert!(
            codes(&lines[0]).contains(code),
            "{input}: {:?}",
            codes(&lines[0])
        );
        assert_eq!(status, 1, "{input}");
    }
}

#[test]
fn invalid_input_has_error_and_lenient_findings() {
    let (lines, code) = check_json(&["https:\\\\evil.example\\good.example/"], &[]);
    assert_eq!(code, 1);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["error"]["kind"], "unexpected_char_in_path");
    assert_eq!(
        codes(&lines[0]),
        [
            "browser_repairs",
            "backslash_authority",
            "backslash_authority"
        ]
    );
}

#[test]
fn reads_stdin_lines() {
    let out = urikit(
        &["check", "--format", "json"],
        b"https://example.com/\r\nhttp://user:pw@example.com/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(codes(&lines[0]).is_empty());
    assert_eq!(
        codes(&lines[1]),
        ["userinfo_present", "password_in_userinfo"]
    );
}

#[test]
fn text_output_is_plain_when_not_a_terminal() {
    let out = urikit(&["check", "http://u:p@example.com:6667/"], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'), "{text:?}");
    assert!(text.starts_with("http://u:p@example.com:6667/\n"), "{text}");
    assert!(
        text.contains("danger  other_protocol_port [23..27]: the port 6667 is irc's"),
        "{text}"
    );
    let out = urikit(&["check", "https://example.com/"], b"");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "https://example.com/\n  ok: no findings\n\n"
    );
}

#[test]
fn text_output_colors_userinfo_host_port_when_forced() {
    let out = urikit_env(
        &["check", "http://www.example.com@10.0.0.1:8080/"],
        &[("CLICOLOR_FORCE", "1")],
        b"",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "http://\x1b[1;31mwww.example.com\x1b[0m@\x1b[1;36m10.0.0.1\x1b[0m:\x1b[33m8080\x1b[0m/"
    );
    // NO_COLOR alone, on a pipe: no color.
    let out = urikit_env(&["check", "http://u@h/"], &[("NO_COLOR", "1")], b"");
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\x1b'));
    // JSON never has color.
    let out = urikit_env(
        &["check", "--format", "json", "http://u@h/"],
        &[("CLICOLOR_FORCE", "1")],
        b"",
    );
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\x1b'));
}

#[test]
fn parse_text_colors_the_input_when_forced_only() {
    let out = urikit_env(
        &["parse", "ftp://anonymous@ftp.example.com:2121/"],
        &[("CLICOLOR_FORCE", "1")],
        b"",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("input:     ftp://\x1b[1;31manonymous\x1b[0m@\x1b[1;36mftp.example.com\x1b[0m:\x1b[33m2121\x1b[0m/\n"),
        "{text:?}"
    );
    let out = urikit(&["parse", "ftp://anonymous@ftp.example.com:2121/"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("input:     ftp://anonymous@ftp.example.com:2121/\n"),
        "{text:?}"
    );
}

#[test]
fn terminal_escapes_in_input_are_not_replayed() {
    let out = urikit_env(
        &["check", "http://example.com/\x1b[2J\x1b]0;owned\x07"],
        &[("CLICOLOR_FORCE", "1")],
        b"",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.contains("\x1b[2J") && !text.contains('\x07'),
        "{text:?}"
    );
    assert!(text.contains("raw_control"), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("\x1b[2J"), "{err:?}");
}

#[test]
fn usage_error_exits_2() {
    let out = urikit(&["check", "--fail-on", "sometimes", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// On a real terminal (a pseudo-terminal from util-linux `script`), color
/// comes without being forced, in `check` and in `parse`.
#[test]
fn a_real_terminal_gets_color() {
    let bin = env!("CARGO_BIN_EXE_urikit");
    for sub in ["check", "parse"] {
        let out = Command::new("script")
            .args(["-qec", &format!("{bin} {sub} http://u@h:1/"), "/dev/null"])
            .env_remove("CLICOLOR_FORCE")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .expect("util-linux `script` runs the CLI on a pseudo-terminal");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("http://\x1b[1;31mu\x1b[0m@\x1b[1;36mh\x1b[0m:\x1b[33m1\x1b[0m/"),
            "{sub}: {text:?}"
        );
        let out = Command::new("script")
            .args(["-qec", &format!("{bin} {sub} http://u@h:1/"), "/dev/null"])
            .env("NO_COLOR", "1")
            .env_remove("CLICOLOR_FORCE")
            .stdin(Stdio::null())
            .output()
            .expect("script");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("http://u@h:1/") && !text.contains("\x1b[1;31m"),
            "{sub}: {text:?}"
        );
    }
}

/// The parser differential: where browsers take the input apart otherwise,
/// with both readings in the message.
#[test]
fn browser_reading_differs() {
    let (lines, code) = check_json(
        &[
            "http://0x7f.1/",
            "http:evil.example/x",
            "https://example.com/",
        ],
        &[],
    );
    assert_eq!(code, 1);
    assert!(codes(&lines[0]).contains(&"browser_host_differs"));
    let f = lines[1]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "browser_host_differs")
        .expect("browser_host_differs");
    assert_eq!(f["severity"], "danger");
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("RFC 3986 reads none") && message.contains("\"evil.example\""),
        "{message}"
    );
    assert!(codes(&lines[2]).is_empty());
}
