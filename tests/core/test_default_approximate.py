"""A value said roughly ("CPU hovered around 31%", "Your HRV was about 52") is a statement,
not a bound or a plan: a verb reports it. It is checked as a rounded citation: a plain
contradiction (a sign flip, or a gap past the value band) is flagged, a value inside the
band is what the writer rounded to. "Keep resting HR around 52 bpm" and "Aim for around
90 min" stay plans.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("ops", "CPU hovered around 70%.", [("70", "value", "cpu")]),
    ("ops", "p95 latency sat around 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "Throughput averaged roughly 26,000 req/s.", [("26,000", "value", "throughput")]),
    (
        "training",
        "Resting heart rate held around 65 bpm for the week.",
        [("65", "value", "rhr")],
    ),
    ("training", "Your HRV was about 52 this morning.", [("52", "value", "hrv")]),
    ("training", "TSB sat around +10.9.", [("+10.9", "sign", "tsb")]),
    ("finance", "Cash came in at roughly $1.9M.", [("1.9M", "value", "cash")]),
    ("finance", "Runway is about 11 months.", [("11", "value", "runway")]),
    ("product", "DAU was nearly 102,000.", [("102,000", "value", "dau")]),
    ("product", "Churn ran at about 4.2%.", [("4.2", "value", "churn")]),
    ("sleep", "Deep sleep came in around 90 min.", [("90", "value", "deep_sleep")]),
    ("sleep", "Your sleep score was roughly 82%.", [("82", "value", "sleep_score")]),
    # rounded inside the value band, or the value itself
    ("ops", "CPU hovered around 52%.", []),
    ("ops", "CPU hovered around 48%.", []),
    ("training", "Resting heart rate held around 52 bpm for the week.", []),
    ("finance", "Burn was about $95,000.", []),
    # plans
    ("training", "Keep resting HR around 52 bpm.", []),
    ("training", "Run the tempo at about 75% effort.", []),
    ("sleep", "Aim for around 90 min of deep sleep.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_value_said_roughly_is_checked_as_rounded(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


# the same when no name stands beside the number and the sentence's words name it ("You
# slept for just over 5 hours" of 367 min): plainly off, it is flagged; near, it is not
WORDED_ROUGHLY = [
    ("sleep", "You slept for just over 5 hours.", [("5", "value", "sleep_duration")]),
    ("sleep", "You slept for about 5 hours.", [("5", "value", "sleep_duration")]),
    ("sleep", "You slept for just over 6 hours.", []),
    ("sleep", "You slept for about 6 hours.", []),
    ("training", "You ran roughly 5 mi today.", [("5", "value", "distance")]),
    ("training", "You ran roughly 3 mi today.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), WORDED_ROUGHLY)
def test_a_value_said_roughly_and_named_by_its_words(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
