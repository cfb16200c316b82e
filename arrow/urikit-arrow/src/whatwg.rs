//! URLs as browsers read them (the WHATWG URL Standard): one component of
//! every row's URL.

use std::sync::Arc;

use arrow_array::StringViewArray;
use urikit::whatwg::Url;

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::{Arg, Error, OnInvalid, Stage};

/// A component of a URL, named as the URL API (`new URL(input, base)`)
/// names its getters; `""` where the URL has none, as there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrlPart {
    /// The serialization (`https://example.com/a%20b?q#f`).
    Href,
    /// The origin (`https://example.com:8080`, or `null`).
    Origin,
    /// The scheme and `:`.
    Protocol,
    /// The username, percent-encoded.
    Username,
    /// The password, percent-encoded.
    Password,
    /// The host and `:port`.
    Host,
    /// The host: a domain in ASCII (IDNA applied), an IPv4 address in
    /// dotted decimal, `[...]` around an IPv6 address.
    Hostname,
    /// The port, without the scheme's default.
    Port,
    /// The path.
    Pathname,
    /// `?` and the query (`""` for an empty one).
    Search,
    /// `#` and the fragment (`""` for an empty one).
    Hash,
}

impl UrlPart {
    /// Every part, in the order of the URL API.
    pub const ALL: [UrlPart; 11] = [
        UrlPart::Href,
        UrlPart::Origin,
        UrlPart::Protocol,
        UrlPart::Username,
        UrlPart::Password,
        UrlPart::Host,
        UrlPart::Hostname,
        UrlPart::Port,
        UrlPart::Pathname,
        UrlPart::Search,
        UrlPart::Hash,
    ];

    /// The getter's name (`href`, `hostname`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            UrlPart::Href => "href",
            UrlPart::Origin => "origin",
            UrlPart::Protocol => "protocol",
            UrlPart::Username => "username",
            UrlPart::Password => "password",
            UrlPart::Host => "host",
            UrlPart::Hostname => "hostname",
            UrlPart::Port => "port",
            UrlPart::Pathname => "pathname",
            UrlPart::Search => "search",
            UrlPart::Hash => "hash",
        }
    }

    /// The part called `name` ([`name`](Self::name)'s inverse).
    pub fn from_name(name: &str) -> Option<UrlPart> {
        UrlPart::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The part of `url`, a slice of its href; `None` for the origin, which
    /// is not one (see [`Url::origin`]).
    pub fn of(self, url: &Url) -> Option<&str> {
        Some(match self {
            UrlPart::Href => url.href(),
            UrlPart::Origin => return None,
            UrlPart::Protocol => url.protocol(),
            UrlPart::Username => url.username(),
            UrlPart::Password => url.password(),
            UrlPart::Host => url.host(),
            UrlPart::Hostname => url.hostname(),
            UrlPart::Port => url.port(),
            UrlPart::Pathname => url.pathname(),
            UrlPart::Search => url.search(),
            UrlPart::Hash => url.hash(),
        })
    }
}

/// The part `part` of every row read as a URL by the WHATWG URL Standard's
/// parser (browsers' `new URL(row, base)`): without a base (`base` `None`),
/// or against one base for all rows ([`Arg::Scalar`], parsed once) or a base
/// per row. Null for a null row or base, and for a row the parser rejects,
/// or whose base it rejects, unless `on_invalid` says to fail (the kind is
/// the standard's name of the validation error: `host-missing`).
///
/// A row that is already its URL's serialization (most real URLs) gives its
/// parts as views into the input; the others are written into the result's
/// own buffer.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use urikit_arrow::{Arg, OnInvalid, StringColumn, UrlPart};
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec!["HTTP://EXAMPLE.com:80/a/../b c", "http://0x7f.1/", "http://a b/"]));
/// let column = StringColumn::new(vec![urls])?;
/// let href = urikit_arrow::whatwg(&column, UrlPart::Href, None, OnInvalid::Null)?;
/// assert_eq!((href.value(0), href.value(1)), ("http://example.com/b%20c", "http://127.0.0.1/"));
/// assert!(href.is_null(2));
/// let err = urikit_arrow::whatwg(&column, UrlPart::Hostname, None, OnInvalid::Error).unwrap_err();
/// assert_eq!(err.to_string(), "row 2: at byte 8: expected a domain without forbidden domain code points (C0 controls, space, #%/:<>?@[\\]^|, DEL) (domain-invalid-code-point)");
///
/// let refs: ArrayRef = Arc::new(StringArray::from(vec!["../x?y", "//other.example"]));
/// let base = Some(Arg::Scalar(Some("https://example.org/dir/page")));
/// let t = urikit_arrow::whatwg(&StringColumn::new(vec![refs])?, UrlPart::Href, base, OnInvalid::Null)?;
/// assert_eq!((t.value(0), t.value(1)), ("https://example.org/x?y", "https://other.example/"));
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn whatwg(
    column: &StringColumn,
    part: UrlPart,
    base: Option<Arg<'_>>,
    on_invalid: OnInvalid,
) -> Result<StringViewArray, Error> {
    // One base for every row: parsed once.
    let scalar_base = match base {
        Some(Arg::Scalar(Some(b))) => Some(Url::parse(b, None)),
        _ => None,
    };
    let mut out = ViewsBuilder::new(column, Arc::from(column.blocks()));
    let mut failure = None;
    let mut i = 0;
    column.for_each_row(|row| {
        let url = row.and_then(|row| {
            let row_base;
            let base = match (base, &scalar_base) {
                (None, _) => None,
                (Some(_), Some(parsed)) => Some(parsed.as_ref().map_err(|e| (*e, Stage::Base))),
                (Some(arg), None) => {
                    let b = arg.get(i)?;
                    row_base = Url::parse(b, None).map_err(|e| (e, Stage::Base));
                    Some(row_base.as_ref().map_err(|e| *e))
                }
            };
            let parsed = match base {
                Some(Err(e)) => Err(e),
                Some(Ok(b)) => Url::parse(row.text, Some(b)).map_err(|e| (e, Stage::Whatwg)),
                None => Url::parse(row.text, None).map_err(|e| (e, Stage::Whatwg)),
            };
            Some((row, parsed))
        });
        match url {
            Some((row, Ok(url))) => match part.of(&url) {
                Some(p) => match same_place(url.href(), p, row.text) {
                    Some(in_row) => out.part(&row, in_row),
                    None => out.written(None, |s| s.push_str(p)),
                },
                None => out.written(None, |s| s.push_str(&url.origin())),
            },
            Some((row, Err((e, stage)))) if on_invalid == OnInvalid::Error && failure.is_none() => {
                let text = match stage {
                    Stage::Base => base.and_then(|b| b.get(i)).unwrap_or(""),
                    _ => row.text,
                };
                failure = Some(Error::invalid(
                    i,
                    stage,
                    text,
                    e.kind().name(),
                    e.index(),
                    e,
                ));
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

/// When `row` is `href` (the row is its URL's serialization), the slice of
/// `row` at the place `part`, a slice of `href`, has in `href`.
#[inline]
fn same_place<'r>(href: &str, part: &str, row: &'r str) -> Option<&'r str> {
    let start = (part.as_ptr() as usize).wrapping_sub(href.as_ptr() as usize);
    if href != row || start > href.len() || part.len() > href.len() - start {
        return None;
    }
    row.get(start..start + part.len())
}
