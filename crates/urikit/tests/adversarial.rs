//! Pathological references: megabytes long, millions of segments, ports with
//! thousands of digits, deeply nested brackets, every byte value in every
//! component. Each is parsed on a thread with a small stack (so recursion on
//! input length would overflow it) and checked with the common parse
//! properties; a timing comparison shows the work grows linearly.

mod common;

use common::props;
use urikit::normalize::{Level, Normalizer};
use urikit::{pct, table, ParseErrorKind, Uri, UriRef};

const MB: usize = 1 << 20;

/// Runs `f` on a thread whose stack is far smaller than the inputs.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(128 * 1024)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("panicked (or overflowed its stack)");
}

/// The corpus: name, input, whether it is a valid `URI-reference`.
fn corpus() -> Vec<(&'static str, String, bool)> {
    vec![
        (
            "long path segment",
            format!("http://h/{}", "a".repeat(MB)),
            true,
        ),
        ("1M dot-dot segments", "../".repeat(MB / 3 + 1), true),
        (
            "1M dot segments absolute",
            format!("/{}", "./".repeat(MB / 2)),
            true,
        ),
        (
            "2M empty segments",
            format!("x:/{}", "/".repeat(2 * MB)),
            true,
        ),
        ("a million segments", "a/".repeat(MB), true),
        ("long %XX run", format!("/{}", "%41".repeat(MB / 3)), true),
        ("long % run", format!("/{}", "%".repeat(MB)), false),
        ("long %4 run", format!("?{}", "%4".repeat(MB / 2)), false),
        ("long query", format!("?{}", "q=1&".repeat(MB / 4)), true),
        ("long fragment", format!("#{}", "?/".repeat(MB / 2)), true),
        ("long scheme", format!("{}:x", "a".repeat(MB)), true),
        (
            "long non-scheme first segment",
            format!("{}:x", "1".repeat(MB)),
            false,
        ),
        (
            "long userinfo",
            format!("//{}@h", "u:".repeat(MB / 2)),
            true,
        ),
        ("colons, no @", format!("//{}", ":".repeat(MB)), false),
        ("at signs", format!("//{}", "@".repeat(MB)), false),
        ("long reg-name", format!("//{}", "a.".repeat(MB / 2)), true),
        (
            "port, 10k nines",
            format!("//h:{}", "9".repeat(10_000)),
            true,
        ),
        (
            "port, 1M digits",
            format!("http://h:{}/", "1234567890".repeat(MB / 10)),
            true,
        ),
        (
            "port, leading zeros",
            format!("//h:{}80", "0".repeat(10_000)),
            true,
        ),
        ("port then junk", format!("//h:{}x", "9".repeat(MB)), false),
        (
            "nested brackets",
            format!("//{}{}", "[".repeat(MB / 2), "]".repeat(MB / 2)),
            false,
        ),
        ("unclosed brackets", format!("//{}", "[".repeat(MB)), false),
        (
            "brackets in path",
            format!("/{}", "[]".repeat(MB / 2)),
            false,
        ),
        ("huge IPv6 group", format!("//[{}]", "1".repeat(MB)), false),
        ("many IPv6 colons", format!("//[{}]", ":".repeat(MB)), false),
        (
            "many IPv6 groups",
            format!("//[{}1]", "1:".repeat(MB / 2)),
            false,
        ),
        ("huge IPvFuture", format!("//[v1.{}]", "a".repeat(MB)), true),
        (
            "IPvFuture, long hex",
            format!("//[v{}.x]", "f".repeat(MB)),
            true,
        ),
        (
            "long dotted quad",
            format!("//{}", "1.".repeat(MB / 2)),
            true,
        ),
        ("non-ASCII run", format!("/{}", "é".repeat(MB / 2)), false),
        ("NUL run", "\0".repeat(MB), false),
        ("slashes", "/".repeat(MB), true),
        ("question marks", "?".repeat(MB), true),
        ("hashes", "#".repeat(MB), false),
    ]
}

#[test]
fn pathological_references_parse_without_recursion() {
    small_stack(|| {
        for (name, input, valid) in corpus() {
            let got = UriRef::parse(&input);
            assert_eq!(got.is_ok(), valid, "{name}: {:?}", got.err());
            props::check_parse(&input);
        }
    });
}

/// Resolution and normalization of the valid pathological references, on
/// the same small stack: no recursion there either, and the results re-parse.
#[test]
fn pathological_references_resolve_and_normalize() {
    small_stack(|| {
        let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
        for (name, input, valid) in corpus() {
            if !valid {
                continue;
            }
            let r = UriRef::parse(&input).unwrap();
            let t = r.resolve_against(&base).unwrap();
            assert!(UriRef::parse(t.as_str()).is_ok(), "{name}: resolved");
            let n = Normalizer::new().level(Level::Scheme).normalize(&r);
            assert!(UriRef::parse(n.as_str()).is_ok(), "{name}: normalized");
            let n = Normalizer::new().normalize(&r);
            assert!(
                UriRef::parse(n.as_str()).is_ok(),
                "{name}: syntax-normalized"
            );
        }
    });
}

#[test]
fn huge_port_values() {
    let r = UriRef::parse("//h:00000000000000000000000000000080").unwrap();
    assert_eq!(r.port_u16(), Some(80));
    let big = format!("//h:{}", "9".repeat(5000));
    assert_eq!(UriRef::parse(&big).unwrap().port_u16(), None);
    assert_eq!(UriRef::parse("//h:65536").unwrap().port_u16(), None);
    assert_eq!(UriRef::parse("//h:65535").unwrap().port_u16(), Some(65535));
}

#[test]
fn errors_point_at_the_first_bad_byte_of_long_inputs() {
    let s = format!("//{}", "[".repeat(MB));
    let e = UriRef::parse(&s).unwrap_err();
    assert_eq!(e.kind(), ParseErrorKind::UnclosedIpLiteral);
    assert_eq!(e.index(), 3, "the second '[' cannot be part of a literal");
    let s = format!("/{}%zz", "a".repeat(MB));
    let e = UriRef::parse(&s).unwrap_err();
    assert_eq!(e.kind(), ParseErrorKind::InvalidPercentEncoding);
    assert_eq!(e.index(), MB + 1);
}

/// The ABNF character sets, spelled out here rather than taken from
/// `urikit::table`, so the parser is checked against the RFC text.
const UNRESERVED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// Every byte value (as a char for ASCII, and U+0080..U+00FF beyond) in every
/// component, accepted exactly where RFC 3986 allows it.
#[test]
fn every_byte_in_every_component() {
    let pchar = format!("{UNRESERVED}{SUB_DELIMS}:@");
    let scheme_chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.";
    // (template with X standing for the byte, characters allowed there)
    let userinfo = format!("{UNRESERVED}{SUB_DELIMS}:");
    let reg_name = format!("{UNRESERVED}{SUB_DELIMS}");
    let path = format!("{pchar}/?#"); // `?` and `#` start later components
    let query = format!("{pchar}/?#");
    let fragment = format!("{pchar}/?");
    let cases: [(&str, &str); 7] = [
        ("aXb:", scheme_chars),
        ("//uXv@h", &userinfo),
        ("//hXi", &reg_name),
        ("//h:8X", "0123456789/?#"),
        ("/aXb", &path),
        ("?aXb", &query),
        ("#aXb", &fragment),
    ];
    for (template, allowed) in cases {
        for b in 0u32..=255 {
            let c = char::from_u32(b).unwrap();
            let s = template.replacen('X', &c.to_string(), 1);
            let ok = UriRef::parse(&s).is_ok();
            // Where a byte ends the component, the rest must still parse:
            // "a:b:" is scheme `a`, "a/b:" a path, "a?b:" a path and query;
            // "//h@i" and "//h:8@" make the text before '@' a userinfo.
            let want = allowed.contains(c)
                || match template {
                    "aXb:" | "//uXv@h" => matches!(c, ':' | '/' | '?' | '#'),
                    "//hXi" => matches!(c, '@' | '/' | '?' | '#'),
                    "//h:8X" => c == '@',
                    _ => false,
                };
            let want = want && b < 0x80;
            assert_eq!(ok, want, "{s:?}");
            props::check_parse(&s);
        }
    }
    // '%' is allowed everywhere a pct-encoded is, when two hex digits follow.
    for s in ["%41:", "//%41@h", "//%41", "/%41", "?%41", "#%41"] {
        let ok = UriRef::parse(s).is_ok();
        assert_eq!(ok, s != "%41:", "{s:?}");
    }
}

#[test]
fn pct_on_megabytes() {
    small_stack(|| {
        let all: Vec<u8> = (0..=255u8).cycle().take(MB).collect();
        let enc = pct::encode(&all, &table::UNRESERVED);
        assert_eq!(pct::decode(&enc).as_ref(), all.as_slice());
        let junk = "%".repeat(MB);
        assert_eq!(pct::decode(&junk).as_ref(), junk.as_bytes());
    });
}

/// Parsing 8x the input takes about 8x the time (a quadratic parser would
/// take 64x). Both sizes are larger than the CPU caches (below them the cost
/// per byte is several times lower, which looks superlinear), runs long
/// enough that preemption on a shared machine hits both alike; the bound is
/// loose and a shape gets three tries.
#[test]
fn parse_time_grows_linearly() {
    let shapes: [fn(usize) -> String; 4] = [
        |n| "../".repeat(n / 3),
        |n| format!("//{}", ":".repeat(n)),
        |n| format!("//[{}", "1:".repeat(n / 2)),
        |n| format!("{}:x", "1".repeat(n)),
    ];
    for shape in shapes {
        let (small, large) = (shape(2 * MB), shape(16 * MB));
        common::linear::assert_linear(&large[..8], &small, &large, &|s| {
            let _ = std::hint::black_box(UriRef::parse(s));
        });
    }
}

/// The IRI side on the same corpus, plus runs of non-ASCII characters (the
/// IRI scans), on the small stack: an ASCII reference is an IRI exactly
/// when it is a URI reference, and every valid one converts both ways,
/// resolves and normalizes.
#[test]
fn pathological_iris() {
    use urikit::iri::{Iri, IriRef};
    small_stack(|| {
        let mut corpus = corpus();
        corpus.extend([
            (
                "non-ASCII path run",
                format!("/{}", "é".repeat(MB / 2)),
                true,
            ),
            ("CJK host", format!("//{}", "例".repeat(MB / 3)), true),
            (
                "iprivate in a path",
                format!("/{}", "\u{E000}".repeat(MB / 3)),
                false,
            ),
            (
                "iprivate in a query",
                format!("?{}", "\u{E000}".repeat(MB / 3)),
                true,
            ),
            (
                "bidi controls",
                format!("/{}", "\u{202E}".repeat(MB / 3)),
                false,
            ),
            ("%C3%A9 run", format!("/{}", "%C3%A9".repeat(MB / 6)), true),
            (
                "overlong %C0%AF run",
                format!("/{}", "%C0%AF".repeat(MB / 6)),
                true,
            ),
        ]);
        let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
        for (name, input, valid) in corpus {
            let got = IriRef::parse(&input);
            // The corpus's run of `é` is an IRI, not a URI.
            let valid = valid || name == "non-ASCII run";
            assert_eq!(got.is_ok(), valid, "{name}: {:?}", got.err());
            let Ok(iri) = got else { continue };
            let uri = iri.to_uri();
            assert!(UriRef::parse(uri.as_str()).is_ok(), "{name}: to_uri");
            let back = UriRef::parse(uri.as_str()).unwrap().to_iri();
            assert_eq!(
                back.as_iri_ref().to_uri().as_str(),
                uri.as_str(),
                "{name}: round trip"
            );
            let t = iri.resolve_against(&base).unwrap();
            assert!(IriRef::parse(t.as_str()).is_ok(), "{name}: resolved");
            let n = Normalizer::new().normalize_iri(&iri);
            assert!(IriRef::parse(n.as_str()).is_ok(), "{name}: normalized");
        }
    });
}

/// The IRI scans stay linear too: runs of non-ASCII characters, alone and
/// between dot segments.
#[test]
fn iri_parse_time_grows_linearly() {
    use urikit::iri::IriRef;
    let shapes: [(&str, fn(usize) -> String); 2] = [
        ("é run", |n| format!("/{}", "é".repeat(n / 2))),
        ("例/../ run", |n| "例/../".repeat(n / 8)),
    ];
    for (name, shape) in shapes {
        let (small, large) = (shape(2 * MB), shape(16 * MB));
        common::linear::assert_linear(name, &small, &large, &|s| {
            let _ = std::hint::black_box(IriRef::parse(s));
        });
    }
}
