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


# three names or more in a list, and as many numbers: each in turn; an item of the list
# no name of the pool says (first or last) keeps its place, and its number is no other
# item's; numbers fewer or more than the items are none of theirs
LISTED = [
    ("ops", "CPU, memory and disk: 48%, 80%, 684 GB free.", [("80", "value", "memory")]),
    ("ops", "CPU, memory and disk: 48%, 67%, 684 GB free.", []),
    ("ops", "CPU, memory, and disk free: 48%, 67%, 500 GB.", [("500", "value", "disk_free")]),
    (
        "training",
        "Resting HR, HRV and readiness: 50 bpm, 67 and 40%.",
        [("40", "value", "readiness")],
    ),
    (
        "training",
        "Resting HR, HRV and readiness: 55 bpm, 80 and 51%.",
        [("55", "value", "rhr"), ("80", "value", "hrv")],
    ),
    ("product", "DAU, signups and NPS were 81,475, 2,268 and 55.", [("55", "value", "nps")]),
    ("product", "DAU, signups and NPS were 81,475 and 2,268.", []),
    (
        "sleep",
        "Deep, REM and total sleep: 62 min, 150 min, 6 h 7 min.",
        [("150", "value", "rem_sleep")],
    ),
    ("sleep", "Deep, REM and total sleep: 62 min, 103 min, 6 h 7 min.", []),
    ("finance", "Cash, burn and runway: $2.47M, $110k, 15.6 months.", [("110k", "value", "burn")]),
    (
        "finance",
        "Cash, burn and runway: $1.9M, $92,417, 20 months.",
        [("1.9M", "value", "cash"), ("20", "value", "runway")],
    ),
    (
        "ops",
        "CPU and memory sat at 70% and 85%.",
        [("70", "value", "cpu"), ("85", "value", "memory")],
    ),
]


@pytest.mark.parametrize(("domain", "text", "expected"), LISTED)
def test_names_in_a_list_and_numbers_in_a_list_pair_in_turn(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_list_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(LISTED) >= 12 and len({case[0] for case in LISTED}) >= 5
