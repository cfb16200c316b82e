//! `urikit edit`, `urikit get`, `urikit set`: trurl's options, checked on the
//! examples of trurl's manual (where urikit answers the same, and where it
//! stays strict RFC 3986), each option alone and in combination, and their
//! mistakes (usage errors pointed at in the argument, exit 2; per-input
//! errors pointed at in the input, exit 1).

mod common;

use common::{json_lines, stderr, stdout, urikit};
use serde_json::json;

/// `urikit args...` with no stdin: stdout, and the exit status (0 expected).
fn ok(args: &[&str]) -> String {
    let o = urikit(args, b"");
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// A usage error: exit 2, nothing on stdout; stderr.
fn usage(args: &[&str]) -> String {
    let o = urikit(args, b"");
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    assert_eq!(stdout(&o), "", "{args:?}");
    stderr(&o)
}

#[test]
fn trurl_manual_examples() {
    // Where urikit answers as trurl does.
    let same: &[(&[&str], &str)] = &[
        (
            &[
                "--url",
                "https://curl.se/we/are.html",
                "--redirect",
                "here.html",
            ],
            "https://curl.se/we/here.html",
        ),
        (
            &["--url", "https://curl.se/we/are.html", "--get", "{path}"],
            "/we/are.html",
        ),
        (
            &[
                "--url",
                "https://curl.se/we/are.html",
                "--get",
                "{default:port}",
            ],
            "443",
        ),
        (
            &[
                "https://example.com/hello.html",
                "--get",
                "{scheme} {port} {path}",
            ],
            "https  /hello.html",
        ),
        (
            &["--url", "https://curl.se/hello", "--append", "path=you"],
            "https://curl.se/hello/you",
        ),
        (
            &["http://twelve/three?hello", "--append", "path=four"],
            "http://twelve/three/four?hello",
        ),
        (
            &[
                "https://curl.se?search=hey&utm_source=tracker",
                "--trim",
                "query=utm_*",
            ],
            "https://curl.se?search=hey",
        ),
        (
            &[
                "https://example.com?a12=hej&a23=moo&b12=foo",
                "--trim",
                "query=a*",
            ],
            "https://example.com?b12=foo",
        ),
        (
            &[
                "https://example.com?a=home&here=now&thisthen",
                "-g",
                "{query:a}",
            ],
            "home",
        ),
        (
            &["https://example.com?b=a&c=b&a=c", "--sort-query"],
            "https://example.com?a=c&b=a&c=b",
        ),
        (
            &[
                "http://alpha/?one=real&two=fake&three=alsoreal",
                "--sort-query",
            ],
            "http://alpha/?one=real&three=alsoreal&two=fake",
        ),
        (
            &[
                "https://curl.se/this has space/index.html",
                "--accept-space",
            ],
            "https://curl.se/this%20has%20space/index.html",
        ),
        (&["http://hello", "-s", "path=pony"], "http://hello/pony"),
        (&["http://hello", "-s", "path=/pony"], "http://hello/pony"),
        (
            &["http://horse#elephant", "-s", "fragment=#zebra"],
            "http://horse#%23zebra",
        ),
        (&["http://horse?elephant", "-g", "{query}"], "elephant"),
        (&["http://horse#elephant", "-g", "{fragment}"], "elephant"),
        (
            &["https://user%3a%40:secret@odd/", "-g", "{user}"],
            "user:@",
        ),
        (
            &["https://user:secr%65t@odd/", "-g", "{password}"],
            "secret",
        ),
        (
            &["ftps://example.com:2021/p%61th", "-g", "{url}"],
            "ftps://example.com:2021/p%61th",
        ),
        (&["http:/a", "-g", "{scheme}"], "http"),
    ];
    for (args, want) in same {
        let mut all = vec!["edit"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), format!("{want}\n"), "{args:?}");
    }
    // Where urikit changes only what was asked: no path added, no dot
    // segments removed, no default port dropped, `?` kept in a query
    // (RFC 3986 allows it there) -- unless --normalize is given.
    let strict: &[(&[&str], &str, &str)] = &[
        (
            &["--url", "https://curl.se", "--set", "host=example.com"],
            "https://example.com",
            "https://example.com/",
        ),
        (
            &[
                "--url",
                "https://curl.se/we/../are.html",
                "--set",
                "port=8080",
            ],
            "https://curl.se:8080/we/../are.html",
            "https://curl.se:8080/are.html",
        ),
        (
            &[
                "--url",
                "https://curl.se?name=hello",
                "--append",
                "query=search=string",
            ],
            "https://curl.se?name=hello&search=string",
            "https://curl.se/?name=hello&search=string",
        ),
        (
            &["http://horse?elephant", "-s", "query=?elephant"],
            "http://horse??elephant",
            "http://horse/??elephant",
        ),
        (
            &["http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74"],
            "http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74",
            "http://example/bath/b?.%FF#test",
        ),
    ];
    for (args, as_is, normalized) in strict {
        let mut all = vec!["edit"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), format!("{as_is}\n"), "{args:?}");
        all.push("--normalize");
        assert_eq!(ok(&all), format!("{normalized}\n"), "{args:?} --normalize");
    }
    // Building from nothing: the empty reference is the input.
    assert_eq!(
        ok(&[
            "edit",
            "--set",
            "host=example.com",
            "--set",
            "scheme=ftp",
            ""
        ]),
        "ftp://example.com\n"
    );
}

#[test]
fn set_data_raw_conditional_and_removal() {
    let set = |sets: &[&str], uri: &str| {
        let mut args = vec!["edit"];
        for s in sets {
            args.extend_from_slice(&["-s", s]);
        }
        args.push(uri);
        ok(&args).trim_end().to_owned()
    };
    // Data is encoded for the component; `:=` takes it as written.
    assert_eq!(
        set(&["user=a:b", "password=p@ss"], "http://h/"),
        "http://a%3Ab:p%40ss@h/"
    );
    assert_eq!(set(&["user:=a%20b"], "http://h/"), "http://a%20b@h/");
    assert_eq!(set(&["userinfo=me:pw"], "http://h/"), "http://me:pw@h/");
    assert_eq!(set(&["host=ex ample"], "http://h/"), "http://ex%20ample/");
    assert_eq!(set(&["host=[::1]"], "http://h:1/"), "http://[::1]:1/");
    assert_eq!(set(&["path=a b/c?"], "http://h"), "http://h/a%20b/c%3F");
    assert_eq!(set(&["path:=/a%2Fb"], "http://h"), "http://h/a%2Fb");
    assert_eq!(
        set(&["query=a=1&b=x y"], "http://h/"),
        "http://h/?a=1&b=x%20y"
    );
    assert_eq!(set(&["fragment:=top"], "http://h/"), "http://h/#top");
    assert_eq!(
        set(&["scheme=HTTPS", "port=8443"], "http://h/"),
        "HTTPS://h:8443/"
    );
    assert_eq!(set(&["url=mailto:x@y"], "http://h/"), "mailto:x@y");
    // `?=`: only when absent.
    assert_eq!(set(&["query?=x=1"], "http://h/?a"), "http://h/?a");
    assert_eq!(set(&["query?=x=1"], "http://h/"), "http://h/?x=1");
    assert_eq!(set(&["port?:=81"], "http://h:80/"), "http://h:80/");
    // Empty: removed (the host removes the whole authority).
    assert_eq!(set(&["user="], "http://u:p@h/"), "http://:p@h/");
    assert_eq!(set(&["password="], "http://u:p@h/"), "http://u@h/");
    assert_eq!(set(&["query=", "fragment="], "http://h/?q#f"), "http://h/");
    assert_eq!(set(&["host="], "http://u@h:1/p"), "http:/p");
    // Applied host first, whatever the order given.
    assert_eq!(set(&["port=8080", "host=h"], "foo:/p"), "foo://h:8080/p");
    // Several sets of one component: the last one wins.
    assert_eq!(set(&["port=1", "port=2"], "http://h/"), "http://h:2/");
    // `urikit set` is the same with the assignments as arguments.
    assert_eq!(
        ok(&[
            "set",
            "host=example.com",
            "port=8080",
            "--url",
            "http://a/b"
        ]),
        "http://example.com:8080/b\n"
    );
}

#[test]
fn set_mistakes_are_usage_errors_pointed_at() {
    let cases: &[(&str, &str)] = &[
        ("port=abc", "--set: at byte 5: expected a digit (a port is a decimal number)\n  port=abc\n       ^"),
        ("nope=1", "--set: at byte 0: expected a component name: url, scheme, host, userinfo, user, password, port, path, query, fragment\n  nope=1\n  ^"),
        ("port", "--set: at byte 4: expected \"=\" and a value after the name\n  port\n      ^"),
        ("scheme=1x", "--set: at byte 7: expected a letter"),
        ("host=[::g]", "--set: at byte 8: expected a reg-name"),
        ("user:=a:b", "--set: at byte 7: expected a user without \":\""),
        ("path:=a b", "--set: at byte 7: expected a character the path allows as it is"),
        ("query:=a%2", "--set: at byte 8: expected \"%\" followed by two hex digits"),
        ("url=a b", "--set: at byte 5: expected a path character"),
    ];
    for (arg, want) in cases {
        let err = usage(&["edit", "-s", arg, "http://h/"]);
        assert!(err.starts_with(&format!("urikit: {want}")), "{arg}: {err}");
    }
    let err = usage(&["edit", "-a", "fragment=x", "http://h/"]);
    assert!(err.contains("at byte 0: expected path or query"), "{err}");
    let err = usage(&["edit", "--trim", "path=x", "http://h/"]);
    assert!(err.contains("at byte 0: expected query"), "{err}");
    let err = usage(&["edit", "--redirect", "a b", "http://h/"]);
    assert!(
        err.contains("--redirect: at byte 1: expected a path character"),
        "{err}"
    );
    let err = usage(&["edit", "--url-file", "-", "http://h/"]);
    assert!(err.contains("do not go together"), "{err}");
    usage(&["edit", "--keep-port", "http://h/"]);
    usage(&["set", "--url", "http://h/"]);
}

#[test]
fn per_input_errors_point_into_the_input() {
    // A port (or user) needs a host; a host needs a path that is empty or
    // starts with "/": reported for that input, the others go on.
    let o = urikit(
        &["set", "port=81"],
        b"http://a/b\nmailto:x@y\nhttp://u:p@h/\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://a:81/b\nhttp://u:p@h:81/\n");
    assert!(
        stderr(&o).contains("error: at byte 7: --set port=81: expected a host (possibly empty) with a userinfo or a port (in the port)\n  mailto:x@y\n         ^\n"),
        "{}",
        stderr(&o)
    );
    let o = urikit(
        &["--format", "json", "edit", "-s", "host=h", "mailto:x"],
        b"",
    );
    let v = &json_lines(&o)[0];
    assert_eq!(
        (&v["valid"], &v["error"]["kind"], &v["error"]["index"]),
        (
            &json!(false),
            &json!("relative_path_with_authority"),
            &json!(7)
        )
    );
    // --redirect needs an absolute input.
    let o = urikit(
        &["edit", "--redirect", "../x", "rel/a", "http://h/a/b"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://h/x\n");
    assert!(stderr(&o).contains("at byte 0: --redirect: expected an absolute URI"));
    // An invalid input: its parse error; with --accept-space, a space is no
    // error, and the index of another error is the input's.
    let o = urikit(&["edit", "http://h/a b"], b"");
    assert!(
        stderr(&o).contains("  http://h/a b\n            ^\n"),
        "{}",
        stderr(&o)
    );
    let o = urikit(
        &[
            "--format",
            "json",
            "edit",
            "--accept-space",
            "http://h/a b c#d#e",
        ],
        b"",
    );
    let v = &json_lines(&o)[0];
    assert_eq!(v["input"], "http://h/a b c#d#e");
    // The second "#", byte 16 of the input (20 once the spaces are %20).
    assert_eq!(v["error"]["index"], 16);
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("at byte 16: "));
}

#[test]
fn get_formats() {
    let get = |format: &str, uri: &str| ok(&["get", format, uri]).trim_end_matches('\n').to_owned();
    let u = "https://us%20er:pw@ex%41mple.com:8443/a%20b?q=1+2&r=%26&q=3#f%20g";
    assert_eq!(get("{host}:{port}", u), "exAmple.com:8443");
    assert_eq!(get("{:host} {url:path}", u), "ex%41mple.com /a%20b");
    assert_eq!(get("{user}|{password}|{userinfo}", u), "us er|pw|us er:pw");
    assert_eq!(
        get("{query:q}|{query-all:q}|{query:r}|{query:x}", u),
        "1+2|1+2 3|&|"
    );
    assert_eq!(get("{:query:r}", u), "%26");
    assert_eq!(get("{fragment}\\t{path}", u), "f g\t/a b");
    assert_eq!(get("\\{host\\} a}b \\q", u), "{host} a}b \\q");
    assert_eq!(get("[{port}] [{default:port}]", "http://h/"), "[] [80]");
    assert_eq!(get("{default:url}", "http://h/"), "http://h:80/");
    // --form reads "+" as a space in the query.
    assert_eq!(
        ok(&["get", "--form", "{query:q} {query}", u]).trim_end(),
        "1 2 q=1 2&r=&&q=3"
    );
    // --urlencode and --default-port apply to every component.
    assert_eq!(
        ok(&[
            "get",
            "--urlencode",
            "--default-port",
            "{host} {port}",
            "http://ex%41mple/"
        ])
        .trim_end(),
        "ex%41mple 80"
    );
    // must: and strict: make an input invalid.
    let o = urikit(&["get", "{must:query}", "http://h/p#f", "http://h/?x"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "x\n");
    assert!(
        stderr(&o).contains(
            "error: at byte 10: --get: the reference has no query\n  http://h/p#f\n            ^\n"
        ),
        "{}",
        stderr(&o)
    );
    let o = urikit(&["get", "{strict:path}", "/%FF"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(ok(&["get", "{path}", "/%FF"]), "/\u{fffd}\n");
    // Format mistakes: usage errors with a caret in the format.
    let err = usage(&["get", "{nope}", "http://h/"]);
    assert!(
        err.starts_with("urikit: --get: at byte 1: expected a component name"),
        "{err}"
    );
    assert!(err.contains("\n  {nope}\n   ^"), "{err}");
    let err = usage(&["get", "x{host", "http://h/"]);
    assert!(
        err.contains("at byte 1: expected \"}\" to close this \"{\""),
        "{err}"
    );
    assert!(err.contains("\n  x{host\n   ^"), "{err}");
    let err = usage(&["get", "{}", "http://h/"]);
    assert!(
        err.contains("at byte 1: expected a component name inside the braces"),
        "{err}"
    );
    let err = usage(&["get", "{host:x}", "http://h/"]);
    assert!(
        err.contains("at byte 5: expected \"}\" after the component name"),
        "{err}"
    );
    let err = usage(&["get", "{puny:host}", "http://h/"]);
    assert!(err.contains("no IDNA conversion"), "{err}");
    let err = usage(&["get", "--get", "{host}", "{port}", "http://h/"]);
    assert!(err.contains("give the format once"), "{err}");
}

#[test]
fn append_trim_sort_in_combination() {
    let out = ok(&[
        "edit",
        "http://h/dir/?b=2&utm_a=1&a=1&utm_b=x#f",
        "--append",
        "path=x/y z",
        "--append",
        "query=k=a&b c",
        "--append",
        "query=flag",
        "--trim",
        "query=utm_*",
        "--sort-query",
    ]);
    assert_eq!(out, "http://h/dir/x%2Fy%20z?a=1&b=2&flag&k=a%26b%20c#f\n");
    // --form: a space as "+", and "+" read as a space by --trim.
    let out = ok(&[
        "edit",
        "--form",
        "-a",
        "query=q=a b",
        "--trim",
        "query=x y",
        "http://h/?x+y=1",
    ]);
    assert_eq!(out, "http://h/?q=a+b\n");
    // A literal "*" at the end of a key; a prefix trim removes every match.
    assert_eq!(
        ok(&["edit", "--trim", "query=a\\*", "http://h/?a*=1&ab=2&a=3"]),
        "http://h/?ab=2&a=3\n"
    );
    assert_eq!(
        ok(&["edit", "--trim", "query=a*", "http://h/?a=1&ab=2&b=3&a=4"]),
        "http://h/?b=3\n"
    );
    // Appending a segment to an empty path, with and without an authority.
    assert_eq!(
        ok(&["edit", "-a", "path=x", "http://h", "rel", ""]),
        "http://h/x\nrel/x\nx\n"
    );
    // Redirect, then set, then get, in that order.
    let out = ok(&[
        "edit",
        "--redirect",
        "../b?q=1",
        "-s",
        "fragment=top",
        "-g",
        "{path} {query} {fragment}",
        "http://h/a/c/d",
    ]);
    assert_eq!(out, "/a/b q=1 top\n");
    // --normalize, --keep-port, --default-port.
    assert_eq!(
        ok(&["edit", "--normalize", "HTTP://H:80/a/./b"]),
        "http://h/a/b\n"
    );
    assert_eq!(
        ok(&["edit", "--normalize", "--keep-port", "HTTP://H:080/a/./b"]),
        "http://h:80/a/b\n"
    );
    assert_eq!(
        ok(&[
            "edit",
            "--default-port",
            "http://h/",
            "ftp://h:21/",
            "mailto:x"
        ]),
        "http://h:80/\nftp://h:21/\nmailto:x\n"
    );
}

#[test]
fn inputs_from_url_url_file_and_stdin_and_json() {
    let dir = std::env::temp_dir().join(format!("urikit-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "http://a/\nhttp://b/\n").unwrap();
    assert_eq!(
        ok(&["get", "{host}", "--url-file", file.to_str().unwrap()]),
        "a\nb\n"
    );
    let o = urikit(
        &["get", "{host}", "--url-file", "-"],
        b"http://c/\r\nhttp://d/\n",
    );
    assert_eq!(stdout(&o), "c\nd\n");
    let o = urikit(&["get", "{host}"], b"http://e/\n");
    assert_eq!(stdout(&o), "e\n");
    assert_eq!(
        ok(&["get", "{host}", "--url", "http://f/", "http://g/"]),
        "g\nf\n"
    );
    let o = urikit(
        &["get", "{host}", "--url-file", "/nonexistent/urls.txt"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);

    // JSON: the envelope, url, parts (present ones, decoded), params, get.
    let o = urikit(
        &[
            "edit",
            "--json",
            "-g",
            "{host}",
            "https://u:p%40@fake.host/s%20p?q=a%20b&flag#frag",
        ],
        b"",
    );
    assert_eq!(
        json_lines(&o),
        [json!({
            "input": "https://u:p%40@fake.host/s%20p?q=a%20b&flag#frag",
            "valid": true,
            "url": "https://u:p%40@fake.host/s%20p?q=a%20b&flag#frag",
            "parts": {"scheme": "https", "user": "u", "password": "p@", "host": "fake.host",
                      "path": "/s p", "query": "q=a b&flag", "fragment": "frag"},
            "params": [{"key": "q", "value": "a b"}, {"key": "flag", "value": null}],
            "get": "fake.host",
        })]
    );
    let o = urikit(
        &[
            "--format",
            "json",
            "edit",
            "--urlencode",
            "http://h/a%20b?k%20=v",
        ],
        b"",
    );
    let v = &json_lines(&o)[0];
    assert_eq!(v["parts"]["path"], "/a%20b");
    assert_eq!(v["params"], json!([{"key": "k%20", "value": "v"}]));
    assert!(v.get("get").is_none());
}
