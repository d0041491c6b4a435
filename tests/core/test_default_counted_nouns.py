"""A count of things before a metric's name counts them; it is not the metric's value.

"5 runs" when the pool's "run" is a distance in miles, "40 conversions" of a conversion
rate, "4 REM cycles", "2 HRV readings": the number counts the name's own noun, which is
no count the pool holds, or the plural noun after the name. Before the rule each of
COUNTS was flagged as a misstatement of the named value. A count the pool does hold, by
its own noun, is still read ("9 incidents", "27 pages", "4 conversion experiments").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); the training pool here holds
no count of runs, so "runs" is only the plural of the distance's "run".
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
NO_RUN_COUNT = {**POOLS, "training": [k for k in POOLS["training"] if k.name != "runs_week"]}

COUNTS = [
    ("training", "Week summary: 5 runs, 42.5 mi, 6 h 12 min of running."),
    ("training", "Two of those 4 runs were easy, one was a tempo."),
    ("training", "You've stacked 6 runs in 7 days, so take tomorrow off."),
    ("training", "You did 2 runs over 10 miles this month."),
    ("training", "2 HRV readings this week came in under 60."),
    ("product", "We saw 40 conversions yesterday from the new landing page."),
    ("product", "The campaign drove 112 conversions over the weekend."),
    ("product", "Only 9 conversions came from paid search."),
    ("product", "We ran 6 NPS surveys this quarter."),
    ("sleep", "You went through 4 REM cycles last night."),
    ("sleep", "You logged 5 REM periods, each shorter than usual."),
    ("sleep", "Your watch counted 3 deep sleep phases."),
    ("ops", "Only 3 CPU alarms fired overnight."),
    ("finance", "We sent 40 cash reminders to customers."),
    ("finance", "We closed 2 margin reviews this week."),
]

STILL_READ = [
    ("ops", "We had 9 incidents this week.", [("9", "value", "incidents")]),
    ("ops", "27 pages overnight kept the on-call busy.", [("27", "value", "alerts")]),
    ("finance", "We have 14 open positions right now.", [("14", "value", "open_positions")]),
    ("product", "4 conversion experiments are still running.", [("4", "value", "experiments")]),
    ("training", "You logged 16,000 steps.", [("16,000", "value", "steps")]),
    ("sleep", "Your sleep score was 52.", [("52", "value", "sleep_score")]),
]


@pytest.mark.parametrize(("domain", "text"), COUNTS)
def test_a_count_before_a_name_is_not_its_value(domain, text) -> None:
    assert FLAGS[domain](text, NO_RUN_COUNT[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_count_the_pool_holds_by_its_noun_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, NO_RUN_COUNT[domain]) == expected


def test_a_count_of_runs_is_read_when_the_pool_holds_one() -> None:
    # the same words, with the training pool's count of runs (5): 7 of them is a misstatement
    text = "You squeezed in 7 runs this week."
    assert FLAGS["training"](text, POOLS["training"]) == [("7", "value", "runs_week")]
