//! Parse never panics; valid input prints back byte for byte; components
//! recompose and re-parse identically (`tests/common/props.rs`); the
//! parser's portable copy and its SSSE3 copy agree (`urikit::__fuzz`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = urikit_fuzz::props::text(data);
    assert!(urikit::__fuzz::parser_copies_agree(&text), "{text:?}");
    urikit_fuzz::props::check_parse(&text);
});
