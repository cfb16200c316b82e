//! Percent-encoding round trip for arbitrary bytes; decoding arbitrary text
//! (`tests/common/props.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::props::check_pct(data);
});
