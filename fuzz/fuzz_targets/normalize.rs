//! Normalization is idempotent, structure- and equivalence-preserving
//! (`tests/common/props_normalize.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::props_normalize::check_normalize(&urikit_fuzz::props::text(data));
});
