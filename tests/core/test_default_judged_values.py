"""A judgement after a number makes it a norm ("Anything under 55 bpm is fine", "An error
rate of 2.2% is normal on deploy days"), but not when the number is someone's value named
before it: "Your resting HR of 55 bpm is fine", "Our gross margin of 55% is healthy" state
the value and judge it, so a misstatement in them is flagged.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every value here is inside the
band and wrong.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("training", "Your resting HR of 55 bpm is fine.", [("55", "value", "rhr")]),
    ("training", "Your HRV of 61 is normal for you.", [("61", "value", "hrv")]),
    (
        "training",
        "Today’s readiness of 47% is fine for a steady run.",
        [("47", "value", "readiness")],
    ),
    ("sleep", "Your sleep efficiency of 75% is normal.", [("75", "value", "efficiency")]),
    ("sleep", "Your deep sleep of 68 min is healthy.", [("68", "value", "deep_sleep")]),
    ("sleep", "Your respiratory rate of 16 is typical.", [("16", "value", "resp_rate")]),
    ("finance", "Our gross margin of 55% is healthy.", [("55", "value", "gross_margin")]),
    ("finance", "The burn of $85k is fine.", [("85k", "value", "burn")]),
    ("finance", "Our runway of 14 months is enough.", [("14", "value", "runway")]),
    ("ops", "The error rate of 2.2% is normal for a deploy day.", [("2.2", "value", "error_rate")]),
    ("ops", "The memory usage of 72% is fine.", [("72", "value", "memory")]),
    ("product", "Our NPS of 52 is healthy.", [("52", "value", "nps")]),
    ("product", "The churn of 3.4% is typical.", [("3.4", "value", "churn")]),
    # a norm: no one's value
    ("training", "A resting HR of 55 bpm is fine for most runners.", []),
    ("training", "Anything under 55 bpm is fine.", []),
    ("ops", "An error rate of 2.2% is normal on deploy days.", []),
    ("training", "55 bpm is fine.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_value_judged_is_still_stated(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


# what a team can afford, sustain or live with is a limit, not the value ("$300k is the
# burn we can afford"); the value stated beside such a clause is still the value
AFFORDED = [
    ("finance", "$300k is the burn we can afford.", []),
    ("finance", "$300k is the most burn we can sustain.", []),
    ("finance", "Burn of $300k is what we can afford.", []),
    ("training", "62 bpm is a resting HR you can live with.", []),
    ("ops", "1,200 ms is a p95 latency we can tolerate.", []),
    ("ops", "5% is an error rate we could absorb.", []),
    ("product", "4.2% is a churn rate we can accept.", []),
    ("finance", "Burn was $300k, which we can afford.", [("300k", "value", "burn")]),
    ("finance", "We burned $300k, more than we can afford.", [("300k", "value", "burn")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), AFFORDED)
def test_what_a_team_can_afford_is_a_limit(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
