//! IRIs (RFC 3987): any bytes parse without panicking, bad UTF-8 is an error
//! at its first byte, and a valid IRI converts to a URI and back
//! (`tests/common/props_iri.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    urikit_fuzz::props_iri::check_iri(data);
});
