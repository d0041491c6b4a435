"""The whole in "N of M" is no citation when a currency symbol stands before it either:
"$2.1M of the $2.3M in the bank".

PRODUCT.md's class 11 reads "N of M" as a count of things, and "4 of the 5 sessions" or
"600 GB of the 700 GB quota" were read so. A currency symbol before the whole hid the
"of" from the rule, and the band then read the whole as the nearest amount of the pool
("$99k" of "$51k of the $99k overdue" as the burn): all 13 cases of WHOLES were
flagged. A value named outside "N of M" is still read. A named whole is now read as "4 of
the 12 open roles" always was: "$22 of the $33 ARPU" is no longer flagged either.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

WHOLES = [
    ("finance", "$2.1M of the $2.3M in the bank is restricted."),
    ("finance", "$150k of our $180k pipeline closed."),
    ("finance", "We collected $51k of the $99k overdue."),
    ("finance", "Only $40k of the $85k spent this month was payroll."),
    ("finance", "$1.9M of the $2.2M raised is still unspent."),
    ("finance", "About $60k of the $160k booked is annual prepay."),
    ("product", "Subscriptions make up $22 of the $33 ARPU."),
    ("product", "$18 of the $28 average order is shipping."),
    ("product", "Add-ons bring $9 of the $27 per user."),
    ("product", "$12 of the $29 basket is delivery."),
    ("product", "Ads earn $4 of the $32 each user brings in."),
    ("product", "Premium users pay $19 of the $31.50 blended price."),
    ("finance", "$1.5M of the $2.6M is in treasury bills."),
]

STILL_READ = [
    ("product", "ARPU is $33, of which $22 is subscriptions.", [("33", "value", "arpu", "name")]),
    (
        "finance",
        "Cash is $2.3M, of which $2.1M is restricted.",
        [("2.3M", "value", "cash", "name")],
    ),
    ("finance", "Burn was $85k.", [("85k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), WHOLES)
def test_the_whole_of_a_part_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_whole_its_name_says_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(WHOLES) >= 12
    assert len({domain for domain, _ in WHOLES}) >= 2
