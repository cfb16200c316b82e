//! # urikit-arrow
//!
//! urikit over Arrow string columns: one call takes a whole column of URI
//! references (`Utf8`, `LargeUtf8` or `Utf8View`, in one or more chunks) and
//! returns a column, with no object per row.
//!
//! Results are `Utf8View` columns. A component of a row (host, path, ...) is
//! a **view into the input's own buffers**: the result shares the input's
//! bytes, nothing is copied and nothing is allocated per row (strings of at
//! most 12 bytes are stored in the view itself). Strings the input does not
//! contain (a normal form that differs, a resolved target, a decoded query
//! value) are written into one buffer of the result's own; a normal form
//! equal to its input is a view again.
//!
//! | function | result |
//! |---|---|
//! | [`parse`] | struct of [`Component::ALL`] |
//! | [`component`] | one component |
//! | [`is_valid`] | `Boolean` |
//! | [`normalize`] | the normal form (RFC 3986 section 6.2) |
//! | [`resolve`] | each reference resolved against its base (section 5) |
//! | [`query_param`] | the first value of a query parameter |
//! | [`surt`] | the SURT key (after a canonicalization profile) |
//! | [`registrable_domain`] | the registrable domain (Public Suffix List) |
//! | [`whatwg()`] | a component of the URL browsers read (the WHATWG URL Standard) |
//!
//! Building a `Utf8View` array safely checks every view (bounds and UTF-8),
//! which costs more than the rest of a kernel; release builds skip that check
//! for the views the kernels make, in one `unsafe` call whose argument is in
//! `views.rs` (every view is made from a `&str` it describes); debug builds,
//! and so the tests, make the check, and the fuzz target `arrow/fuzz` runs
//! the unchecked path over arbitrary columns and checks each result in full.
//! No input makes a kernel panic: what a `Utf8View` column cannot hold (a
//! string over 4 GiB) is an [`Error::Arrow`].
//!
//! A null input row gives a null. An input that is not an RFC 3986 URI
//! reference gives a null too, or stops the call with [`Error::Invalid`]
//! (its row, the error's kind and byte index) under [`OnInvalid::Error`].
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{cast::AsArray, Array, ArrayRef, StringArray};
//! use urikit_arrow::{OnInvalid, StringColumn};
//!
//! let urls: ArrayRef = Arc::new(StringArray::from(vec!["HTTP://Example.com:80/a/../b?x=1#top", "mailto:a@b"]));
//! let column = StringColumn::new(vec![urls])?;
//! let parts = urikit_arrow::parse(&column, OnInvalid::Null)?;
//! let host = parts.column_by_name("host").unwrap().as_string_view();
//! assert_eq!(host.value(0), "Example.com");
//! assert!(host.is_null(1)); // no authority
//! # Ok::<_, urikit_arrow::Error>(())
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod canon;
mod column;
mod normalize;
mod parse;
mod plain;
mod query;
mod resolve;
mod views;
mod whatwg;

pub use canon::{host_of, registrable_domain, surt};
pub use column::{Row, StringColumn};
pub use normalize::normalize;
pub use parse::{component, components, is_valid, parse, parse_fields, Component};
pub use plain::{to_utf8, to_utf8_struct};
pub use query::{query_param, QueryValue};
pub use resolve::resolve;
pub use whatwg::{whatwg, UrlPart};

use arrow_schema::ArrowError;

/// What to do with a row that is not valid for the operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnInvalid {
    /// Its result is null (SQL's habit).
    #[default]
    Null,
    /// The call fails with [`Error::Invalid`] for the first such row.
    Error,
}

/// Why a call failed.
#[derive(Debug)]
pub enum Error {
    /// A row is not valid for the operation (under [`OnInvalid::Error`]).
    Invalid {
        /// The row, counted from 0 across all chunks.
        row: usize,
        /// What was invalid.
        stage: Stage,
        /// The invalid text: the row's, or its base's for [`Stage::Base`].
        text: String,
        /// The error kind's stable name (`unexpected_char_in_path`, ...).
        kind: &'static str,
        /// The byte of the row's text where it stops being valid.
        index: usize,
        /// The error's message (`at byte N: expected ...`).
        message: String,
    },
    /// An Arrow error: an input column that is not made of strings, or a
    /// result Arrow cannot hold.
    Arrow(ArrowError),
}

/// What an [`Error::Invalid`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The row is not an RFC 3986 URI reference.
    Parse,
    /// The row's base is not an absolute URI ([`resolve`]), or not a URL
    /// ([`whatwg()`]).
    Base,
    /// Resolving the row against its base failed.
    Resolve,
    /// The WHATWG URL Standard's parser rejects the row ([`whatwg()`]).
    Whatwg,
}

impl Error {
    fn invalid(
        row: usize,
        stage: Stage,
        text: &str,
        kind: &'static str,
        index: usize,
        message: impl ToString,
    ) -> Error {
        Error::Invalid {
            row,
            stage,
            text: text.to_owned(),
            kind,
            index,
            message: message.to_string(),
        }
    }
}

impl From<ArrowError> for Error {
    fn from(e: ArrowError) -> Error {
        Error::Arrow(e)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Invalid {
                row, kind, message, ..
            } => write!(f, "row {row}: {message} ({kind})"),
            Error::Arrow(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

/// A second argument that is either one value for every row or a value per
/// row (SQL's scalar or column): a base URI, a parameter name.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// The same value for every row (`None`: null, so every result is null).
    Scalar(Option<&'a str>),
    /// One value per row of the input column.
    Column(&'a [Option<&'a str>]),
}

impl<'a> Arg<'a> {
    /// The value for row `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        match *self {
            Arg::Scalar(v) => v,
            Arg::Column(c) => c.get(i).copied().flatten(),
        }
    }
}
