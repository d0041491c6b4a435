"""A value scaled to a year is another figure than the month's or the day's: "Burn runs at
$1.1M a year", "Revenue run-rate: $2.04M ARR", "Annualized, ARPU comes to $366", "That's
1,825 incidents a year".

Name reading read such a figure as the pool's value, far past the band. A year's rate
after the number ("a year", "per year", "/yr", "annualized", "ARR", "run-rate"), a clause
that annualizes it ("Revenue run rate is $2.04M", "Steps annualize to 4.1 million") or a
sentence that opens so ("On an annualized basis, revenue is $2.04M") makes it a year's,
unless the value's name says a year (`arr`, `annual_revenue`). All cases of ANNUAL were
flagged with the domains' configs, those of ANNUAL_PLAIN with no config too.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

ANNUAL = [
    ("finance", "Annualized, burn is about $1.1M."),
    ("finance", "Revenue run-rate: $2.04M ARR."),
    ("finance", "Burn runs at $1.1M a year."),
    ("finance", "That's $1.1M of annualized burn."),
    ("finance", "Burn is $1.1M on an annual basis."),
    ("finance", "On an annualized basis, revenue is $2.04M."),
    ("finance", "Revenue run rate is $2.04M."),
    ("product", "Annualized, ARPU comes to $366."),
    ("product", "ARPU is $366 per year."),
    ("ops", "That's 1,825 incidents a year."),
    ("training", "Steps annualize to 4.1 million."),
    ("product", "ARPU comes to $366/yr."),
]

ANNUAL_PLAIN = [
    ("finance", "Burn runs at $1.1M a year."),
    ("finance", "Revenue run rate is $2.04M."),
    ("product", "ARPU is $366 per year."),
    ("product", "DAU-weighted revenue annualizes to $9M."),
    ("ops", "That's 1,825 incidents a year."),
]

STILL_READ = [
    ("finance", "Burn is $99k a month.", [("99k", "value", "burn", "name")]),
    ("finance", "Burn was $99k a year ago.", []),
    (
        "finance",
        "Annualized revenue is $2.04M, and burn is $99k.",
        [("99k", "value", "burn", "name")],
    ),
    ("product", "ARPU is $36 per user.", [("36", "value", "arpu", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), ANNUAL)
def test_a_value_scaled_to_a_year_is_another_figure(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), ANNUAL_PLAIN)
def test_a_years_value_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_months_value_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_value_whose_name_says_a_year_is_read_by_it() -> None:
    pool = [Known("arr", 2_400_000, "usd")]
    assert PLAIN("ARR is $2.04M a year.", pool) == [("2.04M", "value", "arr", "name")]


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(ANNUAL) >= 12
    assert len({domain for domain, _ in ANNUAL}) >= 4
