"""Whole-process `reviewer ingest` against a plain `sqlite-utils insert` of the same JSONL,
and the ingest of one brief with a very large pool against `reviewer scan` of it.

    python scripts/bench_ingest_ratio.py [--briefs 20000] [--pool 20000] [--repeat 5]

The plain insert is the floor any store of JSON Lines pays: start Python, parse each line,
write one row per brief into a fresh SQLite file (`sqlite-utils insert DB briefs FILE
--nl`). `reviewer ingest` does more (checks every line, stores pools apart, records the
ingest so a failure is taken back), and with a detector it then flags every brief: the
script times it with `--no-flag` (storage alone) and with the default detector. The
briefs are scripts/bench_ingest.py's, from its seed: about 1.4 KB of prose each, with a
pool of 30 known values (about 3 KB a line).

The second corpus is one brief of the same prose citing values of a pool of `--pool`
entries: its ingest (default detector) is timed against `reviewer scan` of the same file.

Every command runs as a separate process (start-up included), into a fresh database each
time, interleaved over the repeats so drifting load hits all alike; the script prints
medians and each ratio, with the load average, because the machine may be shared.

sqlite-utils is a benchmark-only dependency: `pip install -e '.[bench]'` installs it.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_ingest import SUFFIX, UNITS, WORDS, brief  # noqa: E402  (its own briefs)


def briefs_file(path: Path, count: int) -> None:
    """scripts/bench_ingest.py's briefs, from its seed: the same bytes on every run."""
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as out:
        for i in range(count):
            out.write(json.dumps(brief(i, rng)) + "\n")


def big_pool_file(path: Path, entries: int, seed: int = 40) -> None:
    """One brief of about 6 KB of scripts/bench_ingest.py's prose, citing values of a pool
    of `entries` known values named as its pools name them (m0, m1, ...)."""
    rng = random.Random(seed)
    pool = [
        {"name": f"m{j}", "value": round(rng.uniform(-40, 180), 1), "unit": UNITS[j % 6]}
        for j in range(entries)
    ]
    sentences: list[str] = []
    while sum(map(len, sentences)) < 6000:
        known = rng.choice(pool)
        value = known["value"] * rng.choice((1.0, 1.0, 1.0, 1.06))
        sentences.append(
            f"The {rng.choice(WORDS)} block put {known['name']} at "
            f"{value:.1f}{SUFFIX[known['unit']]} over the {rng.randint(2, 9)}-day stretch."
        )
    record = {"id": "big-pool", "text": " ".join(sentences), "pool": pool}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")


def timed(command: list[str], before: Callable[[], None]) -> float:
    before()
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def fresh(*paths: Path) -> Callable[[], None]:
    """Remove a database (and its journal files) before a run, so each starts empty."""

    def remove() -> None:
        for db in paths:
            for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm"), Path(f"{db}-journal")):
                path.unlink(missing_ok=True)

    return remove


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def tools() -> tuple[str, str]:
    here = Path(sys.executable).parent
    reviewer = shutil.which("reviewer", path=str(here)) or shutil.which("reviewer")
    sqlite_utils = shutil.which("sqlite-utils", path=str(here)) or shutil.which("sqlite-utils")
    if sqlite_utils is None:
        sys.exit("sqlite-utils is not installed: pip install -e '.[bench]' installs it")
    if reviewer is None:
        sys.exit("reviewer is not installed: pip install -e . installs it")
    return reviewer, sqlite_utils


def report(title: str, times: dict[str, list[float]], floor: str) -> None:
    print(title)
    base = statistics.median(times[floor])
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"  {name:26s} {median:6.2f} s  {median / base:5.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=int, default=20_000)
    parser.add_argument("--pool", type=int, default=20_000, help="entries of the big pool")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--part", choices=("both", "briefs", "pool"), default="both", help="what to time"
    )
    args = parser.parse_args()
    reviewer, sqlite_utils = tools()
    compileall.compile_dir(ROOT / "reviewer", quiet=1)  # as installing it does
    compileall.compile_dir(ROOT / "db", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        corpus, big = work / "briefs.jsonl", work / "big-pool.jsonl"
        briefs_file(corpus, args.briefs)
        big_pool_file(big, args.pool)
        plain, stored = work / "plain.db", work / "stored.db"
        flagged, pooled = work / "flagged.db", work / "pooled.db"
        many = {
            "sqlite-utils insert": (
                [sqlite_utils, "insert", str(plain), "briefs", str(corpus), "--nl"],
                fresh(plain),
            ),
            "ingest --no-flag": (
                [reviewer, "ingest", str(corpus), "--no-flag", "--db", str(stored)],
                fresh(stored),
            ),
            "ingest (default detector)": (
                [reviewer, "ingest", str(corpus), "--db", str(flagged)],
                fresh(flagged),
            ),
        }
        one = {
            "scan (default detector)": ([reviewer, "scan", str(big)], fresh()),
            "ingest (default detector)": (
                [reviewer, "ingest", str(big), "--db", str(pooled)],
                fresh(pooled),
            ),
        }
        many = many if args.part != "pool" else {}
        one = one if args.part != "briefs" else {}
        start = load()
        times = {name: [] for name in many}
        pool_times = {name: [] for name in one}
        for _ in range(args.repeat):  # interleaved, so drifting load hits all alike
            for name, (command, before) in many.items():
                times[name].append(timed(command, before))
            for name, (command, before) in one.items():
                pool_times[name].append(timed(command, before))
        print(f"median of {args.repeat} runs each, every command a process of its own")
        print(f"{os.cpu_count()} cores; load average (1, 5, 15 min) at start {start}, "
              f"at end {load()}")  # fmt: skip
        if many:
            size = corpus.stat().st_size
            report(
                f"{args.briefs:,} briefs of {size / args.briefs / 1024:.2f} KB a line "
                f"({size / 1e6:.1f} MB), against a plain insert of the same JSONL:",
                times,
                "sqlite-utils insert",
            )
        if one:
            report(
                f"one brief of {big.stat().st_size / 1e6:.1f} MB with a pool of "
                f"{args.pool:,} entries, against a scan of it:",
                pool_times,
                "scan (default detector)",
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
