"""Scan throughput of the built-in detectors against a bare tokenizer pass.

Run: python scripts/bench_detectors.py [--mb 2] [--pool 2000] [--briefs 2000] [--repeat 5]

Prints MB/s for the bare tokenizer (the token regex plus float parsing, nothing else) and
for each detector: its share of the bare throughput (target >= 0.5) and the time ratio when
the pool doubles (target < 1.2). "warm" reuses the verdicts memoised per pool (the normal
case: one pool, many texts); "cold" clears them before every run, so each distinct number
is judged afresh. "fast bare" is the same bare pass with its regex written the way the
detectors now write theirs; both ratios are shown. Then the ingest case: µs per ~1.5 KB
brief when every brief brings a pool of 30 values never met before. CPU time, best of
several interleaved runs; on a busy machine run it more than once.
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
from reviewer.checks.registry import load_detector
from reviewer.grounding.nearest import pool_index

TOKEN = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
# The same matches, written as the detectors now write their regexes (one leading class,
# no optional group): shown beside the plain bare pass so the ratios can be read honestly.
FAST_TOKEN = re.compile(r"[-+\d](?:(?<=[-+])\d|(?<=\d))[\d,]*(?:\.\d+|)")
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


def cited(rng: random.Random, pool: tuple[Known, ...] | None) -> tuple[float, str]:
    """A number as a brief writes it: mostly a known value, some corrupted, some unrelated."""
    roll = rng.random()
    if pool is None or roll < 0.25:
        return round(rng.uniform(-40, 200), rng.choice([0, 1, 2])), rng.choice(UNITS)
    known = rng.choice(pool)
    if roll < 0.35:
        return round(known.value * rng.choice([0.94, 1.06]), 2), known.unit
    if roll < 0.40:
        return -known.value, known.unit
    return known.value, known.unit


def long_brief(rng: random.Random, size: int, pool: tuple[Known, ...] | None = None) -> str:
    """Coaching prose with a number every few words, about `size` characters long."""
    parts: list[str] = []
    total = 0
    while total < size:
        sentence = rng.choice(SENTENCES)
        while "{v}" in sentence:
            value, unit = cited(rng, pool)
            sentence = sentence.replace("{v}", f"{value:g}{WORDS[unit]}", 1)
        parts.append(sentence)
        total += len(sentence) + 1
    return " ".join(parts)


def dense_pool(rng: random.Random, size: int) -> tuple[Known, ...]:
    return tuple(
        Known(f"k{i}", round(rng.uniform(-40, 200), 2), rng.choice(UNITS)) for i in range(size)
    )


def bare_tokenizer(text: str, pattern: re.Pattern[str] = TOKEN) -> int:
    count = 0
    for match in pattern.finditer(text):
        float(match.group().replace(",", ""))
        count += 1
    return count


def best_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Best CPU time of each run, interleaved so that load drifts hit all of them alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            started = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0, help="brief size in MB")
    parser.add_argument("--pool", type=int, default=2000, help="pool size (then doubled)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--briefs", type=int, default=2000, help="briefs with fresh pools")
    parser.add_argument(
        "--uniform",
        action="store_true",
        help="numbers drawn uniformly, not cited from the pool (about 1 in 5 gets flagged)",
    )
    args = parser.parse_args()
    rng = random.Random(7)
    small = dense_pool(rng, args.pool)
    large = small + dense_pool(rng, args.pool)
    text = long_brief(rng, int(args.mb * 1_000_000), None if args.uniform else small)
    megabytes = len(text.encode()) / 1e6
    distinct = len(set(TOKEN.findall(text)))
    print(
        f"brief: {megabytes:.2f} MB, {bare_tokenizer(text)} tokens ({distinct} distinct); "
        f"pools of {len(small)} and {len(large)}"
    )
    detectors = {spec: load_detector(spec) for spec in ("reference", "default")}

    def cold(detector, pool):
        def run() -> None:
            pool_index(pool).clear_judgements()
            detector.analyze(text, pool)

        return run

    bares: dict[str, Callable[[], object]] = {
        "bare": lambda: bare_tokenizer(text),
        "fast bare": lambda: bare_tokenizer(text, FAST_TOKEN),
    }
    warm, cold_runs = dict(bares), dict(bares)
    for spec, detector in detectors.items():
        for label, pool in (("small", small), ("large", large)):
            warm[f"{spec} warm {label}"] = lambda d=detector, p=pool: d.analyze(text, p)
            cold_runs[f"{spec} cold {label}"] = cold(detector, pool)
    best = best_times(warm, args.repeat)  # warm first: a cold run clears every memo
    cold_best = best_times(cold_runs, args.repeat)
    best.update({k: min(v, best.get(k, v)) for k, v in cold_best.items()})
    bare, fast = best["bare"], best["fast bare"]
    print(f"{'bare tokenizer':<16} {megabytes / bare:7.2f} MB/s")
    print(f"{'fast bare':<16} {megabytes / fast:7.2f} MB/s  (same tokens, regex written fast)")
    for spec, detector in detectors.items():
        analysis = detector.analyze(text, small)
        for mode in ("warm", "cold"):
            t_small, t_large = best[f"{spec} {mode} small"], best[f"{spec} {mode} large"]
            print(
                f"{spec + ' ' + mode:<16} {megabytes / t_small:7.2f} MB/s  "
                f"{bare / t_small:5.2f} of bare  pool x2: {t_large / t_small:5.2f} x time  "
                f"({fast / t_small:4.2f} of fast bare)"
            )
        print(f"{'':<16} ({len(analysis.flags)} flags / {analysis.checkable} checkable)")
    fresh_pool_briefs(detectors, args.briefs, args.repeat)


def fresh_pool_briefs(detectors: dict, count: int, repeat: int) -> None:
    """The ingest case: every ~1.5 KB brief comes with its own pool of 30 values, built
    afresh (as read from storage), so nothing is cached from one brief to the next."""
    rng = random.Random(11)
    batches = []
    for _ in range(repeat):  # new pools every run: no index or verdict survives a run
        batch = []
        for _ in range(count):
            pool = dense_pool(rng, 30)
            batch.append((long_brief(rng, 1500, pool), pool))
        batches.append(batch)
    kilobytes = sum(len(text) for text, _ in batches[0]) / count / 1000
    best = dict.fromkeys(["bare", "fast bare", *detectors], float("inf"))
    for batch in batches:
        # each detector gets its own copies, named apart: a pool it has never met
        copies = {
            name: [
                (t, tuple(Known(f"{k.name}.{name}", k.value, k.unit) for k in p)) for t, p in batch
            ]
            for name in best
        }
        started = time.process_time()
        for text, _ in copies["bare"]:
            bare_tokenizer(text)
        best["bare"] = min(best["bare"], time.process_time() - started)
        started = time.process_time()
        for text, _ in copies["fast bare"]:
            bare_tokenizer(text, FAST_TOKEN)
        best["fast bare"] = min(best["fast bare"], time.process_time() - started)
        for spec, detector in detectors.items():
            started = time.process_time()
            for text, pool in copies[spec]:
                detector.analyze(text, pool)
            best[spec] = min(best[spec], time.process_time() - started)
    print(f"fresh pool per {kilobytes:.1f} KB brief ({count} briefs, 30-value pools):")
    bare, fast = best["bare"], best["fast bare"]
    print(f"{'bare tokenizer':<16} {bare / count * 1e6:7.1f} µs per brief")
    print(f"{'fast bare':<16} {fast / count * 1e6:7.1f} µs per brief")
    for spec in detectors:
        micros = best[spec] / count * 1e6
        print(
            f"{spec:<16} {micros:7.1f} µs per brief  {bare / best[spec]:5.2f} of bare  "
            f"{count / best[spec]:8.0f} briefs/s  ({fast / best[spec]:4.2f} of fast bare)"
        )


if __name__ == "__main__":
    main()
