"""urikit.idna: UTS #46 conformance (every line of IdnaTestV2.txt, read by
the file's own rules, as the Rust suite reads it) and the display policy."""

from __future__ import annotations

import re

import pytest
from conftest import shared_dir

import urikit
from urikit import idna


def unescape(s: str) -> str:
    if s == '""':
        return ""
    return re.sub(
        r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}",
        lambda m: chr(int(m.group(1) or m.group(2), 16)),
        s,
    )


def status(s: str) -> list[str]:
    return [c.strip() for c in s.strip().strip("[]").split(",") if c.strip()]


def lines():
    """(line number, source, toUnicode, its status, toAsciiN, its status,
    toAsciiT, its status), blank columns filled by the file's rules."""
    text = (shared_dir() / "vectors" / "idna" / "IdnaTestV2.txt").read_text(encoding="utf-8")
    for k, raw in enumerate(text.splitlines(), 1):
        data = raw.split("#")[0]
        if not data.strip():
            continue
        cols = [c.strip() for c in data.split(";")]
        assert len(cols) == 7, raw
        source = unescape(cols[0])
        to_unicode = unescape(cols[1]) if cols[1] else source
        u_status = status(cols[2])
        ascii_n = unescape(cols[3]) if cols[3] else to_unicode
        n_status = status(cols[4]) if cols[4] else u_status
        ascii_t = unescape(cols[5]) if cols[5] else ascii_n
        t_status = status(cols[6]) if cols[6] else n_status
        yield k, source, to_unicode, u_status, ascii_n, n_status, ascii_t, t_status


#: The sources where the `idna` crate's data (Unicode 17.0) accepts a code
#: point of plane 3 that the file (Unicode 16.0) leaves unassigned (status
#: V7): only the error flag differs. The list of the Rust suite
#: (crates/urikit/tests/idna.rs, NEWER_UNICODE).
NEWER_UNICODE = {
    "\u10ad\U0003f8cd\ua868\u05ae\u3002\u10be\u200c\u200c",
    "\u2d0d\U0003f8cd\ua868\u05ae\u3002\u2d1e\u200c\u200c",
    "xn--5cb172r175fug38a.xn--mlj",
    "\U0003293120.\u97f3.\ua8661.",
    "xn--20-9802c.xn--0w5a.xn--1-eg4e.",
    "\U00032b9a\uff19\ua369\u17d3\uff0e\u200d\u00df",
    "\U00032b9a9\ua369\u17d3.\u200d\u00df",
    "\U00032b9a9\ua369\u17d3.\u200dSS",
    "\U00032b9a9\ua369\u17d3.\u200dss",
    "xn--9-i0j5967eg3qz.ss",
    "\U00032b9a\uff19\ua369\u17d3\uff0e\u200dSS",
    "\U00032b9a\uff19\ua369\u17d3\uff0e\u200dss",
    "\U00032b9a9\ua369\u17d3.\u200dSs",
    "\U00032b9a\uff19\ua369\u17d3\uff0e\u200dSs",
    "\U0003e8ac\u3002\u0729\u3002\ucbd95",
    "\U0003e8ac\u3002\u0729\u3002\u110d\u1173\u11ac5",
    "xn--t92s.xn--znb.xn--5-y88f",
}


def test_idna_test_v2_every_line():
    n = 0
    newer: set[str] = set()
    failures = []
    for k, source, to_unicode, u_status, ascii_n, n_status, ascii_t, t_status in lines():
        if any(0xD800 <= ord(c) <= 0xDFFF for c in source):
            source = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in source)
        n += 1
        results = []
        text = idna.to_unicode(source, errors="replace")
        try:
            idna.to_unicode(source)
            u_err = False
        except urikit.IdnaError:
            u_err = True
        # X4_2 alone: an empty label, an error of ToASCII's VerifyDnsLength only.
        want_u_err = any(s != "X4_2" for s in u_status)
        results.append(u_err == want_u_err and (u_err or text == to_unicode))
        for transitional, want, st in ((False, ascii_n, n_status), (True, ascii_t, t_status)):
            try:
                got = idna.to_ascii(source, transitional=transitional)
                results.append(not st and got == want)
            except urikit.IdnaError:
                results.append(bool(st))
        if source in NEWER_UNICODE:
            # Pinned, so that a listed line that starts to agree is noticed.
            assert not all(results), f"line {k}: listed, but agrees"
            newer.add(source)
        elif not all(results):
            failures.append(f"line {k}: {source!r} {results}")
    assert n > 6000
    assert newer == NEWER_UNICODE, NEWER_UNICODE - newer
    assert not failures, "\n".join(failures[:20])


def test_options_errors_and_display():
    assert idna.to_ascii("Bücher.example") == "xn--bcher-kva.example"
    assert idna.to_ascii("faß.de") == "xn--fa-hia.de"
    assert idna.to_ascii("faß.de", transitional=True) == "fass.de"
    assert idna.to_ascii("a_b--c.example", check_hyphens=False, use_std3_ascii_rules=False) == "a_b--c.example"
    with pytest.raises(urikit.IdnaError) as e:
        idna.to_ascii("a_b--c.example")
    assert e.value.kind == "invalid_label"
    with pytest.raises(urikit.IdnaError) as e:
        idna.to_ascii("a..b")
    assert (e.value.kind, e.value.index) == ("dns_length", 2)
    assert idna.to_ascii("a..b", verify_dns_length=False) == "a..b"
    # The index counts characters: the second label starts at character 3.
    with pytest.raises(urikit.IdnaError) as e:
        idna.to_ascii("例え.xn--a.jp")
    assert (e.value.kind, e.value.index) == ("invalid_label", 3)
    assert idna.to_unicode("xn--r8jz45g.xn--zckzah") == "例え.テスト"
    assert idna.to_unicode("ok.xn--a", errors="replace") == "ok.\ufffd"
    with pytest.raises(ValueError, match="errors must be one of"):
        idna.to_unicode("x", errors="ignore")  # type: ignore[arg-type]
    assert idna.to_display("xn--bcher-kva.de") == "bücher.de"
    assert idna.to_display("\u0430pple.com") == "xn--pple-43d.com"
    assert idna.to_display("xn--80ak6aa92e.com") == "xn--80ak6aa92e.com"
    assert idna.check_label("bücher") is None
    assert idna.check_label("\u0430pple") == "mixed_scripts"
    assert idna.check_label("\u0430\u0440\u0440\u04cf\u0435") == "looks_like_ascii"
