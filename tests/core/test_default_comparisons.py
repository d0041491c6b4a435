"""The other side of a comparison told with "compares with", "compares to" or "as opposed
to" is another figure: "Margin of 59.5% compares with 62% for peers", "HRV 39 as opposed
to 42 for your age", "Efficiency at 81% compares poorly with 86% for your age group".

"vs", "versus", "compared with" and "against" were read already; these say the same. All
cases of OTHER_SIDES were flagged with the domains' configs, those of OTHER_SIDES_PLAIN
with no config too. The value itself, before the comparison, is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

OTHER_SIDES = [
    ("finance", "Margin of 59.5% compares with 62% for peers."),
    ("finance", "Burn of $92.4k compares with $88k for peers."),
    ("finance", "Gross margin at 59.5%, as opposed to 62% for SaaS peers."),
    ("product", "Conversion 2.6% compares to 2.8% in the category."),
    ("product", "NPS 48, which compares with 45 for the category."),
    ("product", "Churn of 3.1%, as opposed to 3.4% in the old plan."),
    ("sleep", "Efficiency at 81% compares poorly with 86% for your age group."),
    ("sleep", "HRV 39 as opposed to 42 for your age."),
    ("ops", "Error rate 2.04% compares with 1.9% on the old stack."),
    ("ops", "Throughput of 20,372 rps compares with 19,500 rps on the staging cluster."),
    ("ops", "Memory 67%, comparing with 71% on the canary."),
    ("training", "HRV 67, as opposed to 71 for your age."),
]

OTHER_SIDES_PLAIN = [
    ("finance", "Margin of 59.5% compares with 62% for peers."),
    ("product", "Conversion 2.6% compares to 2.8% in the category."),
    ("sleep", "Efficiency at 81% compares poorly with 86% for your age group."),
    ("ops", "Memory 67%, comparing with 71% on the canary."),
    ("training", "HRV 67, as opposed to 71 for your age."),
]

STILL_READ = [
    (
        "finance",
        "Margin of 62% compares with 59% for peers.",
        [("62", "value", "gross_margin", "name")],
    ),
    ("sleep", "HRV 42 as opposed to 39 for your age.", [("42", "value", "hrv", "name")]),
    ("finance", "Burn of $99k compares with $88k for peers.", [("99k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OTHER_SIDES)
def test_the_other_side_of_a_comparison_is_another_figure(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), OTHER_SIDES_PLAIN)
def test_the_other_side_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_before_the_comparison_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OTHER_SIDES) >= 12
    assert len({domain for domain, _ in OTHER_SIDES}) >= 4
