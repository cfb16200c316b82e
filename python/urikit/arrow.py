"""urikit over whole Arrow columns: one call per column, no Python object
per row.

Every function takes a column of strings (``string``, ``large_string`` or
``string_view``) from any library that exports the Arrow PyCapsule
interface (``__arrow_c_array__`` or ``__arrow_c_stream__``): a pyarrow
``Array`` or ``ChunkedArray``, a Polars ``Series``, ... It returns an
:class:`Array` that any of them imports without a copy::

    import pyarrow as pa, urikit.arrow as ua
    urls = pa.array(["http://example.com/a?x=1", "not a uri"])
    pa.array(ua.host(urls))          # ["example.com", None]
    pa.array(ua.parse(urls)).field("path")

Each result is also a table of one batch (``__arrow_c_stream__``): table
readers take it directly, a struct result's fields as columns, any other
result as one column named after it (``host``, ``normalized``...)::

    pa.table(ua.parse(urls))                      # scheme, authority, ..., fragment
    duckdb.sql("SELECT host, count(*) FROM hosts GROUP BY host")  # hosts = ua.host(urls)
    polars.DataFrame(ua.parse(urls))

Results are ``string_view`` columns whose values point into the input's
own buffers (nothing copied, nothing allocated per row); ``views=False``
gives plain ``string`` columns (a copy) for readers without
``string_view``. A null row, or one that is not an RFC 3986 URI reference,
gives null; ``errors="raise"`` raises :class:`urikit.ParseError` for the
first invalid row instead (its ``row`` set).
"""

from __future__ import annotations

from typing import Any

# COMPONENTS: the fields of parse's struct, in order; URL_PARTS: the parts
# whatwg gives, named as the URL API names its getters.
from ._urikit import COMPONENTS, URL_PARTS, Array
from ._urikit import arrow_component as _component
from ._urikit import arrow_is_valid as is_valid
from ._urikit import arrow_normalize as normalize
from ._urikit import arrow_parse as parse
from ._urikit import arrow_query_param as query_param
from ._urikit import arrow_registrable_domain as registrable_domain
from ._urikit import arrow_resolve as resolve
from ._urikit import arrow_surt as surt
from ._urikit import arrow_whatwg as whatwg

__all__ = [
    "COMPONENTS",
    "URL_PARTS",
    "Array",
    "authority",
    "component",
    "fragment",
    "host",
    "host_type",
    "is_valid",
    "normalize",
    "parse",
    "path",
    "port",
    "query",
    "query_param",
    "registrable_domain",
    "resolve",
    "scheme",
    "surt",
    "userinfo",
    "whatwg",
]

def component(column: Any, name: str, *, views: bool = True) -> Array:
    """One component of every row (``name``: one of :data:`COMPONENTS`);
    null where it is absent or the row is null or not a URI reference."""
    return _component(column, name, views=views)


def scheme(column: Any, *, views: bool = True) -> Array:
    """The scheme of every row, as written (not lowercased)."""
    return _component(column, "scheme", views=views)


def authority(column: Any, *, views: bool = True) -> Array:
    """The authority (``userinfo@host:port``) of every row."""
    return _component(column, "authority", views=views)


def userinfo(column: Any, *, views: bool = True) -> Array:
    """The userinfo of every row."""
    return _component(column, "userinfo", views=views)


def host(column: Any, *, views: bool = True) -> Array:
    """The host of every row (IP literals with their brackets)."""
    return _component(column, "host", views=views)


def host_type(column: Any, *, views: bool = True) -> Array:
    """``ipv4``, ``ipv6``, ``ipvfuture`` or ``reg-name`` for every row with an authority."""
    return _component(column, "host_type", views=views)


def port(column: Any, *, views: bool = True) -> Array:
    """The port digits of every row, as written (``""`` for an empty port)."""
    return _component(column, "port", views=views)


def path(column: Any, *, views: bool = True) -> Array:
    """The path of every valid row (never null for a valid row)."""
    return _component(column, "path", views=views)


def query(column: Any, *, views: bool = True) -> Array:
    """The query of every row, without its ``?``."""
    return _component(column, "query", views=views)


def fragment(column: Any, *, views: bool = True) -> Array:
    """The fragment of every row, without its ``#``."""
    return _component(column, "fragment", views=views)
