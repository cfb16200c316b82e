//! Nanoseconds per row of each kernel over one URL list (best of several
//! passes, in process), for quick comparisons while changing a kernel:
//!
//!     cargo run --release --example throughput [--manifest-path arrow/Cargo.toml] -- [FILE]
//!
//! Default file: shared/datasets/kasztp.txt; `URIKIT_KERNEL=host` runs only
//! the kernels whose name starts so (for a profiler). Wall-clock on a busy machine is
//! noisy: compare figures of one run, or count instructions with callgrind.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use arrow_array::{ArrayRef, StringArray};
use urikit::normalize::Normalizer;
use urikit::scheme::SchemeRegistry;
use urikit_arrow::{Component, OnInvalid, StringColumn, UrlPart};

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
            here.ancestors()
                .map(|d| d.join("shared/datasets/kasztp.txt"))
                .find(|p| p.is_file())
                .expect("shared/datasets/kasztp.txt")
        });
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let array: ArrayRef = Arc::new(StringArray::from(lines.clone()));
    let column = StringColumn::new(vec![array]).unwrap();
    let passes = 20;
    // `URIKIT_KERNEL=parse` (a prefix of a name): only those, for a profiler.
    let only = std::env::var("URIKIT_KERNEL").unwrap_or_default();
    let time = |name: &str, f: &dyn Fn()| {
        if !name.starts_with(only.as_str()) {
            return;
        }
        let best = (0..passes)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .min()
            .unwrap();
        println!(
            "{name:<24} {:7.1} ns/row",
            best.as_nanos() as f64 / lines.len() as f64
        );
    };
    println!("{} rows of {}", lines.len(), path.display());
    time("parse (struct)", &|| {
        black_box(urikit_arrow::parse(&column, OnInvalid::Null).unwrap());
    });
    time("host", &|| {
        black_box(urikit_arrow::component(&column, Component::Host).unwrap());
    });
    time("is_valid", &|| {
        black_box(urikit_arrow::is_valid(&column));
    });
    let schemes = SchemeRegistry::standard();
    time("normalize", &|| {
        black_box(
            urikit_arrow::normalize(&column, &Normalizer::new(), &schemes, OnInvalid::Null)
                .unwrap(),
        );
    });
    time("whatwg href", &|| {
        black_box(urikit_arrow::whatwg(&column, UrlPart::Href, None, OnInvalid::Null).unwrap());
    });
    time("whatwg hostname", &|| {
        black_box(urikit_arrow::whatwg(&column, UrlPart::Hostname, None, OnInvalid::Null).unwrap());
    });
    time("UriRef::parse alone", &|| {
        for l in &lines {
            let _ = black_box(urikit::UriRef::parse(black_box(l)));
        }
    });
}
