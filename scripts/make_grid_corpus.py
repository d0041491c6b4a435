"""A labeled corpus of a domain no rule of the default detector was tuned on: a power
grid operator's daily note, where the known values sit beside forecasts, normals and
last year's figures of the same metrics (the false alarms a team's labels should teach).

    python scripts/make_grid_corpus.py [--out fixtures/grid] [--briefs 120] [--seed 3]

Writes `<out>/grid.jsonl` (briefs with `truth`, the fixtures/eval format) and
`<out>/configs/grid.toml`. Spans are recorded as each sentence is assembled. Measure it
with `python scripts/learn_eval.py --corpus fixtures/grid`.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

# name, unit, typical value, how it is written, the words that name it
METRICS = [
    ("peak_load", "mw", (3200, 5200), "{:,.0f} MW", "peak load"),
    ("wind_output", "mw", (400, 1900), "{:,.0f} MW", "wind output"),
    ("solar_output", "mw", (150, 900), "{:,.0f} MW", "solar output"),
    ("spot_price", "eur_mwh", (35, 140), "€{:.2f}/MWh", "spot price"),
    ("reserve_margin", "pct", (8, 25), "{:.1f}%", "reserve margin"),
]
CONFIG = """# A grid operator's daily note (scripts/make_grid_corpus.py): its units and names.
[units]
mw = ["MW", "megawatts"]
eur_mwh = ["€/MWh", "EUR/MWh"]

[names]
peak_load = ["peak load", "peak demand"]
wind_output = ["wind output", "wind generation"]
solar_output = ["solar output", "solar generation"]
spot_price = ["spot price", "day-ahead price"]
reserve_margin = ["reserve margin"]
"""
# a sentence stating the metric's value ({v}); of stating something else beside it ({o})
STATES = [
    "The {name} came in at {v}.",
    "We recorded a {name} of {v} yesterday.",
    "{Name}: {v}.",
    "Yesterday's {name} was {v}, in line with the week.",
]
BESIDE = [
    ("forecast", "The {name} forecast for tomorrow is {o}."),
    ("forecast", "Tomorrow we expect a {name} near {o}."),
    ("normal", "The seasonal normal {name} is {o}."),
    ("normal", "For early December the typical {name} sits around {o}."),
    ("past", "A year ago the {name} was {o}."),
    ("plan", "The budgeted {name} for the month is {o}."),
]


def _near(value: float, rng: random.Random, low: float, high: float) -> float:
    return value * (1 + rng.choice((-1, 1)) * rng.uniform(low, high))


class Brief:
    """A text assembled sentence by sentence, with the truth of each number in it."""

    def __init__(self) -> None:
        self.text, self.truth = "", []

    def add(self, shape: str, name: str, written: str, truth: dict[str, Any]) -> None:
        words = name.replace("_", " ")
        sentence = shape.replace("{Name}", words.capitalize()).replace("{name}", words)
        marker = "{v}" if "{v}" in sentence else "{o}"
        start = len(self.text) + (1 if self.text else 0) + sentence.index(marker)
        self.text += (" " if self.text else "") + sentence.replace(marker, written)
        token = written.lstrip("€")
        at = start + (len(written) - len(token))
        number = token.split(" ")[0].split("/")[0].rstrip("%")
        self.truth.append({"start": at, "end": at + len(number), "token": number, **truth})


def brief(i: int, rng: random.Random) -> dict[str, Any]:
    metrics = rng.sample(METRICS, 3)
    pool = []
    made = Brief()
    for name, unit, (low, high), shape, _ in metrics:
        value = round(rng.uniform(low, high), 2 if unit == "eur_mwh" else 1)
        value = float(round(value)) if unit == "mw" else value
        pool.append({"name": name, "value": value, "unit": unit})
        wrong = rng.random() < 0.3
        said = _near(value, rng, 0.03, 0.10) if wrong else value
        truth = {"contradicts": name, "misstatement": "value"} if wrong else {"citation": name}
        made.add(rng.choice(STATES), name, shape.format(said), truth)
        if rng.random() < 0.8:
            why, beside = rng.choice(BESIDE)
            other = _near(value, rng, 0.02, 0.11)
            made.add(beside, name, shape.format(other), {"not_citation": why})
    return {"id": f"grid-{i:03d}", "text": made.text, "pool": pool,
            "meta": {"domain": "grid", "split": "all"}, "truth": made.truth}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("fixtures/grid"))
    parser.add_argument("--briefs", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    (args.out / "configs").mkdir(parents=True, exist_ok=True)
    (args.out / "configs" / "grid.toml").write_text(CONFIG, encoding="utf-8")
    lines = [json.dumps(brief(i, rng), ensure_ascii=False) for i in range(args.briefs)]
    (args.out / "grid.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
