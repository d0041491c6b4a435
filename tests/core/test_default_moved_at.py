"""A move word with "at" says where a value moved; its sign only of a value below zero.

"HRV is down at 67", "DAU is down at 81,475 this week": the value fell and now stands
at the number. Before the rule "down" gave the number a minus sign and each case in
LEVELS was flagged as a sign flip of the value it states exactly. Where the value read
against is below zero the word still signs it: "TSB is down at 10.9" of a training
stress balance of -10.9 states it. A level past the band is a misstatement of size.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

LEVELS = [
    ("training", "HRV is down at 67 this morning."),
    ("training", "Readiness is down at 51% after the race."),
    ("training", "Average HR was down at 157 bpm on the hills."),
    ("training", "Weekly mileage is down at 27.3 miles."),
    ("sleep", "Sleep score is down at 67 after a late night."),
    ("sleep", "HRV was down at 39 overnight."),
    ("sleep", "Efficiency is down at 81%."),
    ("ops", "Throughput is down at 20,372 req/s."),
    ("ops", "CPU is down at 48% since the fix."),
    ("ops", "Memory is down at 67% after the restart."),
    ("finance", "Gross margin is down at 59.5%."),
    ("finance", "Cash is down at $2.47M after payroll."),
    ("product", "DAU is down at 81,475 this week."),
    ("product", "NPS is down at 48 after the price change."),
    ("product", "Conversion is down at 2.6% on mobile."),
]

STILL_READ = [
    ("training", "TSB is down at 10.9.", []),
    ("training", "TSB is up at 10.9.", [("10.9", "sign", "tsb")]),
    ("training", "HRV is down at 58 this morning.", [("58", "value", "hrv")]),
    ("product", "DAU is down at 75,000 this week.", [("75,000", "value", "dau")]),
    ("ops", "CPU is down at 40% since the fix.", [("40", "value", "cpu")]),
]


@pytest.mark.parametrize(("domain", "text"), LEVELS)
def test_a_level_after_down_at_is_the_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_level_below_zero_keeps_the_words_sign(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
