"""A number followed by its gap to a plan's figure is that gap: "1,279 over your 10k goal".

"p95 is 228 ms over the 500 ms SLO", "2.7 mi under your plan for the week", "Hiring is 2
roles behind plan": the number says how far the value is from a goal, target, plan,
budget, limit or SLO, not the value. "$12k over budget" was read so already; a determiner
or the plan's own figure between them was not, and all 12 cases of GAPS were flagged.
Where the plan's figure is given and the number stands on the side the words say ("57%
under the 65% target", "790 ms over the 500 ms SLO"), the number is the value itself,
placed beside its plan, and it is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

GAPS = [
    ("training", "You hit 11,279 steps — 1,279 over your 10k goal."),
    ("training", "You finished 2.7 mi under your plan for the week."),
    ("finance", "Hiring is 2 roles behind plan."),
    ("ops", "p95 is 228 ms over the 500 ms SLO."),
    ("ops", "We are 12 alerts over our weekly budget."),
    ("finance", "Hiring sits 8 roles behind plan."),
    ("finance", "Burn ran $2.3M over the annual budget."),
    ("ops", "We logged 18 alerts over our weekly budget."),
    ("ops", "Queue depth is 2,300 over its limit."),
    ("product", "We ran 9 experiments over plan."),
    ("sleep", "Deep sleep is 58 min under the 2 h goal."),
    ("sleep", "Total sleep was 390 min under your 14 h plan."),
]

STILL_READ = [
    (
        "finance",
        "Gross margin is 57% under the 65% target.",
        [("57", "value", "gross_margin", "name")],
    ),
    ("ops", "p95 is 790 ms over the 500 ms SLO.", [("790", "value", "p95_latency", "name")]),
    ("product", "Conversion is 2.2% under the 3% goal.", [("2.2", "value", "conversion", "name")]),
    (
        "product",
        "Signups landed 2,100 under the 4,500 target.",
        [("2,100", "value", "signups", "name")],
    ),
    (
        "sleep",
        "You slept 6 h 20 min under your 7.5 h goal.",
        [("6 h 20 min", "value", "sleep_duration", "band")],
    ),
    ("finance", "Burn came in at $98k, over budget.", [("98k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), GAPS)
def test_the_gap_to_a_plan_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_value_beside_its_plan_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(GAPS) >= 12
    assert len({domain for domain, _ in GAPS}) >= 4
