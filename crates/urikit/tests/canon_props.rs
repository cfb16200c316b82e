//! Properties of crawler canonicalization: every profile is idempotent (on
//! generated input, on every line of `shared/datasets` and every vector
//! input), the parser keeps every byte, repeated percent-decoding in one pass
//! equals decoding until nothing changes, and adversarial input stays linear.

mod common;

use proptest::prelude::*;
use urikit::canon::{wayback_key, Canonicalizer, Decode, ParsedUrl, Profile, Surt};

fn assert_idempotent(input: &[u8]) {
    for p in Profile::ALL {
        let c = p.canonicalizer();
        let once = c.canonicalize_bytes(input);
        let twice = c.canonicalize_bytes(&once);
        assert_eq!(
            String::from_utf8_lossy(&twice),
            String::from_utf8_lossy(&once),
            "{}: not idempotent on {:?}",
            p.name(),
            String::from_utf8_lossy(input)
        );
        assert!(
            once.is_ascii(),
            "{}: non-ASCII output for {:?}",
            p.name(),
            String::from_utf8_lossy(input)
        );
    }
}

/// The lines of every URL list in `shared/datasets/`.
fn dataset_lines() -> Vec<Vec<u8>> {
    let dir = common::shared_dir().join("datasets");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 4);
    let mut out = Vec::new();
    for p in files {
        let bytes = std::fs::read(&p).unwrap();
        out.extend(
            bytes
                .split(|&b| b == b'\n')
                .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec()),
        );
    }
    out
}

#[test]
fn idempotent_on_every_dataset_line() {
    let lines = dataset_lines();
    assert!(lines.len() > 100_000);
    for line in &lines {
        assert_idempotent(line);
    }
}

#[test]
fn idempotent_on_every_vector_input() {
    let dir = common::shared_dir().join("vectors/canon/urlcanon");
    for name in [
        "semantic_precise",
        "aggressive",
        "supplemental_whatwg",
        "idempotence",
        "surt",
        "ssurt",
        "parsing",
    ] {
        let raw = std::fs::read(dir.join(format!("{name}.json"))).unwrap();
        let latin1: String = raw.iter().map(|&b| char::from(b)).collect();
        let v: serde_json::Value = serde_json::from_str(&latin1).unwrap();
        let mut inputs = Vec::new();
        collect_strings(&v, &mut inputs);
        for s in inputs {
            let b: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
            assert_idempotent(&b);
        }
    }
}

/// Every key and string value of a JSON document.
fn collect_strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        serde_json::Value::Object(o) => o.iter().for_each(|(k, x)| {
            out.push(k.clone());
            collect_strings(x, out);
        }),
        _ => {}
    }
}

/// Pieces URLs are made of, the tricky ones over-represented.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"http:".to_vec()),
        Just(b"https:".to_vec()),
        Just(b"file:".to_vec()),
        Just(b"ftp:".to_vec()),
        Just(b"foo:".to_vec()),
        Just(b"dns:".to_vec()),
        Just(b"//".to_vec()),
        Just(b"/".to_vec()),
        Just(b"\\".to_vec()),
        Just(b".".to_vec()),
        Just(b"..".to_vec()),
        Just(b"%2e".to_vec()),
        Just(b"%25".to_vec()),
        Just(b"%".to_vec()),
        Just(b"%2".to_vec()),
        Just(b"%41".to_vec()),
        Just(b"%3D".to_vec()),
        Just(b"%26".to_vec()),
        Just(b"?".to_vec()),
        Just(b"#".to_vec()),
        Just(b"&".to_vec()),
        Just(b"=".to_vec()),
        Just(b"@".to_vec()),
        Just(b":".to_vec()),
        Just(b"[".to_vec()),
        Just(b"]".to_vec()),
        Just(b"[::1]".to_vec()),
        Just(b"www.".to_vec()),
        Just(b"www2.".to_vec()),
        Just(b"0x7f.1".to_vec()),
        Just(b"127.0.0.1".to_vec()),
        Just(b"4294967296".to_vec()),
        Just(b"EXAMPLE.com".to_vec()),
        Just(b"xn--n3h".to_vec()),
        Just("☃".as_bytes().to_vec()),
        Just("ß".as_bytes().to_vec()),
        Just(b"\xff".to_vec()),
        Just(b"\t".to_vec()),
        Just(b" ".to_vec()),
        Just(b"\x00".to_vec()),
        Just(b"jsessionid=0123456789abcdefghijklemopqrstuv".to_vec()),
        Just(b"sid=9682993c8daa2c5497996114facdc805".to_vec()),
        Just(b"cfid=1&cftoken=2".to_vec()),
        Just(b"(s(4hqa0555fwsecu455xqckv45))/".to_vec()),
        Just(b"x.aspx".to_vec()),
        Just(b"http://".to_vec()),
        prop::collection::vec(prop::sample::select(b"aZ09-_~!$'()*+,;".to_vec()), 1..4),
    ]
}

fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..14).prop_map(|v| v.concat())
}

/// Python's `unquote_to_bytes` applied until nothing changes (urlcanon's
/// `pct_decode_token_repeatedly`), written literally.
fn decode_until_stable(mut s: Vec<u8>) -> Vec<u8> {
    loop {
        let mut out = Vec::with_capacity(s.len());
        let mut i = 0;
        while i < s.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if s[i] == b'%' && i + 2 < s.len() {
                if let (Some(h), Some(l)) = (hex(s[i + 1]), hex(s[i + 2])) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
            }
            out.push(s[i]);
            i += 1;
        }
        if out == s {
            return s;
        }
        s = out;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn every_profile_is_idempotent(input in url_bytes()) {
        assert_idempotent(&input);
    }

    #[test]
    fn idempotent_on_random_bytes(input in prop::collection::vec(any::<u8>(), 0..40)) {
        assert_idempotent(&input);
    }

    #[test]
    fn the_parser_keeps_every_byte(input in url_bytes()) {
        prop_assert_eq!(ParsedUrl::parse(&input).to_bytes(), input);
    }

    #[test]
    fn decoding_repeatedly_in_one_pass(s in prop::collection::vec(prop::sample::select(b"%25aAfF0x/".to_vec()), 0..24)) {
        let mut input = b"http://h/".to_vec();
        input.extend_from_slice(&s);
        let url = Canonicalizer::new().decode(Decode::Repeatedly).canonicalize(&input);
        prop_assert_eq!(url.path[1..].to_vec(), decode_until_stable(s));
    }

    #[test]
    fn wayback_keys_are_ascii(input in url_bytes()) {
        prop_assert!(wayback_key(&input).is_ascii() || input.starts_with(b"filedesc"));
    }
}

#[test]
fn adversarial_input_stays_linear() {
    let cases: [(&str, &dyn Fn(usize) -> String); 6] = [
        ("dot segments", &|n| format!("http://h/{}", "../".repeat(n))),
        ("percent runs", &|n| format!("http://h/{}", "%25".repeat(n))),
        ("session ids", &|n| {
            format!(
                "http://h/?{}",
                "sid=9682993c8daa2c5497996114facdc805&".repeat(n / 8)
            )
        }),
        ("cfid", &|n| {
            format!("http://h/?{}&cftoken=1", "cfid=".repeat(n / 2))
        }),
        ("aspx segments", &|n| {
            format!(
                "http://h/{}x.aspx",
                "(s(4hqa0555fwsecu455xqckv45))/".repeat(n / 8)
            )
        }),
        ("query params", &|n| {
            format!("http://h/?{}", "b=1&a=2&".repeat(n / 2))
        }),
    ];
    for (name, make) in cases {
        let small = make(20_000);
        let large = make(160_000);
        common::linear::assert_linear(name, &small, &large, &|s| {
            for p in Profile::ALL {
                std::hint::black_box(p.canonicalizer().canonicalize_bytes(s.as_bytes()));
            }
        });
    }
}

/// `wayback_key`'s one-pass path for plain URLs gives what the general path
/// gives (`Profile::Ia` then `Surt::IA`), on every dataset line and generated URL.
fn assert_fast_key_is_general(input: &[u8]) {
    let general = if input.is_empty() {
        b"-".to_vec()
    } else if input.starts_with(b"filedesc") {
        input.to_vec()
    } else {
        Surt::IA.key(&Profile::Ia.canonicalizer().canonicalize(input))
    };
    assert_eq!(
        String::from_utf8_lossy(&wayback_key(input)),
        String::from_utf8_lossy(&general),
        "{:?}",
        String::from_utf8_lossy(input)
    );
}

#[test]
fn wayback_key_fast_path_on_every_dataset_line() {
    for line in dataset_lines() {
        assert_fast_key_is_general(&line);
    }
}

/// URLs of the shapes `wayback_key`'s one-pass path takes, and their near
/// misses: a scheme, a host of labels, a port, path segments, query
/// parameters and a fragment, each from a list of plain and tricky pieces.
fn plain_url() -> impl Strategy<Value = Vec<u8>> {
    let scheme = prop::sample::select(vec![
        "http://",
        "HTTPS://",
        "https://",
        "hTtP://",
        "http:///",
        "file://",
        "FILE:///",
        "file:////",
        "http:",
        "https:/",
    ]);
    let label = prop::sample::select(vec![
        "www",
        "WWW",
        "www2",
        "wwwa",
        "Example",
        "com",
        "a-b",
        "a_b",
        "x",
        "1",
        "01",
        "255",
        "256",
        "0",
        "123456",
        "xn--n3h",
        "XN--abc",
        "\"q",
        "a,b",
        "h%41",
        "a b",
        "caf\u{e9}",
        "",
        "0x7f",
        "A",
        "www34",
        "b!$'*+;=&~",
    ]);
    let host = prop::collection::vec(label, 1..5).prop_map(|l| l.join("."));
    let port = prop::sample::select(vec![
        "", ":80", ":443", ":0080", ":", ":8080", ":8a", ":1@h",
    ]);
    let segment = prop::sample::select(vec![
        "",
        "a",
        "B",
        ".",
        "..",
        ".x",
        "x.",
        "%2e",
        "%2E%2e",
        "a%20b",
        "%41%2f",
        "%2F",
        "%25",
        "%25%32%35",
        "%%34%31",
        "%",
        "%4",
        "%zz",
        "a b",
        "\u{e9}",
        "a\\b",
        "%5C",
        "x(y)",
        "(S(4hqa0555fwsecu455xqckv45))",
        "z.ASPX",
        "a;jsessionid=1",
        "%3F",
        "?",
        "a\tb",
        "0123456789abcdefXYZ",
        "%E9%e9",
        "~!$&'()*+,;=:@",
        "\x7f",
    ]);
    let path = prop::collection::vec(segment, 0..6).prop_map(|s| {
        if s.is_empty() {
            String::new()
        } else {
            format!("/{}", s.join("/"))
        }
    });
    let param = prop::sample::select(vec![
        "",
        "a",
        "A=1",
        "b=2",
        "a=",
        "=x",
        "a=%20",
        "%26=1",
        "b=%3D",
        "x=%E9",
        "q=a b",
        "B",
        "b",
        "cfid=1",
        "cftoken=2",
        "sid=9682993c8daa2c5497996114facdc805",
        "sid=%39682993c8daa2c5497996114facdc805",
        "jsessionid=0123456789ABCDEFGHIJKLEMOPQRSTUV",
        "id=1",
        "aspsessionidabcdefgh=ABCDEFGHIJKLMNOPQRSTUVWX",
        "x=?/",
        "%",
        "a\tb",
        "\u{e9}",
    ]);
    let query = prop_oneof![
        Just(String::new()),
        prop::collection::vec(param.clone(), 0..6).prop_map(|p| format!("?{}", p.join("&"))),
        prop::collection::vec(param, 30..40).prop_map(|p| format!("?{}", p.join("&"))),
    ];
    let frag = prop::sample::select(vec!["", "#f", "#", "#a b", "#x?y", "#\u{e9}", "# "]);
    (scheme, host, port, path, query, frag)
        .prop_map(|(a, b, c, d, e, f)| format!("{a}{b}{c}{d}{e}{f}").into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn wayback_key_fast_path_is_the_general_one(input in prop_oneof![plain_url(), url_bytes()]) {
        assert_fast_key_is_general(&input);
    }
}
