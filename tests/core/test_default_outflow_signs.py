"""A loss or an outflow carries its sign in its name ("net_loss", "burn", "opex",
"marketing_spend", "sleep_deficit"): one pool holds it as a size ("net_loss 33653"),
another below zero ("burn -92417"), and the prose says the same thing either way ("a net
loss of $33,653", "Burn: -$92,417", "Burn was $92.4k"). The sign is then no
contradiction; the size is still compared. A quantity whose name is no loss ("net_income")
and a change of one ("burn_change") keep their signs. And a sign word that is part of the
name a number is read by ("sleep deficit", "packet loss", "drop-off rate") gives the
number no sign and makes it no change: "Packet loss was 1.2%" states the packet loss.

Each case: (domain, text, expected flags as (token, kind, nearest)); the domain's config
is the evaluation corpus's (fixtures/eval/configs/), its pool the one below.
"""

from __future__ import annotations

import pytest

from reviewer import Known as K
from tests.core.test_default_name_voices import DETECTORS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

SIZES = [K("net_loss", 33653.0, "usd"), K("burn", 92417.0, "usd"),
         K("expenses_mtd", 41200.0, "usd"), K("net_income", -33653.0, "usd"),
         K("burn_change", -5.0, "pct"), K("cash", 2466115.69, "usd")]  # fmt: skip
BELOW_ZERO = [K("burn", -92417.0, "usd"), K("operating_loss", -15400.0, "usd"),
              K("opex", -41200.0, "usd"), K("cash", 2466115.69, "usd")]  # fmt: skip
PRODUCT = [K("marketing_spend", -18250.0, "usd"), K("arpu", 30.48, "usd"),
           K("dau", 81475, "none")]  # fmt: skip
SLEEP = [K("sleep_deficit", -1.5, "h"), K("skin_temp", -0.4, "degc"),
         K("sleep_score", 67, "pct")]  # fmt: skip
POOLS = {"sizes": ("finance", SIZES), "below": ("finance", BELOW_ZERO),
         "product": ("product", PRODUCT), "sleep": ("sleep", SLEEP),
         "packets": ("ops", [K("packet_loss", 0.4, "pct"), K("cpu", 48, "pct")]),
         "funnel": ("product", [K("drop_off_rate", 22.0, "pct"), K("dau", 81475, "none")]),
         "blocks": ("training", [K("decline_rate", 12.0, "pct"), K("rhr", 50, "bpm")])}  # fmt: skip

CASES = [
    # a loss held as its size, told with its sign
    ("sizes", "Net loss was -$33,653.", []),
    ("sizes", "Net loss: ($33,653).", []),
    ("sizes", "The month closed with a net loss of $33.7k.", []),
    ("sizes", "Net loss was -$50k.", [("50k", "value", "net_loss")]),
    ("sizes", "Net loss: ($50,000).", [("50,000", "value", "net_loss")]),
    ("sizes", "Burn: -$92,417.", []),
    ("sizes", "Burn came to -$150k.", [("150k", "value", "burn")]),
    ("sizes", "Expenses were -$41.2k.", []),
    ("sizes", "Expenses were -$60k.", [("60k", "value", "expenses_mtd")]),
    # an outflow held below zero, told as a size
    ("below", "Burn was $92.4k this month.", []),
    ("below", "Monthly burn: $92,417.", []),
    ("below", "Net burn of $120k.", [("120k", "value", "burn")]),
    ("below", "Operating loss was $15.4k.", []),
    ("below", "Operating loss was $25k.", [("25k", "value", "operating_loss")]),
    ("below", "Opex: $41,200.", []),
    ("below", "Opex came in at $60k.", [("60k", "value", "opex")]),
    ("product", "Marketing spend was $18,250 this week.", []),
    ("product", "Marketing spend hit $30k this week.", [("30k", "value", "marketing_spend")]),
    ("sleep", "Sleep deficit of 1.5 h.", []),
    ("sleep", "Sleep deficit: 3 h.", [("3", "value", "sleep_deficit")]),
    # no loss by name, and a change of one: the sign still contradicts
    ("sizes", "Net income was $33,653.", [("33,653", "sign", "net_income")]),
    ("sizes", "Burn change was +5%.", [("+5", "sign", "burn_change")]),
    ("sleep", "Skin temperature was +0.4 °C.", [("+0.4", "sign", "skin_temp")]),
]

NAME_WORDS = [
    ("sleep", "Your sleep deficit is 3 h.", [("3", "value", "sleep_deficit")]),
    ("sleep", "Sleep deficit of 3 hours.", [("3", "value", "sleep_deficit")]),
    ("sleep", "Last night's sleep deficit came to 3 h.", [("3", "value", "sleep_deficit")]),
    ("sleep", "Your sleep deficit is 1.5 h.", []),
    ("sleep", "Sleep deficit fell 3 h.", []),  # a change, and the pool holds none of it
    ("sizes", "Net loss for the month was $50,000.", [("50,000", "value", "net_loss")]),
    ("sizes", "The net loss came in at $50k.", [("50k", "value", "net_loss")]),
    ("packets", "Packet loss was 1.2%.", [("1.2", "value", "packet_loss")]),
    ("packets", "Packet loss sat at 1.2% overnight.", [("1.2", "value", "packet_loss")]),
    ("packets", "Packet loss hit 1.2%.", [("1.2", "value", "packet_loss")]),
    ("packets", "Packet loss was 0.4%.", []),
    ("funnel", "Drop-off rate was 30%.", [("30", "value", "drop_off_rate")]),
    ("funnel", "The drop-off rate is 30% this week.", [("30", "value", "drop_off_rate")]),
    ("funnel", "Drop-off rate was 22%.", []),
    ("blocks", "Your decline rate is 20% this block.", [("20", "value", "decline_rate")]),
    ("blocks", "Decline rate: 20%.", [("20", "value", "decline_rate")]),
]
CASES += NAME_WORDS


@pytest.mark.parametrize(("pool", "text", "expected"), CASES)
def test_a_loss_or_outflow_is_compared_by_its_size(pool, text, expected) -> None:
    domain, known = POOLS[pool]
    assert FLAGS[domain](text, known) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains([(POOLS[p][0], t, e) for p, t, e in CASES])
    assert count >= 12 and domains >= 3
