//! Extraction: spans in bounds, ordered, on char boundaries, with the right
//! line and column; every URI found parses (`tests/common/props_extract.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::props_extract::check_extract(&urikit_fuzz::props::text(data));
});
