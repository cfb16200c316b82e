//! Resolution on adversarial inputs at two sizes, to show the time is linear
//! in the input: a reference of n `../` segments, and a base of n segments.
//! Throughput is reported in bytes, so a linear algorithm shows the same
//! bytes/second at both sizes (a quadratic one would slow down 10x per byte).
//!
//! `cargo bench -p urikit --bench resolve`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urikit::{relativize, Profile, Resolver, Uri, UriRef};

const SIZES: [usize; 2] = [100_000, 1_000_000];

fn dot_dot_reference(c: &mut Criterion) {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let mut g = c.benchmark_group("dotdot_reference");
    g.sample_size(10);
    for n in SIZES {
        let text = "../".repeat(n) + "g";
        let r = UriRef::parse(&text).unwrap();
        g.throughput(Throughput::Bytes(text.len() as u64));
        for (name, resolver) in [
            ("rfc3986", Resolver::new()),
            ("draft-2003", Resolver::new().profile(Profile::Draft2003)),
        ] {
            g.bench_with_input(BenchmarkId::new(name, n), &r, |bench, r| {
                bench.iter(|| resolver.resolve(black_box(&base), black_box(r)).unwrap())
            });
        }
    }
    g.finish();
}

fn deep_base(c: &mut Criterion) {
    let mut g = c.benchmark_group("deep_base");
    g.sample_size(10);
    for n in SIZES {
        let text = format!("http://a/{}x", "s/".repeat(n));
        let base = Uri::parse(&text).unwrap();
        let dots = "../".repeat(n) + "g";
        g.throughput(Throughput::Bytes((text.len() + dots.len()) as u64));
        let r = UriRef::parse(&dots).unwrap();
        g.bench_with_input(BenchmarkId::new("climb_all", n), &r, |bench, r| {
            bench.iter(|| {
                Resolver::new()
                    .resolve(black_box(&base), black_box(r))
                    .unwrap()
            })
        });
        let target = Uri::parse("http://a/g").unwrap();
        g.bench_with_input(BenchmarkId::new("relativize", n), &target, |bench, t| {
            bench.iter(|| relativize(black_box(&base), black_box(t)).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, dot_dot_reference, deep_base);
criterion_main!(benches);
