"""A noun that tells the number's sign or its change between a name and the number ("Net
income was a loss of $50k", "DAU saw a drop of 15%") is no qualifier of the name: "a loss
of", "a profit of", "a deficit of" give a level its sign; "a drop of", "a rise of", "a
gain of" make the number a change, the named change's (or the change of the named level
the pool holds), and no change held, no reading ("Error rate was a jump of 3.1%").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every number named here is a
misstatement past the band, or a sign flip.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("finance", "Net income was a loss of $50k.", [("50k", "value", "net_income")]),
    ("finance", "Net income for the month was a loss of $50k.", [("50k", "value", "net_income")]),
    ("finance", "Net income came in at a loss of $50k.", [("50k", "value", "net_income")]),
    ("finance", "Bottom line: a loss of $50k.", [("50k", "value", "net_income")]),
    ("finance", "Net income was a profit of $50k.", [("50k", "sign", "net_income")]),
    ("finance", "Net income swung to a profit of $33k.", [("33k", "sign", "net_income")]),
    ("finance", "Gross margin saw a drop of 300 bps.", [("300", "value", "margin_change")]),
    ("ops", "Latency change was a drop of 20%.", [("20", "value", "latency_change")]),
    ("ops", "p95 latency saw a rise of 20%.", [("20", "sign", "latency_change")]),
    (
        "ops",
        "p95 latency posted a decline of 25% on the week.",
        [("25", "value", "latency_change")],
    ),
    ("product", "DAU saw a drop of 15%.", [("15", "value", "dau_change")]),
    ("product", "DAU posted a drop of 15% week over week.", [("15", "value", "dau_change")]),
    ("product", "DAU change was a gain of 7.5%.", [("7.5", "sign", "dau_change")]),
    # faithful, and a change of a level the pool holds no change of: no flag
    ("finance", "Net income was a loss of $33.7k.", []),
    ("product", "DAU saw a drop of 7.5%.", []),
    ("ops", "Error rate was a jump of 3.1%.", []),
    ("training", "Readiness was a drop of 38%.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_sign_noun_after_the_name_is_read_not_taken_for_a_qualifier(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 3


# the same nouns after the number ("a 7.5% decline", "a 20% jump"): the change and its
# sign; and an amount in the accountant's parentheses where a value stands ("Net income:
# ($33,653)") is below zero, though never a sign contradiction of an outflow the pool
# holds as positive ("Burn: ($92,417)"), whose size is still compared
NOUN_AFTER = [
    ("product", "DAU saw a 7.5% increase this week.", [("7.5", "sign", "dau_change")]),
    ("product", "DAU saw a 15% decline this week.", [("15", "value", "dau_change")]),
    ("product", "DAU saw a 7.5% decline this week.", []),
    ("ops", "p95 latency posted a 20% jump.", [("20", "sign", "latency_change")]),
    ("ops", "p95 latency posted a 25% drop on the week.", [("25", "value", "latency_change")]),
    ("ops", "p95 latency posted a 10.6% reduction.", []),
    ("finance", "Gross margin took a 300 bps dip.", [("300", "value", "margin_change")]),
    ("finance", "Gross margin saw a 167 bps uptick.", [("167", "sign", "margin_change")]),
    ("finance", "Gross margin saw a 167 bps contraction.", []),
    ("finance", "Net income: ($33,653).", []),
    ("finance", "Net income: $(33,653).", []),
    ("finance", "| Net income | ($33,653) |", []),
    ("finance", "Net income was ($50,000).", [("50,000", "value", "net_income")]),
    ("finance", "Burn: ($92,417)", []),
    ("finance", "Burn: ($150,000)", [("150,000", "value", "burn")]),
    ("finance", "Net income: $33,653.", [("33,653", "sign", "net_income")]),
    # an aside on a name in parentheses is no negative
    ("finance", "Cash ($1.9M) covers the quarter.", [("1.9M", "value", "cash")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), NOUN_AFTER)
def test_a_sign_noun_after_the_number_or_an_accountant_s_parentheses(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_noun_after_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(NOUN_AFTER)
    assert count >= 9 and domains >= 3 and len(NOUN_AFTER) >= 12


# a dashboard's arrow before a change gives its direction, as "down" or "up" would
ARROWS = [
    ("product", "• DAU: 81,475 (↓7.5% w/w)", []),
    ("product", "DAU 81,475 ▼ 7.5% WoW", []),
    ("product", "DAU 81,475 ▲ 7.5% WoW", [("7.5", "sign", "dau_change")]),
    ("product", "DAU 81,475 (↑7.5%)", [("7.5", "sign", "dau_change")]),
    ("product", "DAU change: ↓7.5%", []),
    ("ops", "p95: 728 ms ▼ 10.6% | p50: 203 ms", []),
    ("ops", "p95: 728 ms ▲ 10.6% | p50: 203 ms", [("10.6", "sign", "latency_change")]),
    ("finance", "Gross margin 59.5% (↓167 bps)", []),
    ("finance", "MRR growth ↑4.9%", []),
    ("finance", "MRR growth ↓4.9%", [("4.9", "sign", "mrr_growth")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), ARROWS)
def test_an_arrow_before_a_change_gives_its_direction(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
