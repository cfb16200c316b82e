"""Speed of the Python package (run by scripts/bench_python).

Per URL, in nanoseconds, best of several passes over each list of
../shared/datasets:

- ``urlsplit``: the unique RFC 3986-valid lines of each list, one call per
  URL: ``urllib.parse.urlsplit`` (its LRU cache bypassed through
  ``__wrapped__``, so every URL is parsed), ``urikit.urlsplit`` and
  ``urlparse``, and ``can_ada.parse`` when installed (a WHATWG parser: it
  answers a different question, and accepts lines urikit rejects).
- the batch API: one call over the whole list as a pyarrow ``string``
  column (all lines, valid or not), divided by the number of lines:
  ``urikit.arrow.parse`` (struct of views), ``host``, ``normalize``, and
  ``parse(views=False)`` (plain strings, copied).
"""

from __future__ import annotations

import os
import platform
import sys
import time
import urllib.parse
from pathlib import Path

import pyarrow as pa

import urikit
import urikit.arrow as ua

try:
    import can_ada
except ImportError:
    can_ada = None


def shared_datasets() -> Path:
    if "URIKIT_SHARED" in os.environ:
        return Path(os.environ["URIKIT_SHARED"]) / "datasets"
    here = Path(__file__).resolve()
    return next(d / "shared" / "datasets" for d in here.parents if (d / "shared" / "datasets").is_dir())


def best_ns_per_item(f, items, passes: int) -> float:
    """The fastest of ``passes`` loops calling ``f`` on every item."""
    best = float("inf")
    for _ in range(passes):
        t = time.perf_counter_ns()
        for x in items:
            f(x)
        best = min(best, time.perf_counter_ns() - t)
    return best / len(items)


def best_ns_per_row(f, column, passes: int) -> float:
    """The fastest of ``passes`` calls of ``f`` on the whole column."""
    best = float("inf")
    for _ in range(passes):
        t = time.perf_counter_ns()
        f(column)
        best = min(best, time.perf_counter_ns() - t)
    return best / len(column)


def main() -> None:
    quick = "--quick" in sys.argv
    passes = 3 if quick else 15
    print(f"# Python {platform.python_version()}, pyarrow {pa.__version__}", end="")
    print(f", can_ada {can_ada.__version__ if can_ada and hasattr(can_ada, '__version__') else ('yes' if can_ada else 'not installed')}")
    print(f"# machine: {platform.machine()}, {os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}")
    print("# ns per URL, best of", passes, "passes")
    print()
    print("| list | unique valid URLs | urllib urlsplit | urikit urlsplit | urikit urlparse | can_ada parse (URLs) | urikit urlsplit, same URLs |")
    print("|---|---|---|---|---|---|---|")
    lists = {}
    for path in sorted(shared_datasets().glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        lists[path.stem] = lines
        unique = list(dict.fromkeys(s for s in lines if urikit.is_valid(s)))
        row = [
            best_ns_per_item(urllib.parse.urlsplit.__wrapped__, unique, passes),
            best_ns_per_item(urikit.urlsplit, unique, passes),
            best_ns_per_item(urikit.urlparse, unique, passes),
        ]
        ada = same = "—"
        if can_ada is not None:
            accepted = [u for u in unique if can_ada.can_parse(u)]
            ada = f"{best_ns_per_item(can_ada.parse, accepted, passes):.0f} ({len(accepted)})"
            same = f"{best_ns_per_item(urikit.urlsplit, accepted, passes):.0f}"
        print(f"| {path.stem} | {len(unique)} | " + " | ".join(f"{x:.0f}" for x in row) + f" | {ada} | {same} |")
    print()
    print("| list | rows | arrow.parse | arrow.host | arrow.normalize | arrow.parse(views=False) | arrow.is_valid |")
    print("|---|---|---|---|---|---|---|")
    for name, lines in lists.items():
        column = pa.array(lines, pa.string())
        row = [
            best_ns_per_row(ua.parse, column, passes),
            best_ns_per_row(ua.host, column, passes),
            best_ns_per_row(ua.normalize, column, passes),
            best_ns_per_row(lambda c: ua.parse(c, views=False), column, passes),
            best_ns_per_row(ua.is_valid, column, passes),
        ]
        print(f"| {name} | {len(lines)} | " + " | ".join(f"{x:.1f}" for x in row) + " |")


if __name__ == "__main__":
    main()
