"""A gap to a goal and the goal itself are no values: "You're 2.7 mi away from a 30-mile
week", "Just 721 steps left to reach 12,000", "$10.2k to go to hit $180k MTD".

"3 mi shy of last week's 30" was read already; "away from", "to go" and "left to" say the
same: the number before them is what remains, the number after them the mark to reach.
All cases of GAPS were flagged with the domains' configs, those of GAPS_PLAIN with no
config too. A value said before such a gap is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

GAPS = [
    ("training", "You're 2.7 mi away from a 30-mile week."),
    ("training", "Only 2.7 mi to go for a 30-mile week."),
    ("training", "You're 721 steps away from 12,000."),
    ("training", "Just 721 steps left to reach 12,000."),
    ("product", "We're 232 signups away from 2,500."),
    ("product", "We are 3,525 DAU away from 85,000."),
    ("product", "We're 2,100 signups away from 50,000 all time."),
    ("finance", "$10.2k to go to hit $180k MTD."),
    ("finance", "Just $88k to go until the bridge closes."),
    ("ops", "We're 17 alerts away from the monthly cap of 36."),
    ("ops", "Queue depth is 2,300 away from the 4,800 alarm."),
    ("ops", "CPU is 45 points away from saturation."),
    ("sleep", "You're 3.3 h away from zero sleep debt."),
]

GAPS_PLAIN = [
    ("training", "You're 2.7 mi away from a 30-mile week."),
    ("training", "Just 721 steps left to reach 12,000."),
    ("product", "We're 232 signups away from 2,500."),
    ("ops", "We're 17 alerts away from the monthly cap of 36."),
]

STILL_READ = [
    (
        "training",
        "You ran 3.4 mi, 2.7 mi away from a 30-mile week.",
        [("3.4", "value", "distance", "band")],
    ),
    (
        "product",
        "Signups hit 2,100, so we are 400 away from 2,500.",
        [("2,100", "value", "signups", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), GAPS)
def test_a_gap_to_a_goal_and_the_goal_are_no_values(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), GAPS_PLAIN)
def test_a_gap_to_a_goal_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_value_before_the_gap_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(GAPS) >= 12
    assert len({domain for domain, _ in GAPS}) >= 5
