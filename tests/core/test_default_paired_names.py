"""Names joined by slashes before numbers joined by slashes pair up in order: "Light/deep:
202/62 min" says deep sleep is 62 min, "WAU/DAU: 190,000/81,475" says DAU is 81,475.

When the pool named only the later word, it took the first number after it, the earlier
word's value. Now a name in the k-th place of a slashed list takes the k-th number of a
slashed list after it. All cases of PAIRS were flagged with the domains' configs, those of
PAIRS_PLAIN with no config too. A misstatement in its own place is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PAIRS = [
    ("training", "Cadence/avg HR: 172/157 bpm."),
    ("training", "Calories/steps: 350/11,279."),
    ("sleep", "Light/deep: 202/62 min."),
    ("sleep", "Awake/REM: 33/103 min."),
    ("sleep", "Light/deep/REM: 202/62/103 min."),
    ("sleep", "Deep/REM: 62/103 min."),
    ("sleep", "Deep / REM: 62 / 103 min."),
    ("ops", "p99/p95: 1,140/728 ms."),
    ("ops", "Saturation/CPU: 71%/48%."),
    ("ops", "Errors/availability: 2.04%/99.99%."),
    ("ops", "Queue/incidents: 2,479/5."),
    ("finance", "Growth/margin: 4.9%/59.5%."),
    ("product", "WAU/DAU: 190,000/81,475."),
    ("product", "MAU/DAU: 310,000/81,475."),
    ("product", "Retention/churn: 31%/3.1%."),
]

PAIRS_PLAIN = [
    ("training", "Cadence/avg HR: 172/157 bpm."),
    ("training", "Calories/steps: 350/11,279."),
    ("sleep", "Light/deep: 202/62 min."),
    ("sleep", "Light/deep/REM: 202/62/103 min."),
    ("sleep", "REM/deep: 103/62 min."),
    ("ops", "Saturation/CPU: 71%/48%."),
    ("ops", "Errors/availability: 2.04%/99.99%."),
    ("product", "WAU/DAU: 190,000/81,475."),
    ("product", "Retention/churn: 31%/3.1%."),
]

STILL_READ = [
    ("sleep", "Light/deep: 202/75 min.", [("75", "value", "deep_sleep", "name")]),
    ("product", "WAU/DAU: 190,000/95,000.", [("95,000", "value", "dau", "name")]),
    ("ops", "Saturation/CPU: 71%/58%.", [("58", "value", "cpu", "name")]),
    ("sleep", "Deep/REM: 62/121 min.", [("121", "value", "rem_sleep", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PAIRS)
def test_slashed_names_take_slashed_numbers_in_order(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PAIRS_PLAIN)
def test_slashed_names_in_order_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_misstatement_in_its_own_place_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PAIRS) >= 12
    assert len({domain for domain, _ in PAIRS}) >= 5
