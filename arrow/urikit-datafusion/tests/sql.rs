//! The functions in SQL over a Parquet file the test writes: every line of
//! shared/datasets, answers checked row by row against the library; and a
//! direct call showing the results are views into the input's buffers.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, RecordBatch, StringArray, StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::config::ConfigOptions;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use urikit::normalize::{Level, Normalizer};
use urikit::{Resolver, Uri, UriRef};

/// Every dataset line, then a few rows of our own (a null among them).
fn rows() -> Vec<Option<String>> {
    let mut rows: Vec<Option<String>> = urikit_test_support::dataset_lines()
        .into_iter()
        .map(Some)
        .collect();
    rows.push(None);
    rows.push(Some("HTTP://Example.COM:80/a/./b?q=two+words&x#f".into()));
    rows.push(Some("../g?x=1".into()));
    rows
}

/// A session with the functions and a table `urls(id, url)` read from a
/// Parquet file written here.
async fn session(rows: &[Option<String>]) -> SessionContext {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("url", DataType::Utf8, true),
    ]));
    let ids: ArrayRef = Arc::new(datafusion::arrow::array::Int64Array::from_iter_values(
        0..rows.len() as i64,
    ));
    let urls: ArrayRef = Arc::new(StringArray::from(rows.to_vec()));
    let batch = RecordBatch::try_new(schema.clone(), vec![ids, urls]).unwrap();
    // One file per session: the tests run in parallel in one process.
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "urikit-datafusion-{}-{n}.parquet",
        std::process::id()
    ));
    let mut writer =
        ArrowWriter::try_new(std::fs::File::create(&path).unwrap(), schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();

    let ctx = SessionContext::new();
    for f in urikit_datafusion::functions() {
        ctx.register_udf(f);
    }
    ctx.register_parquet(
        "urls",
        path.to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    ctx
}

/// The rows of a query, in `id` order (the query selects `id` first).
async fn query(ctx: &SessionContext, sql: &str) -> Vec<RecordBatch> {
    ctx.sql(sql).await.unwrap().collect().await.unwrap()
}

/// Column `i` of every batch as optional strings (any string type).
fn strings(batches: &[RecordBatch], i: usize) -> Vec<Option<String>> {
    let mut out = Vec::new();
    for b in batches {
        let c = b.column(i);
        let c = datafusion::arrow::compute::cast(c, &DataType::Utf8).unwrap();
        out.extend(c.as_string::<i32>().iter().map(|v| v.map(str::to_owned)));
    }
    out
}

#[tokio::test]
async fn components_over_parquet_match_the_library() {
    let rows = rows();
    let ctx = session(&rows).await;
    let batches = query(
        &ctx,
        "SELECT id, uri_scheme(url), uri_authority(url), uri_userinfo(url), uri_host(url), \
         uri_host_type(url), uri_port(url), uri_path(url), uri_query(url), uri_fragment(url), \
         get_field(uri_parse(url), 'host'), uri_is_valid(url) \
         FROM urls ORDER BY id",
    )
    .await;
    // Parquet strings are read as Utf8View; the results are Utf8View too.
    let schema = batches[0].schema();
    assert_eq!(schema.field(4).data_type(), &DataType::Utf8View);
    assert_eq!(schema.field(11).data_type(), &DataType::Boolean);
    for (k, c) in urikit_arrow::Component::ALL.into_iter().enumerate() {
        let got = strings(&batches, k + 1);
        assert_eq!(got.len(), rows.len());
        for (row, value) in rows.iter().zip(&got) {
            let want = row
                .as_deref()
                .and_then(|s| UriRef::parse(s).ok())
                .and_then(|r| c.of(&r).map(str::to_owned));
            assert_eq!(value, &want, "{} of {row:?}", c.name());
        }
    }
    assert_eq!(
        strings(&batches, 10),
        strings(&batches, 4),
        "get_field(uri_parse(url), 'host')"
    );
    let valid: Vec<Option<bool>> = batches
        .iter()
        .flat_map(|b| b.column(11).as_boolean().iter().collect::<Vec<_>>())
        .collect();
    let want: Vec<Option<bool>> = rows
        .iter()
        .map(|r| r.as_deref().map(|s| UriRef::parse(s).is_ok()))
        .collect();
    assert_eq!(valid, want);
}

#[tokio::test]
async fn filter_group_normalize_resolve_query_param() {
    let rows = rows();
    let ctx = session(&rows).await;

    let valid = rows
        .iter()
        .flatten()
        .filter(|s| UriRef::parse(s).is_ok())
        .count();
    let b = query(&ctx, "SELECT count(*) FROM urls WHERE uri_is_valid(url)").await;
    assert_eq!(
        b[0].column(0)
            .as_primitive::<datafusion::arrow::datatypes::Int64Type>()
            .value(0),
        valid as i64
    );

    let b = query(&ctx, "SELECT lower(uri_host(url)) AS h, count(*) AS n FROM urls WHERE uri_is_valid(url) AND uri_scheme(url) LIKE 'http%' GROUP BY h ORDER BY n DESC, h LIMIT 3").await;
    let top = strings(&b, 0);
    assert_eq!(top[0].as_deref(), Some("tools.ietf.org"), "{top:?}");

    let b = query(
        &ctx,
        "SELECT id, uri_normalize(url), uri_normalize(url, 'scheme'), \
         uri_resolve('http://a/b/c/d;p?q', url), uri_resolve(url, 'g'), \
         uri_query_param(url, 'q'), uri_query_param(url, 'q', 'raw') \
         FROM urls ORDER BY id",
    )
    .await;
    let syntax = Normalizer::new();
    let scheme = Normalizer::new().level(Level::Scheme);
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    let r = Resolver::new();
    let cols: Vec<Vec<Option<String>>> = (1..=6).map(|i| strings(&b, i)).collect();
    for (i, row) in rows.iter().enumerate() {
        let parsed = row.as_deref().and_then(|s| UriRef::parse(s).ok());
        let norm = |n: &Normalizer| parsed.as_ref().map(|p| n.normalize(p).into_string());
        assert_eq!(cols[0][i], norm(&syntax), "{row:?}");
        assert_eq!(cols[1][i], norm(&scheme), "{row:?}");
        let resolved = parsed
            .as_ref()
            .and_then(|p| r.resolve(&base, p).ok())
            .map(|t| t.into_string());
        assert_eq!(cols[2][i], resolved, "{row:?}");
        // The row as the base of "g": only absolute URIs are bases.
        let as_base = parsed
            .as_ref()
            .and_then(|p| p.as_uri())
            .and_then(|u| r.resolve(&u, &UriRef::parse("g").unwrap()).ok())
            .map(|t| t.into_string());
        assert_eq!(cols[3][i], as_base, "{row:?}");
    }
    let last = rows.len() - 2;
    assert_eq!(cols[4][last].as_deref(), Some("two words"));
    assert_eq!(cols[5][last].as_deref(), Some("two+words"));
    assert_eq!(
        cols[1][last].as_deref(),
        Some("http://example.com/a/b?q=two+words&x#f")
    );
}

#[tokio::test]
async fn surt_and_domain() {
    let rows = rows();
    let ctx = session(&rows).await;
    let b = query(
        &ctx,
        "SELECT id, uri_surt(url), uri_domain(url) FROM urls ORDER BY id",
    )
    .await;
    let (keys, domains) = (strings(&b, 1), strings(&b, 2));
    for (i, row) in rows.iter().enumerate() {
        let key = row
            .as_deref()
            .map(|s| String::from_utf8(urikit::canon::wayback_key(s.as_bytes())).unwrap());
        assert_eq!(keys[i], key, "{row:?}");
        let domain = row.as_deref().and_then(|s| {
            urikit::psl::List::embedded().registrable_domain(urikit_arrow::host_of(s))
        });
        assert_eq!(domains[i].as_deref(), domain, "{row:?}");
    }
    let b = query(&ctx, "SELECT uri_domain(url) AS d, count(*) AS n FROM urls GROUP BY d ORDER BY n DESC, d LIMIT 1").await;
    assert_eq!(
        strings(&b, 0),
        [None],
        "most rows (file: URLs) have no registrable domain"
    );
}

#[tokio::test]
async fn whatwg_url_parts() {
    use urikit::whatwg::Url;
    use urikit_arrow::UrlPart;
    let rows = rows();
    let ctx = session(&rows).await;
    let columns: Vec<String> = UrlPart::ALL
        .iter()
        .map(|p| format!("url_{}(url)", p.name()))
        .collect();
    let b = query(
        &ctx,
        &format!(
            "SELECT id, {}, url_href(url, 'https://base.example/d/p') FROM urls ORDER BY id",
            columns.join(", ")
        ),
    )
    .await;
    let base = Url::parse("https://base.example/d/p", None).unwrap();
    let part_of = |url: &Url, p: UrlPart| p.of(url).map_or_else(|| url.origin(), str::to_owned);
    for (k, p) in UrlPart::ALL.into_iter().enumerate() {
        let got = strings(&b, k + 1);
        for (row, value) in rows.iter().zip(&got) {
            let want = row
                .as_deref()
                .and_then(|s| Url::parse(s, None).ok())
                .map(|u| part_of(&u, p));
            assert_eq!(value, &want, "url_{} of {row:?}", p.name());
        }
    }
    let against_base = strings(&b, UrlPart::ALL.len() + 1);
    for (row, value) in rows.iter().zip(&against_base) {
        let want = row
            .as_deref()
            .and_then(|s| Url::parse(s, Some(&base)).ok())
            .map(|u| u.into_string());
        assert_eq!(value, &want, "url_href({row:?}, base)");
    }
    // The last row, "../g?x=1", is relative: only the base reads it.
    assert_eq!(
        against_base.last().unwrap().as_deref(),
        Some("https://base.example/g?x=1")
    );
    assert_eq!(strings(&b, 1).last().unwrap(), &None);
    let b = query(
        &ctx,
        "SELECT url_hostname('http://0x7f.1/'), url_href(NULL), url_href('x', NULL)",
    )
    .await;
    assert_eq!(strings(&b, 0), [Some("127.0.0.1".to_owned())]);
    assert_eq!((strings(&b, 1), strings(&b, 2)), (vec![None], vec![None]));
}

#[tokio::test]
async fn every_string_type_and_constants() {
    let ctx = session(&[Some("http://example.com:8080/p?q=1".into())]).await;
    for t in ["Utf8", "LargeUtf8", "Utf8View"] {
        let b = query(&ctx, &format!("SELECT uri_host(arrow_cast(url, '{t}')), uri_port(arrow_cast(url, '{t}')) FROM urls")).await;
        assert_eq!(strings(&b, 0), [Some("example.com".to_owned())], "{t}");
        assert_eq!(strings(&b, 1), [Some("8080".to_owned())], "{t}");
    }
    let b = query(&ctx, "SELECT uri_host('http://h.example/'), uri_is_valid('a b'), uri_path(NULL), uri_resolve('http://a/b/c', '../d')").await;
    assert_eq!(strings(&b, 0), [Some("h.example".to_owned())]);
    assert!(!b[0].column(1).as_boolean().value(0));
    assert_eq!(strings(&b, 2), [None]);
    assert_eq!(strings(&b, 3), [Some("http://a/d".to_owned())]);
    let err = ctx
        .sql("SELECT uri_normalize(url, 'pretty') FROM urls")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("level must be 'syntax' or 'scheme'"),
        "{err}"
    );
}

#[test]
fn results_are_views_into_the_input_buffers() {
    let input = StringViewArray::from(vec![
        Some("http://a-rather-long-host.example.com/and/a/long/path"),
        None,
    ]);
    let data_ptr = input.data_buffers()[0].as_ptr();
    let host = urikit_datafusion::functions()
        .into_iter()
        .find(|f| f.name() == "uri_host")
        .unwrap();
    let args = ScalarFunctionArgs {
        args: vec![ColumnarValue::Array(Arc::new(input))],
        arg_fields: vec![Arc::new(Field::new("url", DataType::Utf8View, true))],
        number_rows: 2,
        return_field: Arc::new(Field::new("h", DataType::Utf8View, true)),
        config_options: Arc::new(ConfigOptions::default()),
    };
    let ColumnarValue::Array(out) = host.invoke_with_args(args).unwrap() else {
        panic!("an array")
    };
    let out = out.as_string_view();
    assert_eq!(
        (out.value(0), out.is_null(1)),
        ("a-rather-long-host.example.com", true)
    );
    assert_eq!(out.data_buffers().len(), 1);
    assert_eq!(out.data_buffers()[0].as_ptr(), data_ptr);
}
