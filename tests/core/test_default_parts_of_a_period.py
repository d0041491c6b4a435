"""A figure said of one hour, one afternoon or a single day is a part of the period:
"We logged 4,100 signups in one day during the launch", "The pager fired 8 alerts in a
single hour", "You woke up 2 times in one hour".

The pool holds the period's figure (the day's alerts, the week's signups, the night's
awakenings); "in one X" or "in a single X" after a number tells of a stretch inside it, a
burst or a record, which is another figure. All cases of PARTS were flagged with the
domains' configs, those of PARTS_PLAIN with no config too. A night for a sleep figure, the
last 24 hours and "over the day" are the period itself: still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PARTS = [
    ("product", "We logged 4,100 signups in one day during the launch."),
    ("product", "Signups hit 900 in a single day."),
    ("product", "The waitlist page brought in 1,200 signups in one afternoon."),
    ("product", "Signups reached 900 on a single day."),
    ("ops", "Alerts: 3 in one hour, all from the same host."),
    ("ops", "We saw 2 incidents in one afternoon."),
    ("ops", "The pager fired 8 alerts in a single hour."),
    ("ops", "3 incidents in one day is a lot for this team."),
    ("ops", "On-call got 6 alerts in one shift."),
    ("training", "Steps: 6,500 in a single morning of errands."),
    ("sleep", "You woke up 2 times in one hour."),
    ("sleep", "There were 2 awakenings in a single hour around 3 am."),
    ("finance", "Finance chased 3 overdue invoices in one afternoon."),
    ("finance", "We sent offers for 4 open positions in a single day."),
]

PARTS_PLAIN = [
    ("product", "We logged 4,100 signups in one day during the launch."),
    ("ops", "The pager fired 8 alerts in a single hour."),
    ("ops", "We saw 2 incidents in one afternoon."),
    ("sleep", "There were 2 awakenings in a single hour around 3 am."),
]

STILL_READ = [
    ("product", "Signups hit 1,400 today.", [("1,400", "value", "signups", "name")]),
    ("product", "We logged 1,400 signups over the day.", [("1,400", "value", "signups", "name")]),
    ("ops", "Alerts: 12 in the last 24 hours.", [("12", "value", "alerts", "name")]),
    ("training", "You hit 7,000 steps in one go.", [("7,000", "value", "steps", "name")]),
    (
        "sleep",
        "Time asleep was 5 h 10 min in one night.",
        [("5 h 10 min", "value", "sleep_duration", "name")],
    ),
    ("product", "Signups hit 1,400 in a day of press.", [("1,400", "value", "signups", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PARTS)
def test_a_figure_of_one_hour_or_one_day_is_a_part_of_the_period(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PARTS_PLAIN)
def test_a_part_of_the_period_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_period_itself_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PARTS) >= 12
    assert len({domain for domain, _ in PARTS}) >= 4
