"""Scan throughput of the built-in detectors against a bare tokenizer pass.

Run: python tests/bench_detectors.py [--mb 2] [--pool 2000]

Prints MB/s for the bare tokenizer (the token regex plus float parsing, nothing else) and
for each detector, each detector's share of the bare throughput (target >= 0.5), and the
time ratio when the pool doubles (target < 1.2: nearest is a bisection, not a scan).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reviewer import Known
from reviewer.grounding.registry import load_detector

TOKEN = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
UNITS = ["bpm", "mi", "min", "steps", "pct", "none"]
WORDS = {"bpm": " bpm", "mi": " mi", "min": " min", "steps": " steps", "pct": "%", "none": ""}
SENTENCES = [
    "Resting heart rate sat at {v} over the last 14 days, against a baseline of {v}.",
    "You covered {v} yesterday, and your training stress balance is {v} this morning.",
    "Sleep was 7h 30m; readiness {v} and {v} by the afternoon run at 6:45.",
    "Over the 7-day block you logged {v} and {v}, a steady build from 2026-12-02.",
    "Keep the easy pace near 9:30/mi and aim for {v} on Saturday with 4-5 strides.",
    "The long run took you to {v}, while cadence held at {v} through 21 hill repeats.",
]


def long_brief(rng: random.Random, size: int) -> str:
    """Coaching prose with a number every few words, about `size` characters long."""
    parts: list[str] = []
    total = 0
    while total < size:
        sentence = rng.choice(SENTENCES)
        while "{v}" in sentence:
            unit = rng.choice(UNITS)
            value = round(rng.uniform(-40, 200), rng.choice([0, 1, 2]))
            sentence = sentence.replace("{v}", f"{value:g}{WORDS[unit]}", 1)
        parts.append(sentence)
        total += len(sentence) + 1
    return " ".join(parts)


def dense_pool(rng: random.Random, size: int) -> tuple[Known, ...]:
    return tuple(
        Known(f"k{i}", round(rng.uniform(-40, 200), 2), rng.choice(UNITS)) for i in range(size)
    )


def best_time(run: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def bare_tokenizer(text: str) -> int:
    count = 0
    for match in TOKEN.finditer(text):
        float(match.group().replace(",", ""))
        count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0, help="brief size in MB")
    parser.add_argument("--pool", type=int, default=2000, help="pool size (then doubled)")
    args = parser.parse_args()
    rng = random.Random(7)
    text = long_brief(rng, int(args.mb * 1_000_000))
    small, large = dense_pool(rng, args.pool), dense_pool(rng, 2 * args.pool)
    megabytes = len(text.encode()) / 1e6
    tokens = bare_tokenizer(text)
    bare = best_time(lambda: bare_tokenizer(text))
    print(f"brief: {megabytes:.2f} MB, {tokens} tokens; pools of {len(small)} and {len(large)}")
    print(f"{'bare tokenizer':<16} {megabytes / bare:8.2f} MB/s")
    for spec in ("reference", "default"):
        detector = load_detector(spec)
        for pool in (small, large):
            detector.analyze(text, pool)  # builds and caches the pool index once
        t_small = best_time(lambda d=detector: d.analyze(text, small))
        t_large = best_time(lambda d=detector: d.analyze(text, large))
        analysis = detector.analyze(text, small)
        print(
            f"{spec:<16} {megabytes / t_small:8.2f} MB/s  "
            f"{bare / t_small:5.2f} of bare  "
            f"pool x2: {t_large / t_small:5.2f} x time  "
            f"({len(analysis.flags)} flags / {analysis.checkable} checkable)"
        )


if __name__ == "__main__":
    main()
