"""An arm, a cohort, a group or a scenario as a sentence's subject owns its numbers:
"Variant B converted at 2.9%", "The control group churned at 3.4%", "Scenario A leaves 18
months of runway", "The canary had a 2.4% error rate".

The pool holds the whole product's, the fleet's or the plan's value; a variant's, a
canary's or a scenario's is another figure, as "Variant B's conversion" (a possessive)
already was. 11 of the 13 cases of PARTS were flagged with the domains' configs ("Cohort A
retained 34% at D7" and "Plan B burns $110k a month" were read right already and stay as
cases). A value told before a part is named is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

PARTS = [
    ("product", "Variant B converted at 2.9% vs 2.6% in control."),
    ("product", "The treatment arm saw 2.9% conversion."),
    ("product", "The control group churned at 3.4%."),
    ("product", "Variant C had an NPS of 52."),
    ("product", "The test arm drove 2,500 signups."),
    ("product", "Bucket 2 converted at 2.8%."),
    ("ops", "Canary hosts ran at 52% CPU."),
    ("ops", "The canary had a 2.4% error rate."),
    ("finance", "Scenario A leaves 18 months of runway."),
    ("sleep", "Group A slept 410 min on average."),
    ("sleep", "The holdout group logged a sleep score of 71."),
    ("product", "Cohort A retained 34% at D7."),
    ("finance", "Plan B burns $110k a month."),
]

STILL_READ = [
    (
        "product",
        "Conversion was 2.9%, with variant B ahead.",
        [("2.9", "value", "conversion", "name")],
    ),
    (
        "ops",
        "Error rate was 2.4% this week; the canary goes out next.",
        [("2.4", "value", "error_rate", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), PARTS)
def test_a_parts_numbers_are_its_own(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_value_told_before_a_part_is_named_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PARTS) >= 12
    assert len({domain for domain, _ in PARTS}) >= 4
