"""Two names joined by "and", then two numbers joined by "and": each number is its name's
in turn ("CPU and memory sat at 70% and 85%", "Resting HR and HRV: 61 bpm and 52,
respectively"). The closer name no longer takes the first number, and the second is
read by its own name.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    (
        "training",
        "Your RHR and HRV came in at 61 bpm and 52.",
        [("61", "value", "rhr"), ("52", "value", "hrv")],
    ),
    (
        "training",
        "Resting HR and HRV: 61 bpm and 52, respectively.",
        [("61", "value", "rhr"), ("52", "value", "hrv")],
    ),
    (
        "ops",
        "p95 and p50 latency were 900 ms and 260 ms.",
        [("900", "value", "p95_latency"), ("260", "value", "p50_latency")],
    ),
    (
        "ops",
        "CPU and memory sat at 70% and 85%.",
        [("70", "value", "cpu"), ("85", "value", "memory")],
    ),
    (
        "ops",
        "CPU and memory sat at 67% and 48%.",
        [("67", "value", "cpu"), ("48", "value", "memory")],
    ),
    (
        "sleep",
        "Deep sleep and REM came to 90 and 85 minutes.",
        [("90", "value", "deep_sleep"), ("85", "value", "rem_sleep")],
    ),
    (
        "finance",
        "Cash and burn stand at $1.9M and $120k.",
        [("1.9M", "value", "cash"), ("120k", "value", "burn")],
    ),
    (
        "product",
        "Churn and conversion landed at 4.2% and 3.4%.",
        [("4.2", "value", "churn"), ("3.4", "value", "conversion")],
    ),
    # each faithful in turn
    ("ops", "CPU and memory sat at 48% and 67%.", []),
    ("training", "HRV and resting HR: 67 and 50 bpm.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_two_names_and_two_numbers_pair_in_turn(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_numbers_in_several_domains() -> None:
    stated = [flag for case in CASES for flag in case[2]]
    assert len(stated) >= 12
    assert len({domain for domain, _, flags in CASES if flags}) >= 4


# a slash pairs two names and two numbers as "and" does, as dashboards write them
SLASHED = [
    ("ops", "p50/p95: 203/728 ms.", []),
    ("ops", "p50/p95: 203/900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "p50 / p95: 300 / 728 ms.", [("300", "value", "p50_latency")]),
    ("ops", "CPU/memory: 48%/67%.", []),
    ("ops", "CPU/memory: 48%/90%.", [("90", "value", "memory")]),
    ("product", "DAU/signups: 81,475/3,400.", [("3,400", "value", "signups")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), SLASHED)
def test_a_slash_pairs_names_and_numbers_in_turn(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
