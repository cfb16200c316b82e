"""Internationalized domain names: UTS #46 ToASCII and ToUnicode with the
standard's options, and the form of a host to show people.

    >>> from urikit import idna
    >>> idna.to_ascii("Bücher.example")
    'xn--bcher-kva.example'
    >>> idna.to_unicode("xn--bcher-kva.example")
    'bücher.example'
    >>> idna.to_ascii("faß.de", transitional=True)
    'fass.de'
    >>> idna.to_display("\\u0430pple.com")   # a Cyrillic "а": shown in Punycode
    'xn--pple-43d.com'
    >>> idna.check_label("\\u0430pple")
    'mixed_scripts'

The defaults are UTS #46's conformance defaults (``CheckHyphens``,
``UseSTD3ASCIIRules`` and ``VerifyDnsLength`` on, nontransitional);
``CheckBidi`` and ``CheckJoiners`` are always on. A name processing rejects
raises :class:`urikit.IdnaError` (``kind``: ``invalid_label`` or
``dns_length``; ``index``: where the first label in error starts).
"""

from __future__ import annotations

from ._urikit import idna_check_label as check_label
from ._urikit import idna_to_ascii as to_ascii
from ._urikit import idna_to_display as to_display
from ._urikit import idna_to_unicode as to_unicode
from .errors import IdnaError

__all__ = ["IdnaError", "check_label", "to_ascii", "to_display", "to_unicode"]
