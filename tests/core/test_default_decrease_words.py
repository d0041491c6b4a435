"""Class 13 again, in words the earlier rules did not read, each with the domain's config:

- a loss as the subject of an amount of money: "We booked a net loss of $33,653", "The
  operating deficit was $33,653", "Net loss for the month: $33,653" state a level below
  zero (not a change, which would need a change the pool holds);
- phrases of decrease that end in a word which is no sign alone: "gave back 7.5%",
  "gave up 167 bps", "was off 7.5%", and a number taken as a hit ("a 7.5% hit", but not
  a "94% hit rate");
- comparatives after the number: "167 bps thinner", "0.3 points thicker";
- verdicts after the number ("10.6% faster", "better", "worse", "slower"): for a quantity
  that is better lower (latency, churn, errors), better and faster mean down.

Each case: (domain, text, pool, expected flags as (token, kind, nearest)). `AS_IS` is the
domain's pool (tests/core/test_default_name_voices.py: dau_change -7.5%, margin_change
-167 bps, latency_change -10.6%, net_income -$33,653.32, tsb -10.9); `FLIPPED` is the same
pool with those signed values negated, so a word read right is faithful to one and a sign
flip of the other.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
SIGNED = {"dau_change", "margin_change", "latency_change", "net_income", "tsb", "skin_temp"}
AS_IS = POOLS
FLIPPED = {
    domain: [Known(k.name, -k.value if k.name in SIGNED else k.value, k.unit) for k in pool]
    for domain, pool in POOLS.items()
}


def sign(token: str, nearest: str) -> list[tuple[str, str, str]]:
    return [(token, "sign", nearest)]


# a decrease said in words: faithful to the negative value, a sign flip of the positive
DECREASES = [
    # a loss as the subject of an amount of money
    ("finance", "We booked a net loss of $33,653.", "33,653", "net_income"),
    ("finance", "The net loss widened to $33,653.", "33,653", "net_income"),
    ("finance", "Net loss for the month: $33,653.", "33,653", "net_income"),
    ("finance", "Net loss came in at $33,653.", "33,653", "net_income"),
    ("finance", "We ran a net loss of $33,653 this month.", "33,653", "net_income"),
    ("finance", "The operating deficit was $33,653.", "33,653", "net_income"),
    ("finance", "Our shortfall this month is $33,653.", "33,653", "net_income"),
    ("finance", "Losses for the month totaled $33,653.", "33,653", "net_income"),
    # phrases of decrease
    ("product", "DAU gave back 7.5% this week.", "7.5", "dau_change"),
    ("product", "Daily actives gave up 7.5% on the week.", "7.5", "dau_change"),
    ("product", "DAU was off 7.5% week over week.", "7.5", "dau_change"),
    ("product", "Daily actives are off 7.5% from last week.", "7.5", "dau_change"),
    ("product", "DAU took a 7.5% hit this week.", "7.5", "dau_change"),
    ("finance", "Gross margin gave up 167 bps.", "167", "margin_change"),
    ("finance", "Margin gave back 167 bps on the quarter.", "167", "margin_change"),
    ("finance", "Gross margin came in off 167 bps.", "167", "margin_change"),
    ("finance", "Gross margin took a 167 bps hit from freight.", "167", "margin_change"),
    ("training", "Form gave back 10.9 after the long run.", "10.9", "tsb"),
    # comparatives
    ("finance", "Gross margin came in 167 bps thinner.", "167", "margin_change"),
    ("finance", "Margin is 167 bps thinner than last month.", "167", "margin_change"),
    # verdicts on a quantity that is better lower
    ("ops", "p95 latency came in 10.6% faster.", "10.6", "latency_change"),
    ("ops", "p95 latency got 10.6% better.", "10.6", "latency_change"),
    ("ops", "p95 latency is 10.6% faster than last week.", "10.6", "latency_change"),
]
# an increase said in words: a sign flip of the negative value, faithful to the positive
INCREASES = [
    ("finance", "Gross margin came in 167 bps thicker.", "167", "margin_change"),
    ("ops", "p95 latency came in 10.6% slower.", "10.6", "latency_change"),
    ("ops", "p95 latency got 10.6% worse.", "10.6", "latency_change"),
    ("ops", "p95 latency is 10.6% slower than last week.", "10.6", "latency_change"),
    ("product", "DAU is 7.5% better than last week.", "7.5", "dau_change"),
    ("finance", "We posted a net profit of $33,653.", "33,653", "net_income"),
]


@pytest.mark.parametrize(("domain", "text", "token", "nearest"), DECREASES)
def test_a_decrease_in_words_is_the_negative_value(domain, text, token, nearest) -> None:
    assert FLAGS[domain](text, AS_IS[domain]) == []
    assert FLAGS[domain](text, FLIPPED[domain]) == sign(token, nearest)


@pytest.mark.parametrize(("domain", "text", "token", "nearest"), INCREASES)
def test_an_increase_in_words_is_the_positive_value(domain, text, token, nearest) -> None:
    assert FLAGS[domain](text, AS_IS[domain]) == sign(token, nearest)
    assert FLAGS[domain](text, FLIPPED[domain]) == []


# words that look like these and give no sign
NO_SIGN = [
    ("finance", "Despite the loss, cash is $2,466,115."),
    ("finance", "After a loss, we raised prices; cash is $2,466,115."),
    ("ops", "Cache hit rate held at 94%, a 94% hit rate for the week."),
    ("product", "We gave away 2,268 free trials."),
    ("finance", "We gave up on 9 open positions."),
]


@pytest.mark.parametrize(("domain", "text"), NO_SIGN)
def test_words_that_only_look_like_a_decrease_give_no_sign(domain, text) -> None:
    assert FLAGS[domain](text, AS_IS[domain]) == FLAGS[domain](text, FLIPPED[domain]) == []


def test_each_rule_has_a_dozen_sentences() -> None:
    assert len(DECREASES) + len(INCREASES) >= 24
    assert len({domain for domain, *_ in DECREASES}) >= 4
