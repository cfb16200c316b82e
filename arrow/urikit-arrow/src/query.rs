//! One query parameter's value from every row.

use std::sync::Arc;

use arrow_array::StringViewArray;
use urikit::build::QueryEncoding;
use urikit::UriRef;

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::{Arg, Error};

/// How [`query_param`] reads keys and values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QueryValue {
    /// As written: the key compared raw, the value a view into the input.
    Raw,
    /// Percent-decoded (RFC 3986 section 2.1): `+` is a plus sign.
    Percent,
    /// `application/x-www-form-urlencoded`: percent-decoded, `+` is a space
    /// (what HTML forms send).
    #[default]
    Form,
}

/// The value of the first `name=value` pair of every row's query whose key
/// is `name` (one name for all rows or one per row). A bare `name` (no `=`)
/// gives `""`; a row without such a pair, a null row or name, and a row
/// that is not a URI reference give null. Decoded values that are not
/// UTF-8 have U+FFFD in place of the bad bytes (use [`QueryValue::Raw`] to
/// keep them encoded); a value with nothing to decode is a view into the
/// input.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use urikit_arrow::{Arg, QueryValue, StringColumn};
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec!["/s?q=caf%C3%A9+au+lait&x=1", "/s?x&q", "/s"]));
/// let column = StringColumn::new(vec![urls])?;
/// let q = urikit_arrow::query_param(&column, Arg::Scalar(Some("q")), QueryValue::Form)?;
/// assert_eq!((q.value(0), q.value(1)), ("café au lait", ""));
/// assert!(q.is_null(2));
/// let raw = urikit_arrow::query_param(&column, Arg::Scalar(Some("q")), QueryValue::Raw)?;
/// assert_eq!(raw.value(0), "caf%C3%A9+au+lait");
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn query_param(
    column: &StringColumn,
    name: Arg<'_>,
    decode: QueryValue,
) -> Result<StringViewArray, Error> {
    let encoding = match decode {
        QueryValue::Form => QueryEncoding::Form,
        _ => QueryEncoding::Percent,
    };
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    let mut i = 0;
    column.for_each_row(|row| {
        let found = row.zip(name.get(i)).and_then(|(row, name)| {
            let r = UriRef::parse(row.text).ok()?;
            let pair = r.query_pairs(encoding).find(|p| match decode {
                QueryValue::Raw => p.raw_key() == name,
                _ => p.raw_key() == name || p.key() == name,
            })?;
            Some((row, pair))
        });
        match found {
            None => out.null(),
            Some((row, pair)) => match decode {
                QueryValue::Raw => out.part(&row, pair.raw_value().unwrap_or("")),
                _ => match pair.value() {
                    Some(v) => out.part(&row, &v),
                    None => out.part(&row, ""),
                },
            },
        }
        i += 1;
    });
    Ok(out.finish()?)
}
