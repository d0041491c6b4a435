"""A confidence level is no value: "Conversion: 2.6% (95% CI 2.3–2.9%, n=8,700)",
"Retention 31% (90% CI: 28–34%)", "NPS 48, 90% credible interval 44–52".

A/B readouts and dashboards give an interval with its level, and the level, a percentage
near 90, 95 or 99, sits in the band of an availability or a crash-free rate. "At 95%
confidence" was read already; "95% CI", "95% C.I." and "90% credible interval" say the
same. All cases of LEVELS_PLAIN were flagged with no config, those of LEVELS with the
domains' configs. A percentage that an interval follows in brackets is still the value.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

LEVELS_PLAIN = [
    ("product", "Conversion: 2.6% (95% CI 2.3–2.9%, n=8,700)."),
    ("product", "Retention 31% (90% CI: 28–34%)."),
    ("product", "The lift is +0.4 pts, 95% CI [0.1, 0.7]."),
    ("product", "With a 95% CI of 2.3% to 2.9%, conversion held."),
    ("product", "NPS 48, 90% credible interval 44–52."),
    ("product", "Crash-free sessions were 99.42% (95% CI 99.3–99.5%)."),
    ("product", "Conversion held at 2.6%, 95% C.I. 2.3–2.9%."),
    ("ops", "Availability 99.99% (95% CI 99.97–100%)."),
    ("ops", "p95 latency 728 ms, 95% CI 700–760 ms."),
    ("ops", "The 95% CI on the latency change is -12% to -9%."),
    ("ops", "Error rate 2.04%; the 90% CI runs from 1.8% to 2.3%."),
    ("ops", "Availability held at 99.99% (90% CI 99.98–100%)."),
]

LEVELS = [
    ("product", "With a 95% CI of 2.3% to 2.9%, conversion held."),
    ("product", "Crash-free sessions were 99.42% (95% CI 99.3–99.5%)."),
    ("ops", "Availability 99.99% (95% CI 99.97–100%)."),
]

STILL_READ = [
    ("product", "Crash-free sessions were 95% this week.", [("95", "value", "crash_free", "name")]),
    ("ops", "Availability was 95% (CI 94–96%).", [("95", "value", "availability", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), LEVELS_PLAIN)
def test_a_confidence_level_is_no_value(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), LEVELS)
def test_a_confidence_level_is_no_value_with_a_config_either(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_percentage_before_an_interval_is_still_the_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(LEVELS_PLAIN) >= 12
    assert len({domain for domain, _ in LEVELS_PLAIN}) >= 2
