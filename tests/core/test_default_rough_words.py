"""More words that give a value roughly: "circa", "approx.", "ballpark", "in the
neighborhood of", "in the region of" before the number, "or thereabouts" after it.

As "around 53 bpm" already was, such a value is a statement only when it is plainly off
(a sign flip, or past the value band): a few beats or points from the value is the
rounding the writer meant. All 13 cases of ROUGH were flagged with the domains' configs,
those of ROUGH_PLAIN with no config too; a rough value plainly off is still flagged.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

ROUGH = [
    ("training", "Resting HR is in the neighborhood of 53 bpm."),
    ("training", "Resting HR is circa 53 bpm."),
    ("training", "Resting HR is approx. 53 bpm."),
    ("training", "Resting HR is approx 53 bpm."),
    ("training", "Resting HR is ballpark 53 bpm."),
    ("training", "Resting HR is 53 bpm or thereabouts."),
    ("sleep", "Sleep score was in the region of 70."),
    ("sleep", "Efficiency came in at approx. 84%."),
    ("finance", "Runway is circa 16.5 months."),
    ("ops", "p95 latency was approx. 760 ms."),
    ("ops", "Error rate is in the region of 2.2%."),
    ("product", "DAU is ballpark 84,000."),
    ("product", "Conversion was approx. 2.7%."),
]

ROUGH_PLAIN = [
    ("training", "Resting HR is in the neighborhood of 53 bpm."),
    ("training", "Resting HR is circa 53 bpm."),
    ("training", "Resting HR is ballpark 53 bpm."),
    ("training", "Resting HR is 53 bpm or thereabouts."),
    ("sleep", "Efficiency came in at approx. 84%."),
    ("product", "Conversion was approx. 2.7%."),
]

STILL_READ = [
    ("training", "Resting HR is circa 80 bpm.", [("80", "value", "rhr", "name")]),
    ("product", "DAU is ballpark 40,000.", [("40,000", "value", "dau", "name")]),
    ("training", "Resting HR is 53 bpm.", [("53", "value", "rhr", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), ROUGH)
def test_a_rough_value_near_the_value_is_no_contradiction(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), ROUGH_PLAIN)
def test_a_rough_value_is_no_contradiction_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_rough_value_plainly_off_and_a_plain_value_are_still_flagged(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(ROUGH) >= 12
    assert len({domain for domain, _ in ROUGH}) >= 4
