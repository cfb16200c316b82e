//! Crawler keys of a column: SURT keys (after a canonicalization profile)
//! and registrable domains (the Public Suffix List).

use std::sync::Arc;

use arrow_array::StringViewArray;
use urikit::canon::{Canonicalizer, ParsedUrl, Surt};
use urikit::psl::List;

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::Error;

/// The SURT key of every row: canonicalized by `canon`, then written by
/// `surt`, with the Wayback Machine's rules for what is no URL (an empty row
/// gives `-`, a `filedesc...` line itself). Canonicalization accepts any
/// text: only a null row gives null.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// use urikit::canon::{Profile, Surt};
/// use urikit_arrow::StringColumn;
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec!["http://www.archive.org/goo/?b&a", ""]));
/// let column = StringColumn::new(vec![urls])?;
/// let keys = urikit_arrow::surt(&column, &Profile::Ia.canonicalizer(), Surt::IA)?;
/// assert_eq!((keys.value(0), keys.value(1)), ("org,archive)/goo?a&b", "-"));
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn surt(
    column: &StringColumn,
    canon: &Canonicalizer,
    surt: Surt,
) -> Result<StringViewArray, Error> {
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    let mut key = Vec::new();
    column.for_each_row(|row| match row {
        None => out.null(),
        Some(row) => {
            key.clear();
            if row.text.is_empty() {
                key.push(b'-');
            } else if row.text.starts_with("filedesc") {
                key.extend_from_slice(row.text.as_bytes());
            } else {
                surt.write(&canon.canonicalize(row.text.as_bytes()), &mut key);
            }
            // Keys are ASCII (canonicalization encodes the rest); a byte
            // that is not UTF-8 would be shown as U+FFFD.
            out.written(Some(&row), |s| s.push_str(&String::from_utf8_lossy(&key)));
        }
    });
    Ok(out.finish()?)
}

/// The host of `input`: `input` itself, or the host of a URL (an input with
/// `://`, read as crawlers read URLs), as `urikit domain` does.
pub fn host_of(input: &str) -> &str {
    if !input.contains("://") {
        return input;
    }
    let url = ParsedUrl::parse(input.as_bytes());
    let host: &[u8] = &url.host;
    // The parser borrows: the host is a slice of the input.
    let start = (host.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
    input
        .get(start..start.wrapping_add(host.len()))
        .unwrap_or(input)
}

/// The registrable domain of every row (a host, or a URL whose host is
/// looked up), by the Public Suffix List `list` (both sections, or the
/// ICANN section only): a view into the input. Null for a null row and for
/// one without a registrable domain (a public suffix itself, an IP address,
/// an empty host).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use urikit::psl::List;
/// use urikit_arrow::StringColumn;
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec!["https://www.images.amazon.co.uk/x", "a.b.github.io", "co.uk"]));
/// let column = StringColumn::new(vec![urls])?;
/// let d = urikit_arrow::registrable_domain(&column, List::embedded(), false)?;
/// assert_eq!((d.value(0), d.value(1)), ("amazon.co.uk", "b.github.io"));
/// assert!(d.is_null(2));
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn registrable_domain(
    column: &StringColumn,
    list: &List,
    icann_only: bool,
) -> Result<StringViewArray, Error> {
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    column.for_each_row(|row| {
        let found = row.and_then(|row| {
            let host = host_of(row.text);
            let d = if icann_only {
                list.domain_icann(host)
            } else {
                list.domain(host)
            };
            Some((row, d.ok()?.registrable_domain()?))
        });
        match found {
            Some((row, d)) => out.part(&row, d),
            None => out.null(),
        }
    });
    Ok(out.finish()?)
}
