//! Runs one adapter over one URL list, for profilers (`valgrind --tool=callgrind`,
//! `perf`): `profile OP LIB DATASET [REPEAT]`, e.g. `profile parse urikit kasztp 10`.

use urikit_bench::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, op, lib, dataset, rest @ ..] = args.as_slice() else {
        eprintln!("usage: profile OP LIB DATASET [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = rest.first().map_or(1, |r| r.parse().expect("REPEAT"));
    let d = load_datasets(&datasets_dir())
        .into_iter()
        .find(|d| &d.name == dataset)
        .expect("no such dataset");
    let inputs = match op.as_str() {
        "resolve_relative" => relative_parts(&d.lines),
        "decode_path" => paths(&d.lines),
        _ => d.lines.clone(),
    };
    resolve::init();
    let f: Adapter = match (op.as_str(), lib.as_str()) {
        ("parse", "urikit") => parse::urikit,
        ("parse", "fluent-uri") => parse::fluent_uri,
        ("parse", "oxiri") => parse::oxiri,
        ("parse", "iri-string") => parse::iri_string,
        ("parse", "http") => parse::http,
        ("parse", "ada-url") => parse::ada_url,
        ("resolve_relative" | "resolve_absolute", "oxiri") => resolve::oxiri,
        ("resolve_relative" | "resolve_absolute", "fluent-uri") => resolve::fluent_uri,
        ("normalize", "fluent-uri") => normalize::fluent_uri,
        ("decode_path", "urikit") => decode::urikit,
        ("decode_path", "percent-encoding") => decode::percent_encoding,
        _ => panic!("unknown OP LIB"),
    };
    let mut n = 0;
    for _ in 0..repeat {
        n += run_all(&inputs, f);
    }
    println!("{n} accepted of {}", inputs.len() * repeat);
}
