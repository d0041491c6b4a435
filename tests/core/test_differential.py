"""The fast default detector against a plain reading of its own rules, and the bisection
against `min()` over the pool. (The reference against PRODUCT.md's published rules:
tests/core/test_reference_published.py.)
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reviewer import Flag, Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import DefaultScanner, scanner_pattern
from reviewer.grounding.nearest import UnitIndex
from reviewer.grounding.pool import PoolDetector, written_step
from reviewer.grounding.tokens import REFERENCE_SCANNER

AFTER = [
    "", " ", "  ", "%", " %", " bpm", "bpm", " BPM", " mi", " miles", " min", " minutes", " mid",
    " steps", "k steps", "\u00a0mi", "\u00a0bpm", " days", " day", "-day", " - week", "  months",
    "-years", " daylight", "h 30m", "h30m", "h  5min", "h", "m", ", ", ". ", "/mi", ":30", "-",
    "–", " strides", " x ", "\n", " hill repeats",
]  # fmt: skip
BEFORE = ["", " ", "-", "+", "\u2212", "–", "(", "v", "rhr ", "7h ", "1,", "1.", "2026-"]
UNITS = ["bpm", "mi", "min", "steps", "pct", "none", "km"]
DIGITS = "0123456789"
FACTORS = [1, 1, 1.02, 1.05, 1.1, 1.2, -1, -1.03, -1.3, 0.6]
ODD_DIGITS = "٣٤५০๓"


def random_number(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return "".join(rng.choice(ODD_DIGITS + DIGITS) for _ in range(rng.randint(1, 3)))
    if roll < 0.065:
        return "9" * rng.randint(300, 340)  # parses to inf or a huge float
    whole = str(rng.choice([0, 1, 3, 5, 7, 12, 22, 30, 48, 52, 55, 61, 100, 1234, 10600]))
    if rng.random() < 0.15 and len(whole) > 3:
        whole = f"{int(whole):,}"
    if rng.random() < 0.5:
        whole += "." + "".join(rng.choice(DIGITS) for _ in range(rng.randint(1, 3)))
    return whole


def random_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 14)):
        parts.append(rng.choice(BEFORE) + random_number(rng) + rng.choice(AFTER))
        parts.append(rng.choice([" ", " and ", ", ", "; TSB ", " vs ", "/", " 7h 30m ", " é "]))
    return "".join(parts)


def random_pool(rng: random.Random, text: str) -> list[Known]:
    seen = [t.value for t in REFERENCE_SCANNER.scan(text) if math.isfinite(t.value)] or [1.0]
    pool = []
    for i in range(rng.randint(0, 12)):
        roll = rng.random()
        if roll < 0.55:
            value = rng.choice(seen) * rng.choice(FACTORS)
        elif roll < 0.75:
            value = float(rng.choice([-22.4, -8.1, 4.6, 0.0, -0.0, 5.0, 52, 55, 10600, 1e308]))
        elif roll < 0.78:
            value = rng.choice([math.inf, -math.inf, math.nan])
        else:
            value = rng.uniform(-300, 300)
        if pool and rng.random() < 0.1:
            value = rng.choice(pool).value  # duplicates: ties broken by pool order
        pool.append(Known(f"k{i}", value, rng.choice(UNITS)))
    if rng.random() < 0.2 and seen:
        centre = rng.choice(seen)
        pool.append(Known("below", centre - 2, "none"))
        pool.append(Known("above", centre + 2, "none"))  # equal distances
    rng.shuffle(pool)
    return pool


CONFIGS = [DetectorConfig(), DetectorConfig(faithful=0.0, sign=1.0, value=0.5)]


class BandOnly(DefaultDetector):
    """The default's scanner and judge without its prose and name readings (those are
    held to sentences in tests/core/test_default_classes.py)."""

    _walk = PoolDetector._walk


def naive_default(text: str, pool: list[Known], config: DetectorConfig):
    """The default's judgement over its own tokens, written as plainly as possible."""
    flags, checkable = [], 0
    for token in DefaultScanner(config).scan(text):
        candidates = [k for k in pool if k.unit == token.unit]
        if token.skip or not candidates:
            continue
        checkable += 1
        value = token.value
        nearest = min(candidates, key=lambda k: abs(value - k.value))
        scale = max(abs(nearest.value), abs(value), 1e-9)
        rel = abs(value - nearest.value) / scale
        flipped = [k for k in candidates if (k.value < 0 < value) or (value < 0 < k.value)]
        if rel <= config.faithful:
            # class 15: the exact magnitude (as written) of an opposite-sign value wins over
            # a same-sign value that is only near
            if not flipped or value == nearest.value:
                continue
            other = min(flipped, key=lambda k: abs(-value - k.value))
            step = written_step(token.text)
            if not abs(abs(other.value) - abs(value)) <= step < abs(nearest.value - value):
                continue
            flags.append(
                Flag(token.start, token.end, token.text, value, token.unit, other.name,
                     other.value, value - other.value, "sign")
            )  # fmt: skip
            continue
        opposite = (value > 0 and nearest.value < 0) or (value < 0 and nearest.value > 0)
        target, kind = nearest, None
        if opposite and abs(abs(value) - abs(nearest.value)) / scale <= config.sign:
            kind = "sign"
        else:
            if flipped:
                other = min(flipped, key=lambda k: abs(-value - k.value))
                o_rel = abs(abs(value) - abs(other.value)) / max(abs(other.value), abs(value), 1e-9)
                if o_rel <= config.hidden_sign and o_rel < rel:
                    target, kind = other, "sign"
            if kind is None and rel <= config.value:
                kind = "value"
        if kind is not None:
            flags.append(
                Flag(token.start, token.end, token.text, value, token.unit, target.name,
                     target.value, value - target.value, kind)
            )  # fmt: skip
    return flags, checkable


def test_fast_default_pattern_equals_the_plain_one() -> None:
    aliases = list(DetectorConfig().alias_units())
    fast, plain = scanner_pattern(aliases), scanner_pattern(aliases, plain=True)
    rng = random.Random(300)
    for _ in range(2000):
        text = random_text(rng)
        expected = [(m.span(), m.lastindex, m.groups()) for m in plain.finditer(text)]
        assert [(m.span(), m.lastindex, m.groups()) for m in fast.finditer(text)] == expected


@pytest.mark.parametrize("seed", range(2))
def test_default_equals_its_naive_judgement(seed: int) -> None:
    rng = random.Random(200 + seed)
    for case in range(500):
        text = random_text(rng)
        pool = [k for k in random_pool(rng, text) if math.isfinite(k.value)]
        config = CONFIGS[case % 2]
        analysis = BandOnly(config).analyze(text, pool)
        assert (analysis.flags, analysis.checkable) == naive_default(text, pool, config), (
            f"seed {seed} case {case}: {text!r} {pool!r}"
        )


SPECIAL = [0.0, -0.0, 1.0, -1.0, 5e-324, -5e-324, 1e308, -1e308, 1e16, 1e16 + 2, 1e16 + 4,
           0.1, 0.2, 0.30000000000000004, 0.3, 52.0, 55.0, -22.4, 22.4, 41.3]  # fmt: skip
floats = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(SPECIAL),
    st.integers(-6, 6).map(float),
    st.builds(math.nextafter, st.sampled_from(SPECIAL), st.sampled_from([-math.inf, math.inf])),
)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(floats, min_size=1, max_size=12), data=st.data())
@example(values=[3.0, 1.0, 2.0], data=None)  # (the last is the probe) a tie across it
@example(values=[1e16 + 2, 1e16, 1.0], data=None)  # distances that round to a tie on one side
def test_bisection_equals_min_over_the_pool(values: list[float], data) -> None:
    """Nearest and nearest opposite: the very candidate a naive min() in pool order picks,
    ties, duplicates, signed zeros, overflowing distances and non-finite values included."""
    if data is None:
        values, drawn = values[:-1], values[-1]
    else:
        midpoints = [(a + b) / 2 for a in values for b in values]
        drawn = data.draw(st.one_of(floats, st.sampled_from(midpoints)))
    for probe in (drawn, -drawn):
        candidates = [Known(f"k{i}", value, "none") for i, value in enumerate(values)]
        index = UnitIndex(candidates)
        assert index.nearest(probe) is min(candidates, key=lambda k: abs(probe - k.value))
        flipped = [k for k in candidates if (k.value < 0 < probe) or (probe < 0 < k.value)]
        expected = None
        if flipped and math.isfinite(probe) and all(math.isfinite(v) for v in values):
            expected = min(flipped, key=lambda k: abs(-probe - k.value))
        assert index.nearest_opposite(probe) is expected
