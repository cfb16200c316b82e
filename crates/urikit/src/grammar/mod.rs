//! The RFC 3986 grammar core: byte classes, the scanning loops built on them,
//! the one-pass parser (which finds the stored offsets of `crate::offsets`),
//! hosts, and parse errors.
//!
//! Everything else in the crate (resolution, normalization, building, the
//! schemes) works on what this folder produces and never re-reads the grammar.

pub(crate) mod error;
pub(crate) mod host;
mod nibbles;
pub(crate) mod parse;
#[cfg(all(test, feature = "std"))]
mod parse_reference;
pub(crate) mod scan;
pub mod table;
pub(crate) mod ucs;
