"""A number with no unit of a thousand or more is no percentage: "DAU was 6,607 lower than
last week" tells a count of users, not a change of DAU in percent; "MRR grew 2,700 this
month" an amount, not the growth rate.

Name reading took such a number for the pool's change in percent (-7.5%, 4.9%), whose name
band reaches any number of the same sign. A report writes a percentage with its sign
("%", "percent") when it is a thousand or more. All cases of COUNTS were flagged with the
domains' configs, those of COUNTS_PLAIN with no config too. A change written in percent,
or small enough to be one, is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

COUNTS = [
    ("product", "DAU was 6,607 lower than last week."),
    ("product", "DAU is down 6,607 from last week."),
    ("product", "We lost 6,607 daily actives versus last week."),
    ("product", "DAU dipped 6,607 versus last week."),
    ("product", "DAU came in 6,607 below last week."),
    ("product", "Daily actives are 6,607 lower than a week ago."),
    ("product", "DAU slipped 6,607 since Monday."),
    ("product", "Compared with last week, DAU is 6,607 lower."),
    ("finance", "MRR grew 2,700 this month."),
    ("finance", "MRR growth added 2,700 in new revenue."),
    ("finance", "MRR climbed 2,700 over October."),
    ("finance", "MRR growth came to 2,700 in new revenue."),
]

COUNTS_PLAIN = [
    ("product", "DAU was 6,607 lower than last week."),
    ("product", "DAU is down 6,607 from last week."),
    ("product", "DAU dipped 6,607 versus last week."),
    ("finance", "MRR growth added 2,700 in new revenue."),
]

STILL_READ = [
    ("product", "DAU fell 9.5% week over week.", [("9.5", "value", "dau_change", "name")]),
    ("product", "DAU was 9.5 lower than last week.", [("9.5", "value", "dau_change", "name")]),
    ("finance", "MRR grew 6.2% this month.", [("6.2", "value", "mrr_growth", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), COUNTS)
def test_a_number_of_a_thousand_with_no_unit_is_no_percentage(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), COUNTS_PLAIN)
def test_no_percentage_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_change_in_percent_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(COUNTS) >= 12
    assert len({domain for domain, _ in COUNTS}) >= 2
