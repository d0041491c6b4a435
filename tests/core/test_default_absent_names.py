"""A number named by a config's name of a metric the pool lacks is that metric's.

"Spend on tools is $19,400 a month" where the config names `expenses_mtd` ("spend") and
the pool holds no expenses, "Weekly actives reached 79,000" where `wau` is configured and
absent: the number is the named metric's, and there is nothing to check it against.
Before the rule the band read such numbers against the nearest value of their unit
(burn, a sign flip of net income, DAU, CTL), and 6 of the 14 cases in ABSENT were
flagged. A name that only shares words with the value read ("Revenue from the Berlin
entity" of `eu_revenue`) does not stop it, and the pool's own values are still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

ABSENT = [
    ("finance", "Spend on tools is $19,400 a month."),
    ("finance", "Operating expenses came to $101,000 this month."),
    ("finance", "Opex was $86,500 in November."),
    ("finance", "Expenses this month: $95,000."),
    ("finance", "Spend on contractors: $88,000."),
    ("product", "Weekly actives reached 79,000."),
    ("product", "Weekly active users: 84,000."),
    ("product", "WAU hit 85,000."),
    ("ops", "The error budget stands at 51%."),
    ("sleep", "Blood oxygen was 74%."),
    ("training", "Fatigue is 55 today."),
    ("training", "Acute load came in at 70."),
    ("training", "VO2max is 60."),
    ("training", "Sleep score: 72."),
]

STILL_READ = [
    ("finance", "Burn was $101,000 this month.", [("101,000", "value", "burn")]),
    ("product", "Daily actives reached 88,000.", [("88,000", "value", "dau")]),
    ("training", "HRV is 60.", [("60", "value", "hrv")]),
]


@pytest.mark.parametrize(("domain", "text"), ABSENT)
def test_an_absent_metrics_number_is_not_read_as_another(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_pools_values_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_name_that_shares_its_words_with_the_value_does_not_stop_it() -> None:
    # "Revenue" names `revenue_mtd`, which this pool lacks, but it is a word of
    # `eu_revenue`'s names: the number is still read against it
    pool = [Known("eu_revenue", 63764.74, "eur"), Known("expenses_mtd", 253509.19, "usd")]
    text = "Revenue from the Berlin entity is 58,360.90 EUR month to date."
    assert FLAGS["finance"](text, pool) == [("58,360.90", "value", "eu_revenue")]
