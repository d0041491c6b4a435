"""A height in feet and inches (5'10") is no number the pool could hold.

Its feet and inches were read as two numbers: "At 5'10\" and 150 lb" flagged the 10 as
a sign flip of a training stress balance of -10.9, and both counted as checkable. The
scanner now reads feet, a foot mark (' or \u2032), inches and an inch mark (" or \u2033)
as one construct, as it reads clock times and dates: no claim, never checked.
"""

from __future__ import annotations

import re

import pytest

from reviewer.grounding.default_scanner import DefaultScanner
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

SCANNER = DefaultScanner()
FLAGS = flag_reader(DETECTORS["training"])
HEIGHT = re.compile("[0-9]+['\u2032][0-9]+[\"\u2033]")

TEXTS = [
    "At 5'10\" and 150 lb, your stride is right for your height.",
    "Runners around 5'11\" tend to land near 170 spm.",
    "You're 6'0\", so a 58 cm frame fits.",
    "For a 5'10\" athlete, that cadence is normal.",
    "Box jumps onto a 2'10\" box are fine this week.",
    "At 5'10\", a queen bed leaves you room.",
    "Your partner, at 6'10\", may need a longer mattress.",
    "The rack is 6'10\" tall, so the new switch fits.",
    "Cable runs of 10'10\" reach the second row.",
    "The booth rental covers a 10'10\" space at the expo.",
    "The kiosk screen is 5'10\" from the floor.",
    "Users taller than 6'10\" reported the headset strap was short.",
    "At 5′10″ and 150 lb, you are light for the distance.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_height_is_no_claim(text) -> None:
    height = HEIGHT.search(text)
    assert height is not None
    claims = [t.start for t in SCANNER.scan(text) if t.skip is None]
    assert not [start for start in claims if height.start() <= start < height.end()]
    inside = [t for t in SCANNER.scan(text) if height.start() <= t.start < height.end()]
    assert [t.skip for t in inside] == ["height", "height"]


@pytest.mark.parametrize(
    "text",
    [
        "At 5'10\" and 150 lb, your stride is right for your height.",
        "You're 6'0\", so a 58 cm frame fits.",
        "At 5\u203210\u2033 and 150 lb, you are light for the distance.",
    ],
)
def test_a_height_is_not_flagged(text) -> None:
    assert FLAGS(text, POOLS["training"]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a number in quotes, a foot mark with no inches: still numbers
        ('Your note said "HRV 80" this morning.', [("80", "value", "hrv")]),
        ("Resting HR hit 61' on the chart.", [("61", "value", "rhr")]),
    ],
)
def test_numbers_beside_quote_marks_are_still_read(text, expected) -> None:
    assert FLAGS(text, POOLS["training"]) == expected
