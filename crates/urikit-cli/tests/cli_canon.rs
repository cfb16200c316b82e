//! `urikit canon`, `urikit surt` and `urikit domain`: profiles, key options,
//! the list options, and streaming like the other subcommands.

mod common;

use common::{json_lines, stdout, urikit};
use serde_json::json;

#[test]
fn canon_profiles() {
    let out = urikit(
        &[
            "canon",
            "--profile",
            "aggressive",
            "  https://www.Example.com/a/?b=2&A=1#top",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "http://example.com/a?a=1&b=2\n");
    let out = urikit(
        &[
            "canon",
            "--profile",
            "safe_browsing",
            "http://www.gotaport.com:1234/",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "http://www.gotaport.com/\n");
    // The default is semantic_precise.
    let out = urikit(
        &["--format", "json", "canon", "HTTP://user@h/a/./b?b&a#f"],
        b"",
    );
    assert_eq!(
        json_lines(&out),
        [
            json!({"input": "HTTP://user@h/a/./b?b&a#f", "valid": true, "canonical": "http://h/a/b?a&b#f"})
        ]
    );
    assert_eq!(out.status.code(), Some(0));
    let out = urikit(&["canon", "--profile", "nope", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn canon_streams_stdin_in_order_with_jobs() {
    let input: String = (0..2000)
        .map(|i| format!("HTTP://WWW.Example.com/{i}/../x?b&a\n"))
        .collect();
    let out = urikit(
        &["canon", "--profile", "aggressive", "-j", "2"],
        input.as_bytes(),
    );
    let want: String = (0..2000).map(|_| "http://example.com/x?a&b\n").collect();
    assert_eq!(stdout(&out), want);
}

#[test]
fn surt_keys_and_options() {
    let out = urikit(
        &[
            "surt",
            "http://www.archive.org/goo/?b&a",
            "",
            "filedesc:x.arc.gz",
            "http://10.1.2.3:81/x",
        ],
        b"",
    );
    assert_eq!(
        stdout(&out),
        "org,archive)/goo?a&b\n-\nfiledesc:x.arc.gz\n3,2,1,10:81)/x\n"
    );
    let out = urikit(
        &[
            "surt",
            "--with-scheme",
            "--trailing-comma",
            "--no-reverse-ip",
            "http://www.example.com/",
            "http://10.1.2.3/",
        ],
        b"",
    );
    assert_eq!(stdout(&out), "http://(com,example,)/\nhttp://(10.1.2.3)/\n");
    let out = urikit(
        &[
            "--format",
            "json",
            "surt",
            "--ssurt",
            "--profile",
            "whatwg",
            "http://user:pass@foo.example.org:81/p?q#f",
        ],
        b"",
    );
    assert_eq!(
        json_lines(&out),
        [
            json!({"input": "http://user:pass@foo.example.org:81/p?q#f", "valid": true, "ssurt": "org,example,foo,//81:http@user:pass:/p?q#f"})
        ]
    );
    assert_eq!(
        urikit(&["surt", "--ssurt", "--trailing-comma", "x"], b"")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn domain_fields() {
    let out = urikit(
        &[
            "--format",
            "json",
            "domain",
            "www.images.amazon.co.uk",
            "https://a.b.github.io/x",
            "co.uk",
            "127.0.0.1",
        ],
        b"",
    );
    assert_eq!(
        json_lines(&out),
        [
            json!({"input": "www.images.amazon.co.uk", "valid": true, "host": "www.images.amazon.co.uk", "public_suffix": "co.uk", "registrable_domain": "amazon.co.uk", "subdomain": "www.images", "section": "icann"}),
            json!({"input": "https://a.b.github.io/x", "valid": true, "host": "a.b.github.io", "public_suffix": "github.io", "registrable_domain": "b.github.io", "subdomain": "a", "section": "private"}),
            json!({"input": "co.uk", "valid": true, "host": "co.uk", "public_suffix": "co.uk", "registrable_domain": null, "subdomain": null, "section": "icann"}),
            json!({"input": "127.0.0.1", "valid": false, "error": {"kind": "ip_address", "index": 8, "message": "at byte 8: the host is an IP address, not a domain name"}}),
        ]
    );
    assert_eq!(out.status.code(), Some(1));
    let out = urikit(&["domain", "--icann-only", "a.b.github.io"], b"");
    assert_eq!(stdout(&out), "github.io\tio\ticann\ta.b\n");
    // An error in a URL's host points into the URL.
    let out = urikit(&["--format", "json", "domain", "http://a..b.com/"], b"");
    assert_eq!(json_lines(&out)[0]["error"]["index"], 9);
}

#[test]
fn domain_with_a_list_file() {
    let dir = std::env::temp_dir().join(format!("urikit-psl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("list.dat");
    std::fs::write(
        &list,
        "// ===BEGIN ICANN DOMAINS===\nexample\n// ===BEGIN PRIVATE DOMAINS===\nzone.example\n",
    )
    .unwrap();
    let l = list.to_str().unwrap();
    let out = urikit(&["domain", "--psl", l, "a.b.zone.example", "a.co.uk"], b"");
    assert_eq!(
        stdout(&out),
        "b.zone.example\tzone.example\tprivate\ta\nco.uk\tuk\t-\ta\n"
    );
    std::fs::write(&list, "a..b\n").unwrap();
    let out = urikit(&["domain", "--psl", l, "x.y"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::stderr(&out).contains("line 1"),
        "{}",
        common::stderr(&out)
    );
    let out = urikit(&["domain", "--psl", "/nonexistent/psl.dat", "x.y"], b"");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
