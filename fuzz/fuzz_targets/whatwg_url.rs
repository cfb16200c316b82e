//! Our WHATWG reading agrees with the `url` crate's on validity and href,
//! except the classes of input `url` gets wrong in the Web Platform Tests
//! (`src/whatwg_differential.rs`). Base and input split at the first newline.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let (base, input) = urikit_fuzz::props_whatwg::base_and_input(&s);
    urikit_fuzz::whatwg_differential::check(base, input);
});
