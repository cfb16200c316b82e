"""urikit: URIs, URLs and URNs as the RFCs define them (RFC 3986, RFC 8141).

Parse and take apart, resolve and relativize, normalize and compare (URIs,
and IRIs: RFC 3987, with the conversions both ways), check
for the dangers RFC 3986 section 7 lists, find URIs in text; ``urlsplit`` and
``urlparse`` give urllib's own result types; ``urikit.whatwg`` reads URLs as
browsers do (the WHATWG URL Standard), ``urikit.idna`` processes
internationalized domain names (UTS #46); ``urikit.arrow`` does all of it
over whole Arrow columns.

>>> import urikit
>>> u = urikit.parse("http://user@example.com:8080/a/b?q#f")
>>> (u.scheme, u.host, u.port, u.path, u.query, u.fragment)
('http', 'example.com', '8080', '/a/b', 'q', 'f')
>>> urikit.resolve("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
"""

from __future__ import annotations

from ._urikit import (
    CheckReport,
    Finding,
    Match,
    UriRef,
    Urn,
    canonicalize,
    check,
    domain,
    equivalent,
    equivalent_iri,
    extract,
    iri_to_uri,
    is_valid,
    is_valid_iri,
    normalize,
    normalize_iri,
    parse,
    parse_urn,
    registrable_domain,
    relativize,
    resolve,
    resolve_iri,
    surt,
    uri_to_iri,
    urlparse,
    urlsplit,
    urn_equivalent,
)
from .errors import (
    DomainError,
    IdnaError,
    ParseError,
    ResolveError,
    UrikitError,
    UrnError,
    WhatwgError,
)

__all__ = [
    "CheckReport",
    "DomainError",
    "Finding",
    "IdnaError",
    "Match",
    "ParseError",
    "ResolveError",
    "UriRef",
    "UrikitError",
    "Urn",
    "UrnError",
    "WhatwgError",
    "canonicalize",
    "check",
    "domain",
    "equivalent",
    "equivalent_iri",
    "extract",
    "iri_to_uri",
    "is_valid",
    "is_valid_iri",
    "normalize",
    "normalize_iri",
    "parse",
    "parse_urn",
    "registrable_domain",
    "relativize",
    "resolve",
    "resolve_iri",
    "surt",
    "uri_to_iri",
    "urlparse",
    "urlsplit",
    "urn_equivalent",
]
