"""The single-value API: parse, errors, resolve, relativize, normalize,
equivalent, URNs, check, extract."""

from __future__ import annotations

import pickle

import pytest

import urikit
from conftest import vector_cases


def test_parse_gives_raw_components_absent_as_none():
    u = urikit.parse("foo://user:pw@example.com:8042/over/there?name=ferret#nose")
    assert (u.scheme, u.authority, u.userinfo, u.host, u.host_type, u.port) == (
        "foo",
        "user:pw@example.com:8042",
        "user:pw",
        "example.com",
        "reg-name",
        "8042",
    )
    assert (u.path, u.query, u.fragment) == ("/over/there", "name=ferret", "nose")
    assert u.port_number == 8042
    assert u.segments() == ["over", "there"]
    assert u.is_absolute()
    # Absent is None, present and empty is "" (RFC 3986 section 3).
    v = urikit.parse("//h:?")
    assert (v.scheme, v.port, v.port_number, v.path, v.query, v.fragment) == (None, "", None, "", "", None)
    assert urikit.parse("urn:example:animal:ferret:nose").authority is None
    assert urikit.parse("http://[2001:db8::7]/").host_type == "ipv6"
    assert urikit.parse("http://1.2.3.256/").host_type == "reg-name"


def test_uriref_is_a_value():
    a, b = urikit.UriRef("http://a/b"), urikit.parse("http://a/b")
    assert a == b and hash(a) == hash(b) and str(a) == "http://a/b"
    assert a != urikit.parse("http://a/c") and a != "http://a/b"
    assert repr(a) == "UriRef('http://a/b')"
    assert a.to_dict()["host"] == "a"
    assert urikit.parse("/s?q=caf%C3%A9+au+lait&flag").query_pairs(form=True) == [
        ("q", "café au lait"),
        ("flag", None),
    ]


@pytest.mark.parametrize("case", vector_cases("parsing/rfc3986.json"), ids=lambda c: c["input"])
def test_rfc3986_parsing_examples(case):
    assert urikit.is_valid(case["input"]) == case["valid"]


def test_errors_carry_kind_and_index():
    with pytest.raises(urikit.ParseError) as e:
        urikit.parse("http://h/a b")
    err = e.value
    assert isinstance(err, ValueError) and isinstance(err, urikit.UrikitError)
    assert (err.kind, err.index, err.input, err.row) == ("unexpected_char_in_path", 10, "http://h/a b", None)
    assert "expected a path character" in str(err)
    with pytest.raises(urikit.ParseError) as e:
        urikit.parse("http://h/%zz")
    assert (e.value.kind, e.value.index) == ("invalid_percent_encoding", 9)
    assert e.value.input[e.value.index] == "%"
    # Non-ASCII is not a URI character: the error is at it (an IRI).
    with pytest.raises(urikit.ParseError) as e:
        urikit.parse("http://h/é")
    assert (e.value.kind, e.value.index) == ("unexpected_char_in_path", 9)
    # Picklable (process pools, Dask workers).
    again = pickle.loads(pickle.dumps(e.value))
    assert (type(again), again.kind, again.index, str(again)) == (urikit.ParseError, e.value.kind, 9, str(e.value))


@pytest.mark.parametrize("case", vector_cases("resolution/rfc3986-5.4.json"), ids=lambda c: c["ref"] or "(empty)")
def test_rfc3986_resolution_examples(case):
    # "for backward compatibility": RFC 3986 5.2.2's non-strict parser.
    strict = not case.get("options", {}).get("backward_compatibility", False)
    assert urikit.resolve(case["base"], case["ref"], strict=strict) == case["expected"]
    # Relativizing the target back resolves to it again.
    target = case["expected"]
    assert urikit.resolve(case["base"], urikit.relativize(case["base"], target)) == target


def test_resolve_profiles_and_errors():
    base = "http://a/b/c/d;p?q"
    assert urikit.resolve(base, "?y", profile="draft-1997") == "http://a/b/c/?y"
    assert urikit.resolve(base, "../../../g", profile="draft-2003") == "http://a/../g"
    assert urikit.resolve(base, "http:g", strict=False) == "http://a/b/c/g"
    with pytest.raises(urikit.ResolveError) as e:
        urikit.resolve(base, "../../../g", reject_underflow=True)
    assert e.value.kind == "path_underflow"
    with pytest.raises(urikit.ParseError) as e:
        urikit.resolve("relative/base", "g")
    assert e.value.kind == "missing_scheme"
    with pytest.raises(ValueError, match="profile must be one of"):
        urikit.resolve(base, "g", profile="rfc2396")  # type: ignore[arg-type]
    assert urikit.relativize(base, "http://a/b/g") == "../g"


@pytest.mark.parametrize(
    "case",
    [c for c in vector_cases("normalization/rfc3986.json") if c["kind"] != "remove_dot_segments"],
    ids=lambda c: c["input"] if "input" in c else c.get("a", ""),
)
def test_rfc3986_normalization_examples(case):
    level = "scheme" if "scheme-based" in case["section"] or case["kind"] == "normalize_scheme_based" else "syntax"
    if "expected" in case:
        assert urikit.normalize(case["input"], level=level) == case["expected"]
    else:
        assert urikit.equivalent(case["a"], case["b"], level=level) == case["equivalent"]
        if level == "scheme":
            assert not urikit.equivalent(case["a"], case["b"], level="syntax")


def test_normalize_levels_and_steps():
    assert urikit.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d") == "example://a/b/c/%7Bfoo%7D"
    assert urikit.normalize("HTTP://Example.COM:0080", level="scheme") == "http://example.com/"
    assert urikit.normalize("http://h/?b=1&a=2#f", sort_query=True, drop_fragment=True) == "http://h/?a=2&b=1"
    assert urikit.equivalent("http://example.com", "http://example.com:80/", level="scheme")
    assert not urikit.equivalent("http://example.com", "http://example.com:80/")
    with pytest.raises(urikit.ParseError):
        urikit.normalize("a b")


def test_urns():
    u = urikit.parse_urn("urn:isbn:0-395-36341-1")
    assert (u.nid, u.nss, u.canonical, u.profile) == ("isbn", "0-395-36341-1", "urn:isbn:0395363411", "rfc8141")
    assert urikit.parse_urn("urn:isbn:0-395-36341-1", generic=True).canonical == "urn:isbn:0-395-36341-1"
    d = urikit.parse_urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC", profile="draft-03")
    assert (d.query, d.directives) == ("s=I2L&c=ToC", [("s", "I2L"), ("c", "ToC")])
    r = urikit.parse_urn("urn:foo:bar?++?+?+?==?=?=?+?#f")
    assert (r.r_component, r.q_component, r.f_component) == ("+?+?+", "=?=?=?+?", "f")
    assert urikit.urn_equivalent("urn:foo:a123,456", "URN:FOO:a123,456")
    assert not urikit.urn_equivalent(
        "urn:foo:a123,456?x=y", "URN:FOO:a123,456", profile="draft-03", objective="caching"
    )
    with pytest.raises(urikit.UrnError) as e:
        urikit.parse_urn("urn:urn:x")
    assert e.value.kind == "reserved_nid"


def test_check_reports_findings_with_positions():
    s = "http://0x7f.1:25/"
    report = urikit.check(s)
    assert report.valid and report.error is None
    # browser_host_differs: the WHATWG reading's host is 127.0.0.1.
    assert [f.code for f in report.findings] == [
        "rare_ipv4_form",
        "loopback_address",
        "browser_host_differs",
        "other_protocol_port",
    ]
    assert report.max_severity == "danger"
    f = report.findings[0]
    assert (f.severity, s[f.start : f.end]) == ("danger", "0x7f.1")
    bad = urikit.check("https:\\\\evil.example")
    assert not bad.valid and isinstance(bad.error, urikit.ParseError)
    assert any(f.severity == "danger" for f in bad.findings)
    assert urikit.check("https://example.com/").findings == []
    # Positions count characters: a lookalike "／" before the host.
    s = "https:／／evil.example@bank.example"
    report = urikit.check(s)
    spans = {f.code: s[f.start : f.end] for f in report.findings}
    assert not report.valid and "／" in "".join(spans.values()), spans


def test_extract_finds_uris_with_character_positions():
    text = "café: see <URL:http://a/b/../c> or “http://x.example/p”.\nwww.w3.org too"
    found = urikit.extract(text, base="http://base/", abbreviated=True)
    assert [m.uri for m in found] == ["http://a/b/../c", "http://x.example/p", "http://www.w3.org"]
    m = found[0]
    assert (m.delimiter, m.line, m.resolved) == ("angle", 1, "http://a/c")
    assert text[m.start : m.end] == "http://a/b/../c"
    assert text[found[1].start : found[1].end] == "http://x.example/p"
    assert found[2].abbreviated and found[2].line == 2


def test_iris_rfc3987():
    iri = "http://bücher.example/résumé?q=日本#§2"
    assert urikit.is_valid_iri(iri) and not urikit.is_valid(iri)
    uri = urikit.iri_to_uri(iri)
    assert uri == "http://b%C3%BCcher.example/r%C3%A9sum%C3%A9?q=%E6%97%A5%E6%9C%AC#%C2%A72"
    assert urikit.uri_to_iri(uri) == iri and urikit.iri_to_uri(urikit.uri_to_iri(uri)) == uri
    # Bidi formatting characters are not allowed (RFC 3987 4.1): stay encoded.
    assert urikit.uri_to_iri("http://h/%E2%80%AE") == "http://h/%E2%80%AE"
    with pytest.raises(urikit.ParseError) as e:
        urikit.iri_to_uri("http://example.org/a\u202eb")
    assert (e.value.kind, e.value.index) == ("bidi_formatting_char", 20)
    assert urikit.resolve_iri("http://例え.jp/a/b/c?q", "../ü/./d#é") == "http://例え.jp/a/ü/d#é"
    assert urikit.normalize_iri("HTTP://Example.COM/%7e/./r%C3%A9sum%c3%a9") == "http://example.com/~/résumé"
    assert urikit.equivalent_iri("http://bücher.example/é", "HTTP://b%C3%BCcher.example:80/%C3%A9", level="scheme")
    assert not urikit.equivalent_iri("http://bücher.example/é", "HTTP://b%C3%BCcher.example:80/%C3%A9")


def test_canonicalize_surt_domain():
    assert urikit.canonicalize("  https://www.Example.com/a/?b=2&A=1#top", profile="aggressive") == "http://example.com/a?a=1&b=2"
    assert urikit.surt("http://www.archive.org/goo/?b&a") == "org,archive)/goo?a&b"
    assert urikit.surt("http://10.1.2.3:81/x") == "3,2,1,10:81)/x"
    assert urikit.surt("http://www.example.com/", with_scheme=True, trailing_comma=True, reverse_ip=False) == "http://(com,example,)/"
    assert (urikit.surt(""), urikit.surt("filedesc:x.arc")) == ("-", "filedesc:x.arc")
    d = urikit.domain("https://a.b.github.io/x")
    assert d == {"host": "a.b.github.io", "public_suffix": "github.io", "registrable_domain": "b.github.io", "subdomain": "a", "section": "private"}
    assert urikit.domain("www.images.amazon.co.uk", icann_only=True)["registrable_domain"] == "amazon.co.uk"
    assert urikit.registrable_domain("co.uk") is None
    with pytest.raises(urikit.DomainError) as e:
        urikit.domain("a..b")
    assert e.value.kind == "empty_label"
    with pytest.raises(ValueError, match="profile must be one of"):
        urikit.canonicalize("x", profile="nope")
