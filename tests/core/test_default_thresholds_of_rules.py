"""A number that opens a rule with "At" is its threshold, no value: "At 70% CPU, the
autoscaler adds nodes", "At 3% conversion, paid ads break even", "At 12 months of
runway, we start fundraising".

An "At N" opener can state the value ("At 48% CPU, we have plenty of headroom" says CPU
is 48%); what tells a rule is the clause after the comma, something that acts at that
level in the present tense ("the autoscaler adds", "pods get evicted", "we start"). All
cases of RULES were flagged with the domains' configs, those of RULES_PLAIN with no
config too. An opener followed by a judgement of now is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

RULES = [
    ("ops", "At 70% CPU, the autoscaler adds nodes."),
    ("ops", "At 75% memory, pods get evicted."),
    ("ops", "At 800 ms p95, the on-call gets paged."),
    ("ops", "At 2.2% errors, the deploy rolls back automatically."),
    ("ops", "At 60% CPU, we add a node."),
    ("finance", "At 12 months of runway, we start fundraising."),
    ("finance", "At 10 months of runway, the board expects a raise."),
    ("training", "At 55 bpm resting HR, the plan switches to recovery."),
    ("training", "At 170 bpm, the watch switches to zone 5."),
    ("training", "At 60% readiness, the plan adds intensity."),
    ("sleep", "At 85% efficiency, a night counts as good."),
    ("sleep", "At 45 HRV, the app flags a poor recovery."),
    ("sleep", "At 90 min of REM, the score gets a bonus."),
    ("product", "At 3% conversion, paid ads break even."),
    ("product", "At 3.5% churn, the LTV model stops working."),
    ("product", "At 90,000 DAU, the free tier starts costing money."),
]

RULES_PLAIN = [
    ("ops", "At 70% CPU, the autoscaler adds nodes."),
    ("ops", "At 2.2% errors, the deploy rolls back automatically."),
    ("training", "At 170 bpm, the watch switches to zone 5."),
    ("sleep", "At 85% efficiency, a night counts as good."),
    ("product", "At 3% conversion, paid ads break even."),
]

STILL_READ = [
    ("ops", "At 70% CPU, the cluster is under pressure.", [("70", "value", "cpu", "name")]),
    ("ops", "At 70% CPU, we have plenty of headroom.", [("70", "value", "cpu", "name")]),
    ("product", "At 3% conversion, we're ahead of plan.", [("3", "value", "conversion", "name")]),
    ("training", "At 55 bpm, your resting HR is too high.", [("55", "value", "rhr", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), RULES)
def test_a_number_that_opens_a_rule_is_its_threshold(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), RULES_PLAIN)
def test_a_rules_threshold_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_an_opener_before_a_judgement_of_now_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(RULES) >= 12
    assert len({domain for domain, _ in RULES}) >= 5
