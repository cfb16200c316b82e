//! Normal forms of a column (RFC 3986 section 6.2).

use std::sync::Arc;

use arrow_array::StringViewArray;
use urikit::normalize::Normalizer;
use urikit::scheme::SchemeRegistry;
use urikit::UriRef;

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::{Error, OnInvalid, Stage};

/// The normal form of every row under `normalizer` (default ports and
/// empty-path rules from `schemes`). A row already in normal form is a view
/// of itself; the others are written into the result's own buffer. Null
/// for a null row, and for a row that is not a URI reference unless
/// `on_invalid` says to fail.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// use urikit::normalize::{Level, Normalizer};
/// use urikit::scheme::SchemeRegistry;
/// use urikit_arrow::{OnInvalid, StringColumn};
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec!["HTTP://Example.COM:80/a/./b", "http://example.com/"]));
/// let column = StringColumn::new(vec![urls])?;
/// let n = urikit_arrow::normalize(&column, &Normalizer::new().level(Level::Scheme), &SchemeRegistry::standard(), OnInvalid::Null)?;
/// assert_eq!((n.value(0), n.value(1)), ("http://example.com/a/b", "http://example.com/"));
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn normalize(
    column: &StringColumn,
    normalizer: &Normalizer,
    schemes: &SchemeRegistry,
    on_invalid: OnInvalid,
) -> Result<StringViewArray, Error> {
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    let mut failure = None;
    let mut i = 0;
    column.for_each_row(|row| {
        match row.map(|row| (row, UriRef::parse(row.text))) {
            Some((row, Ok(r))) => out.written(Some(&row), |s| normalizer.write(&r, schemes, s)),
            Some((row, Err(e))) if on_invalid == OnInvalid::Error && failure.is_none() => {
                let (kind, index) = (e.kind().name(), e.index());
                failure = Some(Error::invalid(i, Stage::Parse, row.text, kind, index, e));
            }
            _ => out.null(),
        }
        i += 1;
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(out.finish()?),
    }
}
