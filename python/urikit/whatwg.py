"""URLs as browsers read them: the WHATWG URL Standard, beside the strict
RFC 3986 reading of the rest of urikit.

The standard repairs what RFC 3986 rejects (spaces trimmed, tabs and
newlines dropped, ``\\`` read as ``/`` in special URLs, IDNA applied to
hosts, ``0x7f.1`` read as ``127.0.0.1``...). :class:`Url` is the ``URL``
class of its API, getters and setters alike; it passes every case of the
Web Platform Tests' ``urltestdata.json`` and ``setters_tests.json``::

    >>> from urikit.whatwg import Url
    >>> u = Url("  HTTP://EXAMPLE.com:80\\\\a\\\\..\\\\b c?q#f\\t")
    >>> (u.href, u.hostname, u.pathname)
    ('http://example.com/b%20c?q#f', 'example.com', '/b%20c')
    >>> Url("../x?y", "https://example.org/dir/page").href
    'https://example.org/x?y'

:func:`readings` reads one input both ways and lists the components the two
readings take apart differently (the parser differentials behind SSRF and
open-redirect bugs)::

    >>> [str(d) for d in readings("http://0x7f.1/").differences]
    ['host: RFC 3986 reads "0x7f.1", the WHATWG URL Standard reads "127.0.0.1"']

A parser failure raises :class:`urikit.WhatwgError`, whose ``kind`` is the
standard's name of the validation error (``host-missing``...).
"""

from __future__ import annotations

from ._urikit import Difference, Readings, Url
from ._urikit import whatwg_compare as compare
from ._urikit import whatwg_readings as readings
from .errors import WhatwgError

__all__ = ["Difference", "Readings", "Url", "WhatwgError", "can_parse", "compare", "readings"]


def can_parse(input: str, base: str | Url | None = None) -> bool:
    """Whether ``input`` parses against ``base`` (``URL.canParse``)."""
    return Url.can_parse(input, base)
