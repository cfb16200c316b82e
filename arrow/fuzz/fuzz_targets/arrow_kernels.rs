//! Every kernel of urikit-arrow over arbitrary columns, through the release
//! path (views unchecked); each result checked in full and row by row
//! against the library (`src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_arrow_fuzz::check(data);
});
