//! Scaling on adversarial inputs: each operation on each family at two sizes
//! (100 KB and 1 MB). Linear time shows as the same MB/s at both sizes, i.e. a
//! time ratio near 10 (the report prints it).
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench scaling`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urikit_bench::adversarial::{FAMILIES, SIZES};

fn benches(c: &mut Criterion) {
    for fam in FAMILIES {
        let mut g = c.benchmark_group(format!("scaling_parse/{}", fam.name));
        for &size in SIZES {
            let input = (fam.build)(size);
            g.throughput(Throughput::Bytes(input.len() as u64));
            g.bench_with_input(BenchmarkId::from_parameter(size), &input, |b, s| {
                b.iter(|| black_box(urikit::UriRef::parse(black_box(s))).is_ok())
            });
        }
        g.finish();
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
