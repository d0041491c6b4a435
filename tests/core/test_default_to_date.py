"""An amount to date: "Revenue is $210k month-to-date" states the revenue of the month so
far, a value of a name that says the same period ("revenue_mtd", an alias "month-to-date
revenue"). Read so, a misstatement is found. Of a name that says another period, or none,
the number is no reading, as any time window after a number is ("14 days").

Each case: (domain, text, expected flags as (token, kind, nearest)); the domain's config
is the evaluation corpus's (fixtures/eval/configs/), its pool the one below.
"""

from __future__ import annotations

import pytest

from reviewer import Known as K
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

OWN = {
    "product": [K("signups_mtd", 2268, "none"), K("dau", 81475, "none")],
    "ops": [K("incidents_qtd", 14, "none"), K("cpu", 48, "pct")],
    "training": [K("mileage_ytd", 540.0, "mi"), K("rhr", 50, "bpm")],
}

CASES = [
    ("finance", "Revenue is $210,000 month-to-date.", [("210,000", "value", "revenue_mtd")]),
    ("finance", "Revenue stands at $210k month-to-date.", [("210k", "value", "revenue_mtd")]),
    ("finance", "MTD revenue: $210k month-to-date.", [("210k", "value", "revenue_mtd")]),
    ("finance", "Revenue: $210,000 month-to-date.", [("210,000", "value", "revenue_mtd")]),
    ("finance", "Revenue is $169,757 month-to-date.", []),
    ("finance", "Revenue is $169.8k month-to-date.", []),
    ("finance", "Revenue stands at $210k year-to-date.", []),  # another period
    ("product", "Signups are at 2,900 month-to-date.", [("2,900", "value", "signups_mtd")]),
    ("product", "Signups reached 2,900 month-to-date.", [("2,900", "value", "signups_mtd")]),
    ("product", "Signups are at 2,268 month-to-date.", []),
    ("product", "DAU is 95,000 month-to-date.", []),  # a name of no period
    ("ops", "Incidents are at 21 quarter-to-date.", [("21", "value", "incidents_qtd")]),
    ("ops", "Incidents were at 21 quarter-to-date.", [("21", "value", "incidents_qtd")]),
    ("ops", "Incidents are at 14 quarter-to-date.", []),
    ("training", "Mileage is 612 mi year-to-date.", [("612", "value", "mileage_ytd")]),
    ("training", "Your mileage stands at 612 mi year-to-date.", [("612", "value", "mileage_ytd")]),
    ("training", "Mileage is 540 mi year-to-date.", []),
    ("training", "Mileage is 612 mi month-to-date.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_an_amount_to_date_is_read_by_a_name_of_its_period(domain, text, expected) -> None:
    assert FLAGS[domain](text, OWN.get(domain, POOLS[domain])) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 10 and domains >= 4
