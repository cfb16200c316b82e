//! Where the test data is: one function, for the integration tests
//! (`common/mod.rs`), the benches (`benches/extract.rs`) and the arrow/
//! workspace's tests (`arrow/test-support`), which include this file by path.

use std::path::PathBuf;

/// The `shared/` folder: `$URIKIT_SHARED`, or the first `shared/` with a
/// `vectors/` folder in an ancestor of the crate that includes this file
/// (CI puts `shared/` beside the checkout).
///
/// # Panics
/// When there is none: a test without its data fails loudly.
pub fn shared_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("URIKIT_SHARED") {
        return PathBuf::from(p);
    }
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for dir in here.ancestors() {
        let candidate = dir.join("shared");
        if candidate.join("vectors").is_dir() {
            return candidate;
        }
    }
    panic!("shared/vectors not found above {here:?}; set URIKIT_SHARED");
}
