"""Hosts of a URL list, counted by the worker processes of a Dask cluster
with urikit's batch API: each task reads one Parquet partition and takes
the host column apart in one call (no Python object per URL), then only the
small per-partition counts travel back.

    python python/examples/dask_hosts.py [URL_FILE...]
        default: the lists of ../shared/datasets; prints the 10 commonest hosts

On a real cluster, pass ``Client("scheduler-address:8786")`` to
:func:`count_hosts` instead of the local one; the task code is the same.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

import urikit.arrow as ua


def write_partitions(urls: list[str], directory: Path, parts: int) -> list[str]:
    """``urls`` as ``parts`` Parquet files with one ``url`` column."""
    size = -(-len(urls) // parts)
    paths = []
    for i in range(parts):
        path = directory / f"urls-{i:03}.parquet"
        pq.write_table(pa.table({"url": pa.array(urls[i * size : (i + 1) * size], pa.string())}), path)
        paths.append(str(path))
    return paths


def hosts_of_partition(path: str, errors: str = "null") -> tuple[int, dict[str, int]]:
    """Runs on a worker: the worker's process id, and the host counts of one
    partition, lowercased (a host is case-insensitive, RFC 3986 3.2.2).
    URLs that are not RFC 3986 references have no host (null) and are not
    counted, unless ``errors="raise"``."""
    urls = pq.read_table(path, columns=["url"])["url"]
    hosts = pa.array(ua.host(urls, views=False))
    if errors == "raise":
        ua.parse(urls, errors="raise")
    counts = pc.value_counts(pc.utf8_lower(hosts.drop_null()))
    hosts_and_counts = zip(counts.field("values").to_pylist(), counts.field("counts").to_pylist())
    return os.getpid(), dict(hosts_and_counts)


def count_hosts(client, paths: list[str], errors: str = "null") -> tuple[Counter[str], set[int]]:
    """The host counts of all partitions, one task each on ``client``'s
    workers, and the worker process ids that did the work."""
    futures = client.map(hosts_of_partition, paths, errors=errors)
    results = client.gather(futures)
    total: Counter[str] = Counter()
    for _, counts in results:
        total.update(counts)
    return total, {pid for pid, _ in results}


def local_cluster(workers: int = 2):
    """A cluster of ``workers`` processes on this machine, one thread each."""
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
    )
    return cluster, Client(cluster)


def shared_datasets() -> Path:
    """``$URIKIT_SHARED/datasets``, or the first ``shared/datasets`` above this file."""
    if "URIKIT_SHARED" in os.environ:
        return Path(os.environ["URIKIT_SHARED"]) / "datasets"
    here = Path(__file__).resolve()
    return next(d / "shared" / "datasets" for d in here.parents if (d / "shared" / "datasets").is_dir())


def main(files: list[str]) -> None:
    if not files:
        files = sorted(str(p) for p in shared_datasets().glob("*.txt"))
    urls = [line for f in files for line in Path(f).read_text(encoding="utf-8").splitlines()]
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_partitions(urls, Path(tmp), parts=8)
        cluster, client = local_cluster()
        try:
            counts, pids = count_hosts(client, paths)
        finally:
            client.close()
            cluster.close()
    print(f"{len(urls)} URLs, {len(paths)} partitions, {len(pids)} worker processes")
    for host, n in counts.most_common(10):
        print(f"{n:8} {host or '(empty)'}")


if __name__ == "__main__":
    main(sys.argv[1:])
