"""A percentage of confidence, significance, power or chance is a test's statistic.

"D7 retention rose 1.8 points, at 95% confidence", "The variant won with 94% statistical
significance", "an 80% chance of landing between $160k and $180k": the number says how
sure a test or a forecast is, not any value the pool holds. Before the rule the band
(with no config) or a name nearby read it as the nearest percentage, and 8 of the 13
cases in STATISTICS were flagged, mostly as a misstated crash-free rate. Values
said beside a statistic are still read.

Each case: (domain, text), read with the domain's pool, with its config and without one
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

CONFIGURED = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector())

STATISTICS = [
    ("product", "The test ended at 95% confidence."),
    ("product", "D7 retention rose 1.8 points, at 95% confidence."),
    ("product", "The variant won with 94% statistical significance."),
    ("product", "The 95% confidence interval is 2.1% to 3.0%."),
    ("product", "The new onboarding won at 96% significance."),
    ("product", "We are 97% confident the lift is real."),
    ("product", "There's a 98% probability the variant beats control."),
    ("ops", "The canary passed with 70% confidence."),
    ("ops", "Error rate improved, at 99% significance."),
    ("sleep", "The change in your sleep score is 70% likely to be real."),
    ("finance", "Our forecast has a 62% chance of landing between $160k and $180k."),
    ("finance", "Margin beats last month with 56% probability."),
    ("training", "We're 55% confident you'll hit the goal pace."),
]

STILL_READ = [
    ("product", "D7 retention is 26%, at 95% confidence.", [("26", "value", "retention_d7")]),
    ("ops", "Error rate is 3.1% (95% confidence).", [("3.1", "value", "error_rate")]),
    ("product", "Crash-free sessions are at 95%.", [("95", "value", "crash_free")]),
]


@pytest.mark.parametrize(("domain", "text"), STATISTICS)
def test_a_statistic_is_no_value(domain, text) -> None:
    assert CONFIGURED[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_value_beside_a_statistic_is_still_read(domain, text, expected) -> None:
    assert CONFIGURED[domain](text, POOLS[domain]) == expected
