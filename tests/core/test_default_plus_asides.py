"""A number with a plus sign in an aside after a level's name is its change.

"HRV is trending upward (+4 over 7 days)", "Throughput keeps growing (+1,200 rps w/w)":
the first number after the name is the move, written with its sign in parentheses.
Read as the level above zero, each case in ASIDES was flagged as a misstatement before
the rule. It is now read as the change: of the change the pool holds ("Gross margin is
improving (+1.5 points)" against a fall of 167 bps is a sign flip), else of nothing. A
plus sign outside an aside may be a balance's level ("TSB is +13.1") and is read so.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

ASIDES = [
    ("training", "HRV is trending upward (+4 over 7 days)."),
    ("training", "Resting HR is creeping up (+3 bpm this week)."),
    ("training", "Readiness is improving (+6 points since Monday)."),
    ("training", "Fitness keeps building (+2.5 this week)."),
    ("sleep", "Your sleep score is on the rise (+5 since Sunday)."),
    ("sleep", "Deep sleep is trending up (+8 min this week)."),
    ("sleep", "HRV is recovering (+4 over 3 nights)."),
    ("ops", "Throughput keeps growing (+1,200 rps w/w)."),
    ("ops", "p95 latency is creeping up (+40 ms this week)."),
    ("ops", "CPU usage is rising (+6 points today)."),
    ("finance", "Cash is growing steadily (+$120k this month)."),
    ("product", "Signups are accelerating (+310 vs last week)."),
    ("product", "NPS is improving (+4 since Q2)."),
    ("product", "Session length is up again (+1.2 min)."),
]

STILL_READ = [
    (
        "finance",
        "Gross margin is improving (+1.5 points this quarter).",
        [("+1.5", "sign", "margin_change")],
    ),
    ("training", "Your TSB is +13.1 today.", [("+13.1", "sign", "tsb")]),
    ("training", "HRV is 80 (+4 over 7 days).", [("80", "value", "hrv")]),
]


@pytest.mark.parametrize(("domain", "text"), ASIDES)
def test_a_plus_in_an_aside_is_a_change(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_change_held_and_a_signed_level_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
