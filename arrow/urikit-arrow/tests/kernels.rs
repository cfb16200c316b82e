//! The column kernels against the library, row by row: every input type,
//! chunked and sliced inputs, nulls, invalid rows, and where the results'
//! bytes live (views into the input, not copies).

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray, StructArray};
use urikit::normalize::{Level, Normalizer};
use urikit::scheme::SchemeRegistry;
use urikit::whatwg::Url;
use urikit::{Resolver, Uri, UriRef};
use urikit_arrow::{Arg, Component, Error, OnInvalid, QueryValue, Stage, StringColumn, UrlPart};
use urikit_test_support::dataset_lines;

const SAMPLES: &[Option<&str>] = &[
    Some("foo://user:pw@example.com:8042/over/there?name=ferret#nose"),
    None,
    Some("http://[2001:db8::7]:/a?q"),
    Some("a b"),
    Some(""),
    Some("mailto:someone.with.a.long.address@example.org"),
    Some("//h"),
    Some("HTTP://EXAMPLE.com:80/a/./b/../c/%7efoo"),
    Some("urn:isbn:0451450523"),
    Some("http://x/%zz"),
    Some("http://1.2.3.4/?x=1&q=two+words&q=second"),
];

fn utf8(rows: &[Option<&str>]) -> ArrayRef {
    Arc::new(StringArray::from(rows.to_vec()))
}
fn large(rows: &[Option<&str>]) -> ArrayRef {
    Arc::new(LargeStringArray::from(rows.to_vec()))
}
fn view(rows: &[Option<&str>]) -> ArrayRef {
    Arc::new(StringViewArray::from(rows.to_vec()))
}

/// The row, stage, text, kind and index of the `Error::Invalid` a call
/// failed with.
fn invalid<T: std::fmt::Debug>(
    result: Result<T, Error>,
) -> (usize, Stage, String, &'static str, usize) {
    match result {
        Err(Error::Invalid {
            row,
            stage,
            text,
            kind,
            index,
            ..
        }) => (row, stage, text, kind, index),
        other => panic!("{other:?}"),
    }
}

/// The same rows in every shape a column can take.
fn shapes(rows: &[Option<&str>]) -> Vec<(&'static str, StringColumn)> {
    let half = rows.len() / 2;
    let col = |chunks: Vec<ArrayRef>| StringColumn::new(chunks).unwrap();
    // A sliced chunk: its offsets do not start at 0.
    let mut padded = vec![Some("http://padding.example/before"); 3];
    padded.extend_from_slice(rows);
    let sliced = utf8(&padded).slice(3, rows.len());
    vec![
        ("utf8", col(vec![utf8(rows)])),
        ("large_utf8", col(vec![large(rows)])),
        ("utf8_view", col(vec![view(rows)])),
        (
            "three chunks of three types",
            col(vec![
                utf8(&rows[..1]),
                view(&rows[1..half]),
                large(&rows[half..]),
            ]),
        ),
        ("sliced utf8", col(vec![sliced])),
        (
            "windows of 16 bytes",
            StringColumn::with_window(vec![utf8(rows), large(rows)], 16).unwrap(),
        ),
    ]
}

/// What the library says a row's component is.
fn expected(row: Option<&str>, c: Component) -> Option<String> {
    let r = UriRef::parse(row?).ok()?;
    c.of(&r).map(str::to_owned)
}

fn values(a: &StringViewArray) -> Vec<Option<String>> {
    a.iter().map(|v| v.map(str::to_owned)).collect()
}

#[test]
fn parse_gives_every_component_in_every_shape() {
    for (shape, column) in shapes(SAMPLES) {
        let rows: Vec<Option<&str>> = match shape {
            "windows of 16 bytes" => SAMPLES.iter().chain(SAMPLES).copied().collect(),
            _ => SAMPLES.to_vec(),
        };
        let parts = urikit_arrow::parse(&column, OnInvalid::Null).unwrap();
        assert_eq!(parts.len(), rows.len(), "{shape}");
        for (i, row) in rows.iter().enumerate() {
            let valid = row.is_some_and(|s| UriRef::parse(s).is_ok());
            assert_eq!(parts.is_valid(i), valid, "{shape} row {i}");
        }
        for c in Component::ALL {
            let got = parts.column_by_name(c.name()).unwrap().as_string_view();
            let want: Vec<_> = rows.iter().map(|r| expected(*r, c)).collect();
            assert_eq!(values(got), want, "{shape} {}", c.name());
            // The single-component kernel agrees.
            let one = urikit_arrow::component(&column, c).unwrap();
            assert_eq!(values(&one), want, "{shape} component {}", c.name());
        }
    }
}

#[test]
fn components_are_views_into_the_input_buffer() {
    let input = StringArray::from(vec![
        "http://a-rather-long-host.example.com/and/a/long/path?and=a-long-query",
    ]);
    let values_ptr = input.values().as_ptr();
    let column = StringColumn::new(vec![Arc::new(input) as ArrayRef]).unwrap();
    let host = urikit_arrow::component(&column, Component::Host).unwrap();
    assert_eq!(host.value(0), "a-rather-long-host.example.com");
    // One data buffer, the input's own bytes (no copy), and the view points
    // at offset 7 of it.
    assert_eq!(host.data_buffers().len(), 1);
    assert_eq!(host.data_buffers()[0].as_ptr(), values_ptr);
    let v = arrow_data::ByteView::from(host.views()[0]);
    assert_eq!((v.buffer_index, v.offset, v.length), (0, 7, 30));
    // Short components are inline: "http" needs no buffer.
    let scheme = urikit_arrow::component(&column, Component::Scheme).unwrap();
    assert_eq!(scheme.value(0), "http");
    assert_eq!(scheme.views()[0] as u32, 4);

    // From a Utf8View input, the view points into the input's data buffer.
    let input = StringViewArray::from(vec!["ftp://ftp.is.co.za.example.org/rfc/rfc1808.txt"]);
    let data_ptr = input.data_buffers()[0].as_ptr();
    let column = StringColumn::new(vec![Arc::new(input) as ArrayRef]).unwrap();
    let path = urikit_arrow::component(&column, Component::Path).unwrap();
    assert_eq!(path.value(0), "/rfc/rfc1808.txt");
    assert_eq!(path.data_buffers()[0].as_ptr(), data_ptr);
}

#[test]
fn a_null_typed_chunk_is_read_as_nulls() {
    let nulls: ArrayRef = Arc::new(arrow_array::NullArray::new(2));
    let column = StringColumn::new(vec![utf8(&[Some("http://h/")]), nulls]).unwrap();
    let host = urikit_arrow::component(&column, Component::Host).unwrap();
    assert_eq!(values(&host), [Some("h".to_owned()), None, None]);
    assert_eq!(column.texts(), [Some("http://h/"), None, None]);
    let other: ArrayRef = Arc::new(arrow_array::Int32Array::from(vec![1]));
    let err = StringColumn::new(vec![other]).unwrap_err().to_string();
    assert!(err.contains("expected a column of strings"), "{err}");
}

#[test]
fn windows_cut_a_large_buffer_and_every_view_stays_inside_one() {
    let rows: Vec<Option<&str>> = (0..50)
        .map(|i| {
            Some(if i % 3 == 0 {
                "http://host-number-one.example/p"
            } else {
                "https://second.example.org/a/b/c?d"
            })
        })
        .collect();
    let column = StringColumn::with_window(vec![large(&rows)], 100).unwrap();
    assert!(
        column.blocks().len() > 10,
        "{} blocks",
        column.blocks().len()
    );
    assert!(column.blocks().iter().all(|b| b.len() <= 100));
    let host = urikit_arrow::component(&column, Component::Host).unwrap();
    let want: Vec<_> = rows.iter().map(|r| expected(*r, Component::Host)).collect();
    assert_eq!(values(&host), want);
}

#[test]
fn parse_on_invalid_error_names_the_row() {
    let column =
        StringColumn::new(vec![utf8(&[Some("http://ok"), None, Some("http://x/%zz")])]).unwrap();
    assert_eq!(
        invalid(urikit_arrow::parse(&column, OnInvalid::Error)),
        (
            2,
            Stage::Parse,
            "http://x/%zz".to_owned(),
            "invalid_percent_encoding",
            9
        )
    );
    // A null row is not an error.
    let column = StringColumn::new(vec![utf8(&[None, Some("http://ok")])]).unwrap();
    assert!(urikit_arrow::parse(&column, OnInvalid::Error)
        .unwrap()
        .is_null(0));
}

#[test]
fn is_valid_matches_the_parser_on_the_datasets() {
    let lines = dataset_lines();
    let rows: Vec<Option<&str>> = lines.iter().map(|s| Some(s.as_str())).collect();
    let column = StringColumn::new(vec![utf8(&rows)]).unwrap();
    let valid = urikit_arrow::is_valid(&column);
    let parts = urikit_arrow::parse(&column, OnInvalid::Null).unwrap();
    let mut invalid = 0;
    for (i, line) in lines.iter().enumerate() {
        let ok = UriRef::parse(line).is_ok();
        invalid += usize::from(!ok);
        assert_eq!(valid.value(i), ok, "{line}");
        assert_eq!(parts.is_valid(i), ok, "{line}");
    }
    assert!(
        invalid > 0 && invalid < lines.len() / 50,
        "{invalid} invalid"
    );
    for c in Component::ALL {
        let got = parts.column_by_name(c.name()).unwrap().as_string_view();
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(
                got.is_valid(i).then(|| got.value(i)),
                expected(Some(line), c).as_deref(),
                "{line}"
            );
        }
    }
}

#[test]
fn normalize_matches_the_library_and_views_what_is_already_normal() {
    let lines = dataset_lines();
    let rows: Vec<Option<&str>> = lines
        .iter()
        .map(|s| Some(s.as_str()))
        .chain(SAMPLES.iter().copied())
        .collect();
    let schemes = SchemeRegistry::standard();
    for level in [Level::Syntax, Level::Scheme] {
        let n = Normalizer::new().level(level);
        for (shape, column) in shapes(&rows[rows.len() - 200..])
            .into_iter()
            .take(3)
            .chain([("datasets", StringColumn::new(vec![utf8(&rows)]).unwrap())])
        {
            let got = urikit_arrow::normalize(&column, &n, &schemes, OnInvalid::Null).unwrap();
            let texts = column.texts();
            for (i, row) in texts.iter().enumerate() {
                let want = row
                    .and_then(|s| n.normalize_str(s).ok())
                    .map(|u| u.into_string());
                assert_eq!(
                    got.is_valid(i).then(|| got.value(i)),
                    want.as_deref(),
                    "{shape} {row:?}"
                );
            }
        }
    }
    // A row already normal is a view of the input: the own buffer holds only
    // the rows that changed.
    let column = StringColumn::new(vec![utf8(&[
        Some("http://example.com/already/normal"),
        Some("HTTP://EXAMPLE.COM/changed"),
    ])])
    .unwrap();
    let n =
        urikit_arrow::normalize(&column, &Normalizer::new(), &schemes, OnInvalid::Null).unwrap();
    assert_eq!(n.value(1), "http://example.com/changed");
    let own = n.data_buffers().last().unwrap();
    assert_eq!(own.as_slice(), b"http://example.com/changed");
    assert_eq!(arrow_data::ByteView::from(n.views()[0]).buffer_index, 0);
}

#[test]
fn resolve_with_one_base_and_a_base_per_row() {
    let refs = [
        Some("g"),
        Some("../../../g"),
        None,
        Some("a b"),
        Some("?y"),
        Some("//g"),
    ];
    let column = StringColumn::new(vec![utf8(&refs)]).unwrap();
    let base = "http://a/b/c/d;p?q";
    let resolver = Resolver::new();
    let got = urikit_arrow::resolve(&column, Arg::Scalar(Some(base)), &resolver, OnInvalid::Null)
        .unwrap();
    let b = Uri::parse(base).unwrap();
    let want: Vec<Option<String>> = refs
        .iter()
        .map(|r| {
            Some(
                resolver
                    .resolve(&b, &UriRef::parse((*r)?).ok()?)
                    .ok()?
                    .into_string(),
            )
        })
        .collect();
    assert_eq!(values(&got), want);
    assert_eq!(want[0].as_deref(), Some("http://a/b/c/g"));

    let bases = [
        Some("http://x/y/z"),
        Some("relative/base"),
        Some(base),
        Some(base),
        None,
        Some("foo:bar"),
    ];
    let got =
        urikit_arrow::resolve(&column, Arg::Column(&bases), &resolver, OnInvalid::Null).unwrap();
    assert_eq!(
        values(&got),
        [
            Some("http://x/y/g".to_owned()),
            None,
            None,
            None,
            None,
            Some("//g".replace("//g", "foo://g"))
        ]
    );
    let strict = |base| urikit_arrow::resolve(&column, base, &resolver, OnInvalid::Error);
    assert_eq!(
        invalid(strict(Arg::Column(&bases))),
        (
            1,
            Stage::Base,
            "relative/base".to_owned(),
            "missing_scheme",
            0
        )
    );
    assert_eq!(
        invalid(strict(Arg::Scalar(Some(base)))),
        (
            3,
            Stage::Parse,
            "a b".to_owned(),
            "unexpected_char_in_path",
            1
        )
    );
    // A null base: every target is null.
    let got =
        urikit_arrow::resolve(&column, Arg::Scalar(None), &resolver, OnInvalid::Error).unwrap();
    assert_eq!(got.null_count(), refs.len());
}

#[test]
fn query_param_reads_raw_percent_and_form() {
    let rows = [
        Some("http://h/?a=1&q=two+words%21&q=second"),
        Some("http://h/?q"),
        Some("http://h/?x=1"),
        Some("http://h/?%71=encoded-key"),
        Some("http://h/"),
        None,
        Some("bad uri?q=1"),
    ];
    let column = StringColumn::new(vec![view(&rows)]).unwrap();
    let get = |d| values(&urikit_arrow::query_param(&column, Arg::Scalar(Some("q")), d).unwrap());
    let s = |v: &str| Some(v.to_owned());
    let cases = [
        (
            QueryValue::Form,
            [s("two words!"), s(""), None, s("encoded-key")],
        ),
        (
            QueryValue::Percent,
            [s("two+words!"), s(""), None, s("encoded-key")],
        ),
        (QueryValue::Raw, [s("two+words%21"), s(""), None, None]),
    ];
    for (decode, first) in cases {
        let mut want = first.to_vec();
        want.extend([None, None, None]); // no query, null row, not a URI
        assert_eq!(get(decode), want, "{decode:?}");
    }
    let names = [
        Some("a"),
        Some("q"),
        Some("x"),
        None,
        Some("q"),
        Some("q"),
        Some("q"),
    ];
    let per_row = urikit_arrow::query_param(&column, Arg::Column(&names), QueryValue::Raw).unwrap();
    assert_eq!(
        values(&per_row),
        [s("1"), s(""), s("1"), None, None, None, None]
    );
}

#[test]
fn to_utf8_copies_the_views() {
    let column = StringColumn::new(vec![utf8(SAMPLES)]).unwrap();
    let parts: StructArray = urikit_arrow::parse(&column, OnInvalid::Null).unwrap();
    let plain = urikit_arrow::to_utf8_struct(&parts).unwrap();
    for c in Component::ALL {
        let a = plain.column_by_name(c.name()).unwrap().as_string::<i32>();
        let b = parts.column_by_name(c.name()).unwrap().as_string_view();
        assert_eq!(a.iter().collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
    }
    assert_eq!(plain.nulls(), parts.nulls());
}

#[test]
fn surt_and_registrable_domain_match_the_library() {
    use urikit::canon::{Profile, Surt};
    use urikit::psl::List;
    let lines = dataset_lines();
    let mut rows: Vec<Option<&str>> = lines.iter().map(|s| Some(s.as_str())).collect();
    rows.extend([
        None,
        Some(""),
        Some("filedesc:x.arc"),
        Some("192.168.1.1"),
        Some("co.uk"),
    ]);
    let column = StringColumn::new(vec![utf8(&rows)]).unwrap();
    let canon = Profile::Ia.canonicalizer();
    let keys = urikit_arrow::surt(&column, &canon, Surt::IA).unwrap();
    let domains = urikit_arrow::registrable_domain(&column, List::embedded(), false).unwrap();
    for (i, row) in rows.iter().enumerate() {
        let key = row.map(|s| String::from_utf8(urikit::canon::wayback_key(s.as_bytes())).unwrap());
        assert_eq!(
            keys.is_valid(i).then(|| keys.value(i)),
            key.as_deref(),
            "{row:?}"
        );
        let domain =
            row.and_then(|s| List::embedded().registrable_domain(urikit_arrow::host_of(s)));
        assert_eq!(
            domains.is_valid(i).then(|| domains.value(i)),
            domain,
            "{row:?}"
        );
    }
    assert!(domains.iter().flatten().count() > 50_000);
}

/// What the library says part `part` of a row's WHATWG URL is.
fn url_part(row: Option<&str>, base: Option<&str>, part: UrlPart) -> Option<String> {
    let base = match base {
        Some(b) => Some(Url::parse(b, None).ok()?),
        None => None,
    };
    let url = Url::parse(row?, base.as_ref()).ok()?;
    Some(match part.of(&url) {
        Some(p) => p.to_owned(),
        None => url.origin(),
    })
}

#[test]
fn whatwg_gives_every_part_in_every_shape_with_and_without_a_base() {
    let mut rows = SAMPLES.to_vec();
    rows.extend([
        Some("  HTTP://EXAMPLE.com:80\\a\\..\\b c?q#f\t"),
        Some("http://0x7f.1/"),
        Some("https://user:pw@b\u{fc}cher.example:8443/p?q=1#h"),
        Some("http://a b/"),
        Some("blob:https://a.example:8080/uuid"),
        Some("https://already.example.org/canonical/path?x=1#frag"),
    ]);
    let base = "https://base.example/dir/page?q";
    for (shape, column) in shapes(&rows) {
        let texts = column.texts();
        for part in UrlPart::ALL {
            for b in [None, Some(base)] {
                let arg = b.map(|b| Arg::Scalar(Some(b)));
                let got = urikit_arrow::whatwg(&column, part, arg, OnInvalid::Null).unwrap();
                let want: Vec<_> = texts.iter().map(|r| url_part(*r, b, part)).collect();
                assert_eq!(values(&got), want, "{shape} {} base {b:?}", part.name());
            }
        }
    }
    assert_eq!(UrlPart::from_name("hostname"), Some(UrlPart::Hostname));
    assert_eq!(UrlPart::from_name("host_name"), None);
}

#[test]
fn whatwg_matches_the_library_on_the_datasets_and_views_canonical_rows() {
    let lines = dataset_lines();
    let rows: Vec<Option<&str>> = lines.iter().map(|s| Some(s.as_str())).collect();
    let column = StringColumn::new(vec![utf8(&rows)]).unwrap();
    for part in [
        UrlPart::Href,
        UrlPart::Hostname,
        UrlPart::Pathname,
        UrlPart::Origin,
    ] {
        let got = urikit_arrow::whatwg(&column, part, None, OnInvalid::Null).unwrap();
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(
                got.is_valid(i).then(|| got.value(i)),
                url_part(*row, None, part).as_deref(),
                "{} of {row:?}",
                part.name()
            );
        }
    }
    // A canonical row's parts are views into the input: no own buffer.
    let input = StringArray::from(vec!["https://a-long-host-name.example/a/long/path?query"]);
    let values_ptr = input.values().as_ptr();
    let column = StringColumn::new(vec![Arc::new(input) as ArrayRef]).unwrap();
    for (part, want) in [
        (
            UrlPart::Href,
            "https://a-long-host-name.example/a/long/path?query",
        ),
        (UrlPart::Hostname, "a-long-host-name.example"),
        (UrlPart::Pathname, "/a/long/path"),
    ] {
        let got = urikit_arrow::whatwg(&column, part, None, OnInvalid::Null).unwrap();
        assert_eq!(got.value(0), want);
        assert_eq!(got.data_buffers().len(), 1, "{}", part.name());
        assert_eq!(got.data_buffers()[0].as_ptr(), values_ptr);
    }
    // A row that is not canonical: its href is written.
    let column =
        StringColumn::new(vec![utf8(&[Some("HTTPS://A-LONG-HOST-NAME.EXAMPLE/")])]).unwrap();
    let got = urikit_arrow::whatwg(&column, UrlPart::Href, None, OnInvalid::Null).unwrap();
    assert_eq!(
        got.data_buffers().last().unwrap().as_slice(),
        b"https://a-long-host-name.example/"
    );
}

#[test]
fn whatwg_base_per_row_null_base_and_errors() {
    let refs = [
        Some("../x"),
        Some("y"),
        None,
        Some("z"),
        Some("http://h:99999/"),
        Some("w"),
    ];
    let bases = [
        Some("http://a.example/b/c"),
        Some("not a url"),
        Some("http://a.example/"),
        None,
        Some("http://a.example/"),
        Some("mailto:opaque"),
    ];
    let column = StringColumn::new(vec![utf8(&refs)]).unwrap();
    let per_row = Some(Arg::Column(&bases));
    let got = urikit_arrow::whatwg(&column, UrlPart::Href, per_row, OnInvalid::Null).unwrap();
    assert_eq!(
        values(&got),
        [
            Some("http://a.example/x".to_owned()),
            None,
            None,
            None,
            None,
            None
        ]
    );
    // A null scalar base: every result is null (SQL's habit); no base at all
    // is `None`.
    let got = urikit_arrow::whatwg(
        &column,
        UrlPart::Href,
        Some(Arg::Scalar(None)),
        OnInvalid::Error,
    )
    .unwrap();
    assert_eq!(got.null_count(), refs.len());
    let strict = |base, rows: &[Option<&str>]| {
        let column = StringColumn::new(vec![utf8(rows)]).unwrap();
        invalid(urikit_arrow::whatwg(
            &column,
            UrlPart::Href,
            base,
            OnInvalid::Error,
        ))
    };
    assert_eq!(
        strict(per_row, &refs),
        (
            1,
            Stage::Base,
            "not a url".to_owned(),
            "missing-scheme-non-relative-URL",
            0
        )
    );
    assert_eq!(
        strict(None, &[Some("http://ok/"), Some("http://h:99999/")]),
        (
            1,
            Stage::Whatwg,
            "http://h:99999/".to_owned(),
            "port-out-of-range",
            9
        )
    );
    assert_eq!(
        strict(Some(Arg::Scalar(Some("http://[::1"))), &[Some("x")]),
        (
            0,
            Stage::Base,
            "http://[::1".to_owned(),
            "IPv6-unclosed",
            11
        )
    );
}
