"""Days or nights of a kind after a name pick a part of the days: "HRV on rest days
averages 72", "DAU on weekends drops to 61,000", "Efficiency on travel nights drops to 74%".

The pool holds the value of one day or night, or of the period; its value on easy days,
on weekends or on launch days is another figure, as a platform's or a plan's was already
("Conversion on iOS"). All 14 cases of KINDS were flagged with the domains' configs, those
of KINDS_PLAIN with no config too. One day ("on Monday") and a run ("on the run") are no
kind of days: they are still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

KINDS = [
    ("training", "Average HR on easy days has dropped to 147 bpm."),
    ("training", "HRV on rest days averages 72."),
    ("training", "Your resting HR on race days sits at 55 bpm."),
    ("training", "Readiness on recovery days sits at 64%."),
    ("sleep", "Your sleep score on weekends is 78."),
    ("sleep", "Efficiency on travel nights drops to 74%."),
    ("sleep", "Deep sleep on workout days is 75 min."),
    ("sleep", "HRV on weekends averages 45."),
    ("product", "DAU on weekends drops to 61,000."),
    ("product", "Conversion on weekdays is 2.9%."),
    ("product", "Signups on launch days hit 3,100."),
    ("ops", "Error rate on deploy days is 2.6%."),
    ("ops", "p95 latency on weekends is 640 ms."),
    ("finance", "Revenue on weekends is $151k."),
]

KINDS_PLAIN = [
    ("training", "HRV on rest days averages 72."),
    ("training", "Readiness on recovery days sits at 64%."),
    ("sleep", "Your sleep score on weekends is 78."),
    ("sleep", "Efficiency on travel nights drops to 74%."),
    ("product", "DAU on weekends drops to 61,000."),
    ("ops", "Error rate on deploy days is 2.6%."),
]

STILL_READ = [
    ("training", "Average HR on the run was 147 bpm.", [("147", "value", "avg_hr", "name")]),
    ("sleep", "Your sleep score on Monday was 78.", [("78", "value", "sleep_score", "name")]),
    ("product", "DAU was 61,000 on Monday.", [("61,000", "value", "dau", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), KINDS)
def test_days_of_a_kind_are_a_part_of_the_days(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), KINDS_PLAIN)
def test_days_of_a_kind_are_a_part_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_one_day_and_one_run_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(KINDS) >= 12
    assert len({domain for domain, _ in KINDS}) >= 4
