//! Parsing a borrowed reference never touches the heap: a counting global
//! allocator sees zero allocations while every line of
//! the shared URL lists and the parsing vectors is parsed, valid or not.

mod common;

use urikit::UriRef;

/// How many allocations `f` makes on this thread, counted by the global
/// allocator that `allocation-counter` installs in this test binary (the
/// workspace forbids `unsafe`, so the allocator comes from that crate).
fn allocations(f: impl FnOnce()) -> u64 {
    allocation_counter::measure(f).count_total
}

/// The lines of every URL list in `shared/datasets/`, and every parsing
/// vector's input.
fn inputs() -> Vec<String> {
    let shared = common::shared_dir();
    let mut out = common::dataset_lines();
    for e in std::fs::read_dir(shared.join("vectors").join("parsing")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let rel = format!("parsing/{}", p.file_name().unwrap().to_string_lossy());
            for case in common::cases(&rel) {
                if let Some(s) = case.get("input").and_then(|v| v.as_str()) {
                    out.push(s.to_owned());
                }
            }
        }
    }
    out
}

#[test]
fn the_counter_sees_allocations() {
    // The instrument works: a String allocates.
    let n = allocations(|| {
        std::hint::black_box(String::from("x").repeat(100));
    });
    assert!(n >= 1, "the counting allocator saw {n} allocations");
}

#[test]
fn parsing_a_borrowed_reference_never_allocates() {
    let inputs = inputs();
    assert!(inputs.len() > 100_000, "only {} inputs", inputs.len());
    let mut valid = 0;
    let mut invalid = 0;
    let n = allocations(|| {
        for s in &inputs {
            match UriRef::parse(std::hint::black_box(s)) {
                Ok(r) => {
                    // Looking at the components does not allocate either.
                    std::hint::black_box((r.scheme(), r.authority(), r.path(), r.query()));
                    std::hint::black_box(r.segments().count());
                    valid += 1;
                }
                Err(e) => {
                    std::hint::black_box((e.index(), e.kind()));
                    invalid += 1;
                }
            }
        }
    });
    assert_eq!(
        n,
        0,
        "{n} allocations while parsing {} inputs",
        inputs.len()
    );
    assert!(valid > 0 && invalid > 0, "valid {valid}, invalid {invalid}");
}

#[test]
fn resolving_allocates_once() {
    let base = urikit::Uri::parse("http://a/b/c/d;p?q").unwrap();
    let inputs = inputs();
    let refs: Vec<UriRef<'_>> = inputs
        .iter()
        .filter_map(|s| UriRef::parse(s).ok())
        .collect();
    // Each reference's path, query and fragment alone, as a relative reference.
    let tails: Vec<String> = refs
        .iter()
        .map(|r| {
            let s = r.as_str();
            let tail = r.path().len()
                + r.query().map_or(0, |q| q.len() + 1)
                + r.fragment().map_or(0, |f| f.len() + 1);
            s[s.len() - tail..].to_owned()
        })
        .collect();
    let relative: Vec<UriRef<'_>> = tails.iter().filter_map(|s| UriRef::parse(s).ok()).collect();
    assert!(refs.len() > 100_000 && relative.len() > 100_000);
    for (what, list) in [("absolute", &refs), ("relative", &relative)] {
        let mut most = 0;
        let mut worst = "";
        for r in list.iter() {
            let n = allocations(|| {
                std::hint::black_box(r.resolve_against(&base).unwrap());
            });
            if n > most {
                (most, worst) = (n, r.as_str());
            }
        }
        assert!(most <= 1, "{what}: {most} allocations resolving {worst:?}");
    }
}

#[test]
fn normalizing_allocates_once() {
    const N: urikit::normalize::Normalizer = urikit::normalize::Normalizer::new();
    let inputs = inputs();
    let refs: Vec<UriRef<'_>> = inputs
        .iter()
        .filter_map(|s| UriRef::parse(s).ok())
        .collect();
    assert!(refs.len() > 100_000);
    let mut most = 0;
    let mut worst = "";
    for r in &refs {
        let n = allocations(|| {
            std::hint::black_box(N.normalize(r));
        });
        if n > most {
            (most, worst) = (n, r.as_str());
        }
    }
    assert!(most <= 1, "{most} allocations normalizing {worst:?}");
}

#[test]
fn parsing_a_borrowed_iri_never_allocates() {
    // The lists and vectors, and each line's IRI form (its UTF-8 escapes
    // decoded, made before counting), valid or not.
    let mut inputs = inputs();
    let iris: Vec<String> = inputs
        .iter()
        .filter_map(|s| Some(UriRef::parse(s).ok()?.to_iri().into_string()))
        .filter(|s| !s.is_ascii())
        .collect();
    assert!(!iris.is_empty());
    inputs.extend(iris);
    inputs.push("http://例え.jp/résumé?q=\u{E000}#\u{202E}".into());
    let mut valid = 0;
    let n = allocations(|| {
        for s in &inputs {
            if let Ok(r) = urikit::iri::IriRef::parse(std::hint::black_box(s)) {
                std::hint::black_box((r.scheme(), r.authority(), r.path(), r.query()));
                valid += 1;
            }
            std::hint::black_box(urikit::iri::IriRef::parse_bytes(s.as_bytes()).is_ok());
        }
    });
    assert!(valid > 100_000, "{valid}");
    assert_eq!(n, 0, "IRI parsing allocated {n} times");
}
