//! `urikit resolve` and `urikit relativize`, run as a user would: the built
//! binary, its stdout, stderr and exit status.

mod common;

use common::{json_lines, stderr, stdout, urikit};

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolve_text_prints_one_target_a_line() {
    let o = urikit(
        &["resolve", "--base", BASE, "g", "../../../g", "?y", "#s", ""],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://a/b/c/g\nhttp://a/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn resolve_json_has_input_base_target() {
    let o = urikit(
        &["--format", "json", "resolve", "--base", BASE, "g;x?y#s"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json_lines(&o);
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0],
        serde_json::json!({"input": "g;x?y#s", "valid": true, "base": BASE, "target": "http://a/b/c/g;x?y#s"})
    );
    // Key order as documented: the envelope first.
    assert!(stdout(&o).starts_with(r#"{"input":"g;x?y#s","valid":true,"base":"#));
}

#[test]
fn resolve_invalid_reference_is_reported_and_the_rest_go_on() {
    let o = urikit(
        &["resolve", "--format", "json", "--base", BASE, "a b", "g"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 2);
    assert_eq!(
        (&v[0]["input"], &v[0]["valid"]),
        (&serde_json::json!("a b"), &serde_json::json!(false))
    );
    assert_eq!(v[0]["error"]["kind"], "unexpected_char_in_path");
    assert_eq!(v[0]["error"]["index"], 1);
    assert!(v[0]["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("at byte 1")));
    assert!(v[0].get("target").is_none());
    // The failure is the one envelope of every command: no base.
    let mut keys: Vec<&String> = v[0].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["error", "input", "valid"]);
    assert_eq!(v[1]["target"], "http://a/b/c/g");

    let o = urikit(&["resolve", "--base", BASE, "a b", "g"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://a/b/c/g\n");
    assert!(stderr(&o).contains("  a b\n   ^\n"), "{}", stderr(&o));
}

#[test]
fn resolve_reads_stdin_without_arguments() {
    let o = urikit(&["resolve", "--base", BASE], b"g\r\n..\n\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "http://a/b/c/g\nhttp://a/b/\nhttp://a/b/c/d;p?q\n"
    );
}

#[test]
fn resolve_profiles_and_strictness() {
    let run = |extra: &[&str], r: &str| {
        let mut args = vec!["resolve", "--base", BASE];
        args.extend_from_slice(extra);
        args.push(r);
        let o = urikit(&args, b"");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o).trim_end().to_string()
    };
    assert_eq!(run(&[], "http:g"), "http:g");
    assert_eq!(run(&["--non-strict"], "http:g"), "http://a/b/c/g");
    assert_eq!(run(&["--profile", "rfc3986"], "../../../g"), "http://a/g");
    assert_eq!(
        run(&["--profile", "draft-2003"], "../../../g"),
        "http://a/../g"
    );
    assert_eq!(run(&["--profile", "draft-2003"], "/./g"), "http://a/./g");
    assert_eq!(run(&["--profile", "draft-1997"], "?y"), "http://a/b/c/?y");
    assert_eq!(
        run(&["--profile", "draft-1997"], "g?y/../x"),
        "http://a/b/c/x"
    );
    assert_eq!(
        run(&["--profile", "draft-2003", "--non-strict"], "http:g"),
        "http://a/b/c/g"
    );
    let o = urikit(
        &["resolve", "--base", BASE, "--profile", "draft-1998", "g"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn resolve_reject_underflow_is_an_error_with_its_index() {
    let o = urikit(
        &[
            "--format",
            "json",
            "resolve",
            "--reject-underflow",
            "--base",
            BASE,
            "../../../g",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v[0]["error"]["kind"], "path_underflow");
    assert_eq!(v[0]["error"]["index"], 6);
}

#[test]
fn a_bad_base_is_a_usage_error() {
    for base in ["/relative/path", "g", "http://a b/", ""] {
        let o = urikit(&["resolve", "--base", base, "g"], b"");
        assert_eq!(o.status.code(), Some(2), "{base:?}");
        assert_eq!(stdout(&o), "");
        assert!(stderr(&o).starts_with("urikit: --base"), "{}", stderr(&o));
        let o = urikit(&["relativize", "--base", base, "http://a/g"], b"");
        assert_eq!(o.status.code(), Some(2), "{base:?}");
    }
    let o = urikit(&["resolve", "--base", "/relative/path", "g"], b"");
    assert!(stderr(&o).contains("relative reference"), "{}", stderr(&o));
    let o = urikit(&["resolve", "--base", "http://a b/", "g"], b"");
    assert!(stderr(&o).contains("at byte 8"), "{}", stderr(&o));
    // A missing --base is clap's usage error.
    let o = urikit(&["resolve", "g"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A base fragment is allowed and ignored.
    let o = urikit(&["resolve", "--base", "http://a/b#frag", "c"], b"");
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "http://a/c\n")
    );
}

#[test]
fn relativize_text_and_json() {
    let o = urikit(
        &[
            "relativize",
            "--base",
            BASE,
            "http://a/b/c/g",
            "http://a/b/c/d;p?q#s",
            "ftp://x/y",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "g\n#s\nftp://x/y\n");

    let o = urikit(
        &["--format", "json", "relativize", "--base", BASE],
        b"http://a/g\n",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        json_lines(&o),
        [serde_json::json!({"input": "http://a/g", "valid": true, "base": BASE, "relative": "/g"})]
    );
}

#[test]
fn relativize_errors() {
    let o = urikit(
        &[
            "--format",
            "json",
            "relativize",
            "--base",
            BASE,
            "g",
            "http://x/./y",
            "http://a/b/c/g",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    // A relative target is not a URI.
    assert_eq!(v[0]["error"]["kind"], "missing_scheme");
    // No reference resolves to a path with dot segments.
    assert_eq!(v[1]["error"]["kind"], "unreachable_target");
    assert_eq!(v[1]["error"]["index"], 9);
    assert_eq!(v[2]["relative"], "g");
}

#[test]
fn relativize_then_resolve_round_trips_through_the_cli() {
    let targets = [
        "http://a/b/c/g?y",
        "http://a/",
        "http://a/b/c/x:y",
        "http://a/b/c//z",
        "http://a",
        "http:g",
    ];
    let mut args = vec!["relativize", "--base", BASE];
    args.extend_from_slice(&targets);
    let o = urikit(&args, b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let rels: Vec<&str> = text.lines().collect();
    assert_eq!(rels, ["g?y", "/", "./x:y", ".//z", "//a", "http:g"]);
    let mut args = vec!["resolve", "--base", BASE];
    args.extend_from_slice(&rels);
    let o = urikit(&args, b"");
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), targets);
}
