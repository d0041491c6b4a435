"""A name's word after "N% of" that qualifies a noun is no share's verb.

"3.4% of visitors converted" states the conversion rate: the verb of its name after the
population. But "40% of the error budget", "25% of the memory quota", "35% of all
conversion events": the word is a noun's modifier, the share is of that noun. Each case
in MODIFIERS was flagged as a misstatement of the rate before the rule; a verb followed
by a word of time, a particle or a preposition is still read.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

MODIFIERS = [
    ("ops", "We used 40% of the error budget this month."),
    ("ops", "We burned 40% of the monthly error budget in 3 days."),
    ("ops", "The outage consumed 65% of our error budget."),
    ("ops", "Batch jobs took 30% of the available capacity overnight."),
    ("ops", "Logs take 25% of the memory quota on each node."),
    ("ops", "The scheduler reserves 20% of node CPU headroom for spikes."),
    ("ops", "Retries accounted for 15% of all error logs."),
    ("product", "Paid search brings 35% of all conversion events."),
    ("product", "Only 12% of the churn survey respondents replied."),
    ("product", "Mobile drove 70% of the conversion funnel traffic."),
    ("finance", "Enterprise deals made up 60% of new MRR bookings."),
    ("finance", "Cloud hosting is 14% of the margin bridge."),
    ("sleep", "Your watch spent 20% of the night in efficiency mode."),
    ("training", "Sunday's long run used 35% of your readiness budget."),
]

STILL_READ = [
    ("product", "3.4% of visitors converted to paid.", [("3.4", "value", "conversion")]),
    ("product", "5% of trial users churn each month.", [("5", "value", "churn")]),
    ("product", "12% of visitors convert.", [("12", "value", "conversion")]),
    ("ops", "1.2% of requests errored out overnight.", [("1.2", "value", "error_rate")]),
]


@pytest.mark.parametrize(("domain", "text"), MODIFIERS)
def test_a_share_of_a_noun_is_not_the_rate(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_share_told_by_its_verb_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
