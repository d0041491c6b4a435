"""A span said of a number, to date or over the whole history, is the total over it: not
the value of a name that says another period.

"YTD revenue is $1.9M", "Lifetime steps passed 10,500", "Year to date, revenue is $1.9M",
"Year-to-date mileage is 31 mi": the number adds up a year, a quarter or every day there
has been, where the pool's value is the month's revenue, the day's steps, the week's
mileage. A span to date written after the number ("$169,757 month-to-date") was already
read; said before the name, or opening the sentence before a comma or a colon (or, for a
number the band reads, its clause), it was not: all 20 cases of SPANS were flagged with
the domains' configs, and those of SPANS_PLAIN with no config too. A name that says the
same period ("month-to-date revenue" of `revenue_mtd`) or the same cadence ("week to
date" of weekly mileage) is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

SPANS = [
    ("finance", "YTD revenue is $1.9M."),
    ("finance", "Year-to-date revenue is $1.9M."),
    ("finance", "Quarter-to-date revenue is $410k."),
    ("finance", "Year-to-date burn is $1.1M."),
    ("finance", "QTD burn is $101k."),
    ("finance", "Lifetime revenue passed $2.3M."),
    ("finance", "Cumulative net income is -$410k."),
    ("finance", "Year to date, revenue is $1.9M."),
    ("finance", "YTD: $1.9M in revenue."),
    ("product", "YTD signups: 2,100."),
    ("product", "All-time signups passed 2,400."),
    ("product", "Cumulative signups reached 2,050."),
    ("ops", "YTD incidents: 6."),
    ("ops", "Lifetime alerts: 21."),
    ("ops", "YTD, we are at 21 alerts."),
    ("training", "Year-to-date mileage is 31 mi."),
    ("training", "Lifetime steps passed 10,500."),
    ("training", "Year to date, you've run 31 mi."),
    ("training", "YTD: 31 mi."),
    ("sleep", "Year-to-date sleep debt is 4.1 h."),
]

SPANS_PLAIN = [
    ("finance", "Year-to-date burn is $1.1M."),
    ("finance", "QTD burn is $101k."),
    ("finance", "Cumulative net income is -$410k."),
    ("product", "All-time signups passed 2,400."),
    ("ops", "YTD incidents: 6."),
    ("ops", "YTD, we are at 21 alerts."),
    ("training", "Year-to-date mileage is 31 mi."),
    ("training", "Lifetime steps passed 10,500."),
    ("training", "YTD: 31 mi."),
]

STILL_READ = [
    ("finance", "MTD revenue is $150k.", [("150k", "value", "revenue_mtd", "name")]),
    ("finance", "Month-to-date revenue is $150k.", [("150k", "value", "revenue_mtd", "name")]),
    ("finance", "Month to date, revenue is $150k.", [("150k", "value", "revenue_mtd", "name")]),
    (
        "training",
        "Week to date 31 mi against a plan of 44 mi.",
        [("31", "value", "weekly_mileage", "band")],
    ),
    ("ops", "Incidents: 6.", [("6", "value", "incidents", "name")]),
    (
        "finance",
        "YTD revenue is $1.9M and burn is $101k.",
        [("101k", "value", "burn", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), SPANS)
def test_a_span_is_no_value_of_another_period(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), SPANS_PLAIN)
def test_a_span_is_no_value_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_name_of_the_same_period_or_cadence_and_other_clauses_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_name_that_says_the_span_reads_it() -> None:
    config = DetectorConfig(units={"usd": ("$",)}, names={"revenue_ytd": ("YTD revenue",)})
    detector = DefaultDetector(config)
    pool = [Known("revenue_ytd", 2_300_000, "usd")]
    assert flag_reader(detector, basis=True)("YTD revenue is $1.9M.", pool) == [
        ("1.9M", "value", "revenue_ytd", "name")
    ]


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(SPANS) >= 12
    assert len({domain for domain, _ in SPANS}) >= 4
