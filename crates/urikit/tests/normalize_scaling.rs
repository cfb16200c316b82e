//! Syntax-based normalization time grows linearly with the input on the
//! shapes that stress each of its paths: the copy check (`/.` pairs that are
//! not dot segments, uppercase letters), percent-encoding normalization,
//! dot-segment removal, a host with triplets. Parse and normalize at 0.5 MB
//! and 4 MB: a quadratic step would take 64x, linear work about 8x.

use urikit::normalize::Normalizer;
use urikit::UriRef;

mod common;

const MB: usize = 1 << 20;

/// A name and the input of about `n` bytes of that shape.
type Shape = (&'static str, fn(usize) -> String);

#[test]
fn normalize_time_grows_linearly() {
    let shapes: [Shape; 6] = [
        ("/.a pairs", |n| format!("http://h{}", "/.a".repeat(n / 3))),
        ("uppercase host", |n| format!("HTTP://{}/", "A".repeat(n))),
        ("%41 run", |n| format!("/{}", "%41".repeat(n / 3))),
        ("dot segments", |n| "a/./../".repeat(n / 7)),
        ("host triplets", |n| format!("//{}/", "A%41".repeat(n / 4))),
        ("%2E segments", |n| {
            format!("x:/{}", "b/%2E%2e/".repeat(n / 9))
        }),
    ];
    for (name, shape) in shapes {
        let (small, large) = (shape(MB / 2), shape(4 * MB));
        common::linear::assert_linear(name, &small, &large, &|s| {
            let r = UriRef::parse(s).expect("valid");
            std::hint::black_box(Normalizer::new().normalize(&r));
        });
    }
}

#[test]
fn shapes_normalize_to_what_they_should() {
    let n = |s: &str| {
        Normalizer::new()
            .normalize(&UriRef::parse(s).unwrap())
            .into_string()
    };
    assert_eq!(n("http://h/.a/.a"), "http://h/.a/.a");
    assert_eq!(n("HTTP://AA/"), "http://aa/");
    assert_eq!(n("/%41%41"), "/AA");
    assert_eq!(n("a/./../a/./../"), "./");
    assert_eq!(n("//A%41A%41/"), "//aaaa/");
    assert_eq!(n("x:/b/%2E%2e/b/%2E%2e/"), "x:/");
}
