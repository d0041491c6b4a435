"""An amount of money is no count of things: "6 invoices overdue ($48.3k)".

With no config, "$" is no unit, and "$48.3k" was read as a plain number: beside a name
that counts things (`overdue_invoices`, `incidents`, `signups`), the name read the amount
as that count ("Alerts cost $22 in SMS fees" as 22 alerts). All 14 cases of AMOUNTS
were flagged. A value whose name counts things is unitless and whole, its last word a
plural noun that is no sum of money ("sales", "earnings"); an amount of a unitless value
of money ("Net income was $33,653", "Sales were $52k") is still read, and so is the count
said beside the amount.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py)
and no config.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import K, flag_reader

PLAIN = flag_reader(DefaultDetector(), basis=True)

AMOUNTS = [
    ("finance", "6 invoices overdue ($48.3k)."),
    ("finance", "Overdue invoices total $48.3k."),
    ("finance", "Overdue invoices are worth $12k."),
    ("finance", "Open positions carry $1.2M in annual salary... "),
    ("ops", "Incidents cost us $5,000 in credits."),
    ("product", "Experiments cost $11k in tooling."),
    ("ops", "Alerts cost $22 in SMS fees this week."),
    ("product", "Signups: 2,268 ($2,500 in referral credits)."),
    ("product", "We paid $2,400 for signups from ads."),
    ("ops", "Alerts ran us $21 in paging costs."),
    ("ops", "Incidents refunded $6 per affected user."),
    ("product", "Signups cost $2.1k in ad spend today."),
    ("product", "Experiments billed $9 per variant."),
    ("finance", "Open positions: $8 per applicant on the job board."),
]

STILL_READ = [
    ("We had 7 incidents ($5k in credits).", POOLS["ops"], [("7", "value", "incidents", "name")]),
    ("Overdue invoices: 8.", POOLS["finance"], [("8", "value", "overdue_invoices", "name")]),
    ("Sales were $52k.", [K("sales", 48000)], [("52k", "value", "sales", "name")]),
    (
        "Net income was $33,653.",
        [K("net_income", -33653)],
        [("33,653", "sign", "net_income", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), AMOUNTS)
def test_an_amount_is_no_count_of_things(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("text", "pool", "expected"), STILL_READ)
def test_counts_and_amounts_of_money_are_still_read(text, pool, expected) -> None:
    assert PLAIN(text, pool) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(AMOUNTS) >= 12
    assert len({domain for domain, _ in AMOUNTS}) >= 3
