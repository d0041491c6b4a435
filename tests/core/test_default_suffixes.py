"""PRODUCT.md class 5, suffixes and spacing, as writers in several domains write numbers:
a multiplier glued or after one space ("$1.2M", "10.6 thousand steps", "3bn", "21.8 k",
"$2.4mn"),
and digits grouped by a no-break, thin or narrow no-break space ("24 310 steps").

Each faithful sentence holds a trap: a unitless pool value next to the bare digits, which a
reading that drops the multiplier (or splits the grouped digits) flags. Each misstated one
must be flagged against the value the suffix gives.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default_scanner import parse_value
from tests.core.test_default_classes import DEFAULT, K, flags

TRAP = K("tsb", 10.4)  # near 10.6, 1.2, 21.8, 3.1 ... read without their multiplier: flagged

FAITHFUL = [
    ("You logged 10.6 thousand steps today.", [K("steps", 10600, "steps"), TRAP], 10600),
    ("Steps came to 10.6 k by lunch.", [K("steps", 10600, "steps"), TRAP], 10600),
    ("You logged 24\u202f310 steps today.", [K("steps", 24310, "steps"), K("ctl", 24)], 24310),
    ("Cash on hand is $1.2M.", [K("cash", 1_200_000, "usd"), K("ratio", 1.2)], 1_200_000),
    ("Cash on hand is $1.2 million.", [K("cash", 1_200_000, "usd"), K("x", 1.2)], 1_200_000),
    ("Cash on hand is USD 1.2MM.", [K("cash", 1_200_000, "usd"), K("x", 1.2)], 1_200_000),
    ("ARR passed $3.1bn in November.", [K("arr", 3.1e9, "usd"), K("x", 3.1)], 3.1e9),
    ("Revenue was €86\u00a0400 this month.", [K("revenue", 86400, "eur"), K("x", 86)], 86400),
    ("MAU is 1.1 million.", [K("mau", 1_100_000), K("x", 1.1)], 1_100_000),
    ("We hit 10.5K DAU on Tuesday.", [K("dau", 10500), TRAP], 10500),
    ("Throughput peaked at 21.8 k req per second.", [K("rps", 21800), K("x", 21.8)], 21800),
    ("The backlog stands at 2.4 thousand tickets.", [K("backlog", 2400), K("x", 2.4)], 2400),
    ("Burn came to £182k in October.", [K("burn", 182000, "gbp"), K("x", 182)], 182000),
    ("Signups reached 12\u2009480 this week.", [K("signups", 12480), K("x", 12)], 12480),
    ("Cash closed at $2.4mn.", [K("cash", 2_400_000, "usd"), K("x", 2.4)], 2_400_000),
    ("The fund holds $2.4 mn in reserve.", [K("cash", 2_400_000, "usd"), K("x", 2.4)], 2_400_000),
]

MISSTATED = [
    # (text, pool, token as flagged, its value)
    ("Cash on hand is $1.3M.", [K("cash", 1_200_000, "usd"), K("x", 1.3)], "1.3M", 1_300_000),
    ("You logged 11.4 thousand steps.", [K("steps", 10600, "steps")], "11.4 thousand", 11400),
    ("MAU is 1.2 million.", [K("mau", 1_100_000), K("x", 1.2)], "1.2 million", 1_200_000),
    ("You logged 26\u202f310 steps.", [K("steps", 24310, "steps")], "26\u202f310", 26310),
    ("ARR passed $2.9bn.", [K("arr", 3.1e9, "usd"), K("x", 2.9)], "2.9bn", 2.9e9),
    ("Cash closed at $2.6mn.", [K("cash", 2_400_000, "usd"), K("x", 2.6)], "2.6mn", 2.6e6),
]


@pytest.mark.parametrize(("text", "pool", "value"), FAITHFUL, ids=[c[0] for c in FAITHFUL])
def test_a_faithful_number_with_a_suffix_is_a_citation(text: str, pool, value: float) -> None:
    assert flags(text, pool) == []
    assert [c.value for c in DEFAULT.citations(text, pool)] == [value]


@pytest.mark.parametrize(
    ("text", "pool", "token", "value"), MISSTATED, ids=[c[0] for c in MISSTATED]
)
def test_a_misstated_number_with_a_suffix_is_flagged_at_its_value(
    text: str, pool, token: str, value: float
) -> None:
    found = DEFAULT.flag(text, pool)
    assert [(f.token, f.value, f.kind) for f in found] == [(token, value, "value")]
    assert text[found[0].start : found[0].end] == token


@pytest.mark.parametrize(
    ("text", "pool"),
    [(text, pool) for text, pool, _ in FAITHFUL],
    ids=[c[0] for c in FAITHFUL],
)
def test_each_faithful_case_is_a_trap(text: str, pool) -> None:
    """Read without its suffix, or split at its group space, the number is near a pool value."""
    bare = [w.strip(".$€£,") for w in text.replace("\u202f", " ").replace("\u2009", " ").split()]
    bare = [w.rstrip("kKMb").replace("MM", "").rstrip("n").rstrip("Mbm") for w in bare]
    numbers = [float(w) for w in bare if w.replace(".", "", 1).isdigit()]
    faithful = {p.value for p in pool if p.unit != "none"}
    assert any(
        abs(n - p.value) / max(abs(n), abs(p.value)) <= 0.12
        for n in numbers
        for p in pool
        if p.value not in faithful
    )


def test_multipliers_read_exactly() -> None:
    assert parse_value("10.6k") == 10600.0
    assert parse_value("1.2M") == 1_200_000.0
    assert parse_value("1.2 million") == 1_200_000.0
    assert parse_value("-3.1bn") == -3.1e9
    assert parse_value("24\u202f310") == 24310.0
    assert parse_value("1,200k") == 1_200_000.0
    assert parse_value("2.4mn") == parse_value("2.4 mn") == 2_400_000.0
