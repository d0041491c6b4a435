"""A return on a quantity is a ratio of it: "Return on ad spend was 3.2".

"Return on equity was 14", "Return on capital was 11", "Our return on capital is 9": the
number is a return, a ratio, not the quantity the name after "return on" holds. Before
the rule each case in RETURNS was flagged as a misstatement of that quantity (3.2 against
ad spend of $12,400, 14 against equity of $1.2M). The quantity said plainly is still
read.

Each case: (pool as name:value:unit items, text), read by the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

ADS = "spend:12400:usd roas:3.2:none"
EQUITY = "equity:1200000:usd net_income:-33653:usd"
CAPITAL = "capital:900000:usd burn:92417:usd"

RETURNS = [
    (ADS, "Return on ad spend was 3.2."),
    (ADS, "Return on spend came in at 2.9."),
    (ADS, "Return on ad spend for Meta: 2.7."),
    (EQUITY, "Return on equity was 14."),
    (EQUITY, "Returns on equity averaged 12 this year."),
    ("assets:5400000:usd cash:2466115:usd", "Return on assets came to 6."),
    ("investment:250000:usd revenue:169757:usd", "Return on investment is 3.1."),
    (CAPITAL, "Return on capital was 11."),
    (CAPITAL, "Our return on capital is 9."),
    ("marketing_spend:41000:usd signups:2268:none", "Return on marketing spend: 2.4."),
    ("training_time:270:min vo2max:51:none", "Return on training time is high: 4.5 per hour."),
]

STILL_READ = [
    (ADS, "Spend was 13,000 this week.", [("13,000", "value", "spend")]),
    (EQUITY, "Equity stands at 1.4M.", [("1.4M", "value", "equity")]),
    (CAPITAL, "Capital on hand: 1.1M.", [("1.1M", "value", "capital")]),
]


def pool(spec: str) -> list[Known]:
    return [Known(n, float(v), u) for n, v, u in (p.split(":") for p in spec.split())]


@pytest.mark.parametrize(("spec", "text"), RETURNS)
def test_a_return_on_a_quantity_is_no_value_of_it(spec, text) -> None:
    assert READ(text, pool(spec)) == []


@pytest.mark.parametrize(("spec", "text", "expected"), STILL_READ)
def test_the_quantity_said_plainly_is_still_read(spec, text, expected) -> None:
    assert READ(text, pool(spec)) == expected
