"""A percentage "of" a span or a part ("That is 62% of the quarter", "Light sleep was 60%
of the night") is a share of it, not the value a config names.

With a config, a share was let through when the words after "of" named nothing the config
knew, and the band then read it against the nearest percentage of the pool: "Light sleep
was 60% of the night" as a misstated sleep score of 67%. Now it is let through only when
its words name the value, or the clause before it holds a word that names one percentage
of the pool and no other ("The funnel converted 2.4% of visitors" of `conversion`). Every
case of SHARES was flagged before.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

SHARES = [
    ("sleep", "Light sleep took 60% of the night."),
    ("sleep", "Light sleep was 60% of the night, REM 22%."),
    ("sleep", "Light sleep was 62% of the night."),
    ("sleep", "Deep sleep made up 77% of the first half of the night."),
    ("sleep", "REM and light sleep took 84% of the night; deep sleep the rest."),
    ("sleep", "Core sleep accounted for 70% of the night."),
    ("sleep", "Light sleep: 63% of the night."),
    ("sleep", "That was 64% of the night."),
    ("product", "That is 28% of the quarter."),
    ("product", "That was 33% of the month."),
    ("ops", "That is 70% of the night."),
    ("finance", "That is 62% of the quarter."),
    ("finance", "It was 57% of the year."),
    ("finance", "That's 56% of the month."),
    ("training", "That is 49% of the month."),
    ("training", "That was 53% of the week."),
]

STILL_READ = [
    # a word that names one percentage of the pool, before the share
    ("product", "The funnel converted 2.4% of visitors.", [("2.4", "value", "conversion", "band")]),
    (
        "product",
        "Checkout converted 2.3% of the week's visitors.",
        [("2.3", "value", "conversion", "band")],
    ),
    # a share its name says
    ("sleep", "Efficiency: 74% of the night asleep.", [("74", "value", "efficiency", "name")]),
    ("sleep", "Sleep efficiency was 88% of time in bed.", [("88", "value", "efficiency", "name")]),
    ("ops", "CPU was at 58% of capacity.", [("58", "value", "cpu", "name")]),
    ("product", "Retention held 28% of the cohort.", [("28", "value", "retention_d7", "name")]),
    # no share at all
    ("sleep", "Your sleep score was 60%.", [("60", "value", "sleep_score", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), SHARES)
def test_a_share_of_a_span_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_shares_a_name_says_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(SHARES) >= 12
    assert len({domain for domain, _ in SHARES}) >= 4
