//! Our WHATWG reading agrees with the `url` crate's on validity and href,
//! except the classes of input `url` gets wrong in the Web Platform Tests
//! (`src/whatwg_differential.rs`). Base and input split at the first newline.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = urikit_fuzz::props::text(data);
    let [a, b] = urikit_fuzz::props::split::<2>(&s);
    let (base, input) = if s.contains('\n') { (a, b) } else { ("", a) };
    urikit_fuzz::whatwg_differential::check(base, input);
});
