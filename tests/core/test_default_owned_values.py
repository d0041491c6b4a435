"""A segment's or another person's possessive says whose the value is, up to the number.

"Variant B's conversion was 2.9%", "the payments service's error rate is 3.9%": an arm, a
cohort, a group, a region, a service, an entity, a segment owns the value, not the whole
the pool holds. "Sam's resting HR is 55 bpm": the name after a person's possessive was
read as theirs already, but the band, before the number, looked for the possessive only
two lowercase words back, and read the number as the reader's value. All 13 cases of
OWNED were flagged. The reader's own possessives and a time's ("Today's DAU") are still
read, and so is a person the brief greets by name.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

OWNED = [
    ("product", "Variant B's conversion was 2.9%."),
    ("product", "The control group's retention was 28%."),
    ("product", "Arm 2's conversion came in at 2.2%."),
    ("product", "The holdout cohort's NPS is 55."),
    ("product", "The treatment group's DAU was 88,100."),
    ("ops", "The payments service's error rate is 3.9%."),
    ("ops", "The EU region's p95 latency is 810 ms."),
    ("ops", "The batch cluster's CPU sits at 91%."),
    ("ops", "The search service's memory is at 74%."),
    ("finance", "The EU entity's revenue MTD is $61k."),
    ("finance", "The services segment's gross margin is 31%."),
    ("training", "Sam's resting HR is 55 bpm."),
    ("training", "Jordan's HRV came in at 58."),
]

STILL_READ = [
    ("product", "Today's DAU is 88,100.", [("88,100", "value", "dau", "name")]),
    ("product", "This week's signups were 2,510.", [("2,510", "value", "signups", "name")]),
    ("training", "Your resting HR is 55 bpm.", [("55", "value", "rhr", "name")]),
    ("training", "Hi Sam! Sam's resting HR is 55 bpm.", [("55", "value", "rhr", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OWNED)
def test_a_value_someone_else_owns_is_no_value_of_ours(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_our_own_and_a_times_possessives_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OWNED) >= 12
    assert len({domain for domain, _ in OWNED}) >= 4
