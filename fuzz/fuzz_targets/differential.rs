//! Our validity and components agree with `fluent-uri` and `iri-string`,
//! except the accepted disagreements listed in `src/differential.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::differential::check(&urikit_fuzz::props::text(data));
});
