"""Where the default detector's time goes, a number at a time: how many numbers each
benchmark brief holds, how many of them are candidates the readings decide (a known value
of their unit, or a name beside them), how many statement readings the word gates let
through for each, and the in-process time a brief. The figures a rewrite of the readings
is planned and measured against (docs/speed.md).

    python scripts/profile_readings.py [--briefs 300] [--corpus long|ingest]

In process, best of three passes: no start-up, no JSON, no output. The counts come from
a fourth pass with the statement table's gate and the detector's per-number step wrapped,
so they add their own cost and are not timed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_ingest_ratio import briefs_file
from bench_scan_ratio import long_briefs

from reviewer.grounding import prose
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import DefaultScanner
from reviewer.grounding.types import Known


def corpus(kind: str, count: int) -> list[tuple[str, list[Known]]]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "briefs.jsonl"
        (long_briefs if kind == "long" else briefs_file)(path, count)
        lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines:
        record = json.loads(line)
        pool = [Known(k["name"], float(k["value"]), k.get("unit", "none")) for k in record["pool"]]
        found.append((record["text"], pool))
    return found


def timed(detector: DefaultDetector, briefs: list[tuple[str, list[Known]]]) -> float:
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        for text, pool in briefs:
            detector.analyze(text, pool)
        best = min(best, time.perf_counter() - began)
    return best


def counted(detector: DefaultDetector, briefs: list[tuple[str, list[Known]]]) -> dict[str, int]:
    """Numbers, candidates (the numbers the band or a name reads), statement readings tried."""
    counts = {"numbers": 0, "candidates": 0, "statement calls": 0, "statement readings": 0}
    table = prose._STATEMENT_TABLE
    gate = table.candidates

    def through(present: set[str]):  # type: ignore[no-untyped-def]
        reads = gate(present)
        counts["statement calls"] += 1
        counts["statement readings"] += len(reads)
        return reads

    band, named = type(detector)._band_flag, type(detector)._flag_named

    def band_flag(self, said, start, judgement):  # type: ignore[no-untyped-def]
        counts["candidates"] += 1
        return band(self, said, start, judgement)

    def flag_named(self, said, reading):  # type: ignore[no-untyped-def]
        counts["candidates"] += 1
        return named(self, said, reading)

    scanner = DefaultScanner()
    table.candidates = through  # type: ignore[method-assign]
    type(detector)._band_flag, type(detector)._flag_named = band_flag, flag_named
    try:
        for text, pool in briefs:
            counts["numbers"] += len(scanner.scan(text))
            detector.analyze(text, pool)
    finally:
        del table.candidates
        type(detector)._band_flag, type(detector)._flag_named = band, named
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=int, default=300)
    parser.add_argument("--corpus", choices=("long", "ingest"), default="long")
    args = parser.parse_args()
    briefs = corpus(args.corpus, args.briefs)
    detector = DefaultDetector()
    timed(detector, briefs[:20])  # the pools' names compiled, the patterns warm
    seconds = timed(detector, briefs)
    counts = counted(detector, briefs)
    n = len(briefs)
    per = {key: value / n for key, value in counts.items()}
    print(f"{args.corpus} briefs: {n}, in process {1000 * seconds / n:.2f} ms a brief")
    print(f"  numbers a brief {per['numbers']:.1f}, candidates {per['candidates']:.1f}")
    print(
        f"  {1e6 * seconds / max(1, counts['candidates']):.0f} µs a candidate; "
        f"{counts['statement readings'] / max(1, counts['statement calls']):.1f} statement "
        f"readings tried each time a candidate's statement is read "
        f"({per['statement calls']:.1f} times a brief)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
