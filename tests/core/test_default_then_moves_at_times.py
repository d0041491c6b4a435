"""A level reached at a time told with digits, then left for another, is a passing one:
"Runway fell to 14 months in Q3, then rose to 15.6", "HRV fell to 35 at 2 am, then
recovered to 39", "Signups slumped to 1,900 in week 2, then climbed to 2,268".

A move "then" to a level was read across a weekday or a clock time ("on Tuesday", "at
14:00"); a quarter, a week or a day by its number, an hour of the day, a year or a date
stopped it. All cases of PASSING were flagged with the domains' configs, those of
PASSING_PLAIN with no config too. The level the value moved to is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PASSING = [
    ("finance", "Runway fell to 14 months in Q3, then rose to 15.6."),
    ("finance", "Cash dipped to $2.2M in week 3, then recovered to $2.47M."),
    ("finance", "Burn rose to $101k in 2024, then eased to $92.4k."),
    ("product", "Signups slumped to 1,900 in week 2, then climbed to 2,268."),
    ("product", "DAU fell to 76,000 on day 3 of the outage, then recovered to 81,475."),
    ("product", "Conversion dipped to 2.3% in H1, then rose to 2.6%."),
    ("sleep", "HRV fell to 35 at 2 am, then recovered to 39."),
    ("sleep", "Resting HR dropped to 44 bpm at 3 am, then settled at 49."),
    ("ops", "Error rate spiked to 2.3% at 2 pm, then settled at 2.04%."),
    ("ops", "Queue depth climbed to 2,800 in hour 3, then drained to 2,479."),
    ("ops", "CPU hit 53% at 9 am, then eased to 48%."),
    ("training", "HRV dipped to 61 on Dec 3, then bounced to 67."),
    ("training", "Your RHR rose to 55 in week 2, then came back to 50."),
]

PASSING_PLAIN = [
    ("finance", "Cash dipped to $2.2M in week 3, then recovered to $2.47M."),
    ("product", "Signups slumped to 1,900 in week 2, then climbed to 2,268."),
    ("sleep", "HRV fell to 35 at 2 am, then recovered to 39."),
    ("ops", "CPU hit 53% at 9 am, then eased to 48%."),
    ("training", "HRV dipped to 61 on Dec 3, then bounced to 67."),
]

STILL_READ = [
    (
        "finance",
        "Runway fell to 14 months in Q3, then rose to 17.2.",
        [("17.2", "value", "runway", "name")],
    ),
    (
        "product",
        "Signups slumped to 1,900 in week 2, then climbed to 2,500.",
        [("2,500", "value", "signups", "name")],
    ),
    ("ops", "CPU hit 53% at 9 am.", [("53", "value", "cpu", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PASSING)
def test_a_level_left_after_a_time_with_digits_is_a_passing_one(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PASSING_PLAIN)
def test_a_passing_level_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_level_moved_to_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PASSING) >= 12
    assert len({domain for domain, _ in PASSING}) >= 5
