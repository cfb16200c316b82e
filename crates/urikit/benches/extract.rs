//! Extraction throughput: `urikit::extract` against `linkify` on the same
//! large text, made of generated prose with the real-world URLs of
//! `shared/datasets/*.txt` embedded (read at run time).
//!
//! `cargo bench -p urikit --features extract --bench extract`
//! (`URIKIT_SHARED=/path/to/shared` if `shared/` is not above the crate).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use linkify::{LinkFinder, LinkKind};
use urikit::extract::Finder;

/// `shared/` as the tests find it: `$URIKIT_SHARED`, or above this crate.
#[path = "../tests/common/shared.rs"]
mod shared;
use shared::shared_dir;

/// A small deterministic generator (xorshift), so every run sees one text.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const WORDS: &[&str] = &[
    "the",
    "resource",
    "identifier",
    "is",
    "found",
    "under",
    "a",
    "document",
    "and",
    "you",
    "can",
    "probably",
    "pick",
    "it",
    "up",
    "from",
    "note",
    "warning",
    "in",
    "server",
    "at",
    "10:30",
    "ratio",
    "a:b",
    "mail",
    "é",
    "naïve",
    "日本語",
    "e.g.",
    "see",
    "(also",
    "this)",
    "site",
    "page",
    "link",
    "copy",
    "over",
    "there",
    "when",
    "which",
    "etc.",
    "-",
    "—",
];

/// About `target` bytes of prose, a URL every 12 words on average, wrapped
/// in the ways Appendix E lists (and some punctuation after).
fn corpus(target: usize) -> String {
    let dir = shared_dir().join("datasets");
    let mut urls = Vec::new();
    for name in [
        "kasztp.txt",
        "userbait.txt",
        "isaacs_files.txt",
        "node_files.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("dataset");
        urls.extend(
            text.lines()
                .map(|l| l.trim_start_matches('\u{feff}').trim().to_owned())
                .filter(|l| !l.is_empty() && !l.contains(char::is_whitespace)),
        );
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::with_capacity(target + 1024);
    let mut line = 0;
    while out.len() < target {
        if rng.below(12) == 0 {
            let url = &urls[rng.below(urls.len())];
            match rng.below(4) {
                0 => out.push_str(&format!("\"{url}\"")),
                1 => out.push_str(&format!("<{url}>")),
                2 => out.push_str(&format!("({url})")),
                _ => out.push_str(url),
            }
            out.push_str([".", ",", "", "", ";"][rng.below(5)]);
        } else {
            out.push_str(WORDS[rng.below(WORDS.len())]);
        }
        line += 1;
        out.push(if line % 11 == 0 { '\n' } else { ' ' });
    }
    out
}

fn bench(c: &mut Criterion) {
    let text = corpus(8 << 20);
    let ours = Finder::new();
    let mut theirs = LinkFinder::new();
    theirs.kinds(&[LinkKind::Url]);
    eprintln!(
        "corpus: {} bytes; urikit finds {} URIs, linkify {}",
        text.len(),
        ours.find_iter(&text).count(),
        theirs.links(&text).count()
    );

    let mut g = c.benchmark_group("extract");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(8));
    g.bench_function("urikit/find_iter", |b| {
        b.iter(|| ours.find_iter(black_box(&text)).count())
    });
    g.bench_function("urikit/stream", |b| {
        b.iter(|| ours.stream(black_box(text.as_bytes())).count())
    });
    g.bench_function("linkify/links", |b| {
        b.iter(|| theirs.links(black_box(&text)).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
