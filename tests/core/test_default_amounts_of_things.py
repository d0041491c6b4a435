"""An amount said of things just counted is theirs: "6 overdue invoices totalling $31k",
"We closed 4 deals worth $31k this month", "12 support tickets cost $29 each to resolve".

The band read such an amount as the pool's nearest value: a net loss of $33.7k flipped in
sign, an ARPU of $30.48. The count before it and a word of amount between ("worth",
"totalling", "came to", "for", a bracket) say it is the sum or the price of those things.
All cases of AMOUNTS were flagged with the domains' configs. A span of time counted before
an amount ("16 months ($88k a month)") and an amount with no count before it are still
read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

AMOUNTS = [
    ("finance", "6 overdue invoices totalling $31k."),
    ("finance", "6 overdue invoices worth $31k in total."),
    ("finance", "We closed 4 deals worth $31k this month."),
    ("finance", "3 refunds came to $35k."),
    ("finance", "6 overdue invoices ($31k) are past 30 days."),
    ("finance", "Four invoices for $31k each went out today."),
    ("finance", "3 unpaid invoices amounting to $35k are with collections."),
    ("finance", "We wrote off 2 invoices totalling $31k."),
    ("finance", "Collections recovered 5 invoices worth $36k."),
    ("product", "12 support tickets cost $29 each to resolve."),
    ("product", "3 upsells worth $32 a month landed."),
    ("product", "We issued 25 credits worth $32 apiece."),
]

STILL_READ = [
    ("finance", "We made $31k this month.", [("31k", "sign", "net_income", "band")]),
    ("finance", "Net income: $31k.", [("31k", "sign", "net_income", "name")]),
    ("finance", "Burn is $88k a month.", [("88k", "value", "burn", "name")]),
    (
        "finance",
        "Runway is 15.6 months at a burn of $88k.",
        [("88k", "value", "burn", "name")],
    ),
    ("finance", "Cash covers 16 months ($88k a month).", [("88k", "value", "burn", "band")]),
    ("finance", "We have 16 months at $88k a month.", [("88k", "value", "burn", "band")]),
    ("product", "ARPU came to $32.", [("32", "value", "arpu", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), AMOUNTS)
def test_an_amount_of_things_just_counted_is_theirs(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_an_amount_with_no_count_before_it_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(AMOUNTS) >= 12
    assert len({domain for domain, _ in AMOUNTS}) >= 2
