"""A share told by its name's verb after the population it is a share of: "3.4% of
visitors converted" states the conversion rate, "4.2% of customers churned" the churn,
"3.1% of requests errored" the error rate (a name's "rate" is the share, its other word
the verb). Another value's verb first ("3.4% of DAU signed up"), a verb no share has
("40% of visitors came from search"), or a clause that ends first: no reading.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool (tests/core/test_default_name_voices.py, plus a rate or two) and config; every
share named here is a misstatement past the band.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
RATES = {
    "ops": [Known("success_rate", 97.5, "pct")],
    "training": [Known("completion_rate", 85, "pct")],
    "finance": [Known("collection_rate", 92, "pct"), Known("renewal_rate", 88, "pct")],
}

CASES = [
    ("product", "3.4% of visitors converted.", [("3.4", "value", "conversion")]),
    ("product", "Only 3.4% of trial users converted this week.", [("3.4", "value", "conversion")]),
    ("product", "4.2% of customers churned.", [("4.2", "value", "churn")]),
    ("product", "This month 4.2% of our subscribers have churned.", [("4.2", "value", "churn")]),
    ("ops", "3.1% of requests errored.", [("3.1", "value", "error_rate")]),
    ("ops", "3.1% of all API calls errored out today.", [("3.1", "value", "error_rate")]),
    ("ops", "80% of requests succeeded during the incident.", [("80", "value", "success_rate")]),
    (
        "training",
        "60% of your sessions were completed this block.",
        [("60", "value", "completion_rate")],
    ),
    ("training", "You completed 60% of your sessions.", []),
    ("finance", "70% of invoices were collected on time.", [("70", "value", "collection_rate")]),
    ("finance", "Only 70% of contracts renewed this quarter.", [("70", "value", "renewal_rate")]),
    ("finance", "70% of enterprise customers renewed.", [("70", "value", "renewal_rate")]),
    ("product", "Conversion was 2.6%, and 3.4% of visitors churned.", [("3.4", "value", "churn")]),
    ("product", "So far 3.4% of new visitors converted.", [("3.4", "value", "conversion")]),
    # another value's verb first, a verb no share has, the clause ended, faithful: none
    ("product", "3.4% of DAU signed up.", []),
    ("product", "40% of visitors came from search.", []),
    ("product", "3.4% of visitors. Converted ones paid more.", []),
    ("product", "2.6% of visitors converted.", []),
    ("ops", "97.5% of requests succeeded.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_share_is_named_by_its_verb(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain] + RATES.get(domain, [])) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
