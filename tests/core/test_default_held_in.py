"""A name after "in" names the amount before it when the amount is held in it, in a unit
that is neither a share nor time spent: "We ended the month with $1.9M in cash", "$120k
in revenue", "400 GB in free disk". After a verb of paying or being paid the name says
how the money moved, not how much is held ("We paid $2,000 in cash for the deposit").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every amount named here is a
misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("finance", "We ended the month with $1.9M in cash.", [("1.9M", "value", "cash")]),
    ("finance", "We're sitting on $1.9M in cash.", [("1.9M", "value", "cash")]),
    ("finance", "The company holds $1.9M in cash and equivalents.", [("1.9M", "value", "cash")]),
    ("finance", "$1.9M in the bank balance at month end.", [("1.9M", "value", "cash")]),
    (
        "finance",
        "We booked $120k in revenue so far this month.",
        [("120k", "value", "revenue_mtd")],
    ),
    ("finance", "We brought in $120,000 in revenue.", [("120,000", "value", "revenue_mtd")]),
    ("finance", "The month closed with $130k in net burn.", [("130k", "value", "burn")]),
    ("finance", "We have $1.9 million in cash.", [("1.9 million", "value", "cash")]),
    ("ops", "We have 400 GB in free disk.", [("400", "value", "disk_free")]),
    ("ops", "There is 400 GB in disk headroom on the primary.", [("400", "value", "disk_free")]),
    ("training", "You logged 4.1 mi in today's run.", [("4.1", "value", "distance")]),
    ("training", "You have 35 mi in weekly mileage so far.", [("35", "value", "weekly_mileage")]),
    ("product", "We made $42 in average revenue per user.", [("42", "value", "arpu")]),
    # paid, spent, received: how money moved; a faithful amount; a share: no flag
    ("finance", "We paid $2,000 in cash for the deposit.", []),
    ("finance", "Customers paid $1.9M in cash.", []),
    ("finance", "We spent $120k in revenue-share fees.", []),
    ("finance", "We collected $1.9M in cash from customers.", []),
    ("finance", "We ended the month with $2.5M in cash.", []),
    ("product", "A 4% lift in conversion.", []),
    ("ops", "A 20% rise in CPU.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_name_after_in_names_what_is_held(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


NOUN_GOES_ON = [
    ("finance", "There's $5k in cash bonuses this quarter.", []),
    ("finance", "We have $40k in revenue-share obligations.", []),
    ("ops", "We freed 40 GB in free disk space.", []),
    ("sleep", "Your tracker logged 20 min for REM cycles.", []),
    ("training", "87 is your HRV target for the block.", []),
    ("product", "102,000 was the DAU figure on Monday.", [("102,000", "value", "dau")]),
    ("finance", "$1.9M in cash, and falling.", [("1.9M", "value", "cash")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), NOUN_GOES_ON)
def test_a_name_that_modifies_another_noun_names_nothing(domain, text, expected) -> None:
    # "cash bonuses", "revenue-share", "REM cycles": the noun after the name is the thing
    assert FLAGS[domain](text, POOLS[domain]) == expected
