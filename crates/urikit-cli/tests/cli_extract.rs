//! `urikit extract`, `urikit fixup` and `urikit base`, run as a user would:
//! the built binary, its stdout, stderr and exit status.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::{json_lines, stderr, stdout};
use serde_json::{json, Value};

/// Runs `urikit args` with `stdin` (text) as its standard input.
fn urikit(args: &[&str], stdin: &str) -> Output {
    common::urikit(args, stdin.as_bytes())
}

/// A file under the target directory with `content`, unique per test.
fn temp_file(name: &str, content: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_extract");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let p = dir.join(name);
    std::fs::write(&p, content).expect("write tmp file");
    p
}

const APPENDIX_E_1997: &str = "   Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\",\n   \
    but you can probably pick it up from <ftp://ds.internic.\n   \
    net/rfc/>.  Note the warning in <http://ds.internic.net/\n   \
    instructions/overview.html#WARNING>.\n";

const APPENDIX_D: &str = r#"<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
"#;

#[test]
fn extract_text_from_stdin() {
    let o = urikit(&["extract"], APPENDIX_E_1997);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://www.w3.org/pub/WWW/\nftp://ds.internic.net/rfc/\nhttp://ds.internic.net/instructions/overview.html#WARNING\n"
    );
}

#[test]
fn extract_json_has_positions_and_resolution() {
    let o = urikit(
        &["--format", "json", "extract"],
        "see http://a.example/x/../y, and\r\n<URL:http://b.example/>",
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json_lines(&o);
    assert_eq!(v.len(), 2);
    // Each URI found is an input of the envelope (always valid).
    assert_eq!(v[0]["input"], "http://a.example/x/../y");
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[0]["resolved"], Value::Null);
    assert_eq!(
        (v[0]["start"].clone(), v[0]["end"].clone()),
        (json!(4), json!(27))
    );
    assert_eq!(
        (v[0]["line"].clone(), v[0]["column"].clone()),
        (json!(1), json!(5))
    );
    assert_eq!(v[1]["input"], "http://b.example/");
    assert_eq!(
        (v[1]["line"].clone(), v[1]["column"].clone()),
        (json!(2), json!(6))
    );
    assert_eq!(v[1]["delimiter"], "angle");
    // With a base, each URI is resolved (here: its dot segments removed).
    let o = urikit(
        &[
            "--format",
            "json",
            "extract",
            "--base",
            "http://base.example/",
        ],
        "http://a.example/x/../y",
    );
    assert_eq!(json_lines(&o)[0]["resolved"], "http://a.example/y");
    let o = urikit(
        &["extract", "--base", "http://base.example/"],
        "http://a.example/x/./y",
    );
    assert_eq!(stdout(&o), "http://a.example/x/y\n");
}

#[test]
fn extract_files_and_abbreviated() {
    let a = temp_file(
        "a.txt",
        b"one http://one.example/ and www.w3.org/Addressing/.\n",
    );
    let b = temp_file("b.txt", b"\xff\xfe not UTF-8 around mailto:x@y.example\n");
    let o = urikit(
        &[
            "--format",
            "json",
            "extract",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        "",
    );
    let v = json_lines(&o);
    let got: Vec<(&str, &str)> = v
        .iter()
        .map(|x| (x["file"].as_str().unwrap(), x["input"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (a.to_str().unwrap(), "http://one.example/"),
            (b.to_str().unwrap(), "mailto:x@y.example")
        ]
    );
    let o = urikit(&["extract", "--abbreviated", a.to_str().unwrap()], "");
    assert_eq!(
        stdout(&o),
        "http://one.example/\nhttp://www.w3.org/Addressing/\n"
    );
    // A missing file is an I/O error: exit 2.
    let o = urikit(&["extract", "/nonexistent/file.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot open"), "{}", stderr(&o));
    // A relative --base is a usage error.
    let o = urikit(&["extract", "--base", "../rel"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn extract_with_scheme_rules() {
    let text = "get ftp://h.example/a;type=x or ftp://h.example/b;type=i";
    let o = urikit(&["extract"], text);
    assert_eq!(stdout(&o).lines().count(), 2);
    let o = urikit(&["extract", "--scheme-rules"], text);
    assert_eq!(stdout(&o), "ftp://h.example/b;type=i\n");
}

#[test]
fn extract_text_without_uris() {
    let o = urikit(&["extract"], "a:b is a ratio, we meet at 10:30.\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
}

#[test]
fn extract_html_appendix_d() {
    let o = urikit(&["extract", "--html"], APPENDIX_D);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://www.ics.uci.edu/Test/a/b/c\nhttp://www.ics.uci.edu/Test/a/x\n"
    );
    let f = temp_file("d.html", APPENDIX_D.as_bytes());
    let o = urikit(
        &[
            "--format",
            "json",
            "extract",
            "--html",
            "--base",
            "http://elsewhere.example/",
            f.to_str().unwrap(),
        ],
        "",
    );
    let v = json_lines(&o);
    assert_eq!(
        (&v[1]["input"], &v[1]["valid"]),
        (&json!("../x"), &json!(true))
    );
    assert_eq!(v[1]["resolved"], "http://www.ics.uci.edu/Test/a/x");
    assert_eq!(v[1]["element"], "a");
    assert_eq!(
        (v[1]["line"].clone(), v[1]["column"].clone()),
        (json!(6), json!(14))
    );
}

#[test]
fn extract_html_reports_bad_links() {
    let html = r#"<a href="ok.html">1</a><a href="bad link">2</a>"#;
    let o = urikit(
        &["extract", "--html", "--base", "http://h.example/d/"],
        html,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://h.example/d/ok.html\n");
    assert!(stderr(&o).contains("<a href>"), "{}", stderr(&o));
    let o = urikit(&["--format", "json", "extract", "--html"], html);
    let v = json_lines(&o);
    assert_eq!(
        (&v[0]["input"], &v[0]["valid"]),
        (&json!("ok.html"), &json!(false))
    );
    assert_eq!(v[0]["error"]["kind"], "no_base");
    assert_eq!(v[1]["error"]["kind"], "unexpected_char_in_path");
    assert_eq!(v[1]["error"]["index"], 3);
}

#[test]
fn fixup_completes_or_refuses() {
    let o = urikit(
        &[
            "fixup",
            "www.w3.org/Addressing/",
            "ftp.example.org/pub",
            "example.com",
            "localhost:8080/x",
            "user@example.com",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://www.w3.org/Addressing/\nftp://ftp.example.org/pub\nhttp://example.com\nhttp://localhost:8080/x\nmailto:user@example.com\n"
    );
    let o = urikit(&["--format", "json", "fixup"], "www.example.org\n10:30\n");
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(
        v[0],
        json!({"input": "www.example.org", "valid": true, "uri": "http://www.example.org", "rule": "http"})
    );
    assert_eq!(
        (&v[1]["input"], &v[1]["valid"]),
        (&json!("10:30"), &json!(false))
    );
    assert!(v[1].get("uri").is_none());
    assert_eq!(v[1]["error"]["kind"], "single_label_host");
    let o = urikit(&["fixup", "a:b"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("  a:b\n    ^"), "{}", stderr(&o));
}

#[test]
fn base_layers_and_precedence() {
    let o = urikit(
        &[
            "base",
            "--retrieval-uri",
            "http://a.example/1",
            "--retrieval-uri",
            "http://b.example/2/3",
        ],
        "",
    );
    assert_eq!(stdout(&o), "http://b.example/2/3\n");
    let o = urikit(
        &[
            "--format",
            "json",
            "base",
            "--retrieval-uri",
            "http://b.example/2/3",
            "--header",
            "Content-Location: ../loc",
            "--header",
            "Content-Type: text/html",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        json_lines(&o)[0],
        json!({"input": null, "valid": true, "base": "http://b.example/loc", "layer": "content_location", "section": "5.1.2", "skipped": []})
    );
    assert!(stderr(&o).contains("ignored"));
    let o = urikit(
        &[
            "base",
            "--header",
            "Content-Base: http://www.ics.uci.edu/Test/a/b/c",
            "--header",
            "Content-Location: http://x.example/",
        ],
        "",
    );
    assert_eq!(stdout(&o), "http://www.ics.uci.edu/Test/a/b/c\n");
    // The embedded base wins; "-" reads the HTML from stdin.
    let o = urikit(
        &[
            "base",
            "--retrieval-uri",
            "http://r.example/",
            "--html",
            "-",
        ],
        APPENDIX_D,
    );
    assert_eq!(stdout(&o), "http://www.ics.uci.edu/Test/a/b/c\n");
    // The default is the last resort.
    let o = urikit(&["base", "--default", "file:///home/me/"], "");
    assert_eq!(stdout(&o), "file:///home/me/\n");
}

#[test]
fn base_problems() {
    let o = urikit(&["base", "--header", "Content-Location: rel"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("error: no base URI established"));
    let o = urikit(&["--format", "json", "base"], "");
    assert_eq!(o.status.code(), Some(1));
    let v = &json_lines(&o)[0];
    assert_eq!((&v["valid"], &v["base"]), (&json!(false), &Value::Null));
    assert_eq!(v["error"]["kind"], "no_base");
    let o = urikit(
        &[
            "--format",
            "json",
            "base",
            "--retrieval-uri",
            "http://ok.example/",
            "--header",
            "Content-Base: http://bad%host/",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    let v = &json_lines(&o)[0];
    // A base, but a layer skipped: valid, exit status 1 all the same.
    assert_eq!(
        (&v["valid"], &v["base"]),
        (&json!(true), &json!("http://ok.example/"))
    );
    assert_eq!(v["skipped"][0]["layer"], "content_base");
    assert_eq!(v["skipped"][0]["error"]["index"], 10);
    let o = urikit(&["base", "--header", "no colon"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // 5 MiB, above the progress bar's threshold: stderr (a pipe here) stays
    // empty and stdout has every URI.
    let line = "words http://x.example/p and more words to fill the line.....\n";
    let big = line.repeat((5 << 20) / line.len() + 1);
    let f = temp_file("big.txt", big.as_bytes());
    let o = urikit(&["extract", f.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
    assert_eq!(stdout(&o).lines().count(), big.lines().count());
}
