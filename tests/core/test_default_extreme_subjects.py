"""An extreme one of many as a sentence's subject owns its numbers: "Our best ad had a
3.1% CTR", "The noisiest host fired 12 alerts", "Your worst night had an efficiency of 72%".

The best cohort, the busiest service, the longest night are one of several; what they had
is theirs, not the value the pool holds for all of them or for last night. The names read
such numbers as the pool's: 10 of the 13 cases of EXTREMES were flagged with the domains'
configs ("Our best cohort", "The worst node" and "Our busiest service" a segment's or an
extreme's reading caught already; they stay as cases). An extreme that
is a word of the value's own names ("Your lowest heart rate was 44 bpm" of an `rhr` called
"lowest heart rate"), and a value told before such a remark, are still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

EXTREMES = [
    ("product", "The top channel drove 1,100 signups."),
    ("product", "Our worst screen had a 2.1% conversion."),
    ("product", "Our best week had 3,100 signups."),
    ("ops", "The noisiest host fired 12 alerts."),
    ("finance", "Our biggest customer paid $48k of revenue."),
    ("training", "Your hardest session averaged 171 bpm."),
    ("training", "Your best week had 31 miles of mileage."),
    ("sleep", "Your best night had a sleep score of 81."),
    ("sleep", "Your worst night had an efficiency of 72%."),
    ("sleep", "The longest night gave you 112 min of REM."),
    ("product", "Our best cohort had a D7 retention of 44%."),
    ("ops", "The worst node had CPU at 91%."),
    ("ops", "Our busiest service saw p95 latency of 1,400 ms."),
]

STILL_READ = [
    ("sleep", "Your lowest heart rate was 44 bpm.", [("44", "value", "rhr", "name")]),
    (
        "sleep",
        "Your sleep score was 81, your best night this week.",
        [("81", "value", "sleep_score", "name")],
    ),
    (
        "product",
        "Signups were 3,100 in our best week yet.",
        [("3,100", "value", "signups", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), EXTREMES)
def test_an_extreme_subjects_numbers_are_its_own(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_name_that_is_an_extreme_and_values_told_before_it_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(EXTREMES) >= 12
    assert len({domain for domain, _ in EXTREMES}) >= 4
