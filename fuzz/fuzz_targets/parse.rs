//! Parse never panics; valid input prints back byte for byte; components
//! recompose and re-parse identically (`tests/common/props.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::props::check_parse(&urikit_fuzz::props::text(data));
});
