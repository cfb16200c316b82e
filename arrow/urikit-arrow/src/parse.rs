//! Taking a column apart: the components of every row, as views into it.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray, StringViewArray, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use urikit::UriRef;

use crate::column::StringColumn;
use crate::views::ViewsBuilder;
use crate::{Error, OnInvalid, Stage};

/// A column of [`parse`]'s struct: a component of RFC 3986 section 3, raw
/// (percent-encoding kept), or the host's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The scheme, as written (`HTTP` stays `HTTP`).
    Scheme,
    /// The authority: `userinfo@host:port`, without the `//`.
    Authority,
    /// The userinfo, without the `@`.
    Userinfo,
    /// The host (IP literals with their brackets); present, maybe empty,
    /// whenever there is an authority.
    Host,
    /// The host's kind: `ipv4`, `ipv6`, `ipvfuture` or `reg-name`.
    HostType,
    /// The port digits, without the `:` (`""` for `//h:`).
    Port,
    /// The path: always present, maybe empty.
    Path,
    /// The query, without the `?`.
    Query,
    /// The fragment, without the `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order of [`parse`]'s struct fields.
    pub const ALL: [Component; 9] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::HostType,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The field name (`urikit parse --format json`'s key).
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::HostType => "host_type",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The component called `name` ([`name`](Self::name)'s inverse).
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Every component of `r`, in the order of [`ALL`](Self::ALL) (the
    /// authority read once).
    #[inline]
    pub fn all_of<'a>(r: &UriRef<'a>) -> [Option<&'a str>; 9] {
        let auth = r.authority();
        [
            r.scheme(),
            auth.map(|a| a.as_str()),
            auth.and_then(|a| a.userinfo()),
            auth.map(|a| a.host_str()),
            auth.map(|a| a.host().kind_name()),
            auth.and_then(|a| a.port()),
            Some(r.path()),
            r.query(),
            r.fragment(),
        ]
    }

    /// The component of `r`; `None` when absent.
    #[inline]
    pub fn of<'a>(self, r: &UriRef<'a>) -> Option<&'a str> {
        match self {
            Component::Scheme => r.scheme(),
            Component::Authority => r.authority().map(|a| a.as_str()),
            Component::Userinfo => r.userinfo(),
            Component::Host => r.host_str(),
            Component::HostType => r.host().map(|h| h.kind_name()),
            Component::Port => r.port(),
            Component::Path => Some(r.path()),
            Component::Query => r.query(),
            Component::Fragment => r.fragment(),
        }
    }
}

/// The components `which` of every row, one `Utf8View` column each, as
/// views into `column`'s buffers. An absent component is null; so is every
/// component of a null row and of a row that is not a URI reference (or the
/// call fails, under [`OnInvalid::Error`]).
///
/// The second value is the rows that are valid (`None`: all rows are).
pub fn components(
    column: &StringColumn,
    which: &[Component],
    on_invalid: OnInvalid,
) -> Result<(Vec<StringViewArray>, Option<NullBuffer>), Error> {
    let blocks: Arc<[_]> = column.blocks().into();
    let mut out: Vec<ViewsBuilder> = which
        .iter()
        .map(|_| ViewsBuilder::new(column, blocks.clone()))
        .collect();
    let mut valid = Vec::with_capacity(column.len());
    let mut failure = None;
    let mut i = 0;
    column.for_each_row(|row| {
        let parsed = row.map(|row| (row, UriRef::parse(row.text)));
        match parsed {
            Some((row, Ok(r))) => {
                if let [c] = which {
                    out[0].opt_part(&row, c.of(&r));
                } else {
                    let all = Component::all_of(&r);
                    for (b, &c) in out.iter_mut().zip(which) {
                        b.opt_part(&row, all[c as usize]);
                    }
                }
                valid.push(true);
            }
            Some((row, Err(e))) if on_invalid == OnInvalid::Error && failure.is_none() => {
                let (kind, index) = (e.kind().name(), e.index());
                failure = Some(Error::invalid(i, Stage::Parse, row.text, kind, index, e));
            }
            _ => {
                out.iter_mut().for_each(ViewsBuilder::null);
                valid.push(false);
            }
        }
        i += 1;
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let arrays = out
        .into_iter()
        .map(ViewsBuilder::finish)
        .collect::<Result<Vec<_>, _>>()?;
    let valid = NullBuffer::from(valid);
    let valid = (valid.null_count() > 0).then_some(valid);
    Ok((arrays, valid))
}

/// The components of every row as a struct with a `Utf8View` field for
/// each of [`Component::ALL`] (named by [`Component::name`]). A row that is
/// null or not a URI reference is a null struct (its fields null too).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{cast::AsArray, Array, ArrayRef, StringViewArray};
/// use urikit_arrow::{OnInvalid, StringColumn};
///
/// let urls: ArrayRef = Arc::new(StringViewArray::from(vec!["foo://example.com:8042/over/there?name=ferret#nose", "a b"]));
/// let parts = urikit_arrow::parse(&StringColumn::new(vec![urls.clone()])?, OnInvalid::Null)?;
/// let field = |name| parts.column_by_name(name).unwrap().as_string_view().value(0).to_owned();
/// assert_eq!((field("scheme"), field("port"), field("path")), ("foo".into(), "8042".into(), "/over/there".into()));
/// assert!(parts.is_null(1));
///
/// let err = urikit_arrow::parse(&StringColumn::new(vec![urls])?, OnInvalid::Error).unwrap_err();
/// assert_eq!(err.to_string(), "row 1: at byte 1: expected a path character (unreserved, sub-delims, \":\", \"@\", \"/\", \"%XX\"), or \"?\", \"#\" (unexpected_char_in_path)");
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
pub fn parse(column: &StringColumn, on_invalid: OnInvalid) -> Result<StructArray, Error> {
    let (arrays, valid) = components(column, &Component::ALL, on_invalid)?;
    let arrays: Vec<ArrayRef> = arrays
        .into_iter()
        .map(|a| Arc::new(a) as ArrayRef)
        .collect();
    Ok(StructArray::try_new(parse_fields(), arrays, valid)?)
}

/// The fields of [`parse`]'s struct: a nullable `Utf8View` for each of
/// [`Component::ALL`].
pub fn parse_fields() -> Fields {
    Component::ALL
        .iter()
        .map(|c| Field::new(c.name(), DataType::Utf8View, true))
        .collect()
}

/// One component of every row (see [`components`]); null where it is
/// absent or the row is null or invalid.
pub fn component(column: &StringColumn, which: Component) -> Result<StringViewArray, Error> {
    let (arrays, _) = components(column, &[which], OnInvalid::Null)?;
    // One column asked, one given.
    let [one]: [StringViewArray; 1] = arrays.try_into().map_err(|_| {
        ArrowError::ComputeError("components: not one column for one component".into())
    })?;
    Ok(one)
}

/// Whether each row is an RFC 3986 URI reference (null for a null row).
pub fn is_valid(column: &StringColumn) -> BooleanArray {
    let mut out = Vec::with_capacity(column.len());
    column.for_each_row(|row| out.push(row.map(|r| UriRef::parse(r.text).is_ok())));
    BooleanArray::from(out)
}
