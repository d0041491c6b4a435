"""A name reads no number across a sentence's end: the number right before a whole name
is the name's to read (a year, a count, a scale's top, a value it holds) only within its
sentence. "…since your diagnosis in 2021. Fasting glucose is 124 mg/dL": the year is the
diagnosis's, and `scan --explain` says no name read it."""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.types import Known

GLUCOSE = (Known("glucose", 124, "none"),)
GLUCOSE_MGDL = (Known("glucose", 124, "mgdl"),)
SIGNUPS = (Known("signups", 2268, "none"),)
DETECTOR = DefaultDetector()


def reading(text: str, pool: tuple[Known, ...], token: str) -> tuple[str, str]:
    (found,) = [r for r in DETECTOR.explain(text, pool) if r.token == token]
    return found.outcome, found.rule


@pytest.mark.parametrize(
    "text",
    [
        "Your diagnosis was in 2021. Glucose is 124.",
        "It started in 2021. Glucose sits at 124 today.",
    ],
)
def test_a_year_in_the_sentence_before_is_no_name_s(text: str) -> None:
    # the band alone reads it: against a value of no unit, a number it finds unrelated
    # (both numbers checked); against one in mg/dL, a number of no unit with no candidate
    assert reading(text, GLUCOSE, "2021") == ("unrelated", "band")
    assert DETECTOR.checkable(text, GLUCOSE) == 2
    assert reading(text, GLUCOSE_MGDL, "2021") == ("no candidate", "band")
    assert DETECTOR.checkable(text, GLUCOSE_MGDL) == 1
    assert reading(text, GLUCOSE, "124") == ("cited", "name:glucose")


def test_a_year_in_the_name_s_own_sentence_is_still_read_by_it() -> None:
    text = "In 2025 we grew. 2026 signups so far: 2,268."
    assert reading(text, SIGNUPS, "2026") == ("unrelated", "name:signups")
    assert reading(text, SIGNUPS, "2,268") == ("cited", "name:signups")
    assert reading(text, SIGNUPS, "2025")[0] == "no statement"
