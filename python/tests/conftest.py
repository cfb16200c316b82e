"""Shared test data: the `shared/` folder beside the checkout (or
`$URIKIT_SHARED`), its public vectors and real URL lists."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import pytest


def shared_dir() -> Path:
    env = os.environ.get("URIKIT_SHARED")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for d in here.parents:
        if (d / "shared" / "vectors").is_dir():
            return d / "shared"
    raise RuntimeError(f"shared/vectors not found above {here}; set URIKIT_SHARED")


DATASETS = ("kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt")


@lru_cache(maxsize=None)
def dataset_lines() -> tuple[str, ...]:
    """Every line of every list in shared/datasets (kasztp's BOM kept, as a
    line with it is not a URI)."""
    lines: list[str] = []
    for name in DATASETS:
        text = (shared_dir() / "datasets" / name).read_text(encoding="utf-8")
        lines.extend(text.splitlines())
    assert len(lines) > 100_000
    return tuple(lines)


def vector_cases(rel: str) -> list[dict]:
    with open(shared_dir() / "vectors" / rel, encoding="utf-8") as f:
        return json.load(f)["cases"]


@pytest.fixture(scope="session")
def lines() -> tuple[str, ...]:
    return dataset_lines()
