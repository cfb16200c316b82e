//! Scaling on adversarial inputs: parse, resolve (the input as a reference
//! against [`urikit_bench::BASE`]) and normalize, on each family at two sizes
//! (100 KB and 1 MB). Linear time shows as the same MB/s at both sizes, i.e. a
//! time ratio near 10 (the report prints it). Resolve and normalize run on
//! the families that parse; the others are rejected by the parser, which the
//! parse rows time.
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench scaling`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urikit::normalize::Normalizer;
use urikit::{Uri, UriRef};
use urikit_bench::adversarial::{FAMILIES, SIZES};
use urikit_bench::BASE;

/// One operation on one input (the base is for resolution).
type Op = fn(&Uri<'_>, &str) -> bool;

fn benches(c: &mut Criterion) {
    let base = Uri::parse(BASE).unwrap();
    for fam in FAMILIES {
        let inputs: Vec<String> = SIZES.iter().map(|&n| (fam.build)(n)).collect();
        let valid = inputs.iter().all(|s| UriRef::parse(s).is_ok());
        let mut ops: Vec<(&str, Op)> = vec![("parse", |_, s| {
            black_box(UriRef::parse(black_box(s))).is_ok()
        })];
        if valid {
            ops.push(("resolve", |base, s| {
                let r = UriRef::parse(black_box(s)).unwrap();
                black_box(r.resolve_against(base)).is_ok()
            }));
            ops.push(("normalize", |_, s| {
                let r = UriRef::parse(black_box(s)).unwrap();
                black_box(Normalizer::new().normalize(&r));
                true
            }));
        }
        for (op, f) in ops {
            let mut g = c.benchmark_group(format!("scaling_{op}/{}", fam.name));
            for (&n, input) in SIZES.iter().zip(&inputs) {
                g.throughput(Throughput::Bytes(input.len() as u64));
                let id = BenchmarkId::from_parameter(n);
                g.bench_with_input(id, input, |b, s| b.iter(|| f(&base, s)));
            }
            g.finish();
        }
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = scaling;
    config = config();
    targets = benches
}
criterion_main!(scaling);
