//! URN lexical equivalence is an equivalence relation on the canonical forms
//! (`tests/common/props_urn.rs`). Input: up to three URNs, one per line.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let [a, b, c] = urikit_fuzz::props::split::<3>(&s);
    urikit_fuzz::props_urn::check_urn(a, b, c);
});
