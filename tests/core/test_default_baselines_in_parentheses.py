"""A baseline's word before a number in parentheses makes it the baseline: "Your HRV is
under your baseline (44) at 39", "CPU is above its norm (44%)", "Versus your 30-day norm
(6 h 45 min), last night's 6 h 7 min was short".

"your baseline is 44", "Baseline: 64" and "against a usual of 44" were read already; the
same word with its figure in brackets says the same. It is another figure than the value,
unless the value's name is a baseline (`rhr_baseline`). All cases of BASELINES were
flagged with the domains' configs, those of BASELINES_PLAIN with no config too. The value
told beside it is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

BASELINES = [
    ("sleep", "Versus your 30-day norm (6 h 45 min), last night's 6 h 7 min was short."),
    ("sleep", "Your HRV is under your baseline (44) at 39."),
    ("sleep", "Your sleep score is below your usual (74)."),
    ("training", "Your readiness is below your norm (55%)."),
    ("training", "Steps beat your usual (10,400) today."),
    ("product", "Conversion is below its baseline (2.8%) at 2.6%."),
    ("product", "DAU trails the usual (85,000)."),
    ("ops", "p95 is above baseline (690 ms) at 728 ms."),
    ("ops", "CPU is above its norm (44%)."),
    ("finance", "Burn is above our baseline ($88k)."),
    ("finance", "Gross margin is below the norm (62%)."),
    ("finance", "Revenue MTD beats the usual ($155k) for this point of the month."),
]

BASELINES_PLAIN = [
    ("sleep", "Compared with your norm (84%), efficiency dipped to 81%."),
    ("sleep", "Your HRV is under your baseline (44) at 39."),
    ("product", "DAU trails the usual (85,000)."),
    ("ops", "CPU is above its norm (44%)."),
    ("finance", "Burn is above our baseline ($88k)."),
]

STILL_READ = [
    ("sleep", "Your HRV is under your baseline (44) at 35.", [("35", "value", "hrv", "band")]),
    ("ops", "p95 is above baseline (690 ms) at 800 ms.", [("800", "value", "p95_latency", "band")]),
    (
        "training",
        "Your usual (44 bpm) is creeping up.",
        [("44", "value", "rhr_baseline", "band")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), BASELINES)
def test_a_baseline_in_parentheses_is_the_baseline(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), BASELINES_PLAIN)
def test_a_baseline_in_parentheses_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_beside_it_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(BASELINES) >= 12
    assert len({domain for domain, _ in BASELINES}) >= 5
