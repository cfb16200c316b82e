//! Runs adapters over one URL list, for profilers (`valgrind --tool=callgrind`,
//! `perf`) and quick checks: `profile OP LIB[,LIB...] DATASET [REPEAT]`, e.g.
//! `profile parse urikit,fluent-uri kasztp 40`; `profile parse_iri urikit,oxiri iri`
//! for the IRI parsers on the generated IRI list. With several libraries the
//! passes alternate, so that a busy machine slows them alike; the throughput of
//! each library's fastest pass is printed (a quick check, not the benchmark).

use urikit_bench::*;

fn adapter(op: &str, lib: &str) -> Adapter {
    match (op, lib) {
        ("parse", "urikit") => parse::urikit,
        ("parse", "fluent-uri") => parse::fluent_uri,
        ("parse", "oxiri") => parse::oxiri,
        ("parse", "iri-string") => parse::iri_string,
        ("parse", "uriparse") => parse::uriparse,
        ("parse", "http") => parse::http,
        ("parse", "url") => parse::url,
        ("parse", "ada-url") => parse::ada_url,
        ("parse", "ada-url-can_parse") => parse::ada_url_can_parse,
        ("whatwg", "urikit") => parse::urikit_whatwg,
        ("whatwg", "url") => parse::url,
        ("whatwg", "ada-url") => parse::ada_url,
        ("parse_iri", "urikit") => parse::urikit_iri,
        ("parse_iri", "fluent-uri") => parse::fluent_uri_iri,
        ("parse_iri", "oxiri") => parse::oxiri,
        ("parse_iri", "iri-string") => parse::iri_string_iri,
        ("resolve_relative" | "resolve_absolute", "urikit") => resolve::urikit,
        ("resolve_relative" | "resolve_absolute", "oxiri") => resolve::oxiri,
        ("resolve_relative" | "resolve_absolute", "fluent-uri") => resolve::fluent_uri,
        ("resolve_relative" | "resolve_absolute", "iri-string") => resolve::iri_string,
        ("resolve_relative" | "resolve_absolute", "url") => resolve::url,
        ("resolve_relative" | "resolve_absolute", "ada-url") => resolve::ada_url,
        ("resolve_relative" | "resolve_absolute", "urikit-parsed") => resolve::urikit_parsed,
        ("resolve_relative" | "resolve_absolute", "floor") => resolve::floor,
        ("normalize", "urikit") => normalize::urikit,
        ("normalize", "urikit-parsed") => normalize::urikit_parsed,
        ("normalize", "fluent-uri") => normalize::fluent_uri,
        ("normalize", "iri-string") => normalize::iri_string,
        ("normalize", "uriparse") => normalize::uriparse,
        ("normalize", "url") => normalize::url,
        ("normalize", "ada-url") => normalize::ada_url,
        ("decode_path", "urikit") => decode::urikit,
        ("decode_path", "percent-encoding") => decode::percent_encoding,
        ("decode_path", "fluent-uri") => decode::fluent_uri,
        ("surt", "urikit") => surt::urikit,
        ("domain", "urikit") => domain::urikit,
        ("domain", "psl") => domain::psl,
        ("domain", "publicsuffix") => domain::publicsuffix,
        _ => panic!("unknown OP LIB: {op} {lib}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, op, libs, dataset, rest @ ..] = args.as_slice() else {
        eprintln!("usage: profile OP LIB[,LIB...] DATASET [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = rest.first().map_or(1, |r| r.parse().expect("REPEAT"));
    // `iri` is the generated IRI-heavy list (`urikit_bench::iri_list`).
    let d = if dataset == "iri" {
        Dataset {
            name: "iri".into(),
            lines: urikit_bench::iri_list::iri_list(&datasets_dir()),
        }
    } else {
        load_datasets(&datasets_dir())
            .into_iter()
            .find(|d| &d.name == dataset)
            .expect("no such dataset")
    };
    let inputs = Inputs::new(&match op.as_str() {
        "resolve_relative" => relative_parts(&d.lines),
        "decode_path" => paths(&d.lines),
        "domain" => hosts(&d.lines),
        _ => d.lines.clone(),
    });
    resolve::init();
    domain::init();
    let libs: Vec<(&str, Adapter)> = libs.split(',').map(|l| (l, adapter(op, l))).collect();
    let mut best = vec![f64::INFINITY; libs.len()];
    let mut accepted = vec![0; libs.len()];
    for _ in 0..repeat {
        for (k, (_, f)) in libs.iter().enumerate() {
            let t = std::time::Instant::now();
            accepted[k] = run_all(&inputs, f);
            best[k] = best[k].min(t.elapsed().as_secs_f64());
        }
    }
    let bytes = inputs.bytes() as f64;
    for (k, (name, _)) in libs.iter().enumerate() {
        println!(
            "{op} {dataset} {name}: {} of {} accepted; fastest pass {:.0} MB/s",
            accepted[k],
            inputs.len(),
            bytes / best[k] / 1e6
        );
    }
}
