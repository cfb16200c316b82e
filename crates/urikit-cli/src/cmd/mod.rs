//! One module per subcommand.
//!
//! Adding a per-input subcommand takes three things, the rest (arguments or
//! stdin lines, `--format`, `--jobs`, order, exit status, lines that are not
//! UTF-8, a closed pipe) being [`crate::stream`]'s and [`crate::report`]'s:
//!
//! 1. a struct holding the run's options, implementing
//!    [`PerLine`](crate::stream::PerLine): how one input line becomes a
//!    report, typically `Result<Something, LibraryError>` (every library
//!    error with a kind and an index is a [`Problem`](crate::report::Problem);
//!    `Failure` for others);
//! 2. the report's [`Report`](crate::report::Report): its JSON keys (after
//!    `input` and `valid`) and its text (a [`Line`](crate::report::Line) when
//!    the result is one string);
//! 3. the arguments (`clap::Args`, the inputs as `Vec<String>`), a variant of
//!    [`crate::args::Command`], and a `run` calling
//!    [`stream::each`](crate::stream::each) with the struct and the inputs.
//!
//! `fixup.rs` is the smallest example; `parse.rs` and `normalize.rs` the
//! tuned ones.

pub mod base;
pub mod canon;
pub mod check;
pub mod edit;
pub mod equivalent;
pub mod extract;
pub mod fixup;
pub mod iri;
pub mod normalize;
pub mod pair;
pub mod parse;
pub mod parse_whatwg;
pub mod pct;
pub mod relativize;
pub mod resolve;
pub mod scheme_fields;
pub mod urn;
