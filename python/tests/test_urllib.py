"""urikit.urlsplit / urlparse against urllib.parse: equal on every RFC 3986
URI reference of shared/datasets and of the public vectors; the one place
where urllib itself rejects a valid reference is listed, and asserted to
still differ."""

from __future__ import annotations

import glob
import json
import urllib.parse

import pytest

import urikit
from conftest import shared_dir


def test_equal_to_urllib_on_every_valid_dataset_line(lines):
    valid = [s for s in lines if urikit.is_valid(s)]
    # Most lines are valid; the others (spaces, backslashes, non-ASCII, a
    # BOM) are the datasets' README's "characters outside RFC 3986".
    assert len(valid) > 100_000 and len(lines) - len(valid) < 1_000, (len(valid), len(lines))
    for s in valid:
        ours, theirs = urikit.urlsplit(s), urllib.parse.urlsplit(s)
        assert ours == theirs and type(ours) is urllib.parse.SplitResult, s
        ours, theirs = urikit.urlparse(s), urllib.parse.urlparse(s)
        assert ours == theirs and type(ours) is urllib.parse.ParseResult, s
        # Every option urllib has.
        assert urikit.urlsplit(s, allow_fragments=False) == urllib.parse.urlsplit(s, allow_fragments=False), s
        assert urikit.urlparse(s, "ftp") == urllib.parse.urlparse(s, "ftp"), s
    # urllib's attributes work on the results: they are urllib's own classes.
    r = urikit.urlsplit("HTTP://User:Pw@[::1]:8080/a;b?q#f")
    assert (r.scheme, r.hostname, r.port, r.username, r.password) == ("http", "::1", 8080, "User", "Pw")
    assert r.geturl() == "http://User:Pw@[::1]:8080/a;b?q#f"


def vector_strings() -> list[str]:
    """Every string of every JSON vector file (inputs, bases, results...)."""
    found: set[str] = set()

    def walk(x):
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    for path in sorted(glob.glob(str(shared_dir() / "vectors" / "*" / "*.json"))):
        with open(path, encoding="utf-8") as f:
            walk(json.load(f))
    return sorted(found)


# Valid RFC 3986 references urllib itself rejects: an IPvFuture literal
# with a capital "V" (the ABNF's "v" is case-insensitive, RFC 5234 2.3;
# urllib's check wants a lowercase "v" and hands the rest to ipaddress).
URLLIB_REJECTS = ["//[V0.0]", "http://[V1.x]/"]


def test_equal_to_urllib_on_the_vectors_but_the_listed_cases():
    valid = [s for s in vector_strings() if urikit.is_valid(s)]
    assert len(valid) > 3_000
    differ = []
    for s in valid:
        try:
            theirs = (urllib.parse.urlsplit(s), urllib.parse.urlparse(s))
        except ValueError:
            differ.append(s)
            continue
        assert (urikit.urlsplit(s), urikit.urlparse(s)) == theirs, s
    assert differ == [s for s in URLLIB_REJECTS if s in valid]


@pytest.mark.parametrize("s", URLLIB_REJECTS)
def test_listed_urllib_rejections_still_differ(s):
    with pytest.raises(ValueError):
        urllib.parse.urlsplit(s)
    assert urikit.urlsplit(s).netloc == s.split("/")[2]


def test_params_and_options_follow_urllib():
    assert urikit.urlparse("http://a/b;x/c;y=1;z?q") == ("http", "a", "/b;x/c", "y=1;z", "q", "")
    assert urikit.urlparse("mailto:a;b") == ("mailto", "", "a;b", "", "", "")  # not in uses_params
    assert urikit.urlparse(";p") == ("", "", "", "p", "", "")
    assert urikit.urlsplit("a#b?c", allow_fragments=False) == ("", "", "a#b", "c", "")
    assert urikit.urlsplit("//h/p", "https") == ("https", "h", "/p", "", "")
    assert urikit.urlsplit("//h/p", " x\t ") == urllib.parse.urlsplit("//h/p", " x\t ")


@pytest.mark.parametrize(
    "s, kind",
    [
        ("http://h/a b", "unexpected_char_in_path"),
        ("http://h/%zz", "invalid_percent_encoding"),
        ("https:\\\\evil.example", "unexpected_char_in_path"),
        (" http://h/", "unexpected_char_in_path"),
        ("http://h/é", "unexpected_char_in_path"),
        ("http://[::1/", "unclosed_ip_literal"),
    ],
)
def test_invalid_input_raises_where_urllib_splits_anyway(s, kind):
    try:
        urllib.parse.urlsplit(s)
    except ValueError:
        pass  # "http://[::1/": urllib raises too (an unclosed "[")
    with pytest.raises(urikit.ParseError) as e:
        urikit.urlsplit(s)
    assert e.value.kind == kind
    with pytest.raises(urikit.ParseError):
        urikit.urlparse(s)
