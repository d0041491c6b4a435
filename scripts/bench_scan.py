"""Benchmark `reviewer scan`: briefs per second and peak memory at two file sizes.

Run from the repository root: `.venv/bin/python scripts/bench_scan.py [N]`. Memory should
stay flat: the peak RSS for N briefs and for N/10 briefs should be about the same (scan
keeps no set of ids; with one, 1M ids would add some 80 MiB). The last lines say how much
peak RSS grew per 100,000 more briefs, for each format.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "rhr_baseline", "value": 55, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
    {"name": "distance", "value": 5.0, "unit": "mi"},
    {"name": "steps", "value": 10400, "unit": "steps"},
]


def write_briefs(path: Path, n: int) -> None:
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            rhr = rng.choice([52, 55, 57, -52])
            text = (
                f"Morning. Resting heart rate {rhr} bpm against a 55 bpm baseline; form at "
                f"{rng.choice(['-22.4', '22.4', '-20'])} after {rng.choice(['5.00', '5.4'])} mi "
                f"and 10,400 steps over the last 7 days. Easy 30 min spin tomorrow."
            )
            out.write(json.dumps({"id": f"b{i}", "text": text, "pool": POOL}) + "\n")


MEASURE = """
import resource, runpy, sys
sys.argv = ["reviewer", *sys.argv[1:]]
try:
    runpy.run_module("reviewer.cli", run_name="__main__")
finally:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def run(path: Path, fmt: str) -> tuple[float, int]:
    """Seconds and peak RSS (KiB) of one scan run in a fresh process."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, "scan", str(path), "--format", fmt],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    return elapsed, int(done.stderr.split()[-1])


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    peaks: dict[str, list[tuple[int, int]]] = {"jsonl": [], "table": []}
    with tempfile.TemporaryDirectory() as tmp:
        for size in (n // 10, n):
            path = Path(tmp) / f"briefs_{size}.jsonl"
            write_briefs(path, size)
            for fmt in ("jsonl", "table"):
                seconds, rss = run(path, fmt)
                peaks[fmt].append((size, rss))
                print(
                    f"{fmt:5} {size:>8} briefs  {seconds:6.2f} s  "
                    f"{size / seconds:8.0f} briefs/s  peak RSS {rss / 1024:.0f} MiB"
                )
    for fmt, ((small, low), (large, high)) in peaks.items():
        growth = (high - low) / 1024 / (large - small) * 100_000
        verdict = "flat" if growth < 5 else "GROWS"
        print(f"{fmt:5} peak RSS {low / 1024:.0f} -> {high / 1024:.0f} MiB: "
              f"{growth:+.1f} MiB per 100,000 briefs ({verdict})")  # fmt: skip


if __name__ == "__main__":
    main()
