"""A verb's particle "up" before a range is no movement: "You woke up 3 to 5 times",
"Alerts showed up 15 to 20 times a day" are ranges, where "HRV is up 3 to 45" moved.

"up 3 to 5" reads as a movement by an amount and the level it reached ("is up 11 to 61"),
so the second number was read as a value, not as the end of a range. After wake, get,
show, sign or warm, "up" belongs to the verb. With the domains' configs 10 of the 12 cases
of RANGES were flagged, and "Users signed up 2,000 to 2,500 a day" with no config, by the
band ("Some nights you get up 3 to 5 times" was read right, and stays so); a movement by
an amount is still read as one.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

RANGES = [
    ("sleep", "Most nights you wake up 3 to 5 times."),
    ("sleep", "You woke up 3 to 5 times."),
    ("sleep", "You typically wake up 4 to 6 times."),
    ("sleep", "On bad nights you're waking up 5 to 7 times."),
    ("ops", "Alerts showed up 15 to 20 times a day."),
    ("ops", "Incidents showed up 4 to 6 times a month."),
    ("ops", "Pages showed up 18 to 22 times a week."),
    ("product", "Experiments showed up 8 to 12 at a time."),
    ("product", "Users signed up 2,000 to 2,500 a day."),
    ("finance", "Overdue invoices showed up 5 to 7 a month."),
    ("training", "You got up 10,000 to 12,000 steps most days."),
    ("sleep", "Some nights you get up 3 to 5 times."),
]

STILL_READ = [
    ("sleep", "HRV is up 3 to 45.", [("45", "value", "hrv", "name")]),
    ("ops", "Alerts went up 4 to 23.", [("23", "value", "alerts", "name")]),
    ("sleep", "You woke up 7 times.", [("7", "value", "awakenings", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), RANGES)
def test_a_particle_before_a_range_is_no_movement(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_movement_and_a_single_count_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(RANGES) >= 12
    assert len({domain for domain, _ in RANGES}) >= 4
