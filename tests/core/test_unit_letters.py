"""Unit words written with letters that Unicode case-blind matching can take for ASCII
ones ("mİ", "ſteps", "K" the Kelvin sign): the default reads such a word as the unit its
pattern matched, or as no unit, and never crashes on an alias `str.lower` cannot give
back ("mİ".lower() is three characters)."""

from __future__ import annotations

import pytest

from reviewer.grounding.config import DEFAULT_UNITS
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.types import Known

# letters Python's case-blind regex matching takes for an ASCII letter, where str.lower
# gives something else: dotted capital I, long s, Kelvin sign
TWINS = {"i": "\u0130", "s": "\u017f", "k": "\u212a"}
POOL = (Known("distance", 5.2, "mi"), Known("steps", 9500.0, "steps"),
        Known("rhr", 52.0, "bpm"), Known("duration", 48.0, "min"))  # fmt: skip


def variants() -> list[tuple[str, str]]:
    found = []
    for unit, aliases in DEFAULT_UNITS.items():
        for alias in (unit, *aliases):
            written = "".join(TWINS.get(c, c) for c in alias)
            if written != alias:
                found.append((written, unit))
    return found


@pytest.mark.parametrize(("written", "unit"), variants())
def test_a_unit_with_a_case_twin_letter_is_read_as_its_unit(written: str, unit: str) -> None:
    detector = DefaultDetector()
    text = f"Yesterday it was 5 {written} in all."
    tokens = [t for t in detector.scanner.scan(text) if t.text == "5"]
    assert [t.unit for t in tokens] in ([unit], ["none"])
    detector.analyze(text, POOL)  # and the whole detector reads it: no KeyError


def test_a_dotted_capital_i_reads_as_i() -> None:
    """The pattern matches "mİ" as "mi" (miles): 5 against a known 5.2 mi is flagged."""
    (flag,) = DefaultDetector().flag("Yesterday it was 5 mİ in all.", POOL)
    assert (flag.token, flag.unit, flag.nearest, flag.kind) == ("5", "mi", "distance", "value")
