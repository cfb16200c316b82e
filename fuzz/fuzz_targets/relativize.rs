//! Relativization round trip: resolving the result against the base gives
//! the target back (`tests/common/props_resolve.rs`). Input: base, a newline,
//! the target (or a reference whose resolution is the target).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let [base, target] = urikit_fuzz::props::split::<2>(&s);
    urikit_fuzz::props_resolve::check_relativize(base, target);
});
