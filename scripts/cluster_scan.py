"""The scan on a Dask cluster: briefs files in, one flags file out, ready for `flag --from`.

Run: python scripts/cluster_scan.py BRIEFS.jsonl... --out FLAGS.jsonl
         [--detector reference] [--config FILE] [--blocksize 4MB]
         [--scheduler tcp://HOST:8786 | --workers N]

Each partition of the JSON Lines input (dask.bag.read_text, `--blocksize` bytes each) goes
through `reviewer.scan_batch` on a worker; the partitions' lines come back to this process
and are written to `--out` in input order, so the file holds what `reviewer scan --format
jsonl` writes for the same briefs. With `--scheduler` it runs on that cluster (the inputs
must be readable by every worker: a shared folder, or s3:// with s3fs installed, and
reviewer installed on every worker); with `--workers N` on a local cluster of N processes.
Then: reviewer flag --from FLAGS.jsonl --name NAME.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from dask import bag
from dask.utils import parse_bytes
from distributed import Client, LocalCluster

from reviewer import scan_batch


def scan_on(
    client: Client,
    paths: Sequence[str],
    out: str,
    *,
    detector: str,
    config: str | None,
    blocksize: int,
) -> int:
    """Scan every brief of `paths` on the client's cluster into `out`; briefs written."""
    lines = bag.read_text(list(paths), blocksize=blocksize)
    parts = lines.map_partitions(scan_batch, detector=detector, config=config, lines=True)
    futures = client.compute(parts.to_delayed())
    written = 0
    with open(out, "w", encoding="utf-8") as sink:
        for future in futures:  # in input order; later partitions go on meanwhile
            scanned = future.result()
            sink.writelines(line + "\n" for line in scanned)
            written += len(scanned)
            future.release()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("briefs", nargs="+", help="JSON Lines briefs files (globs allowed)")
    parser.add_argument("--out", required=True, help="the flags file to write")
    parser.add_argument("--detector", "-d", default="default")
    parser.add_argument("--config", default=None)
    parser.add_argument("--blocksize", default="4MB", help="bytes of input per partition")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler")
    where.add_argument("--workers", type=int, default=2, help="local worker processes")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True,
            dashboard_address=None,
        )  # fmt: skip
        client = Client(cluster)
    ready = time.perf_counter()
    try:
        written = scan_on(
            client, args.briefs, args.out, detector=args.detector, config=args.config,
            blocksize=parse_bytes(args.blocksize),
        )  # fmt: skip
    finally:
        client.close()
        if not args.scheduler:
            cluster.close()
    took = time.perf_counter() - ready
    sys.stderr.write(
        f"{written:,} briefs scanned into {args.out} in {took:.1f} s "
        f"({written / max(took, 1e-9):,.0f} briefs/s), after {ready - began:.1f} s of start-up\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
