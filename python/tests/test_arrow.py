"""The batch API over Arrow columns: the same answers as the single-value
API on every dataset line, every string type and chunking, results that
point into the input's buffers, and the options."""

from __future__ import annotations

import pyarrow as pa
import pytest

import urikit
import urikit.arrow as ua
from urikit.arrow import COMPONENTS

SAMPLES = [
    "foo://user:pw@example.com:8042/over/there?name=ferret#nose",
    None,
    "http://[2001:db8::7]:/a?q",
    "a b",
    "",
    "HTTP://EXAMPLE.com:80/a/./b/../c/%7efoo",
    "urn:isbn:0451450523",
    "http://1.2.3.4/?x=1&q=two+words&q=second",
]


def checked(result: ua.Array) -> pa.Array:
    """The result as a pyarrow array, checked in full (views in bounds, UTF-8):
    the release build makes its views unchecked."""
    a = pa.array(result)
    a.validate(full=True)
    return a


def expected_parts(s: str | None) -> dict | None:
    if s is None or not urikit.is_valid(s):
        return None
    return urikit.parse(s).to_dict()


def shapes(rows: list[str | None]):
    """The same rows as every kind of column the batch API reads."""
    half = len(rows) // 2
    yield "string", pa.array(rows, pa.string())
    yield "large_string", pa.array(rows, pa.large_string())
    yield "string_view", pa.array(rows, pa.string_view())
    yield "chunked, mixed types", pa.chunked_array(
        [pa.array(rows[:half], pa.string()), pa.array(rows[half:], pa.string())]
    )
    padded = pa.array(["http://padding/"] * 3 + rows, pa.string())
    yield "sliced", padded.slice(3)


@pytest.mark.parametrize("shape", [s for s, _ in shapes(SAMPLES)])
def test_parse_struct_in_every_shape(shape):
    column = dict(shapes(SAMPLES))[shape]
    result = ua.parse(column)
    assert len(result) == len(SAMPLES)
    arr = checked(result)
    assert arr.type == pa.struct([(c, pa.string_view()) for c in COMPONENTS])
    assert arr.to_pylist() == [expected_parts(s) for s in SAMPLES]
    assert result.to_pylist() == arr.to_pylist()
    for c in COMPONENTS:
        want = [None if p is None else p[c] for p in map(expected_parts, SAMPLES)]
        assert checked(ua.component(column, c)).to_pylist() == want, c
        assert checked(getattr(ua, c)(column)).to_pylist() == want, c


def test_every_dataset_line(lines):
    column = pa.array(lines)
    parts = checked(ua.parse(column)).to_pylist()
    valid = checked(ua.is_valid(column)).to_pylist()
    normal = checked(ua.normalize(column, level="scheme")).to_pylist()
    n_valid = 0
    for s, p, v, n in zip(lines, parts, valid, normal):
        ok = urikit.is_valid(s)
        n_valid += ok
        assert v == ok, s
        assert p == expected_parts(s), s
        assert n == (urikit.normalize(s, level="scheme") if ok else None), s
    assert n_valid > 100_000


def test_components_are_views_into_the_input():
    column = pa.array(["http://a-rather-long-host.example.com/and/a/long/path"])
    host = checked(ua.host(column))
    assert host.type == pa.string_view()
    # A string_view array's buffers: validity, views, then the data buffers.
    # The one data buffer is the input's value buffer itself.
    assert host.buffers()[2].address == column.buffers()[2].address
    assert host.to_pylist() == ["a-rather-long-host.example.com"]
    plain = checked(ua.host(column, views=False))
    assert plain.type == pa.string() and plain.to_pylist() == host.to_pylist()
    assert checked(ua.parse(column, views=False)).type == pa.struct([(c, pa.string()) for c in COMPONENTS])


def test_a_consumer_may_ask_for_plain_strings():
    column = pa.array(["http://example.com/a", None])
    asked = pa.array(ua.path(column), type=pa.string())
    assert asked.type == pa.string() and asked.to_pylist() == ["/a", None]


def test_normalize_resolve_query_param():
    column = pa.array(["HTTP://Example.COM:80/a/../b?b=2&a=1#f", "g", None, "a b"])
    assert checked(ua.normalize(column, level="scheme", sort_query=True, drop_fragment=True)).to_pylist() == [
        "http://example.com/b?a=1&b=2",
        "g",
        None,
        None,
    ]
    base = "http://a/b/c/d;p?q"
    assert checked(ua.resolve(column, base)).to_pylist() == [
        urikit.resolve(base, "HTTP://Example.COM:80/a/../b?b=2&a=1#f"),
        "http://a/b/c/g",
        None,
        None,
    ]
    qs = pa.array(["/s?q=caf%C3%A9+au+lait&x", "/s?x", "/s?q"])
    assert checked(ua.query_param(qs, "q")).to_pylist() == ["café au lait", None, ""]
    assert checked(ua.query_param(qs, "q", decode="raw")).to_pylist() == ["caf%C3%A9+au+lait", None, ""]
    assert checked(ua.query_param(qs, "q", decode="percent")).to_pylist() == ["café+au+lait", None, ""]
    assert checked(ua.is_valid(column)).to_pylist() == [True, True, None, False]


def test_errors_raise_names_the_row():
    column = pa.array(["http://ok", None, "http://x/%zz"])
    with pytest.raises(urikit.ParseError) as e:
        ua.parse(column, errors="raise")
    assert (e.value.row, e.value.kind, e.value.index, e.value.input) == (2, "invalid_percent_encoding", 9, "http://x/%zz")
    with pytest.raises(urikit.ParseError) as e:
        ua.normalize(column, errors="raise")
    assert e.value.row == 2
    with pytest.raises(urikit.ResolveError) as e:
        ua.resolve(pa.array(["g", "../../../x"]), "http://a/b", reject_underflow=True, errors="raise")
    assert (e.value.row, e.value.kind) == (1, "path_underflow")
    with pytest.raises(urikit.ParseError):
        ua.resolve(column, "not/absolute")
    with pytest.raises(ValueError, match="errors must be one of"):
        ua.parse(column, errors="ignore")  # type: ignore[arg-type]


def test_what_is_not_a_string_column_is_refused():
    with pytest.raises(TypeError, match="expected an Arrow column"):
        ua.parse(["http://a"])
    with pytest.raises(TypeError, match="expected a column of strings"):
        ua.parse(pa.array([1, 2]))
    with pytest.raises(ValueError, match="name must be one of"):
        ua.component(pa.array(["x"]), "hostname")


def test_polars_series_in_and_out():
    # Not installed by CI (an optional consumer); runs where Polars is.
    pl = pytest.importorskip("polars")
    s = pl.Series("u", ["http://example.com/a?q=1", "not a uri", None])
    assert pl.Series(ua.host(s)).to_list() == ["example.com", None, None]
    parts = pl.Series(ua.parse(s))
    assert parts.dtype == pl.Struct and parts.struct.field("path").to_list() == ["/a", None, None]


def test_surt_and_registrable_domain(lines):
    column = pa.array(lines)
    keys = checked(ua.surt(column)).to_pylist()
    domains = checked(ua.registrable_domain(column)).to_pylist()
    assert keys == [urikit.surt(s) for s in lines]
    assert domains == [urikit.registrable_domain(s) for s in lines]
    assert sum(d is not None for d in domains) > 50_000
    # A registrable domain is a view into the input.
    one = pa.array(["https://www.a-long-registrable-name.co.uk/x"])
    d = checked(ua.registrable_domain(one))
    assert d.to_pylist() == ["a-long-registrable-name.co.uk"] and d.buffers()[2].address == one.buffers()[2].address


def test_results_are_tables_through_the_stream_interface():
    urls = pa.array(SAMPLES)
    # A struct result: its fields are the table's columns; an invalid or
    # null row is a row of nulls.
    t = pa.table(ua.parse(urls))
    t.validate(full=True)
    assert t.column_names == list(COMPONENTS)
    assert t.schema.field("host").type == pa.string_view()
    empty = dict.fromkeys(COMPONENTS)
    assert t.to_pylist() == [expected_parts(s) or empty for s in SAMPLES]
    # Any other result: one column, named after it.
    reader = pa.RecordBatchReader.from_stream(ua.host(urls))
    assert reader.schema == pa.schema([("host", pa.string_view())])
    assert reader.read_all().column("host").to_pylist() == checked(ua.host(urls)).to_pylist()
    assert pa.table(ua.is_valid(urls)).column("is_valid").to_pylist() == [
        None if s is None else urikit.is_valid(s) for s in SAMPLES
    ]
    assert pa.table(ua.normalize(urls)).column_names == ["normalized"]
    # A consumer asking for plain strings gets them.
    plain = pa.RecordBatchReader.from_stream(ua.host(urls), schema=pa.schema([("host", pa.string())]))
    assert plain.schema.field("host").type == pa.string()
    assert plain.read_all().column("host").to_pylist() == checked(ua.host(urls)).to_pylist()
    plain_parts = pa.RecordBatchReader.from_stream(
        ua.parse(urls), schema=pa.schema([(c, pa.string()) for c in COMPONENTS])
    ).read_all()
    assert plain_parts.to_pylist() == t.to_pylist()
    # Each call is a new stream over the same result.
    result = ua.path(urls)
    assert pa.table(result).equals(pa.table(result))
    # A result is still a column for the batch functions themselves.
    normal = ua.normalize(urls)
    assert ua.host(normal).to_pylist() == [None if n is None else urikit.parse(n).host for n in normal.to_pylist()]


def test_duckdb_reads_results_directly():
    duckdb = pytest.importorskip("duckdb")
    urls = pa.array(["http://a.example/x", "https://a.example/y", "http://b.example/", "not a uri"])
    hosts = ua.host(urls)  # noqa: F841 (read by the SQL below)
    rows = duckdb.sql("SELECT host, count(*) AS n FROM hosts GROUP BY host ORDER BY n DESC, host").fetchall()
    assert rows == [("a.example", 2), ("b.example", 1), (None, 1)]
    parts = ua.parse(urls)  # noqa: F841
    rows = duckdb.sql("SELECT scheme, path FROM parts WHERE host IS NOT NULL ORDER BY path").fetchall()
    assert rows == [("http", "/"), ("http", "/x"), ("https", "/y")]


def test_polars_reads_results_directly():
    pl = pytest.importorskip("polars")
    urls = pa.array(["http://a.example/x", None, "a b"])
    df = pl.DataFrame(ua.parse(urls))
    assert df.columns == list(COMPONENTS)
    assert df["host"].to_list() == ["a.example", None, None]
    # Polars reads a one-column result as a Series (its DataFrame takes
    # `__arrow_c_array__` first, and wants a struct there).
    assert pl.Series(ua.host(urls)).to_list() == ["a.example", None, None]
    assert pl.Series(ua.path(urls)).dtype == pl.String
