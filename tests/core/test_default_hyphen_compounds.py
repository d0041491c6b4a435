"""A number hyphenated to a word the vocabulary lacks ("a 14-miler") is no claim.

"Saturday's 11-miler", "a run of 12-hour nights", "the 50-plus cohort": the number and
the word make one adjective or noun, of a unit the vocabulary lacks, as "40 km" or "90s"
are. Read alone, each number met a value of the pool by chance (the demo's "12-hour
nights" as a sign flip of a training stress balance). A unit word hyphenated to its
number is still its unit ("a 10-mile run", "a 40-minute progression"), and a window
still a window ("3-day block").
"""

from __future__ import annotations

import re

import pytest

from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import DefaultScanner
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

SCANNER = DefaultScanner()
BARE = flag_reader(DefaultDetector())
CONFIGURED = flag_reader(DETECTORS["training"])
COMPOUND = re.compile("([0-9]+)-[A-Za-z]")

TEXTS = [
    "Saturday's 11-miler is the key session this week.",
    "You've done three 10-milers this month.",
    "After a run of 12-hour shifts, sleep comes first.",
    "This is your 3-peat of sub-50 RHR mornings.",
    "Your 5-miler on Tuesday felt smooth.",
    "After a run of 12-hour nights, you're well rested.",
    "A 40-winks nap before 3 pm is fine.",
    "The 12-hour soak test passed.",
    "Our 5-nines target is still out of reach.",
    "The 3-tier pricing page is live.",
    "The 50-plus cohort converts best.",
    "We signed 2 six-figure deals and a 9-figure pipeline.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_number_hyphenated_to_a_word_is_no_claim(text) -> None:
    compound = COMPOUND.search(text)
    assert compound is not None
    (token,) = [t for t in SCANNER.scan(text) if t.start == compound.start(1)]
    assert token.skip == "unit"
    assert compound.start(1) not in [t.start for t in SCANNER.scan(text) if t.skip is None]


@pytest.mark.parametrize(
    ("flags", "text"),
    [
        (BARE, "Saturday's 11-miler is the key session this week."),
        (BARE, "You've done three 10-milers this month."),
        (BARE, "After a run of 12-hour shifts, sleep comes first."),
        (CONFIGURED, "After a run of 12-hour shifts, sleep comes first."),
    ],
)
def test_a_compound_is_not_flagged(flags, text) -> None:
    assert flags(text, POOLS["training"]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a 10-mile run", [("10", "mi", None)]),
        ("a 40-minute progression", [("40", "min", None)]),
        ("a 3-day block", [("3", "none", "window")]),
        ("a 4-5 mi run", [("4", "none", "range"), ("5", "none", "range")]),
    ],
)
def test_a_unit_or_a_window_hyphenated_is_still_read(text, expected) -> None:
    assert [(t.text, t.unit, t.skip) for t in SCANNER.scan(text)] == expected
