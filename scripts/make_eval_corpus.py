"""Write the labeled evaluation corpus, fixtures/eval/, from hand-written phrasings.

    python scripts/make_eval_corpus.py [--out fixtures/eval]

Deterministic: the same code writes the same bytes. Each domain's briefs are split about
30% held-out and 70% dev; held-out briefs also draw on phrasings the dev briefs never use
(see corpus.engine.Voice), so tune on dev only and read held-out figures as a fresh sample.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import finance, ops, product, sleep, training
from corpus.compose import compose

DOMAINS = [(training, 90), (sleep, 60), (finance, 60), (ops, 60), (product, 60)]
HELD_OUT_SHARE = 0.3
MISSTATED_SHARE = 0.3


def _misstatements(name: str, order: list[int], held: set[int]) -> dict[int, tuple[int, str]]:
    """Which briefs misstate a known value, how many times, and the kind of the first
    misstatement: 30% of each split; of those a third twice and a tenth three times; the
    first in turn a sign flip, a value inside the band, a value past it."""
    out: dict[int, tuple[int, str]] = {}
    rng = Random(f"wrong-{name}")
    for part in ([i for i in order if i in held], [i for i in order if i not in held]):
        bad = rng.sample(part, round(len(part) * MISSTATED_SHARE))
        for k, i in enumerate(bad):
            count = 3 if k % 10 == 1 else 2 if k % 3 == 0 else 1
            out[i] = (count, ("sign", "value", "beyond band")[k % 3])
    return out


def build(out: Path) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for split in ("dev", "held-out"):
        (out / split).mkdir(parents=True, exist_ok=True)
    for domain, size in DOMAINS:
        order = list(range(size))
        Random(f"split-{domain.DOMAIN}").shuffle(order)
        held = set(order[: round(size * HELD_OUT_SHARE)])
        wrong = _misstatements(domain.DOMAIN, order, held)
        rows: dict[str, list[str]] = {"dev": [], "held-out": []}
        for i in range(size):
            rng = Random(f"{domain.DOMAIN}-{i}")
            ident = f"{domain.DOMAIN}-{i + 1:03d}"
            count, first = wrong.get(i, (0, ""))
            record = compose(domain, ident, rng, i in held, count, first)
            rows[record["meta"]["split"]].append(json.dumps(record, ensure_ascii=False))
        for split, lines in rows.items():
            (out / split / f"{domain.DOMAIN}.jsonl").write_text(
                "".join(line + "\n" for line in lines), encoding="utf-8"
            )
        counts[domain.DOMAIN] = {split: len(lines) for split, lines in rows.items()}
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("fixtures/eval"))
    args = parser.parse_args()
    for domain, split in build(args.out).items():
        print(domain, split)


if __name__ == "__main__":
    main()
