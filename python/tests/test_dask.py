"""The batch API inside Dask distributed, past one process: a local cluster
of two worker processes counts the hosts of the datasets' URLs (written as
Parquet partitions), as python/examples/dask_hosts.py does, and gets what
one process gets with the single-value API."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import urikit

pytest.importorskip("dask.distributed")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_hosts  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    started = time.monotonic()
    cluster, client = dask_hosts.local_cluster(workers=2)
    try:
        client.wait_for_workers(2, timeout=60)
        yield client
    finally:
        client.close()
        cluster.close()
    # Bounded: a cluster of two processes and a few seconds of work.
    assert time.monotonic() - started < 120


def test_host_counts_across_worker_processes(cluster, lines, tmp_path):
    paths = dask_hosts.write_partitions(list(lines), tmp_path, parts=8)
    counts, pids = dask_hosts.count_hosts(cluster, paths)

    expected: Counter[str] = Counter()
    for s in lines:
        if urikit.is_valid(s):
            host = urikit.parse(s).host
            if host is not None:
                expected[host.lower()] += 1
    assert counts == expected
    assert sum(counts.values()) > 100_000
    # The work ran in the cluster's worker processes, both of them, not here.
    workers = set(cluster.run(os.getpid).values())
    assert len(workers) == 2 and os.getpid() not in workers
    assert pids == workers


def test_an_invalid_url_in_a_partition_raises_on_the_client(cluster, tmp_path):
    paths = dask_hosts.write_partitions(["http://ok.example/", "http://x/%zz", "http://b/"], tmp_path, parts=1)
    with pytest.raises(urikit.ParseError) as e:
        dask_hosts.count_hosts(cluster, paths, errors="raise")
    assert (e.value.row, e.value.kind, e.value.input) == (1, "invalid_percent_encoding", "http://x/%zz")
