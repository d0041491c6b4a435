"""A move "then" to another level gives the value where it went next: "Your HRV dipped to
58 on Tuesday, then bounced to 67", "Signups slumped to 1,900 on Monday, then climbed to
2,268".

A value that settled ("then recovered to 67", "then came back to 728 ms") was read so
already; after "then", a move to a level (bounced, rose, climbed, rebounded, jumped...)
now is too, and the first level is a passing one. The name read the first as the value:
all 13 cases of THEN were flagged with the domains' configs. The level reached is still
read, and flagged when it is off; a move by an amount ("rose 5 then fell 3") is no level.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

THEN = [
    ("training", "Your HRV dipped to 58 on Tuesday, then bounced to 67 by Friday."),
    ("training", "Readiness fell to 40% after the long run, then rose to 51% today."),
    ("training", "Steps dropped to 6,000 on Sunday, then jumped to 11,279."),
    ("sleep", "HRV sank to 31 after the flight, then rebounded to 39."),
    ("sleep", "Efficiency dipped to 74% midweek, then bounced to 81%."),
    ("sleep", "Deep sleep fell to 40 min on Tuesday, then rose to 62 min."),
    ("finance", "Cash dipped to $2.1M mid-month, then rose to $2.47M after the wire."),
    ("finance", "Gross margin slipped to 57%, then rebounded to 59.5%."),
    ("product", "Conversion dropped to 2.1% on Tuesday, then climbed back to 2.6%."),
    ("product", "NPS dipped to 41 in the survey, then rose to 48."),
    ("product", "Signups slumped to 1,900 on Monday, then climbed to 2,268."),
    ("ops", "CPU spiked to 91% at noon, then dropped to 48%."),
    ("ops", "Memory crept to 80% overnight, then fell to 67%."),
]

STILL_READ = [
    (
        "training",
        "Your HRV dipped to 58 on Tuesday, then bounced to 61.",
        [("61", "value", "hrv", "name")],
    ),
    (
        "finance",
        "Cash dipped to $2.1M mid-month, then rose to $2.2M after the wire.",
        [("2.2M", "value", "cash", "name")],
    ),
    (
        "sleep",
        "HRV sank to 31 after the flight, then rebounded to 35.",
        [("35", "value", "hrv", "name")],
    ),
    ("training", "HRV rose 5 then fell 3.", []),
]


@pytest.mark.parametrize(("domain", "text"), THEN)
def test_the_first_level_before_then_is_a_passing_one(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_level_reached_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(THEN) >= 12
    assert len({domain for domain, _ in THEN}) >= 4
