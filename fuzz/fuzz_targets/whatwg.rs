//! The WHATWG reading never panics; serialization is idempotent; the fast
//! path agrees with the state machine; to_rfc3986 parses and is a fixed
//! point; setters leave URLs that read back to themselves
//! (`tests/common/props_whatwg.rs`). The input is a base and an input,
//! split at the first newline (no base when there is none).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let (base, input) = urikit_fuzz::props_whatwg::base_and_input(&s);
    urikit_fuzz::props_whatwg::check_whatwg(base, input);
});
