//! Resolving a column of references against a base (RFC 3986 section 5).

use std::sync::Arc;

use arrow_array::StringViewArray;
use urikit::{ParseError, Resolver, Uri, UriRef};

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::{Arg, Error, OnInvalid, Stage};

/// The target of every row resolved by `resolver` against its base: one
/// base for all rows ([`Arg::Scalar`], parsed once) or one per row. The
/// result is null for a null row or base, and for a reference that is not a
/// URI reference, a base that is not an absolute URI or a resolution error
/// (`path_underflow`, `too_long`), unless `on_invalid` says to fail (the
/// error of a base has the kind `invalid_base`).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// use urikit::Resolver;
/// use urikit_arrow::{Arg, OnInvalid, StringColumn};
///
/// let refs: ArrayRef = Arc::new(StringArray::from(vec!["g", "../../../g", "http:g"]));
/// let column = StringColumn::new(vec![refs])?;
/// let base = Arg::Scalar(Some("http://a/b/c/d;p?q"));
/// let t = urikit_arrow::resolve(&column, base, &Resolver::new(), OnInvalid::Null)?;
/// assert_eq!((t.value(0), t.value(1), t.value(2)), ("http://a/b/c/g", "http://a/g", "http:g"));
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn resolve(
    column: &StringColumn,
    base: Arg<'_>,
    resolver: &Resolver,
    on_invalid: OnInvalid,
) -> Result<StringViewArray, Error> {
    // One base for every row: parsed once.
    let scalar_base = match base {
        Arg::Scalar(Some(b)) => Some(Uri::parse(b)),
        _ => None,
    };
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    let mut failure = None;
    let mut i = 0;
    column.for_each_row(|row| {
        let target = row.zip(base.get(i)).map(|(row, b)| {
            let bad_base =
                |e: ParseError| Error::invalid(i, Stage::Base, b, e.kind().name(), e.index(), e);
            let base = match scalar_base {
                Some(parsed) => parsed.map_err(bad_base)?,
                None => Uri::parse(b).map_err(bad_base)?,
            };
            let text = row.text;
            let r = UriRef::parse(text).map_err(|e| {
                Error::invalid(i, Stage::Parse, text, e.kind().name(), e.index(), e)
            })?;
            resolver
                .resolve(&base, &r)
                .map_err(|e| Error::invalid(i, Stage::Resolve, text, e.kind().name(), e.index(), e))
        });
        match target {
            Some(Ok(t)) => out.written(None, |s| s.push_str(t.as_str())),
            Some(Err(e)) if on_invalid == OnInvalid::Error && failure.is_none() => {
                failure = Some(e)
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
