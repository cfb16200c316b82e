//! UTS #46 conformance (`shared/vectors/idna/IdnaTestV2.txt`, every line,
//! read by the file's own rules), Punycode (`punycode_tests.json`,
//! `bad_punycode_tests.json`), and the display policy on real spoofing
//! examples and real IDNs.

mod common;

use serde_json::Value;
use urikit::idna::{check_label, punycode_decode, punycode_encode, Suspicion, Uts46};

/// One line of IdnaTestV2.txt with the file's defaults for blank columns
/// applied (its header: a blank toUnicode is the source, a blank toAsciiN
/// the toUnicode value, a blank toAsciiT the toAsciiN value; a blank
/// toUnicodeStatus is `[]`, a blank toAsciiNStatus the toUnicodeStatus, a
/// blank toAsciiTStatus the toAsciiNStatus).
struct Line {
    number: usize,
    source: String,
    to_unicode: String,
    to_unicode_status: Vec<String>,
    to_ascii_n: String,
    to_ascii_n_status: Vec<String>,
    to_ascii_t: String,
    to_ascii_t_status: Vec<String>,
}

/// The `\uXXXX` and `\x{XXXX}` escapes of the file, and `""` for the empty string.
fn unescape(s: &str) -> String {
    if s == "\"\"" {
        return String::new();
    }
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let hex: String = match chars.next() {
            Some('u') => chars.by_ref().take(4).collect(),
            Some('x') => {
                assert_eq!(chars.next(), Some('{'), "{s}");
                chars.by_ref().take_while(|&c| c != '}').collect()
            }
            other => panic!("unknown escape \\{other:?} in {s}"),
        };
        let v = u32::from_str_radix(&hex, 16).unwrap();
        // A lone surrogate cannot be a Rust string: the test marks it.
        out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
    }
    out
}

fn status(s: &str) -> Vec<String> {
    let s = s.trim().trim_start_matches('[').trim_end_matches(']');
    s.split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

fn lines() -> Vec<Line> {
    let path = common::shared_dir().join("vectors/idna/IdnaTestV2.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let data = raw.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = data.split(';').map(str::trim).collect();
        assert_eq!(cols.len(), 7, "line {}: {raw}", k + 1);
        let source = unescape(cols[0]);
        let to_unicode = if cols[1].is_empty() {
            source.clone()
        } else {
            unescape(cols[1])
        };
        let to_unicode_status = status(cols[2]);
        let to_ascii_n = if cols[3].is_empty() {
            to_unicode.clone()
        } else {
            unescape(cols[3])
        };
        let to_ascii_n_status = if cols[4].is_empty() {
            to_unicode_status.clone()
        } else {
            status(cols[4])
        };
        let to_ascii_t = if cols[5].is_empty() {
            to_ascii_n.clone()
        } else {
            unescape(cols[5])
        };
        let to_ascii_t_status = if cols[6].is_empty() {
            to_ascii_n_status.clone()
        } else {
            status(cols[6])
        };
        out.push(Line {
            number: k + 1,
            source,
            to_unicode,
            to_unicode_status,
            to_ascii_n,
            to_ascii_n_status,
            to_ascii_t,
            to_ascii_t_status,
        });
    }
    out
}

/// The file's header: "The special error code X4_2 is now returned where a
/// toASCII error code was formerly being generated in toUnicode due to an
/// empty label" — an empty label is an error of ToASCII's VerifyDnsLength,
/// which ToUnicode does not have. Where X4_2 is the only toUnicode status,
/// ToUnicode succeeds (the `idna` crate's own test reads it the same way).
fn to_unicode_errs(status: &[String]) -> bool {
    status.iter().any(|s| s != "X4_2")
}

/// Where we differ from the file, by source: the `idna` crate takes its
/// data from ICU4X 2.4 (Unicode 17.0), the file is Unicode 16.0's. Each of
/// these sources holds a code point of plane 3 that Unicode 16.0 leaves
/// unassigned (the file's status V7, an error); the newer data accepts it:
/// U+32931 and U+32B9A are CJK Unified Ideographs Extension J, assigned in
/// Unicode 17.0; U+3E8AC and U+3F8CD are accepted by the crate's data too.
/// Every output but the error flag is the file's.
const NEWER_UNICODE: &[&str] = &[
    "\u{10AD}\u{3F8CD}\u{A868}\u{5AE}\u{3002}\u{10BE}\u{200C}\u{200C}",
    "\u{2D0D}\u{3F8CD}\u{A868}\u{5AE}\u{3002}\u{2D1E}\u{200C}\u{200C}",
    "xn--5cb172r175fug38a.xn--mlj",
    "\u{32931}20.\u{97F3}.\u{A866}1.",
    "xn--20-9802c.xn--0w5a.xn--1-eg4e.",
    "\u{32B9A}\u{FF19}\u{A369}\u{17D3}\u{FF0E}\u{200D}\u{DF}",
    "\u{32B9A}9\u{A369}\u{17D3}.\u{200D}\u{DF}",
    "\u{32B9A}9\u{A369}\u{17D3}.\u{200D}SS",
    "\u{32B9A}9\u{A369}\u{17D3}.\u{200D}ss",
    "xn--9-i0j5967eg3qz.ss",
    "\u{32B9A}\u{FF19}\u{A369}\u{17D3}\u{FF0E}\u{200D}SS",
    "\u{32B9A}\u{FF19}\u{A369}\u{17D3}\u{FF0E}\u{200D}ss",
    "\u{32B9A}9\u{A369}\u{17D3}.\u{200D}Ss",
    "\u{32B9A}\u{FF19}\u{A369}\u{17D3}\u{FF0E}\u{200D}Ss",
    "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{CBD9}5",
    "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{110D}\u{1173}\u{11AC}5",
    "xn--t92s.xn--znb.xn--5-y88f",
];

#[test]
fn idna_test_v2_every_line() {
    let all = lines();
    assert!(all.len() > 6000, "{} lines", all.len());
    const N: Uts46 = Uts46::new();
    const T: Uts46 = Uts46::new().transitional(true);
    let mut failures = Vec::new();
    let mut listed_differing = std::collections::BTreeSet::new();
    let mut checked = 0;
    for l in &all {
        let before = failures.len();
        // A source with a lone surrogate is not a Rust string; the file
        // expects an error for it (A3 / P1), which holds for the U+FFFD we
        // put in its place (disallowed).
        let (text, result) = N.to_unicode(&l.source);
        let expect_err = to_unicode_errs(&l.to_unicode_status);
        if result.is_err() != expect_err || (!expect_err && text != l.to_unicode.as_str()) {
            failures.push(format!(
                "line {} toUnicode({:?}) = {:?} {:?}, expected {:?} {:?}",
                l.number, l.source, text, result, l.to_unicode, l.to_unicode_status
            ));
        }
        for (opts, name, expected, status) in [
            (N, "toAsciiN", &l.to_ascii_n, &l.to_ascii_n_status),
            (T, "toAsciiT", &l.to_ascii_t, &l.to_ascii_t_status),
        ] {
            let got = opts.to_ascii(&l.source);
            let ok = match &got {
                Ok(a) => status.is_empty() && a == expected,
                Err(_) => !status.is_empty(),
            };
            if !ok {
                failures.push(format!(
                    "line {} {name}({:?}) = {got:?}, expected {expected:?} {status:?}",
                    l.number, l.source
                ));
            }
        }
        checked += 1;
        if NEWER_UNICODE.contains(&l.source.as_str()) {
            // Only the error flag differs: the outputs are the file's.
            assert!(
                failures.len() > before,
                "line {}: listed, but agrees",
                l.number
            );
            assert!(
                failures[before..].iter().all(|f| f.contains("[\"V7\"]")),
                "line {}: {:?}",
                l.number,
                &failures[before..]
            );
            listed_differing.insert(l.source.clone());
            failures.truncate(before);
        }
    }
    let missing: Vec<_> = NEWER_UNICODE
        .iter()
        .filter(|s| !listed_differing.contains(**s))
        .collect();
    assert!(
        missing.is_empty(),
        "listed, but not in the file: {missing:?}"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} lines differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn punycode_cases(file: &str) -> Vec<Value> {
    let path = common::shared_dir().join("vectors/idna").join(file);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn punycode_vectors_both_ways() {
    let cases = punycode_cases("punycode_tests.json");
    assert!(cases.len() > 10);
    for c in &cases {
        let decoded = c["decoded"].as_str().unwrap();
        let encoded = c["encoded"].as_str().unwrap();
        assert_eq!(punycode_encode(decoded).as_deref(), Some(encoded), "{c}");
        assert_eq!(punycode_decode(encoded).as_deref(), Some(decoded), "{c}");
    }
}

#[test]
fn bad_punycode_is_refused() {
    let cases = punycode_cases("bad_punycode_tests.json");
    assert!(!cases.is_empty());
    for c in &cases {
        // Each case has the text to encode, the encoded form to decode, or
        // both; each direction must fail.
        if let Some(decoded) = c.get("decoded").and_then(Value::as_str) {
            assert_eq!(punycode_encode(decoded), None, "{c}");
        }
        if let Some(encoded) = c.get("encoded").and_then(Value::as_str) {
            assert_eq!(punycode_decode(encoded), None, "{c}");
        }
    }
}

#[test]
fn options_change_what_they_say() {
    const DEFAULT: Uts46 = Uts46::new();
    // CheckHyphens.
    assert!(DEFAULT.to_ascii("-a.example").is_err());
    assert!(DEFAULT.to_ascii("ab--c.example").is_err());
    let h = DEFAULT.check_hyphens(false);
    assert_eq!(h.to_ascii("-a.example").unwrap(), "-a.example");
    assert_eq!(h.to_ascii("ab--c.example").unwrap(), "ab--c.example");
    // UseSTD3ASCIIRules.
    assert!(DEFAULT.to_ascii("a_b.example").is_err());
    assert_eq!(
        DEFAULT
            .use_std3_ascii_rules(false)
            .to_ascii("a_b.example")
            .unwrap(),
        "a_b.example"
    );
    // VerifyDnsLength: empty labels, a 64-byte label, a 254-byte name, the root dot.
    let long_label = "a".repeat(64);
    let long_name = ["a".repeat(63).as_str(); 4].join(".");
    for name in [
        "a..b",
        "",
        long_label.as_str(),
        long_name.as_str(),
        "example.com.",
    ] {
        let e = DEFAULT.to_ascii(name).unwrap_err();
        assert_eq!(e.kind().name(), "dns_length", "{name:?}");
        let lenient = DEFAULT.verify_dns_length(false).to_ascii(name).unwrap();
        assert_eq!(lenient, name);
    }
    // The index is the start of the label in error, in the input.
    assert_eq!(DEFAULT.to_ascii(&long_name).unwrap_err().index(), 192);
    assert_eq!(DEFAULT.to_ascii("example.com.").unwrap_err().index(), 12);
    assert_eq!(DEFAULT.to_ascii("ab。c_d").unwrap_err().index(), 5);
    // Transitional processing: the deviation characters only.
    let t = DEFAULT.transitional(true);
    assert_eq!(t.to_ascii("ΒΌΛΟΣ.com").unwrap(), "xn--nxasmq6b.com");
    assert_eq!(DEFAULT.to_ascii("βόλος.com").unwrap(), "xn--nxasmm1c.com");
    assert_eq!(t.to_ascii("βόλος.com").unwrap(), "xn--nxasmq6b.com");
    assert_eq!(t.to_ascii("a\u{200D}b").unwrap(), "ab");
    // A borrowed result when the input is its own ASCII form.
    assert!(matches!(
        DEFAULT.to_ascii("example.com").unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn errors_say_where_and_what() {
    let e = Uts46::new().to_ascii("ok.xn--a.com").unwrap_err();
    assert_eq!((e.index(), e.kind().name()), (3, "invalid_label"));
    assert!(e
        .to_string()
        .starts_with("at byte 3: expected a label UTS #46 accepts"));
    // Bidi rule: a right-to-left label with a left-to-right letter.
    let e = Uts46::new().to_ascii("example.\u{5D0}a").unwrap_err();
    assert_eq!(e.index(), 8);
    // A joiner outside the context RFC 5892 allows it in.
    let e = Uts46::new().to_ascii("a.b\u{200D}c").unwrap_err();
    assert_eq!(e.index(), 2);
}

/// Real homograph attacks and lookalikes: shown in Punycode.
#[test]
fn spoofs_are_shown_in_punycode() {
    const IDNA: Uts46 = Uts46::new();
    let cases: &[(&str, Suspicion)] = &[
        // Cyrillic "а" (U+0430) + Latin "pple": the 2017 apple.com demonstration's mixed form.
        ("\u{430}pple.com", Suspicion::MixedScripts),
        // All-Cyrillic "аррӏе" (xn--80ak6aa92e.com, the 2017 demonstration).
        (
            "\u{430}\u{440}\u{440}\u{4CF}\u{435}.com",
            Suspicion::LooksLikeAscii,
        ),
        // Cyrillic "о" in "gооgle".
        ("g\u{43E}\u{43E}gle.com", Suspicion::MixedScripts),
        // Greek omicron and Latin: "micrοsoft".
        ("micr\u{3BF}soft.com", Suspicion::MixedScripts),
        // All-Cyrillic "сосо" (looks like "coco").
        (
            "\u{441}\u{43E}\u{441}\u{43E}.com",
            Suspicion::LooksLikeAscii,
        ),
        // Latin alpha "ɑ" for "a": a lookalike of "apple", and outside the
        // identifier profile (UTS #39 restricts it).
        ("\u{251}pple.com", Suspicion::RestrictedCharacter('\u{251}')),
        // Dotless i.
        ("\u{131}bm.com", Suspicion::LooksLikeAscii),
        // Invisible joiner in a context IDNA allows (after a virama).
        (
            "\u{915}\u{94D}\u{200D}\u{937}.com",
            Suspicion::InvisibleCharacter('\u{200D}'),
        ),
    ];
    for &(host, why) in cases {
        let ascii = IDNA.to_ascii(host).unwrap();
        let label = IDNA.to_unicode(host).0;
        let first = label.split('.').next().unwrap();
        assert_eq!(check_label(first), Err(why), "{host}");
        assert_eq!(IDNA.to_display(host).unwrap(), ascii, "{host}");
        // The same from the Punycode form.
        assert_eq!(IDNA.to_display(&ascii).unwrap(), ascii, "{host}");
    }
    // A symbol (outside the identifier profile): "I♥NY".
    assert_eq!(
        check_label("i\u{2665}ny"),
        Err(Suspicion::RestrictedCharacter('\u{2665}'))
    );
    assert_eq!(
        IDNA.to_display("i\u{2665}ny.example").unwrap(),
        "xn--iny-zx5a.example"
    );
}

/// Real IDNs in many scripts: shown in Unicode.
#[test]
fn legitimate_idns_are_shown_in_unicode() {
    const IDNA: Uts46 = Uts46::new();
    let cases = [
        ("xn--bcher-kva.de", "bücher.de"),
        ("xn--r8jz45g.jp", "例え.jp"),
        // Arabic "مثال.إختبار" (IANA's IDN test labels), Hebrew "בדיקה".
        ("xn--mgbh0fb.xn--kgbechtv", "مثال.إختبار"),
        ("בדיקה.xn--deba0ad", "בדיקה.טעסט"),
        // Greek, Cyrillic, Devanagari, Korean, Chinese (IANA's test TLDs).
        ("xn--hxajbheg2az3al.xn--jxalpdlp", "παράδειγμα.δοκιμή"),
        ("xn--e1afmkfd.xn--80akhbyknj4f", "пример.испытание"),
        ("xn--p1b6ci4b4b3a.xn--11b5bs3a9aj6g", "उदाहरण.परीक्षा"),
        ("xn--9n2bp8q.xn--9t4b11yi5a", "실례.테스트"),
        ("xn--fsqu00a.xn--0zwm56d", "例子.测试"),
        // Latin with Han and Katakana: Highly Restrictive, allowed.
        ("ソニーsony.jp", "ソニーsony.jp"),
        ("faß.de", "faß.de"),
        ("München.example", "münchen.example"),
    ];
    for (input, shown) in cases {
        assert_eq!(IDNA.to_display(input).unwrap(), shown, "{input}");
        // And from the ASCII form.
        let ascii = IDNA.to_ascii(input).unwrap();
        assert_eq!(IDNA.to_display(&ascii).unwrap(), shown, "{ascii}");
    }
    // The policy is UTS #39's profile, strict on purpose: the Yiddish
    // "בײַשפּיל" (IANA's test label xn--fdbk5d8ap9b8a8d) has the ligature
    // U+05F2, which UTS #39 restricts, so it is shown in Punycode.
    assert_eq!(
        check_label(&IDNA.to_unicode("xn--fdbk5d8ap9b8a8d").0),
        Err(Suspicion::RestrictedCharacter('\u{5F2}'))
    );
}
