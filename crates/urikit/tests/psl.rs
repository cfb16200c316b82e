//! The Public Suffix List: every case of `shared/vectors/psl/tests.txt` (the
//! list's own `checkPublicSuffix` tests), the embedded list against the
//! vendored file, a list read at run time, and lookups that never allocate.

mod common;

use urikit::psl::{DomainErrorKind, List, Section};

/// `(input, expected registrable domain)` of every line of tests.txt; `null`
/// is `None`.
fn vectors() -> Vec<(Option<String>, Option<String>)> {
    let path = common::shared_dir().join("vectors/psl/tests.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let opt = |s: &str| (s != "null").then(|| s.to_owned());
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("//"))
        .map(|l| {
            let mut w = l.split_whitespace();
            let (a, b) = (w.next().unwrap(), w.next().unwrap());
            assert!(w.next().is_none(), "{l}");
            (opt(a), opt(b))
        })
        .collect()
}

/// tests.txt compares lowercase answers (`example.COM` gives `example.com`):
/// our answers are slices of the host, so they are lowercased to compare.
fn check(list: &List) -> usize {
    let cases = vectors();
    assert!(cases.len() > 70, "tests.txt read: {}", cases.len());
    for (input, expected) in &cases {
        let got = input
            .as_deref()
            .and_then(|h| list.registrable_domain(h))
            .map(str::to_lowercase);
        assert_eq!(got, *expected, "checkPublicSuffix({input:?})");
    }
    cases.len()
}

#[test]
fn tests_txt_passes_with_the_embedded_list() {
    check(List::embedded());
}

#[test]
fn tests_txt_passes_with_the_list_read_at_run_time() {
    let path = common::shared_dir().join("vectors/psl/public_suffix_list.dat");
    let list = List::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    check(&list);
}

/// The vendored copy is the shared one (update both together).
#[test]
fn vendored_list_is_the_shared_one() {
    let shared =
        std::fs::read(common::shared_dir().join("vectors/psl/public_suffix_list.dat")).unwrap();
    let vendored = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/public_suffix_list.dat"
    ))
    .unwrap();
    assert!(
        shared == vendored,
        "crates/urikit/data/public_suffix_list.dat differs from shared/vectors/psl"
    );
}

#[test]
fn sections_subdomains_and_wildcards() {
    let list = List::embedded();
    let d = list.domain("www.images.amazon.co.uk").unwrap();
    assert_eq!(
        (
            d.public_suffix(),
            d.registrable_domain(),
            d.subdomain(),
            d.section()
        ),
        (
            "co.uk",
            Some("amazon.co.uk"),
            Some("www.images"),
            Some(Section::Icann)
        )
    );
    // Private rules, and the same host by the ICANN rules only.
    let d = list.domain("a.b.github.io").unwrap();
    assert_eq!(
        (d.registrable_domain(), d.section()),
        (Some("b.github.io"), Some(Section::Private))
    );
    let d = list.domain_icann("a.b.github.io").unwrap();
    assert_eq!(
        (d.registrable_domain(), d.section()),
        (Some("github.io"), Some(Section::Icann))
    );
    // The implicit rule `*`.
    let d = list.domain("a.b.example").unwrap();
    assert_eq!((d.public_suffix(), d.section()), ("example", None));
    // Wildcard and exception: `*.ck`, `!www.ck`.
    assert_eq!(
        list.domain("a.b.test.ck").unwrap().public_suffix(),
        "test.ck"
    );
    let d = list.domain("www.ck").unwrap();
    assert_eq!(
        (d.public_suffix(), d.registrable_domain(), d.subdomain()),
        ("ck", Some("www.ck"), None)
    );
    assert!(list.domain("test.ck").unwrap().is_public_suffix());
    // Case and a final dot are kept in the answers.
    let d = list.domain("WWW.Example.COM.").unwrap();
    assert_eq!(
        (d.public_suffix(), d.registrable_domain()),
        ("COM.", Some("Example.COM."))
    );
    // Unicode and punycode labels, mixed.
    assert_eq!(
        list.registrable_domain("www.xn--85x722f.公司.cn"),
        Some("xn--85x722f.公司.cn")
    );
    assert_eq!(
        list.registrable_domain("食狮.xn--55qx5d.cn"),
        Some("食狮.xn--55qx5d.cn")
    );
}

#[test]
fn hosts_that_are_not_domain_names() {
    let list = List::embedded();
    let kind = |h: &str| {
        list.domain(h)
            .map(|_| ())
            .map_err(|e| (e.index(), e.kind()))
    };
    assert_eq!(kind(""), Err((0, DomainErrorKind::Empty)));
    assert_eq!(kind(".com"), Err((0, DomainErrorKind::EmptyLabel)));
    assert_eq!(
        kind("a..example.com"),
        Err((2, DomainErrorKind::EmptyLabel))
    );
    assert_eq!(kind("example..com"), Err((8, DomainErrorKind::EmptyLabel)));
    assert_eq!(kind("."), Err((0, DomainErrorKind::EmptyLabel)));
    assert_eq!(kind("127.0.0.1"), Err((8, DomainErrorKind::IpAddress)));
    assert_eq!(kind("0x7f.1"), Err((5, DomainErrorKind::IpAddress)));
    assert_eq!(kind("[::1]"), Err((0, DomainErrorKind::IpAddress)));
    // A label too long for DNS matches no rule, without error or slowness.
    let long = format!("{}.com", "é".repeat(100_000));
    assert_eq!(list.registrable_domain(&long), Some(long.as_str()));
}

#[test]
fn bad_lists_are_reported_by_line() {
    let e = List::parse("com\n\n*.x.*.y\n").unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (3, urikit::psl::ListErrorKind::BadWildcard)
    );
    let e = List::parse(&format!("// c\n{}.com\n", "a".repeat(64))).unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (2, urikit::psl::ListErrorKind::LabelTooLong)
    );
    assert!(List::parse("")
        .unwrap()
        .domain("a.b")
        .unwrap()
        .section()
        .is_none());
}

#[test]
fn lookups_do_not_allocate() {
    let list = List::embedded();
    let hosts = [
        "www.images.amazon.co.uk",
        "a.b.test.ck",
        "www.食狮.公司.cn",
        "x.y.blogspot.com",
        "a.b.example",
    ];
    let n = allocation_counter::measure(|| {
        for h in hosts {
            assert!(list.domain(h).is_ok());
        }
    })
    .count_total;
    assert_eq!(n, 0);
}
