"""A value on a day of the month is that day's: "The bank balance hit $2.9M on the 3rd".

"Cash was $2.1M on the 28th, before the wire landed", "Resting HR was 58 on the 1st, the
day after the race": the number is of another day than the one the pool holds, past or
to come ("Payroll on the 28th is $318,000"). A weekday already said so ("on Monday");
a day of the month did not, and 10 of the 12 cases in DATED were flagged. A value said
of today is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

DATED = [
    ("finance", "The bank balance hit $2.9M on the 3rd after the Series A tranche."),
    ("finance", "Cash was $2.1M on the 28th, before the wire landed."),
    ("finance", "Payroll on the 28th is $318,000."),
    ("finance", "Cash will be $2.15M on the 30th after payroll."),
    ("product", "DAU peaked at 96,000 on the 2nd, launch day."),
    ("product", "Signups hit 3,100 on the 12th with the press mention."),
    ("ops", "Queue depth reached 9,000 on the 14th during the import."),
    ("ops", "CPU was 91% on the 9th during the migration."),
    ("training", "Resting HR was 58 on the 1st, the day after the race."),
    ("training", "Weekly mileage was 31 miles on the 20th."),
    ("sleep", "Your sleep score was 58 on the 21st."),
    ("sleep", "HRV was 52 on the 5th, after the late dinner."),
]

STILL_READ = [
    ("product", "DAU is 88,000 this week.", [("88,000", "value", "dau")]),
    ("finance", "Cash is $2.1M today.", [("2.1M", "value", "cash")]),
    ("ops", "CPU is at 91% now.", [("91", "value", "cpu")]),
]


@pytest.mark.parametrize(("domain", "text"), DATED)
def test_a_value_on_a_day_of_the_month_is_that_days(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_value_of_today_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
