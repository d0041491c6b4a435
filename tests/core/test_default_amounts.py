"""A currency symbol before a number makes it an amount of that currency, whatever noun
follows it (PRODUCT.md class 16 over class 11): "$19,239 surplus", "$41,800 sales" and
"€12,400 bookings" are sums of money, not counts of surpluses, sales or bookings.

Each case: (text, pool, expected flags as (token, kind, nearest)). The quiet ones hold an
amount that states its value faithfully, or one no known value is near, so a rule that
flagged every prefixed amount would fail them.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import DefaultScanner
from tests.support.sentences import K, flag_reader

CONFIG = config_from_dict(
    {
        "units": {
            "usd": ["$", "USD", "dollars"],
            "eur": ["€", "EUR", "euros"],
            "gbp": ["£", "GBP", "pounds"],
        },
        "names": {"net_income": ["net income", "bottom line"], "arpu": ["ARPU"]},
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT)


LOSS = [K("net_income", -19238.84, "usd"), K("cash", 512300, "usd")]
SALES = [K("revenue", 38000, "usd"), K("refunds", 3150, "gbp"), K("eu_revenue", 11500, "eur")]

AMOUNTS = [
    ("Bottom line shows a $19,239 surplus.", LOSS, [("19,239", "sign", "net_income")]),
    ("We closed the month on a $19,239 surplus.", LOSS, [("19,239", "sign", "net_income")]),
    ("The books show a $19,239 deficit.", LOSS, []),
    ("We booked $41,800 sales this week.", SALES, [("41,800", "value", "revenue")]),
    ("We booked $38,000 sales this week.", SALES, []),
    ("About €12,400 bookings came in from Europe.", SALES, []),  # "about": an estimate
    ("€12,400 bookings came in from Europe.", SALES, [("12,400", "value", "eu_revenue")]),
    ("£2,900 refunds went out on Friday.", SALES, [("2,900", "value", "refunds")]),
    ("£3,150 refunds went out on Friday.", SALES, []),
    ("USD 41,000 receipts cleared on Thursday.", SALES, [("41,000", "value", "revenue")]),
    ("We paid a $4,500 bonus to the team.", SALES, []),  # near nothing the pool holds
    ("ARPU came to $8 dollars flat.", [K("arpu", 7.28, "usd")], [("8", "value", "arpu")]),
    ("There were 41,800 sales this week.", SALES, []),  # no symbol: a count, not money
    ("Cash is $512,300 reserves in the bank.", LOSS, []),
]


@pytest.mark.parametrize(("text", "pool", "expected"), AMOUNTS, ids=[c[0] for c in AMOUNTS])
def test_a_prefixed_amount_is_money_not_a_count(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_the_scanner_reads_the_prefix_before_a_plural_noun() -> None:
    scanner = DefaultScanner(CONFIG)
    tokens = {t.text: (t.value, t.unit, t.skip) for t in scanner.scan("$41,800 sales; 23 sales")}
    assert tokens == {"41,800": (41800.0, "usd", None), "23": (23.0, "none", "count")}
    read = scanner.scan("a $19,239 surplus, 4 sales")
    claims = [(t.text, t.unit) for t in read if t.skip is None]
    assert claims == [("19,239", "usd")]


# a word ending in "us" is a singular noun (surplus, bonus, status), not a count's plural
SINGULAR_US = [
    ("Readiness read 91 status amber.", [K("readiness", 83)], [("91", "value", "readiness")]),
    ("Uptime hit 91 consensus: fine.", [K("uptime", 99)], [("91", "value", "uptime")]),
    ("Overdue is 9 status open.", [K("overdue", 10)], [("9", "value", "overdue")]),
]


@pytest.mark.parametrize(("text", "pool", "expected"), SINGULAR_US, ids=[c[0] for c in SINGULAR_US])
def test_a_singular_noun_in_us_counts_nothing(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_the_rule_has_a_dozen_sentences() -> None:
    assert len(AMOUNTS) >= 12
