"""Lists of numbers: three or more after one name are a series, read by its latest; and a
unit said once at a list's end is every item's.

"Weekly mileage: 22, 24, 26 and 27.3 mi", "Burn was $85k, $88k and $92.4k": a series told
in order, as "58, 61 and 67 over the last three mornings" already was, now without the
words of its span too. The name read the first item as the value, and the band the others:
all 14 cases of SERIES were flagged with the domains' configs. The latest is still read,
and flagged when it is off.

"Long runs have gone 10, 11, 12 and 13 miles", "Naps of 36, 38 and 40 minutes": with no
config, the items before the unit were unitless numbers, which the band read as the
pool's unitless values (a training stress balance of -10.9, an HRV of 39): all 12 cases of
SHARED_UNIT were flagged. A list needs three items, or two joined by a plain "and": in
"VO2max estimate 54.6, and 24,310 steps" the comma and "and" join two clauses.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

SERIES = [
    ("training", "Weekly mileage: 22, 24, 26 and 27.3 mi."),
    ("training", "Your HRV went 52, 58, 61 and 67."),
    ("training", "Resting HR read 53, 52, 51 and 50 bpm."),
    ("sleep", "Deep sleep ran 50, 55 and 62 min."),
    ("sleep", "Your HRV read 36, 38 and 39 ms."),
    ("sleep", "Sleep score: 58, 63, 71 and 67."),
    ("product", "Sessions ran 12, 13 and 14 min."),
    ("product", "DAU went 78,000, 80,100 and 81,475."),
    ("product", "NPS came in at 41, 44 and 48."),
    ("ops", "p95 latency: 690, 705 and 728 ms."),
    ("ops", "Error rate went 1.6%, 1.8% and 2.04%."),
    ("ops", "Queue depth: 2,100, 2,300 and 2,479."),
    ("finance", "Burn was $85k, $88k and $92.4k."),
    ("finance", "Gross margin: 57%, 58% and 59.5%."),
]

SHARED_UNIT = [
    ("training", "Long runs have gone 10, 11, 12 and 13 miles."),
    ("training", "Your intervals were 10, 11 and 12 minutes."),
    ("training", "Tempo blocks of 10, 11 and 12 min."),
    ("training", "Strides: 60, 66 and 70 seconds."),
    ("sleep", "Naps of 36, 38 and 40 minutes."),
    ("ops", "Deploys took 18, 19 and 20 minutes."),
    ("product", "Videos ran 9, 10 and 11 minutes."),
    ("product", "Ads ran 46, 48 and 50 seconds."),
    ("product", "Trials ran 9 and 10 minutes."),
    ("finance", "Payment terms of 8 and 9 days."),
    ("finance", "Loans of 9, 10 and 11 months."),
    ("sleep", "Wind-downs of 36 and 40 minutes."),
]

STILL_READ = [
    ("finance", "Burn was $85k, $88k and $99k.", [("99k", "value", "burn", "name")]),
    ("ops", "p95 latency: 690, 705 and 800 ms.", [("800", "value", "p95_latency", "name")]),
    (
        "training",
        "HRV 58, RHR 61 and 11,279 steps.",
        [("58", "value", "hrv", "name"), ("61", "value", "rhr", "name")],
    ),
]
STILL_READ_PLAIN = [
    (
        "training",
        "VO2max estimate 54.6, and 24,310 steps yesterday.",
        [("54.6", "value", "hrv_baseline", "band"), ("24,310", "value", "steps", "name")],
    ),
    ("sleep", "Your HRV was 36, and you slept 6 h 7 min.", [("36", "value", "hrv", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), SERIES)
def test_a_series_after_a_name_is_read_by_its_latest(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), SHARED_UNIT)
def test_a_unit_said_once_at_a_lists_end_is_every_items(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_latest_of_a_series_and_items_of_other_names_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ_PLAIN)
def test_two_clauses_joined_by_a_comma_and_and_are_no_list(domain, text, expected) -> None:
    assert PLAIN(text, POOLS[domain]) == expected


def test_the_classes_have_a_dozen_sentences_in_several_domains() -> None:
    for cases in (SERIES, SHARED_UNIT):
        assert len(cases) >= 12
        assert len({domain for domain, _ in cases}) >= 4
