//! Resolution agrees with the literal RFC 3986 section 5.2 transcription and
//! the target re-parses (`tests/common/props_resolve.rs`). Input: base, a
//! newline, the reference.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let [base, reference] = urikit_fuzz::props::split::<2>(&s);
    urikit_fuzz::props_resolve::check_resolve(base, reference);
});
