"""The default reads any report prose without raising, with each domain's names and pool.

The generic property tests feed random fragments to a detector without a `[names]`
table; the default's readings of names, sign words and changes only run where prose
looks like a report's. Here sentences are built from a report's parts (a metric's name,
a verb, a bound, a number in any of its written forms, a unit, a word after it that may
carry a sign, a clause after) with a fixed seed, so the same thousands of sentences are
read every run, in every domain, and each flag must point at its own text.
"""

from __future__ import annotations

import random

import pytest

from tests.core.test_default_name_voices import DETECTORS, DOMAINS, POOLS

# fmt: off
SUBJECTS = ["Resting HR", "HRV", "Sleep", "Deep sleep", "Burn", "Cash", "Net income", "Revenue",
            "Runway", "Gross margin", "p95 latency", "Error rate", "CPU", "Memory", "DAU",
            "Signups", "Conversion", "ARPU", "NPS", "Churn", "TSB", "Form", "We", "You", "It",
            "Throughput", "Queue depth", "Disk", "Steps", "Mileage", "Readiness", "Efficiency"]
VERBS = ["was", "is", "came in at", "landed at", "fell to", "rose to", "dropped", "climbed",
         "fell", "grew", "ended", "sat at", "averaged", "hit", "went", "came to", "narrowed to",
         "widened to", "peaked at", "settled at", "were"]
BEFORE = ["", "", "", "about ", "just under ", "over ", "below ", "roughly ", "down ", "up ",
          "minus ", "a net loss of ", "-", "+"]
UNITS = ["", "", "", " bpm", " ms", " %", "%", " mi", " min", " hours", " h", " GB", " rps",
         " bps", " points", " steps", " signups", " months", "k", " users"]
AFTER = ["", "", "", "", " lower", " higher", " short", " shy of plan", " short of the goal",
         " in the red", " below target", " over budget", " vs last week", " last week",
         " yesterday", " a day", " per night", " deficit", " surplus", " decline", " down", " up",
         " better", " worse", " faster", " slower", " left", " to go", " (7-day avg 40)",
         " respectively"]
TAILS = ["", "", ".", ", up from {n}.", ", then {n} today.", " and {n} now.", "; target {n}.",
         " (was {n}).", " \u2014 {n} yesterday.", ", {n} and {n}.", " vs {n}.",
         ". That's {n}% higher than last week."]
# fmt: on


# a number in each of its written forms, by how often a report writes it
_NUMBERS = [
    (30, lambda rng: str(rng.randint(0, 120))),
    (20, lambda rng: f"{rng.uniform(0, 100):.{rng.randint(0, 2)}f}"),
    (10, lambda rng: f"{rng.randint(1, 99)},{rng.randint(0, 999):03d}"),
    (10, lambda rng: f"${rng.randint(1, 200)}k"),
    (5, lambda rng: f"${rng.uniform(0, 5):.1f}M"),
    (5, lambda rng: f"(${rng.randint(1, 99)},{rng.randint(0, 999):03d})"),
    (10, lambda rng: f"{rng.randint(1, 9)} h {rng.randint(1, 59)} min"),
    (10, lambda rng: f"${rng.randint(1, 99)},{rng.randint(0, 999):03d}"),
]


def _number(rng: random.Random) -> str:
    forms, weights = zip(*((form, weight) for weight, form in _NUMBERS), strict=True)
    return rng.choices(forms, weights)[0](rng)


def _sentence(rng: random.Random) -> str:
    tail = rng.choice(TAILS).replace("{n}", _number(rng), 1).replace("{n}", _number(rng))
    return (
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(BEFORE)}{_number(rng)}"
        f"{rng.choice(UNITS)}{rng.choice(AFTER)}{tail}"
    )


def _texts(domain: str, count: int) -> list[str]:
    rng = random.Random(f"report prose {domain}")
    texts = []
    for _ in range(count):
        if rng.random() < 0.1:
            row = f"| {rng.choice(SUBJECTS)} | {_number(rng)} | {_number(rng)} |"
            texts.append("| | Last week | This week |\n|---|---|---|\n" + row)
        else:
            texts.append(" ".join(_sentence(rng) for _ in range(rng.randint(1, 4))))
    return texts


@pytest.mark.parametrize("domain", DOMAINS)
def test_generated_report_prose_is_read_without_raising(domain) -> None:
    detector, pool = DETECTORS[domain], POOLS[domain]
    names = {k.name for k in pool}
    for text in _texts(domain, 1500):
        analysis = detector.analyze(text, pool)
        for flag in analysis.flags:
            assert text[flag.start : flag.end] == flag.token, text
            assert flag.nearest in names and flag.kind in ("value", "sign"), text


# a sign word after an amount turns it into a value no known one is near: no citation,
# and no crash ("$20k short" of a loss of $33,653, a burn of $92,417)
SIGNED_BEYOND = [
    ("finance", "We're $20k short this month."),
    ("finance", "We ended $20k in the red."),
    ("ops", "We're 40 GB short on disk."),
    ("training", "TSB is 5 lower."),
]


@pytest.mark.parametrize(("domain", "text"), SIGNED_BEYOND)
def test_a_sign_word_that_leaves_no_value_near_flags_nothing(domain, text) -> None:
    assert DETECTORS[domain].flag(text, POOLS[domain]) == []
