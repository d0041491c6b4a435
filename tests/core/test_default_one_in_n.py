"""The second number of "1 in 4 orders" is a ratio's, not a count of the noun after it.

"About 1 in 4 signups came from the referral link", "Only 1 in 18 alerts this week
needed a human": the two numbers say a share. Before the rule the second was read as
the count its noun names (4 signups of 2,268), and each case in RATIOS was flagged as a
misstatement of that count. A count of the noun said plainly is still read, and so is
a count before "in" a number of days.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

RATIOS = [
    ("ops", "About 1 in 4 incidents came from the same config change."),
    ("ops", "Roughly 1 in 20 alerts was actionable."),
    ("ops", "Only 1 in 18 alerts this week needed a human."),
    ("ops", "1 in 6 incidents was customer-facing."),
    ("product", "About 1 in 4 signups came from the referral link."),
    ("product", "1 in 3 DAU opened the new tab."),
    ("product", "Nearly 1 in 40 signups churned in the first week."),
    ("finance", "About 1 in 5 overdue invoices is more than 60 days late."),
    ("finance", "Roughly 1 in 8 open positions is for sales."),
    ("finance", "Only 1 in 7 overdue invoices has a disputed amount."),
    ("sleep", "About 1 in 3 awakenings lasted longer than 5 minutes."),
    ("training", "Roughly 1 in 10 steps today came from the afternoon walk."),
    ("finance", "One in 6 overdue invoices is from the same customer."),
]

STILL_READ = [
    ("ops", "We had 4 incidents in 5 days.", [("4", "value", "incidents")]),
    ("ops", "Incidents: 7, 1 in 5 of them sev 1.", [("7", "value", "incidents")]),
    ("product", "Signups reached 2,268 in 7 days.", []),
    ("product", "Signups reached 2,900 in 7 days.", [("2,900", "value", "signups")]),
    (
        "finance",
        "Overdue invoices: 9, 1 in 3 of them disputed.",
        [("9", "value", "overdue_invoices")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), RATIOS)
def test_one_in_n_is_a_ratio(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_counts_beside_a_ratio_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
