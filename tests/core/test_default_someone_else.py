"""A metric said of someone else than the reader is not the pool's value: a population
("Runners your age average a resting HR of 62", "Most people get 90 minutes of deep
sleep"), a person named by a possessive ("Sam's resting HR is 62", "Your partner's sleep
score was 90", "AWS's published p95"), a norm ("A typical resting HR is 62 bpm"), and a
number no name is beside in such a clause ("Peers at our stage burn $150k a month"). Before
a number, a norm's word judges the reader's own ("a healthy 10.9", "your normal of 58").
The brief's reader named by a possessive is still the reader when the brief greets them
by that name ("Hi Mei. Mei's HRV came in at 80"), and a possessive of a time is no person
("Sunday's long run"). A point or a comma inside a number ends no clause.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Most numbers here are past the
band of the value its name gives it, so only the name could flag them.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

SOMEONE_ELSE = [
    ("training", "Runners your age average a resting HR of 62."),
    ("training", "Most runners see HRV around 80."),
    ("training", "A typical resting HR is 62 bpm."),
    ("training", "Sam's resting HR is 62."),
    ("training", "Your teammates logged 35 miles of weekly mileage."),
    ("sleep", "Most people get 120 minutes of deep sleep."),
    ("sleep", "Your partner's sleep score was 90."),
    ("sleep", "People your age average an HRV of 60."),
    ("sleep", "Adults in their 40s see a resting HR of 60 bpm."),
    ("sleep", "A healthy respiratory rate is 18."),
    ("ops", "Our peers run error rate near 5%."),
    ("ops", "Priya's p95 latency dashboard shows 1,200 ms."),
    ("product", "Others in our space report churn of 6%."),
    ("product", "A normal NPS for B2B tools is 30."),
    ("finance", "Most startups our size hold cash of $5M."),
    # a competitor, an industry, a benchmark, a recommended amount
    ("product", "Competitor NPS is 35."),
    ("product", "Benchmark D7 retention for consumer apps: 25%."),
    ("finance", "Industry benchmark gross margin: 70%."),
    ("ops", "Industry-standard error rate: under 1%."),
    ("sleep", "The recommended amount of deep sleep is 90 minutes."),
    ("sleep", "A healthy amount of REM is 120 minutes."),
    # more people, a company by its possessive, and a number no name is beside
    ("training", "For context, elite marathoners run 100+ miles a week; you're at 27.3."),
    ("product", "Category leaders see NPS of 60+."),
    ("product", "Our closest competitor claims 150,000 DAU."),
    ("product", "Our closest competitor claims 2.5 million DAU."),
    ("ops", "AWS's published p95 for this service is 250 ms."),
    ("finance", "Peers at our stage burn $150k a month on average."),
    ("sleep", "Your partner's deep sleep came to 90 minutes."),
]

THE_READER = [
    ("training", "Hi Mei. Mei's HRV came in at 80.", [("80", "value", "hrv")]),
    ("training", "Sunday's long run: 12 mi.", [("12", "value", "distance")]),
    ("training", "Today's HRV: 80.", [("80", "value", "hrv")]),
    (
        "training",
        "Resting heart rate is 61 bpm against your 47 bpm normal and HRV is 80.",
        [("61", "value", "rhr"), ("80", "value", "hrv")],
    ),
    ("sleep", "Your HRV is 60, normal for you.", [("60", "value", "hrv")]),
    ("training", "Your resting HR, 62, is normal.", [("62", "value", "rhr")]),
    # a norm's word before a number judges it, or names the reader's own
    ("training", "Your form is a healthy 10.9.", [("10.9", "sign", "tsb")]),
    ("training", "HRV 67, close to your normal of 58.", [("58", "value", "hrv_baseline")]),
]


@pytest.mark.parametrize(("domain", "text"), SOMEONE_ELSE)
def test_a_metric_of_someone_else_is_not_the_reader_s_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), THE_READER)
def test_the_reader_s_own_value_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(SOMEONE_ELSE) >= 12 and len({domain for domain, _ in SOMEONE_ELSE}) >= 4
