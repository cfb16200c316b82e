"""The exceptions of urikit: each is a ``ValueError`` that says what was
wrong (``kind``, a stable snake_case name) and where (``index``)."""

from __future__ import annotations


class UrikitError(ValueError):
    """An input that is not valid for the operation.

    ``kind``: the stable name of the rule broken (``unexpected_char_in_path``,
    ``invalid_percent_encoding``, ``path_underflow``, ``invalid_nid``, ...).
    ``index``: where it stops being valid, in characters of ``input``
    (``input[index]`` is the offending character, or ``index == len(input)``
    when more was expected).
    ``row``: the row of the column, for the batch functions of
    ``urikit.arrow`` (``None`` otherwise).
    """

    kind: str
    index: int
    input: str
    row: int | None

    def __init__(
        self,
        message: str,
        kind: str,
        index: int,
        input: str,
        row: int | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.index = index
        self.input = input
        self.row = row

    def __str__(self) -> str:
        where = f"row {self.row}: " if self.row is not None else ""
        return f"{where}{self.args[0]} ({self.kind}) in {self.input!r}"

    def __reduce__(self) -> tuple[type[UrikitError], tuple[str, str, int, str, int | None]]:
        # Picklable, for process pools and Dask workers.
        return (
            type(self),
            (self.args[0], self.kind, self.index, self.input, self.row),
        )


class ParseError(UrikitError):
    """Not an RFC 3986 URI reference (or, where one is needed, not an
    absolute URI)."""


class ResolveError(UrikitError):
    """Resolution or relativization failed (``path_underflow``,
    ``unreachable_target``, ``too_long``)."""


class UrnError(UrikitError):
    """Not a URN under the profile, or against its namespace's rules."""


class DomainError(UrikitError):
    """A host that is not a domain name the Public Suffix List can answer
    for (``empty_host``, ``empty_label``, ``ip_address``)."""


class WhatwgError(UrikitError):
    """Not a URL the WHATWG URL Standard's parser reads (or a base it does
    not read): ``kind`` is the standard's name of the validation error
    (``host-missing``, ``port-out-of-range``, ``IPv4-too-many-parts``...)."""


class IdnaError(UrikitError):
    """A domain name UTS #46 processing rejects (``invalid_label``,
    ``dns_length``); ``index`` is the start of the first label in error."""
