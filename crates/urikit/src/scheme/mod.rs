//! Scheme knowledge: what the generic syntax leaves to each scheme.
//!
//! The [`registry`] is the one source of per-scheme facts (default port,
//! whether an authority is required, what an empty path means), read by
//! scheme-based normalization and by the scheme views.

pub mod registry;

pub use registry::{SchemeInfo, SchemeRegistry};
