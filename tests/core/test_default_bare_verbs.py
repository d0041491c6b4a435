"""A verb after a modal or "to" is no statement of its own ("your weekly mileage will hit
35", "Try to hit 12,000 steps today", "Your HRV could reach 80"): the reading goes on back
to the modal or the plan's word before it, so the number is a plan or a projection. A
reported verb before "to" still reports ("You managed to hit 18,000 steps").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.prose import not_a_statement
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

PROJECTED = [
    ("training", "On Saturday, aim for 10 miles; your weekly mileage will hit 35."),
    ("training", "Your weekly mileage will hit 35."),
    ("training", "It'll hit 35 miles by Sunday."),
    ("training", "Try to hit 12,000 steps today."),
    ("training", "Your HRV could reach 80 by Friday."),
    ("sleep", "Your sleep score will hit 90 with one more early night."),
    ("sleep", "Aim to get 120 minutes of deep sleep."),
    ("ops", "p95 latency will hit 1,200 ms at this rate."),
    ("ops", "Error rate could reach 5% under peak load."),
    ("finance", "Burn will hit $130k next month."),
    ("finance", "We'd reach $2M in cash after the round."),
    ("product", "DAU will reach 95,000 after launch."),
    ("product", "We want to hit 3,400 signups."),
    ("product", "Signups could hit 3,400 this week."),
    ("finance", "Cash would hit $1.9M without the round."),
    ("training", "Resting HR might hit 62 after the race."),
    ("ops", "CPU might hit 85% during the backfill."),
]

REPORTED = [
    ("training", "You managed to hit 18,000 steps.", [("18,000", "value", "steps")]),
    ("training", "You went on to hit 18,000 steps.", [("18,000", "value", "steps")]),
    ("ops", "p95 latency hit 1,200 ms.", [("1,200", "value", "p95_latency")]),
]


@pytest.mark.parametrize(("domain", "text"), PROJECTED)
def test_a_value_after_a_modal_or_to_is_projected(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), REPORTED)
def test_a_reported_verb_before_to_still_reports(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PROJECTED) >= 12 and len({domain for domain, _ in PROJECTED}) >= 4


@pytest.mark.parametrize("text", ["Your weekly mileage will hit 35.", "Try to hit 35 mi."])
def test_the_reading_says_plan(text: str) -> None:
    start = text.index("35")
    assert not_a_statement(text, start, start + 2) == "plan"
    assert not_a_statement(text, start, start + 2, plain=True) == "plan"
