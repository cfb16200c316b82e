//! What the tests of the arrow/ workspace read: the `shared/` folder beside
//! the checkout (or `$URIKIT_SHARED`) and its real URL lists.

#![warn(missing_docs)]

/// The lists of `shared/datasets/`, in the order the tests read them.
pub const DATASETS: [&str; 4] = [
    "kasztp.txt",
    "userbait.txt",
    "isaacs_files.txt",
    "node_files.txt",
];

// The one `shared_dir` of the repository, the main workspace's tests' own.
#[path = "../../../crates/urikit/tests/common/shared.rs"]
mod shared;
pub use shared::shared_dir;

/// Every line of every list of [`DATASETS`], in order (valid URIs or not).
///
/// # Panics
/// When a list cannot be read, or they hold fewer than 100,000 lines.
pub fn dataset_lines() -> Vec<String> {
    let dir = shared_dir().join("datasets");
    let mut lines = Vec::new();
    for name in DATASETS {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        lines.extend(text.lines().map(str::to_owned));
    }
    assert!(lines.len() > 100_000, "{} lines", lines.len());
    lines
}
