//! The fuzz target `arrow_kernels`: a column built from arbitrary rows in an
//! arbitrary shape goes through every kernel of urikit-arrow; every result
//! is checked in full (`ArrayData::validate_full`: buffers, offsets, views
//! in bounds, UTF-8) and every value compared with the library's own
//! single-value call.
//!
//! cargo-fuzz builds with `cfg(fuzzing)`: urikit-arrow then makes its
//! `Utf8View` results without checking them (`CHECK_VIEWS` in its
//! `views.rs`), exactly as a release build does, though debug assertions
//! are on. The check here is what makes that `unsafe` path safe to keep.
//!
//! ## The input
//!
//! Five bytes of shape, then the rows, one per line (lossy UTF-8; a line
//! that is a single NUL is a null row). The first row is also the base of
//! the kernels that take one, the second the query parameter's name; the
//! per-row bases and names are the rows rotated by one.
//!
//! | byte | shape |
//! |---|---|
//! | 0 | chunks: `1 + (b & 3)`; `b & 4`: every chunk padded with rows before and after, then sliced back; `(b >> 3) & 3`: padding rows on each side |
//! | 1 | the type of chunk `k`: bits `2k..2k+2`: `Utf8`, `LargeUtf8`, `Utf8View` (one block), `Utf8View` in small blocks |
//! | 2 | `b & 0x80`: a `Null`-typed chunk of `(b >> 2) & 7` rows before chunk `b & 3` |
//! | 3 | `1..=127`: windows of that many bytes over the offset chunks' buffers (`StringColumn::with_window`); else one window |
//! | 4 | the small blocks' size: `13 + b` bytes |

use std::sync::Arc;

use arrow_array::builder::StringViewBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayRef, BooleanArray, LargeStringArray, NullArray, StringArray, StringViewArray,
    StructArray,
};
use urikit::canon::{Profile, Surt};
use urikit::normalize::{Level, Normalizer};
use urikit::psl::List;
use urikit::scheme::SchemeRegistry;
use urikit::whatwg::Url;
use urikit::{Resolver, Uri, UriRef};
use urikit_arrow::{Arg, Component, Error, OnInvalid, QueryValue, Stage, StringColumn, UrlPart};

/// Runs every kernel over the column `data` describes and checks each result.
///
/// # Panics
/// On a result that is not a valid array, or a value that differs from the
/// library's: what the fuzzer looks for.
pub fn check(data: &[u8]) {
    let (shape, rest) = data.split_at(data.len().min(5));
    let mut shape = shape.to_vec();
    shape.resize(5, 0);
    let text = String::from_utf8_lossy(rest);
    let rows: Vec<Option<&str>> = text.split('\n').map(|l| (l != "\0").then_some(l)).collect();
    let column = build(&rows, &shape);
    let texts = column.texts();
    assert_eq!(texts.len(), column.len());
    // The column reads back the rows it was built from (a `Null` chunk adds nulls).
    assert_eq!(
        texts.iter().flatten().count(),
        rows.iter().flatten().count()
    );

    let first = rows.first().copied().flatten();
    let second = rows.get(1).copied().flatten();
    let rotated: Vec<Option<&str>> = texts
        .iter()
        .cycle()
        .skip(1)
        .take(texts.len())
        .copied()
        .collect();

    check_parse(&column, &texts);
    check_normalize(&column, &texts);
    check_resolve(&column, &texts, first, &rotated);
    check_query_param(&column, &texts, second, &rotated);
    check_canon(&column, &texts);
    check_whatwg(&column, &texts, first, &rotated);
}

/// The column: the rows cut into chunks of the types `shape` says.
fn build(rows: &[Option<&str>], shape: &[u8]) -> StringColumn {
    let chunks = 1 + usize::from(shape[0] & 3);
    let padded = shape[0] & 4 != 0;
    let pad = usize::from((shape[0] >> 3) & 3);
    let block_size = 13 + u32::from(shape[4]);
    let mut arrays: Vec<ArrayRef> = Vec::new();
    for k in 0..chunks {
        let part = &rows[k * rows.len() / chunks..(k + 1) * rows.len() / chunks];
        if shape[2] & 0x80 != 0 && usize::from(shape[2] & 3) == k {
            arrays.push(Arc::new(NullArray::new(usize::from((shape[2] >> 2) & 7))));
        }
        let mut values: Vec<Option<&str>> = Vec::new();
        let filler = Some("http://padding.example/a-row-longer-than-twelve-bytes");
        if padded {
            values.extend(std::iter::repeat_n(filler, pad));
        }
        values.extend_from_slice(part);
        if padded {
            values.extend(std::iter::repeat_n(None, pad));
        }
        let array: ArrayRef = match (shape[1] >> (2 * k)) & 3 {
            0 => Arc::new(StringArray::from(values)),
            1 => Arc::new(LargeStringArray::from(values)),
            2 => Arc::new(StringViewArray::from(values)),
            _ => {
                let mut b = StringViewBuilder::new().with_fixed_block_size(block_size);
                values.iter().for_each(|v| b.append_option(*v));
                Arc::new(b.finish())
            }
        };
        let array = if padded {
            array.slice(pad, part.len())
        } else {
            array
        };
        arrays.push(array);
    }
    match shape[3] {
        w @ 1..=127 => StringColumn::with_window(arrays, usize::from(w)),
        _ => StringColumn::new(arrays),
    }
    .expect("a column of string chunks")
}

/// `a` checked in full, as a safe constructor would have checked it.
fn valid<A: Array>(a: &A, what: &str) {
    if let Err(e) = a.to_data().validate_full() {
        panic!("{what}: an invalid array: {e}");
    }
}

fn strings(a: &StringViewArray) -> Vec<Option<&str>> {
    a.iter().collect()
}

/// The first non-null row the library rejects, with its error's kind and index.
fn first_invalid<E>(
    texts: &[Option<&str>],
    parse: impl Fn(&str) -> Result<(), E>,
    locate: impl Fn(&E) -> (&'static str, usize),
) -> Option<(usize, &'static str, usize)> {
    texts.iter().enumerate().find_map(|(i, t)| {
        let e = parse((*t)?).err()?;
        let (kind, index) = locate(&e);
        Some((i, kind, index))
    })
}

/// An `Error::Invalid` as (row, stage, kind, index).
fn invalid(e: Error) -> (usize, Stage, &'static str, usize) {
    match e {
        Error::Invalid {
            row,
            stage,
            kind,
            index,
            ..
        } => (row, stage, kind, index),
        Error::Arrow(e) => panic!("an Arrow error on a small column: {e}"),
    }
}

fn check_parse(column: &StringColumn, texts: &[Option<&str>]) {
    let parsed: Vec<Option<UriRef<'_>>> = texts
        .iter()
        .map(|t| t.and_then(|s| UriRef::parse(s).ok()))
        .collect();
    let parts: StructArray = urikit_arrow::parse(column, OnInvalid::Null).expect("parse");
    valid(&parts, "parse");
    for (i, p) in parsed.iter().enumerate() {
        assert_eq!(parts.is_valid(i), p.is_some(), "parse: row {i} valid");
    }
    for c in Component::ALL {
        let want: Vec<Option<&str>> = parsed
            .iter()
            .map(|p| p.as_ref().and_then(|r| c.of(r)))
            .collect();
        let field = parts
            .column_by_name(c.name())
            .expect("a field per component");
        assert_eq!(strings(field.as_string_view()), want, "parse: {}", c.name());
        let one = urikit_arrow::component(column, c).expect("component");
        valid(&one, c.name());
        assert_eq!(strings(&one), want, "component {}", c.name());
    }
    let plain = urikit_arrow::to_utf8_struct(&parts).expect("to_utf8_struct");
    valid(&plain, "to_utf8_struct");
    let first = first_invalid(
        texts,
        |s| UriRef::parse(s).map(drop),
        |e| (e.kind().name(), e.index()),
    );
    match (urikit_arrow::parse(column, OnInvalid::Error), first) {
        (Ok(p), None) => assert_eq!(p, parts, "parse: OnInvalid::Error with no invalid row"),
        (Err(e), Some((row, kind, index))) => {
            assert_eq!(
                invalid(e),
                (row, Stage::Parse, kind, index),
                "parse: the first invalid row"
            )
        }
        (got, want) => panic!("parse, OnInvalid::Error: {got:?}, the first invalid row {want:?}"),
    }
    let is_valid: BooleanArray = urikit_arrow::is_valid(column);
    valid(&is_valid, "is_valid");
    let want: Vec<Option<bool>> = texts
        .iter()
        .map(|t| t.map(|s| UriRef::parse(s).is_ok()))
        .collect();
    assert_eq!(is_valid.iter().collect::<Vec<_>>(), want, "is_valid");
}

fn check_normalize(column: &StringColumn, texts: &[Option<&str>]) {
    let schemes = SchemeRegistry::standard();
    let all_steps = Normalizer::new()
        .level(Level::Scheme)
        .drop_fragment(true)
        .sort_query(true)
        .remove_trailing_host_dot(true);
    for n in [Normalizer::new(), all_steps] {
        let got =
            urikit_arrow::normalize(column, &n, &schemes, OnInvalid::Null).expect("normalize");
        valid(&got, "normalize");
        let want: Vec<Option<String>> = texts
            .iter()
            .map(|t| {
                let r = UriRef::parse((*t)?).ok()?;
                Some(n.normalize_with(&r, &schemes).into_string())
            })
            .collect();
        let want: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
        assert_eq!(strings(&got), want, "normalize {n:?}");
        let plain = urikit_arrow::to_utf8(&got).expect("to_utf8");
        valid(&plain, "to_utf8");
    }
}

fn check_resolve(
    column: &StringColumn,
    texts: &[Option<&str>],
    base: Option<&str>,
    bases: &[Option<&str>],
) {
    for resolver in [Resolver::new(), Resolver::new().strict(false)] {
        let one = |r: Option<&str>, b: Option<&str>| -> Option<String> {
            let b = Uri::parse(b?).ok()?;
            let r = UriRef::parse(r?).ok()?;
            Some(resolver.resolve(&b, &r).ok()?.into_string())
        };
        for (arg, per_row) in [(Arg::Scalar(base), false), (Arg::Column(bases), true)] {
            let got =
                urikit_arrow::resolve(column, arg, &resolver, OnInvalid::Null).expect("resolve");
            valid(&got, "resolve");
            let want: Vec<Option<String>> = texts
                .iter()
                .enumerate()
                .map(|(i, t)| one(*t, if per_row { bases[i] } else { base }))
                .collect();
            let want: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
            assert_eq!(strings(&got), want, "resolve (a base per row: {per_row})");
            // Under OnInvalid::Error: a result, exactly when no row failed.
            let failed = texts.iter().enumerate().any(|(i, t)| {
                let b = if per_row { bases[i] } else { base };
                t.is_some() && b.is_some() && want[i].is_none()
            });
            let strict = urikit_arrow::resolve(column, arg, &resolver, OnInvalid::Error);
            assert_eq!(strict.is_err(), failed, "resolve, OnInvalid::Error");
        }
    }
}

fn check_query_param(
    column: &StringColumn,
    texts: &[Option<&str>],
    name: Option<&str>,
    names: &[Option<&str>],
) {
    use urikit::build::QueryEncoding;
    for decode in [QueryValue::Raw, QueryValue::Percent, QueryValue::Form] {
        let encoding = match decode {
            QueryValue::Form => QueryEncoding::Form,
            _ => QueryEncoding::Percent,
        };
        let one = |row: Option<&str>, name: Option<&str>| -> Option<String> {
            let (row, name) = (row?, name?);
            let r = UriRef::parse(row).ok()?;
            let pair = r
                .query_pairs(encoding)
                .find(|p| p.raw_key() == name || (decode != QueryValue::Raw && p.key() == name))?;
            Some(match decode {
                QueryValue::Raw => pair.raw_value().unwrap_or("").to_owned(),
                _ => pair.value().map(|v| v.into_owned()).unwrap_or_default(),
            })
        };
        for (arg, per_row) in [(Arg::Scalar(name), false), (Arg::Column(names), true)] {
            let got = urikit_arrow::query_param(column, arg, decode).expect("query_param");
            valid(&got, "query_param");
            let want: Vec<Option<String>> = texts
                .iter()
                .enumerate()
                .map(|(i, t)| one(*t, if per_row { names[i] } else { name }))
                .collect();
            let want: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
            assert_eq!(
                strings(&got),
                want,
                "query_param {decode:?} (per row: {per_row})"
            );
        }
    }
}

fn check_canon(column: &StringColumn, texts: &[Option<&str>]) {
    let keys = urikit_arrow::surt(column, &Profile::Ia.canonicalizer(), Surt::IA).expect("surt");
    valid(&keys, "surt");
    let want: Vec<Option<String>> = texts
        .iter()
        .map(|t| {
            t.map(|s| {
                String::from_utf8_lossy(&urikit::canon::wayback_key(s.as_bytes())).into_owned()
            })
        })
        .collect();
    let want: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
    assert_eq!(strings(&keys), want, "surt");

    for icann_only in [false, true] {
        let list = List::embedded();
        let got =
            urikit_arrow::registrable_domain(column, list, icann_only).expect("registrable_domain");
        valid(&got, "registrable_domain");
        let want: Vec<Option<&str>> = texts
            .iter()
            .map(|t| {
                let host = urikit_arrow::host_of((*t)?);
                let d = if icann_only {
                    list.domain_icann(host)
                } else {
                    list.domain(host)
                };
                d.ok()?.registrable_domain()
            })
            .collect();
        assert_eq!(
            strings(&got),
            want,
            "registrable_domain (ICANN only: {icann_only})"
        );
    }
}

fn check_whatwg(
    column: &StringColumn,
    texts: &[Option<&str>],
    base: Option<&str>,
    bases: &[Option<&str>],
) {
    let one = |row: Option<&str>, base: Option<Option<&str>>, part: UrlPart| -> Option<String> {
        let base = match base {
            None => None,
            Some(b) => Some(Url::parse(b?, None).ok()?),
        };
        let url = Url::parse(row?, base.as_ref()).ok()?;
        Some(part.of(&url).map_or_else(|| url.origin(), str::to_owned))
    };
    for part in UrlPart::ALL {
        for (arg, which) in [
            (None, "no base"),
            (Some(Arg::Scalar(base)), "one base"),
            (Some(Arg::Column(bases)), "a base per row"),
        ] {
            let got = urikit_arrow::whatwg(column, part, arg, OnInvalid::Null).expect("whatwg");
            valid(&got, "whatwg");
            let want: Vec<Option<String>> = texts
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let b = match arg {
                        None => None,
                        Some(Arg::Scalar(b)) => Some(b),
                        Some(Arg::Column(_)) => Some(bases[i]),
                    };
                    one(*t, b, part)
                })
                .collect();
            let want: Vec<Option<&str>> = want.iter().map(Option::as_deref).collect();
            assert_eq!(strings(&got), want, "whatwg {} ({which})", part.name());
        }
    }
    // Without a base, OnInvalid::Error names the first row the parser rejects.
    let first = first_invalid(
        texts,
        |s| Url::parse(s, None).map(drop),
        |e| (e.kind().name(), e.index()),
    );
    match (
        urikit_arrow::whatwg(column, UrlPart::Href, None, OnInvalid::Error),
        first,
    ) {
        (Ok(_), None) => {}
        (Err(e), Some((row, kind, index))) => {
            assert_eq!(
                invalid(e),
                (row, Stage::Whatwg, kind, index),
                "whatwg: the first invalid row"
            )
        }
        (got, want) => panic!("whatwg, OnInvalid::Error: {got:?}, the first invalid row {want:?}"),
    }
}
