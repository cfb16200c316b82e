//! `urikit parse`'s scheme layer: the `scheme_specific` object of known
//! schemes, warnings for broken scheme rules, and `--scheme-rules`.

mod common;

use common::{json_lines, urikit};
use serde_json::{json, Value};

fn json_of(args: &[&str]) -> (Option<i32>, Vec<Value>) {
    let mut all = vec!["parse", "--format", "json"];
    all.extend_from_slice(args);
    let out = urikit(&all, b"");
    (out.status.code(), json_lines(&out))
}

#[test]
fn ftp_fields_as_the_issue_lists_them() {
    let (code, v) = json_of(&[
        "ftp://foo:@host.com:2121/pub/a%2Fb/file.txt;type=i",
        "ftp://@host.com/",
        "ftp://host.com/",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(
        v[0]["scheme_specific"],
        json!({
            "user": "foo", "password": "", "login_user": "foo", "host": "host.com", "port": 2121,
            "directories": ["pub", "a/b"], "file": "file.txt", "typecode": "i",
        })
    );
    assert_eq!(
        (
            &v[1]["scheme_specific"]["user"],
            &v[1]["scheme_specific"]["password"]
        ),
        (&json!(""), &Value::Null)
    );
    assert_eq!(
        (
            &v[2]["scheme_specific"]["user"],
            &v[2]["scheme_specific"]["login_user"]
        ),
        (&Value::Null, &json!("anonymous"))
    );
    assert!(v.iter().all(|x| x.get("scheme_warnings").is_none()));
}

#[test]
fn every_known_scheme_gets_its_object() {
    let inputs = [
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            "host",
            json!("www.ietf.org"),
        ),
        (
            "wss://example.com/chat?x",
            "resource_name",
            json!("/chat?x"),
        ),
        ("file:///c:/a%20b", "windows_path", json!("c:\\a b")),
        (
            "mailto:joe@example.com?subject=hi%20there",
            "subject",
            json!("hi there"),
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            "target",
            json!("group"),
        ),
        ("news:123@example.com", "name", json!("123@example.com")),
        ("nntp://h/comp.lang.c/42", "article_number", json!(42)),
        (
            "telnet://melvyl.ucop.edu/",
            "host",
            json!("melvyl.ucop.edu"),
        ),
        (
            "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
            "selector",
            json!("0/Weather/California/Los Angeles"),
        ),
        (
            "wais://quake.think.com/wais-discussion-archives?lynch",
            "search",
            json!("lynch"),
        ),
        ("prospero://h/name;k=v", "fields", json!([["k", "v"]])),
        ("afs://cern.ch/a%20b", "path", json!("/a b")),
        ("data:text/plain;base64,SGk=", "data_text", json!("Hi")),
        ("tel:+1-816-555-1212", "digits", json!("+18165551212")),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "scope",
            json!("one"),
        ),
    ];
    let args: Vec<&str> = inputs.iter().map(|(s, _, _)| *s).collect();
    let (code, v) = json_of(&args);
    assert_eq!(code, Some(0));
    for ((input, key, want), got) in inputs.iter().zip(&v) {
        assert_eq!(&got["scheme_specific"][key], want, "{input}");
    }
    // The gopher example's type, as the issue states it.
    assert_eq!(v[8]["scheme_specific"]["item_type"], "0");
}

#[test]
fn unknown_schemes_and_relative_references_have_none() {
    let (code, v) = json_of(&["x-unknown:anything", "../rel", "urn:example:a"]);
    assert_eq!(code, Some(0));
    for x in &v {
        assert_eq!(x["scheme_specific"], Value::Null);
        assert!(x.get("scheme_warnings").is_none());
    }
}

#[test]
fn violations_are_warnings_by_default() {
    let (code, v) = json_of(&[
        "telnet://host/path",
        "http://user@example.com/",
        "imap:no-authority",
    ]);
    assert_eq!(code, Some(0), "a syntactically valid URI stays valid");
    assert_eq!(v[0]["valid"], true);
    assert_eq!(v[0]["scheme_specific"], Value::Null);
    let w = &v[0]["scheme_warnings"][0];
    assert_eq!(
        (&w["kind"], &w["index"]),
        (&json!("unexpected_path"), &json!(14))
    );
    assert!(w["rule"].as_str().unwrap().contains("RFC 4248"));
    // A deprecated form: the fields and a warning.
    assert_eq!(v[1]["scheme_specific"]["host"], "example.com");
    assert_eq!(v[1]["scheme_warnings"][0]["kind"], "deprecated_userinfo");
    // A registry scheme without a view: its structural rule.
    assert_eq!(v[2]["scheme_warnings"][0]["kind"], "missing_authority");
}

#[test]
fn scheme_rules_make_them_errors() {
    let (code, v) = json_of(&[
        "--scheme-rules",
        "telnet://host/path",
        "telnet://host/",
        "http://user@example.com/",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["error"]["kind"], "unexpected_path");
    assert_eq!(v[0]["error"]["index"], 14);
    assert_eq!(v[1]["valid"], true, "the others are still processed");
    assert_eq!(v[1]["scheme_specific"]["host"], "host");
    assert_eq!(v[2]["error"]["kind"], "deprecated_userinfo");

    let (code, _) = json_of(&["--scheme-rules", "telnet://host/", "x-unknown:z"]);
    assert_eq!(code, Some(0));
}

#[test]
fn text_format_shows_fields_warnings_and_errors() {
    let out = urikit(&["parse", "ftp://host.com/pub/f.txt;type=a"], b"");
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("scheme-specific:"), "{stdout}");
    assert!(stdout.contains("  typecode:       a\n"), "{stdout}");
    assert!(stdout.contains("  user:           (absent)\n"), "{stdout}");

    let out = urikit(&["parse", "telnet://h/x"], b"");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("warning: at byte 11: "), "{stderr}");
    assert!(
        stderr.contains("\n  telnet://h/x\n             ^\n"),
        "{stderr}"
    );

    let out = urikit(&["parse", "--scheme-rules"], b"telnet://h/x\ntelnet://h\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: at byte 11: "), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("telnet://h/x"), "{stdout}");
    assert!(stdout.contains("input:     telnet://h\n"), "{stdout}");
}

/// The text report's `scheme-specific:` rows of one input, as (key, value).
fn text_rows(block: &str) -> Vec<(String, String)> {
    let Some((_, rows)) = block.split_once("scheme-specific:\n") else {
        return Vec::new();
    };
    rows.lines()
        .map(|l| {
            // `  key:` padded to 17 columns, a space, the value.
            let (key, _) = l[2..].split_once(':').expect(l);
            assert!(l.starts_with("  ") && key.len() <= 14, "{l:?}");
            assert!(l[3 + key.len()..18].bytes().all(|c| c == b' '), "{l:?}");
            (key.to_owned(), l[18..].to_owned())
        })
        .collect()
}

#[test]
fn json_and_text_show_the_same_fields() {
    let inputs = [
        "http://us%20er@example.com:8080/a?b",
        "https://example.com",
        "ws://h:1/chat?x",
        "ftp://foo:@host.com:2121/pub/a%2Fb/file.txt;type=i",
        "file:///c:/a%20b",
        "file://server/share/x%22y",
        "mailto:a@example.com,b@example.com?subject=%22hi%22&x-h=v%5Cw",
        "news:comp.lang.*",
        "news:*",
        "nntp://h/comp.lang.c/42",
        "telnet://u:p@h:23/",
        "gopher://h/1sel%09search",
        "wais://h/db/type/path",
        "prospero://h/name;k=v;a=b",
        "afs://cern.ch/a%20b",
        "data:text/plain;charset=utf-8;base64,SGk=",
        "data:,",
        "tel:+1-816-555-1212;ext=1;isub",
        "ldap://h:389/o=x?cn,sn?sub?(cn=*)?!e=1,x",
        "http://h/%1B%5B2J%07",
        "mailto:a@example.com?subject=%C2%9B31m&x-h=%7F%C2%9B",
    ];
    let (code, values) = json_of(&inputs);
    assert_eq!(code, Some(0));
    let out = urikit(&["parse"], inputs.join("\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), inputs.len());
    for ((input, v), block) in inputs.iter().zip(&values).zip(blocks) {
        let Value::Object(fields) = &v["scheme_specific"] else {
            panic!("{input}: {v}");
        };
        assert!(!fields.is_empty(), "{input}");
        let from_json: Vec<(String, String)> = fields
            .iter()
            .map(|(k, x)| {
                let shown = match x {
                    Value::Null => "(absent)".to_owned(),
                    Value::String(s) if s.is_empty() => "(empty)".to_owned(),
                    // The text report escapes control characters.
                    Value::String(s) => escaped(s),
                    other => escaped(&other.to_string()),
                };
                (k.clone(), shown)
            })
            .collect();
        assert_eq!(text_rows(block), from_json, "{input}");
    }
}

/// `s` with control characters escaped as the text report shows them.
fn escaped(s: &str) -> String {
    s.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

#[test]
fn text_rows_escape_decoded_control_characters() {
    // ESC, BEL, DEL and the C1 CSI (U+009B), percent-encoded in the input:
    // the decoded fields must not send them to the terminal.
    let inputs = [
        "http://u%1B%5B31m@h/%1B%5D0;title%07",
        "file:///tmp/%1B%5B2J",
        "data:,%1B%5B2J%C2%9B1m",
        "mailto:a@example.com?subject=%7F&x-h=%C2%9B2J",
    ];
    let out = urikit(&["parse"], inputs.join("\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let bad = |c: char| c.is_control() && c != '\n';
    assert!(!text.contains(bad), "{text:?}");
    assert!(text.contains("  userinfo:       u\\u{1b}[31m\n"), "{text}");
    assert!(
        text.contains("  unix_path:      /tmp/\\u{1b}[2J\n"),
        "{text}"
    );
    assert!(
        text.contains("  data_text:      \\u{1b}[2J\\u{9b}1m\n"),
        "{text}"
    );
    assert!(text.contains("  subject:        \\u{7f}\n"), "{text}");
    assert!(
        text.contains(r#"  headers:        [["subject","\u{7f}"],["x-h","\u{9b}2J"]]"#),
        "{text}"
    );
}

#[test]
fn no_scheme_fields_gives_the_generic_components_only() {
    let inputs = [
        "http://user@example.com:8080/a?b#c",
        "telnet://h/x",
        "file://server/share/a%20b",
        "file://node.gypi",
        "mailto:a@example.com",
        "x-unknown:a/b",
        "../rel?q",
        "http://bad host/",
        "data:,%1B",
    ]
    .join("\n");
    let full = urikit(&["parse", "--format", "json"], inputs.as_bytes());
    let bare = urikit(
        &["parse", "--format", "json", "--no-scheme-fields"],
        inputs.as_bytes(),
    );
    assert_eq!(bare.status.code(), full.status.code());
    let (full, bare) = (json_lines(&full), json_lines(&bare));
    assert_eq!(full.len(), 9);
    assert_eq!(bare.len(), full.len());
    for (mut f, b) in full.into_iter().zip(bare) {
        let obj = f.as_object_mut().unwrap();
        let had_fields = obj.remove("scheme_specific").is_some();
        obj.remove("scheme_warnings");
        assert_eq!(had_fields, f["valid"] == json!(true));
        assert_eq!(f, b);
        assert!(b.get("scheme_specific").is_none());
    }

    // Text: the components' rows of each input, no scheme rows or warnings.
    let full = urikit(&["parse"], inputs.as_bytes());
    let bare = urikit(&["parse", "--no-scheme-fields"], inputs.as_bytes());
    assert_eq!(bare.status.code(), Some(1));
    let full_text = String::from_utf8(full.stdout).unwrap();
    let bare_text = String::from_utf8(bare.stdout).unwrap();
    assert!(!bare_text.contains("scheme-specific:"), "{bare_text}");
    let without_fields: String = full_text
        .split("scheme-specific:\n")
        .enumerate()
        .map(|(k, part)| match k {
            0 => part,
            // The rows up to the blank line that ends the block.
            _ => part.split_once("\n\n").map_or("", |(_, rest)| rest),
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(bare_text, without_fields);
    let stderr = String::from_utf8(bare.stderr).unwrap();
    assert!(!stderr.contains("warning"), "{stderr}");
    assert!(stderr.contains("error"), "{stderr}");

    // --scheme-rules needs the scheme layer.
    let out = urikit(
        &["parse", "--no-scheme-fields", "--scheme-rules", "a:b"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
}
