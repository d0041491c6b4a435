"""Class 13, a sign carried by words: phrases after the number that give its sign ("in the
red", "in the hole", "underwater", "in the black", "in surplus"), as the single sign words
"deficit" and "surplus" do. Written as the number's sign, they make "$19,239 in the red" a
faithful citation of a net income of -19,238.84 and "$19,239 in the black" a sign flip.

Each case: (text, pool, expected flags as (token, kind, nearest)).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.prose import word_sign
from tests.support.sentences import K, flag_reader

CONFIG = config_from_dict(
    {
        "units": {"usd": ["$", "USD", "dollars"], "eur": ["€", "EUR", "euros"]},
        "names": {"net_income": ["net income", "bottom line"], "tsb": ["TSB", "form"]},
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT)


LOSS = [K("net_income", -19238.84, "usd"), K("cash", 512300, "usd")]
PROFIT = [K("net_income", 19238.84, "usd"), K("cash", 512300, "usd")]
FORM = [K("tsb", -22.4), K("ctl", 79.3)]
EU = [K("eu_net", -4100, "eur")]

PHRASES = [
    ("Net income: $19,239 in the red.", LOSS, []),
    ("Net income: $19,239 in the red.", PROFIT, [("19,239", "sign", "net_income")]),
    ("Net income: $19,239 in the black.", LOSS, [("19,239", "sign", "net_income")]),
    ("Net income: $19,239 in the black.", PROFIT, []),
    ("The month closed $19,239 in the hole.", LOSS, []),
    ("The month closed $19,239 in the hole.", PROFIT, [("19,239", "sign", "net_income")]),
    ("We ended $19,239 underwater.", LOSS, []),
    ("We ended $19,239 underwater.", PROFIT, [("19,239", "sign", "net_income")]),
    ("The bottom line is $19,239 in surplus.", LOSS, [("19,239", "sign", "net_income")]),
    ("The bottom line is $19,239 in deficit.", LOSS, []),
    ("TSB reads 22.4 in the hole.", FORM, []),
    ("Form is 22.4 in the red.", FORM, []),
    ("Form is 22.4 in the black.", FORM, [("22.4", "sign", "tsb")]),
    ("Europe ran €4,100 in the red.", EU, []),
    ("Europe ran €4,100 in the black.", EU, [("4,100", "sign", "eu_net")]),
    # a loss, a shortfall, the negative side: the same sign in other words
    ("Net income fell to a $19,239 loss.", LOSS, []),
    ("Net income rose to a $19,239 loss.", PROFIT, [("19,239", "sign", "net_income")]),
    ("The month closed with a $19,239 loss.", LOSS, []),
    ("The month closed with a $19,239 loss.", PROFIT, [("19,239", "sign", "net_income")]),
    ("We are $19,239 short this month.", LOSS, []),
    ("A shortfall of $19,239 this month.", LOSS, []),
    ("TSB is 22.4 on the negative side.", FORM, []),
    ("TSB is 22.4 on the positive side.", FORM, [("22.4", "sign", "tsb")]),
    ("Europe posted a €4,100 loss.", EU, []),
]


@pytest.mark.parametrize(("text", "pool", "expected"), PHRASES, ids=[c[0] for c in PHRASES])
def test_a_phrase_after_the_number_gives_its_sign(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_a_phrase_on_the_next_line_gives_no_sign() -> None:
    text = "Net income: $1,200\nIn the red column, the refunds."
    start = text.index("1,200")
    assert word_sign(text, start, start + 5) == (0, False)


def test_the_rule_has_a_dozen_sentences() -> None:
    assert len(PHRASES) >= 12
