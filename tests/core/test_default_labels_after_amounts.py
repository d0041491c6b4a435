"""An amount's label after it, in a list of amounts, says what the amount is: "$14.5k rent,
$9.2k software and $188k payroll", "$32 licences and $8 overages".

With a config, a label before an amount in a list already said so ("payroll $84k, hosting
$21k"); written after it, the band read the amount as the pool's nearest (revenue,
burn, a loss's size, the ARPU). All 13 cases of LABELED were flagged with the domains'
configs. An amount whose label names the pool's value, or one with no list around it, is
still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

LABELED = [
    ("finance", "We paid $14.5k rent, $9.2k software and $188k payroll."),
    ("finance", "Outflows were $188k payroll, $31k contractors and $14k travel."),
    ("finance", "This month: $160k payroll and $12k legal."),
    ("finance", "Costs were $2.3M headcount and $0.4M vendors this year."),
    ("finance", "November had $170k bookings and $20k refunds."),
    ("finance", "The round added $2.5M equity and $100k notes."),
    ("finance", "We refunded $35k credits and $5k chargebacks."),
    ("finance", "They quoted $165k implementation and $20k training."),
    ("finance", "We paid $88k salaries and $9k tools."),
    ("product", "Each paid user brings $29 subscriptions and $3 add-ons."),
    ("product", "Each team pays $32 licences and $8 overages."),
    ("product", "Customers spent $29 add-ons and $6 credits."),
    ("product", "Buyers paid $33 bundles and $7 extras."),
]

STILL_READ = [
    (
        "finance",
        "We booked $160k revenue and $68.8k COGS.",
        [("160k", "value", "revenue_mtd", "name")],
    ),
    ("finance", "We paid $88k.", [("88k", "value", "burn", "band")]),
    ("product", "Users pay $33 on average.", [("33", "value", "arpu", "band")]),
]


@pytest.mark.parametrize(("domain", "text"), LABELED)
def test_an_amount_labeled_after_it_is_its_labels(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_an_amount_labeled_by_the_value_or_alone_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_more_than_one_domain() -> None:
    assert len(LABELED) >= 12
    assert len({domain for domain, _ in LABELED}) >= 2
