"""A value the pool holds without a unit, said with its usual one: "HRV was 52 ms".

Heart-rate variability is measured in milliseconds, but pools often hold it as a bare
number, and "ms" is no unit of the built-in vocabulary: such a number was skipped as a
unit the vocabulary lacks, so a misstated HRV went unflagged. Where a name points at a
value held without a unit, milliseconds said after the number are read as that value's.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py: training's HRV is 67 with a 62
baseline, sleep's is 39).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("sleep", "Overnight HRV was 52 ms.", [("52", "value", "hrv")]),
    ("sleep", "HRV: 52 ms, RHR 49 bpm.", [("52", "value", "hrv")]),
    ("sleep", "Your heart rate variability came to 52 ms.", [("52", "value", "hrv")]),
    ("sleep", "HRV dipped to 30 ms overnight.", [("30", "value", "hrv")]),
    ("sleep", "HRV 52ms.", [("52", "value", "hrv")]),
    ("training", "HRV came in at 80 ms this morning.", [("80", "value", "hrv")]),
    ("training", "Your HRV is 52 ms today.", [("52", "value", "hrv")]),
    ("training", "HRV: 80 ms (baseline 62 ms).", [("80", "value", "hrv")]),
    ("training", "HRV was 52 ms vs a 62 ms baseline.", [("52", "value", "hrv")]),
    ("training", "HRV baseline: 75 ms.", [("75", "value", "hrv_baseline")]),
    ("training", "Heart-rate variability, 52 ms, is low.", [("52", "value", "hrv")]),
    ("training", "HRV 52 msec after the race.", [("52", "value", "hrv")]),
    # faithful
    ("sleep", "HRV: 39 ms.", []),
    ("training", "HRV 67 ms, right on baseline.", []),
    ("training", "HRV was 67 ms vs a 62 ms baseline.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_milliseconds_after_a_named_unitless_value_are_its_own(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    flagged = [case for case in CASES if case[2]]
    assert len(flagged) >= 12 and len({case[0] for case in flagged}) >= 2
