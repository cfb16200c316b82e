"""Typed interface of the extension module ``urikit._urikit`` (re-exported by
``urikit`` and ``urikit.arrow``)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal, final
from urllib.parse import ParseResult, SplitResult

__all__ = [
    "COMPONENTS",
    "URL_PARTS",
    "Array",
    "CheckReport",
    "Difference",
    "Finding",
    "Match",
    "Readings",
    "UriRef",
    "Url",
    "Urn",
    "arrow_component",
    "arrow_is_valid",
    "arrow_normalize",
    "arrow_parse",
    "arrow_query_param",
    "arrow_registrable_domain",
    "arrow_resolve",
    "arrow_surt",
    "arrow_whatwg",
    "canonicalize",
    "check",
    "domain",
    "equivalent",
    "equivalent_iri",
    "extract",
    "idna_check_label",
    "idna_to_ascii",
    "idna_to_display",
    "idna_to_unicode",
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
    "whatwg_compare",
    "whatwg_readings",
]

_Level = Literal["string", "syntax", "scheme"]
_Profile = Literal["rfc3986", "draft-1997", "draft-2003"]
_UrnProfile = Literal["rfc8141", "draft-03", "draft-04"]
_Objective = Literal["names", "caching"]
_Errors = Literal["null", "raise"]
COMPONENTS: tuple[str, ...]
URL_PARTS: tuple[str, ...]

_UrlPart = Literal[
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
]

@final
class UriRef:
    """A parsed RFC 3986 URI reference; components raw, ``None`` when absent."""

    def __new__(cls, s: str) -> UriRef: ...
    @property
    def scheme(self) -> str | None: ...
    @property
    def authority(self) -> str | None: ...
    @property
    def userinfo(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def host_type(self) -> Literal["ipv4", "ipv6", "ipvfuture", "reg-name"] | None: ...
    @property
    def port(self) -> str | None: ...
    @property
    def port_number(self) -> int | None: ...
    @property
    def path(self) -> str: ...
    @property
    def query(self) -> str | None: ...
    @property
    def fragment(self) -> str | None: ...
    def is_absolute(self) -> bool: ...
    def segments(self) -> list[str]: ...
    def query_pairs(self, *, form: bool = False) -> list[tuple[str, str | None]]: ...
    def to_dict(self) -> dict[str, str | None]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Urn:
    """A URN (RFC 8141 or a draft profile); parts raw, ``None`` when absent."""

    @property
    def profile(self) -> _UrnProfile: ...
    @property
    def nid(self) -> str: ...
    @property
    def nss(self) -> str: ...
    @property
    def r_component(self) -> str | None: ...
    @property
    def q_component(self) -> str | None: ...
    @property
    def f_component(self) -> str | None: ...
    @property
    def query(self) -> str | None: ...
    @property
    def directives(self) -> list[tuple[str, str]]: ...
    @property
    def canonical(self) -> str: ...
    @property
    def display(self) -> str: ...
    @property
    def name(self) -> str | None: ...

@final
class Finding:
    """A security finding; ``start:end`` in characters of the checked string."""

    code: str
    severity: Literal["info", "warning", "danger"]
    message: str
    start: int
    end: int

@final
class CheckReport:
    findings: list[Finding]
    error: Exception | None
    @property
    def valid(self) -> bool: ...
    @property
    def max_severity(self) -> Literal["info", "warning", "danger"] | None: ...

@final
class Match:
    """A URI found in text; ``start:end`` in characters of the text."""

    uri: str
    start: int
    end: int
    line: int
    column: int
    delimiter: Literal["angle", "quotes", "whitespace"]
    abbreviated: bool
    hyphen_break: bool
    resolved: str | None

@final
class Url:
    """A URL as the WHATWG URL Standard reads it: the ``URL`` class of its API."""

    def __new__(cls, input: str, base: str | Url | None = None) -> Url: ...
    @staticmethod
    def can_parse(input: str, base: str | Url | None = None) -> bool: ...
    @property
    def href(self) -> str: ...
    @href.setter
    def href(self, value: str) -> None: ...
    @property
    def protocol(self) -> str: ...
    @protocol.setter
    def protocol(self, value: str) -> None: ...
    @property
    def username(self) -> str: ...
    @username.setter
    def username(self, value: str) -> None: ...
    @property
    def password(self) -> str: ...
    @password.setter
    def password(self, value: str) -> None: ...
    @property
    def host(self) -> str: ...
    @host.setter
    def host(self, value: str) -> None: ...
    @property
    def hostname(self) -> str: ...
    @hostname.setter
    def hostname(self, value: str) -> None: ...
    @property
    def port(self) -> str: ...
    @port.setter
    def port(self, value: str) -> None: ...
    @property
    def pathname(self) -> str: ...
    @pathname.setter
    def pathname(self, value: str) -> None: ...
    @property
    def search(self) -> str: ...
    @search.setter
    def search(self, value: str) -> None: ...
    @property
    def hash(self) -> str: ...
    @hash.setter
    def hash(self, value: str) -> None: ...
    @property
    def origin(self) -> str: ...
    @property
    def scheme(self) -> str: ...
    @property
    def query(self) -> str | None: ...
    @property
    def fragment(self) -> str | None: ...
    @property
    def host_type(self) -> Literal["domain", "ipv4", "ipv6", "opaque", "empty"] | None: ...
    @property
    def port_number(self) -> int | None: ...
    @property
    def port_or_default(self) -> int | None: ...
    @property
    def is_special(self) -> bool: ...
    @property
    def has_opaque_path(self) -> bool: ...
    @property
    def includes_credentials(self) -> bool: ...
    def to_rfc3986(self) -> str: ...
    def to_dict(self) -> dict[str, str]: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[type[Url], tuple[str]]: ...

@final
class Difference:
    """A component RFC 3986 and the WHATWG URL Standard read differently."""

    component: Literal["scheme", "userinfo", "host", "port", "path", "query", "fragment"]
    rfc3986: str | None
    whatwg: str | None
    message: str

@final
class Readings:
    """Both readings of one input, and where they differ."""

    input: str
    rfc3986: UriRef | None
    rfc3986_error: Exception | None
    whatwg: Url | None
    whatwg_error: Exception | None
    differences: list[Difference]
    differ: bool

@final
class Array:
    """An Arrow array (PyCapsule interface: ``pyarrow.array(a)``, ``polars.Series(a)``),
    and a table of one batch (``pyarrow.table(a)``, ``polars.DataFrame(a)``, DuckDB)."""

    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...
    def __len__(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def null_count(self) -> int: ...
    def to_pyarrow(self) -> Any: ...
    def to_pylist(self) -> list[Any]: ...

def parse(s: str) -> UriRef: ...
def is_valid(s: str) -> bool: ...
def resolve(
    base: str,
    reference: str,
    *,
    profile: _Profile = "rfc3986",
    strict: bool = True,
    reject_underflow: bool = False,
) -> str: ...
def relativize(base: str, target: str) -> str: ...
def normalize(
    s: str,
    *,
    level: _Level = "syntax",
    drop_fragment: bool = False,
    sort_query: bool = False,
    remove_trailing_host_dot: bool = False,
) -> str: ...
def equivalent(a: str, b: str, *, level: _Level = "syntax") -> bool: ...
def parse_urn(
    s: str, *, profile: _UrnProfile = "rfc8141", objective: _Objective = "names", generic: bool = False
) -> Urn: ...
def urn_equivalent(
    a: str,
    b: str,
    *,
    profile: _UrnProfile = "rfc8141",
    objective: _Objective = "names",
    generic: bool = False,
) -> bool: ...
def is_valid_iri(s: str) -> bool: ...
def iri_to_uri(s: str) -> str: ...
def uri_to_iri(s: str) -> str: ...
def resolve_iri(base: str, reference: str) -> str: ...
def normalize_iri(s: str, *, level: _Level = "syntax") -> str: ...
def equivalent_iri(a: str, b: str, *, level: _Level = "syntax") -> bool: ...
def check(s: str) -> CheckReport: ...
def canonicalize(url: str, *, profile: str = "semantic_precise") -> str: ...
def surt(
    url: str,
    *,
    profile: str = "ia",
    with_scheme: bool = False,
    trailing_comma: bool = False,
    reverse_ip: bool = True,
) -> str: ...
def domain(host_or_url: str, *, icann_only: bool = False) -> dict[str, str | None]: ...
def registrable_domain(host_or_url: str, *, icann_only: bool = False) -> str | None: ...
def arrow_surt(
    column: Any,
    *,
    profile: str = "ia",
    with_scheme: bool = False,
    trailing_comma: bool = False,
    reverse_ip: bool = True,
    views: bool = True,
) -> Array: ...
def arrow_registrable_domain(column: Any, *, icann_only: bool = False, views: bool = True) -> Array: ...
def whatwg_readings(input: str) -> Readings: ...
def whatwg_compare(uri: UriRef, url: Url) -> list[Difference]: ...
def idna_to_ascii(
    domain: str,
    *,
    transitional: bool = False,
    check_hyphens: bool = True,
    use_std3_ascii_rules: bool = True,
    verify_dns_length: bool = True,
) -> str: ...
def idna_to_unicode(
    domain: str,
    *,
    transitional: bool = False,
    check_hyphens: bool = True,
    use_std3_ascii_rules: bool = True,
    errors: Literal["strict", "replace"] = "strict",
) -> str: ...
def idna_to_display(
    domain: str,
    *,
    transitional: bool = False,
    check_hyphens: bool = True,
    use_std3_ascii_rules: bool = True,
) -> str: ...
def idna_check_label(
    label: str,
) -> Literal["invisible_character", "restricted_character", "mixed_scripts", "looks_like_ascii"] | None: ...
def extract(
    text: str, *, abbreviated: bool = False, scheme_rules: bool = False, base: str | None = None
) -> list[Match]: ...
def urlsplit(url: str, scheme: str = "", allow_fragments: bool = True) -> SplitResult: ...
def urlparse(url: str, scheme: str = "", allow_fragments: bool = True) -> ParseResult: ...
def arrow_parse(column: Any, *, errors: _Errors = "null", views: bool = True) -> Array: ...
def arrow_component(column: Any, name: str, *, views: bool = True) -> Array: ...
def arrow_is_valid(column: Any) -> Array: ...
def arrow_normalize(
    column: Any,
    *,
    level: _Level = "syntax",
    drop_fragment: bool = False,
    sort_query: bool = False,
    remove_trailing_host_dot: bool = False,
    errors: _Errors = "null",
    views: bool = True,
) -> Array: ...
def arrow_resolve(
    column: Any,
    base: str,
    *,
    profile: _Profile = "rfc3986",
    strict: bool = True,
    reject_underflow: bool = False,
    errors: _Errors = "null",
    views: bool = True,
) -> Array: ...
def arrow_query_param(
    column: Any, name: str, *, decode: Literal["form", "percent", "raw"] = "form", views: bool = True
) -> Array: ...
def arrow_whatwg(
    column: Any,
    component: _UrlPart = "href",
    *,
    base: str | None = None,
    errors: _Errors = "null",
    views: bool = True,
) -> Array: ...
