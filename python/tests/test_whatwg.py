"""urikit.whatwg: every case of the Web Platform Tests' urltestdata.json
(parsing, with and without a base, every getter) and setters_tests.json
(every setter); the differential; the batch function against the class on
every dataset line."""

from __future__ import annotations

import json
import pickle

import pyarrow as pa
import pytest
from conftest import shared_dir

import urikit
import urikit.arrow as ua
from urikit.whatwg import Url, can_parse, compare, readings

GETTERS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


def wpt(name: str):
    with open(shared_dir() / "vectors" / "whatwg" / "wpt" / name, encoding="utf-8") as f:
        return json.load(f)


def urltestdata() -> list[dict]:
    return [c for c in wpt("urltestdata.json") if isinstance(c, dict)]


def has_lone_surrogate(s: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in s)


def test_urltestdata_every_case():
    cases = urltestdata()
    assert len(cases) > 800
    n = 0
    for case in cases:
        inp, base = case["input"], case.get("base")
        if has_lone_surrogate(inp):
            # Not a str Rust can take: the Python binding refuses it before
            # parsing (the WPT expects the browser to read it as U+FFFD).
            with pytest.raises(UnicodeEncodeError):
                Url(inp, base)
            continue
        n += 1
        if case.get("failure"):
            with pytest.raises(urikit.WhatwgError) as e:
                Url(inp, base)
            assert isinstance(e.value, ValueError) and e.value.kind
            assert not can_parse(inp, base), inp
            continue
        url = Url(inp, base)
        assert can_parse(inp, base)
        assert Url(inp, Url(base) if base is not None else None) == url
        for g in GETTERS + ("origin",):
            if g in case:
                assert getattr(url, g) == case[g], (inp, base, g)
        assert url.to_dict() == {g: getattr(url, g) for g in GETTERS + ("origin",)}
        # The href reads back to the same URL; to_rfc3986 is an RFC 3986 URI.
        assert Url(url.href).href == url.href
        assert urikit.is_valid(url.to_rfc3986()), url.to_rfc3986()
    assert n > 800


def test_setters_every_case():
    data = wpt("setters_tests.json")
    n = 0
    for setter, cases in data.items():
        if setter == "comment":
            continue
        for case in cases:
            url = Url(case["href"])
            value = case["new_value"]
            if setter == "href":
                try:
                    url.href = value
                except urikit.WhatwgError:
                    pass
            else:
                setattr(url, setter, value)
            for g, want in case["expected"].items():
                assert getattr(url, g) == want, (case["href"], setter, value, g)
            n += 1
    assert n > 250


def test_errors_and_base_errors():
    with pytest.raises(urikit.WhatwgError) as e:
        Url("http://ex ample.com/")
    assert (e.value.kind, e.value.index, e.value.input) == ("domain-invalid-code-point", 9, "http://ex ample.com/")
    # A base the parser rejects: the error is about the base.
    with pytest.raises(urikit.WhatwgError) as e:
        Url("x", "not a url")
    assert (e.value.kind, e.value.input) == ("missing-scheme-non-relative-URL", "not a url")
    # The index counts characters, not UTF-8 bytes.
    with pytest.raises(urikit.WhatwgError) as e:
        Url("http://é.example:99999/")
    assert (e.value.kind, e.value.index) == ("port-out-of-range", 17)
    # A failed href setter leaves the URL as it was.
    u = Url("https://example.com/")
    with pytest.raises(urikit.WhatwgError):
        u.href = "//no-scheme"
    assert u.href == "https://example.com/"


def test_getters_beyond_the_url_api():
    u = Url("HTTPS://user:pw@EXAMPLE.com:8443/a/../b?q#")
    assert (u.scheme, u.query, u.fragment, u.host_type) == ("https", "q", "", "domain")
    assert (u.port, u.port_number, u.port_or_default) == ("8443", 8443, 8443)
    assert (u.is_special, u.has_opaque_path, u.includes_credentials) == (True, False, True)
    m = Url("mailto:someone@example.org")
    assert (m.host_type, m.has_opaque_path, m.query, m.port_or_default) == (None, True, None, None)
    assert Url("http://[::1]/").host_type == "ipv6"
    assert Url("https://example.com/").port_or_default == 443
    assert Url("http://0x7f.1/a b").to_rfc3986() == "http://127.0.0.1/a%20b"
    assert repr(u) == "Url('https://user:pw@example.com:8443/b?q#')" and str(u) == u.href
    # Mutable: equal by href, not hashable, pickled as the href.
    with pytest.raises(TypeError):
        hash(u)
    assert pickle.loads(pickle.dumps(u)) == u
    u.hostname = "other.example"
    assert u.href == "https://user:pw@other.example:8443/b?q#"


def test_readings_and_compare():
    r = readings("http://0x7f.1/admin")
    assert r.differ and r.rfc3986 is not None and r.whatwg is not None
    assert r.rfc3986_error is None and r.whatwg_error is None
    [d] = r.differences
    assert (d.component, d.rfc3986, d.whatwg) == ("host", "0x7f.1", "127.0.0.1")
    assert str(d) == 'host: RFC 3986 reads "0x7f.1", the WHATWG URL Standard reads "127.0.0.1"'
    # RFC 3986 rejects what browsers repair.
    r = readings("https:\\\\evil.example\\@good.example/")
    assert r.rfc3986 is None and isinstance(r.rfc3986_error, urikit.ParseError)
    assert r.whatwg is not None and r.whatwg.hostname == "evil.example" and r.differ
    r = readings("http://a b/")
    assert isinstance(r.whatwg_error, urikit.WhatwgError) and r.whatwg is None
    r = readings("https://example.com/same")
    assert not r.differ and r.differences == []
    diffs = compare(urikit.parse("http:evil.example/x"), Url("http:evil.example/x"))
    assert [d.component for d in diffs] == ["host", "path"]


def test_arrow_whatwg_matches_the_class_on_the_datasets(lines):
    column = pa.array(lines)
    for part in ("href", "hostname", "origin", "search"):
        got = pa.array(ua.whatwg(column, part))
        got.validate(full=True)
        want = []
        for s in lines:
            try:
                want.append(getattr(Url(s), part))
            except urikit.WhatwgError:
                want.append(None)
        assert got.to_pylist() == want, part


def test_arrow_whatwg_base_errors_and_plain_strings():
    refs = pa.array(["../x?y", None, "//other.example", "http://h:99999/"])
    got = ua.whatwg(refs, "href", base="https://example.org/dir/page", views=False)
    assert pa.array(got).type == pa.string()
    assert got.to_pylist() == ["https://example.org/x?y", None, "https://other.example/", None]
    with pytest.raises(urikit.WhatwgError) as e:
        ua.whatwg(refs, errors="raise")
    assert (e.value.row, e.value.kind, e.value.input) == (0, "missing-scheme-non-relative-URL", "../x?y")
    with pytest.raises(urikit.WhatwgError) as e:
        ua.whatwg(refs, base="not a url")
    assert e.value.row is None and e.value.input == "not a url"
    with pytest.raises(ValueError, match="component must be one of"):
        ua.whatwg(refs, "host_name")  # type: ignore[arg-type]
    assert list(ua.URL_PARTS) == [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
    ]
    for part in ua.URL_PARTS:
        assert ua.whatwg(pa.array(["https://u:p@example.com:8080/p?q#f"]), part).to_pylist() == [
            getattr(Url("https://u:p@example.com:8080/p?q#f"), part)
        ]
