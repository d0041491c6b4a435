"""With no config, "N% of <things>" is a share of those things, not a rate the pool holds.

"The incident affected 12% of requests", "Rent is 57% of overhead": the band compared the
percentage with the pool's and flagged it (as a sign flip of a latency change, as a
gross margin). With `[names]` in the config a named share was already told apart ("60%
of CPU"); with none, a share whose words to the clause's end hold no word of the value's
names is no citation of it. Each case in SHARES was flagged before the rule; a share of
the value's own noun is still read.

Each case: (domain, text, expected flags as (token, kind, nearest)), on the domain's pool
(tests/core/test_default_name_voices.py), the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

FLAGS = flag_reader(DefaultDetector())

SHARES = [
    ("ops", "The incident affected 12% of requests in eu-west-1."),
    ("product", "Only 3% of trial users upgraded on day one."),
    ("product", "Referrals drove 2.5% of installs this week."),
    ("product", "Dark mode is on for 30% of accounts."),
    ("finance", "Payroll is 62% of operating expenses."),
    ("ops", "The outage affected 11% of checkouts in us-east-1."),
    ("product", "Only 3.3% of free users invited a teammate."),
    ("product", "The banner is on for 2.8% of visitors."),
    ("finance", "Rent is 57% of overhead."),
    ("sleep", "Only 70% of your nights had a consistent bedtime."),
    ("training", "Only 48% of your runs were easy this month."),
    ("training", "Hills drove 55% of the climbing time."),
    ("sleep", "The fan was on for 75% of the hours in bed."),
]

STILL_READ = [
    ("ops", "The heap takes 73% of memory.", [("73", "value", "memory")]),
    ("ops", "Workers use 53% of CPU.", [("53", "value", "cpu")]),
    ("sleep", "Efficiency was 88% of time in bed.", [("88", "value", "efficiency")]),
]


@pytest.mark.parametrize(("domain", "text"), SHARES)
def test_a_share_of_other_things_is_no_citation(domain, text) -> None:
    assert FLAGS(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_share_of_the_values_own_noun_is_still_read(domain, text, expected) -> None:
    assert FLAGS(text, POOLS[domain]) == expected
