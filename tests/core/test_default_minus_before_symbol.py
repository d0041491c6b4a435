"""A minus before a currency symbol signs the amount, with or without a config.

"Net income was -$33,653", "Operating cash flow was -€12,400": with no `[units]` table
the symbol is no unit, and before the rule the minus in front of it was lost, so each
case in STATED was flagged as a sign flip of the value it states exactly. A config that
makes "$" a prefix unit read the sign already; now the plain reading does too. A minus
that joins two amounts ("$10-$12") is no sign, and an amount of the wrong sign or size
is still flagged.

Each case: (pool as name, value pairs; text), read by the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

STATED = [
    ({"net_income": -33653}, "Net income was -$33,653 this month."),
    ({"net_income": -33653}, "Net income came in at -$33.7k."),
    ({"net_income": -33653}, "Net income: −$33,653 for May."),
    ({"net_income": -33653, "cash": 2466115}, "Cash is $2.47M and net income is -$33,653."),
    ({"cash_flow": -12400}, "Operating cash flow was -€12,400 this quarter."),
    ({"fx_impact": -2100}, "FX impact: -£2,100 on the month."),
    ({"arpu_change": -1.25}, "ARPU change this week: -$1.25."),
    ({"revenue_change": -4200}, "Revenue change versus last week was -$4,200."),
    ({"cloud_spend_change": -830}, "Cloud spend change: -$830 after the reserved instances."),
    ({"savings_change": -310}, "Savings moved by -$310 this month."),
    ({"balance": -45.2}, "Your account balance is -$45.20 after the transfer."),
    ({"pnl": -880}, "Today's P&L: -$880."),
    ({"net_income": -1240000}, "Net income for the year: -¥1,240,000."),
]

STILL_READ = [
    ({"net_income": -33653}, "Net income was $33,653.", [("33,653", "sign", "net_income")]),
    ({"cash": 2466115}, "Cash is -$2.47M after payroll.", [("2.47M", "sign", "cash")]),
    ({"net_income": -33653}, "Net income was -$3,365.", [("3,365", "value", "net_income")]),
    # a minus between two amounts joins them
    ({"seat_cost": 12}, "Costs ran $10-$12 per seat.", []),
    ({"arpu": 30.48}, "ARPU moved from $31-$30.48 this week.", []),
]


def pool(values: dict[str, float]) -> list[Known]:
    return [Known(name, value, "none") for name, value in values.items()]


@pytest.mark.parametrize(("values", "text"), STATED)
def test_a_minus_before_the_symbol_signs_the_amount(values, text) -> None:
    assert READ(text, pool(values)) == []


@pytest.mark.parametrize(("values", "text", "expected"), STILL_READ)
def test_amounts_of_the_wrong_sign_or_size_are_still_flagged(values, text, expected) -> None:
    assert READ(text, pool(values)) == expected
