//! urikit against its peers on the URL lists of `shared/datasets/`.
//!
//! Groups are `<operation>/<dataset>`, functions are the library names; the
//! throughput is the bytes of the inputs. Before timing, each adapter runs once
//! over each input list and the number of inputs it accepted is printed (and
//! written to `$URIKIT_BENCH_OUT/accepted.tsv` when that is set), since the
//! libraries do not accept the same inputs: `url` and `ada-url` follow WHATWG
//! rules, `oxiri` takes IRIs, `http::Uri` takes HTTP request targets.
//!
//! Run with `scripts/bench` (which also prints the ratio table), or
//! `cargo bench --manifest-path bench/Cargo.toml --bench peers [-- FILTER]`.

use std::fmt::Write as _;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urikit_bench::{
    datasets_dir, decode, domain, hosts, load_datasets, normalize, parse, paths, relative_parts,
    resolve, run_all, surt, Dataset, Inputs,
};

/// The inputs of one operation on one dataset.
struct Case<'a> {
    op: &'static str,
    dataset: &'a str,
    inputs: Inputs,
}

/// Registers one benchmark per library listed, on the same inputs.
macro_rules! libs {
    ($c:expr, $tsv:expr, $case:expr, [$($name:literal => $f:path),* $(,)?]) => {{
        let case: &Case = $case;
        let bytes: u64 = case.inputs.bytes();
        let mut g = $c.benchmark_group(format!("{}/{}", case.op, case.dataset));
        g.throughput(Throughput::Bytes(bytes));
        $(
            if wanted(case.op, case.dataset, $name) {
                let accepted = run_all(&case.inputs, $f);
                println!(
                    "accepted {:<16} {:<14} {:<16} {:>6} / {}",
                    case.op, case.dataset, $name, accepted, case.inputs.len()
                );
                let _ = writeln!(
                    $tsv, "{}\t{}\t{}\t{}\t{}\t{}",
                    case.op, case.dataset, $name, accepted, case.inputs.len(), bytes
                );
            }
            g.bench_with_input(BenchmarkId::from_parameter($name), &case.inputs, |b, inputs| {
                b.iter(|| run_all(inputs, $f))
            });
        )*
        g.finish();
    }};
}

/// Whether the command line's filter (criterion's first free argument) can
/// select this benchmark, to skip counting what will not be timed.
fn wanted(op: &str, dataset: &str, lib: &str) -> bool {
    let id = format!("{op}/{dataset}/{lib}");
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-') && a != "peers");
    filter.is_none_or(|f| id.contains(&f))
}

fn benches(c: &mut Criterion) {
    let dir = datasets_dir();
    let datasets: Vec<Dataset> = load_datasets(&dir);
    assert!(!datasets.is_empty(), "no *.txt URL list in {dir:?}");
    resolve::init();
    let mut tsv = String::from("op\tdataset\tlib\taccepted\tinputs\tbytes\n");

    for d in &datasets {
        let lines = d.lines.clone();
        let case = Case {
            op: "parse",
            dataset: &d.name,
            inputs: Inputs::new(&lines),
        };
        libs!(c, tsv, &case, [
            "urikit" => parse::urikit,
            "fluent-uri" => parse::fluent_uri,
            "oxiri" => parse::oxiri,
            "iri-string" => parse::iri_string,
            "uriparse" => parse::uriparse,
            "http" => parse::http,
            "url" => parse::url,
            "ada-url" => parse::ada_url,
            "ada-url-can_parse" => parse::ada_url_can_parse,
        ]);
    }
    // The IRI parsers on the IRI-heavy list made from the same lists.
    let iris = urikit_bench::iri_list::iri_list(&dir);
    let case = Case {
        op: "parse_iri",
        dataset: "iri",
        inputs: Inputs::new(&iris),
    };
    libs!(c, tsv, &case, [
        "urikit" => parse::urikit_iri,
        "fluent-uri" => parse::fluent_uri_iri,
        "oxiri" => parse::oxiri,
        "iri-string" => parse::iri_string_iri,
    ]);
    for d in &datasets {
        // The WHATWG URL Standard's parse: a URL and its href.
        let case = Case {
            op: "whatwg",
            dataset: &d.name,
            inputs: Inputs::new(&d.lines),
        };
        libs!(c, tsv, &case, [
            "urikit" => parse::urikit_whatwg,
            "url" => parse::url,
            "ada-url" => parse::ada_url,
        ]);
    }
    for d in &datasets {
        let case = Case {
            op: "resolve_relative",
            dataset: &d.name,
            inputs: Inputs::new(&relative_parts(&d.lines)),
        };
        libs!(c, tsv, &case, [
            "urikit" => resolve::urikit,
            "fluent-uri" => resolve::fluent_uri,
            "oxiri" => resolve::oxiri,
            "iri-string" => resolve::iri_string,
            "url" => resolve::url,
            "ada-url" => resolve::ada_url,
            "urikit-parsed" => resolve::urikit_parsed,
            "floor" => resolve::floor,
        ]);
        let case = Case {
            op: "resolve_absolute",
            dataset: &d.name,
            inputs: Inputs::new(&d.lines),
        };
        libs!(c, tsv, &case, [
            "urikit" => resolve::urikit,
            "fluent-uri" => resolve::fluent_uri,
            "oxiri" => resolve::oxiri,
            "iri-string" => resolve::iri_string,
            "url" => resolve::url,
            "ada-url" => resolve::ada_url,
            "urikit-parsed" => resolve::urikit_parsed,
            "floor" => resolve::floor,
        ]);
    }
    for d in &datasets {
        let case = Case {
            op: "normalize",
            dataset: &d.name,
            inputs: Inputs::new(&d.lines),
        };
        libs!(c, tsv, &case, [
            "urikit" => normalize::urikit,
            "fluent-uri" => normalize::fluent_uri,
            "iri-string" => normalize::iri_string,
            "uriparse" => normalize::uriparse,
            "url" => normalize::url,
            "ada-url" => normalize::ada_url,
            "urikit-parsed" => normalize::urikit_parsed,
        ]);
    }
    for d in &datasets {
        let case = Case {
            op: "decode_path",
            dataset: &d.name,
            inputs: Inputs::new(&paths(&d.lines)),
        };
        libs!(c, tsv, &case, [
            "urikit" => decode::urikit,
            "percent-encoding" => decode::percent_encoding,
            "fluent-uri" => decode::fluent_uri,
        ]);
    }

    for d in &datasets {
        let case = Case {
            op: "surt",
            dataset: &d.name,
            inputs: Inputs::new(&d.lines),
        };
        libs!(c, tsv, &case, ["urikit" => surt::urikit]);
    }
    domain::init();
    for d in &datasets {
        let case = Case {
            op: "domain",
            dataset: &d.name,
            inputs: Inputs::new(&hosts(&d.lines)),
        };
        libs!(c, tsv, &case, [
            "urikit" => domain::urikit,
            "psl" => domain::psl,
            "publicsuffix" => domain::publicsuffix,
        ]);
    }

    if let Some(out) = std::env::var_os("URIKIT_BENCH_OUT") {
        let out = std::path::PathBuf::from(out);
        std::fs::create_dir_all(&out).expect("URIKIT_BENCH_OUT");
        std::fs::write(out.join("accepted.tsv"), tsv).expect("accepted.tsv");
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = peers;
    config = config();
    targets = benches
}
criterion_main!(peers);
