"""A baseline said right before a number is the baseline, not the value now: "your
baseline is 44".

"HRV averaged 39 ms overnight; your baseline is 44", "Our baseline burn is $88k",
"Baseline: 700 ms", "Your usual is 44": a baseline's word (baseline, usual, normal, norm)
with its verb or colon right before the number says the number is the reference the value
is judged against. The band read it as the nearest value of the pool, the name as the
value it names: all 12 cases of BASELINES were flagged, with the domains' configs or
with none. On the long-brief corpus this drops 73 band flags, each a brief's own baseline
("your baseline of 53 bpm") read against another brief's resting HR or VO2max. A pool
value that is a baseline is still compared with them, and "above baseline at 61 bpm" still
states the value.

Each case: (domain, text), with the domain's pool, read with its config
(tests/core/test_default_name_voices.py) and with none.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

BASELINES = [
    ("sleep", "HRV averaged 39 ms overnight; your baseline is 44."),
    ("sleep", "Your baseline is 44."),
    ("sleep", "Your usual is 44."),
    ("product", "The pre-launch baseline was 2.9%."),
    ("product", "Our baseline conversion is 2.9%."),
    ("finance", "Our baseline burn is $88k."),
    ("finance", "Baseline: $88k a month."),
    ("ops", "Our baseline p95 is 700 ms."),
    ("ops", "The baseline is 700 ms."),
    ("training", "Your resting HR is 50, and your usual is 53 bpm."),
    ("sleep", "Your usual HRV is 45."),
    ("ops", "Baseline: 700 ms."),
]

STILL_READ = [
    ("training", "Your baseline sits at 64.", [("64", "value", "hrv_baseline", "band")]),
    (
        "training",
        "Resting heart rate sits well above baseline at 61 bpm.",
        [("61", "value", "rhr", "name")],
    ),
    ("sleep", "HRV is 45, above your usual.", [("45", "value", "hrv", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), BASELINES)
def test_a_baseline_is_no_value_now(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_baselines_of_the_pool_and_values_beside_them_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(BASELINES) >= 12
    assert len({domain for domain, _ in BASELINES}) >= 4
