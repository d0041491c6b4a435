"""Benchmark: agreement's figures and their bootstrap intervals on many doubly labeled claims.

Run: python scripts/bench_agreement.py [--claims 100000 1000000] [--reviewers 2]
Each claim gets a verdict from every reviewer (mostly agreeing, as a team does), and
`measure` computes raw agreement, κ per pair and α, each with 1,000 resamples; the time
is the best of 3, in process. A resample draws pattern counts (one binomial per pattern),
so the time should not grow with the number of claims.
Not collected by pytest (the name does not start with test_).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reviewer.agreement import measure


def ratings(claims: int, reviewers: int, seed: int = 1) -> dict[int, dict[str, bool]]:
    rng = random.Random(seed)
    names = [f"r{i}" for i in range(reviewers)]
    found = {}
    for claim in range(claims):
        truth = rng.random() < 0.6
        found[claim] = {name: truth if rng.random() < 0.9 else not truth for name in names}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--reviewers", type=int, default=2)
    args = parser.parse_args()
    for claims in args.claims:
        given = ratings(claims, args.reviewers)
        times = []
        for _ in range(3):
            began = time.perf_counter()
            report = measure(given)
            times.append(time.perf_counter() - began)
        print(
            f"{claims:>9,} claims, {args.reviewers} reviewers: best {min(times):.3f} s; "
            f"alpha {report.alpha.words(3)}"
        )


if __name__ == "__main__":
    main()
