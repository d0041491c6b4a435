"""An amount in the accountant's parentheses is below zero in more of the places reports
put it: "Net loss ($33.7k)", "Net income was (33.7k)", "DAU change: (7.5%)".

Parentheses around an amount were read as a minus after a colon, a table's bar or a verb
of statement when a currency sign stood inside ("Net income: ($33,653)"); now after such a
word with no currency too ("was (33.7k)", a percentage's "(7.5%)"), and after a name's
word when the currency stands inside ("Net loss ($33.7k)", "Bottom line ($33.7k)"). A value
the pool holds as positive is compared by size as before ("Revenue MTD ($120k)" is still
read past the band). All cases of NEGATIVES were flagged as sign flips with the domains'
configs.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

NEGATIVES = [
    ("finance", "Net loss ($33.7k), improved from ($41.0k)."),
    ("finance", "Net loss ($33.7k)."),
    ("finance", "Net income ($33,653) for the month."),
    ("finance", "Net income was (33.7k)."),
    ("finance", "Net income came in at (33.7k)."),
    ("finance", "Net income for March: (33,653)."),
    ("finance", "Bottom line ($33.7k) for March."),
    ("finance", "Net income after tax ($33.7k) was flat."),
    ("product", "DAU change: (7.5%) week over week."),
    ("product", "DAU change was (7.5%)."),
    ("product", "DAU change came in at (7.5%)."),
    ("ops", "Latency change: (10.6%)."),
    ("ops", "Latency change was (10.6%) after the fix."),
]

STILL_READ = [
    ("finance", "Net income ($38.9k) for the month.", [("38.9k", "value", "net_income", "name")]),
    ("finance", "Net income was (38.9k).", [("38.9k", "value", "net_income", "name")]),
    ("product", "DAU change: (9.5%) week over week.", [("9.5", "value", "dau_change", "name")]),
    ("product", "DAU change: 7.5% week over week.", [("7.5", "sign", "dau_change", "name")]),
    ("finance", "Revenue MTD ($120k) is behind.", [("120k", "value", "revenue_mtd", "name")]),
    ("finance", "Cash ($1.9M) covers the year.", [("1.9M", "value", "cash", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), NEGATIVES)
def test_an_amount_in_parentheses_is_below_zero(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), NEGATIVES)
def test_an_amount_in_parentheses_is_below_zero_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_its_size_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(NEGATIVES) >= 12
    assert len({domain for domain, _ in NEGATIVES}) >= 3
