"""A noun of extremes before a number picks an extreme: "with peaks of 91%", "highs of 74%".

"CPU averaged 48% with peaks of 91%", "Throughput had highs of 22,900 rps", "Heart rate
lows of 44 bpm came around 3 am", "a low of 44 bpm", "CPU peaks: 91%": the number is the
highest or lowest reading of a span, not the value (an average, or a reading now). The
band and the name both read these as the value before; with the domains' configs 13 of
EXTREMES were flagged, and 9 with none. A pool's own extreme (`max_hr`) is still compared
with them, and a number that is the value, called a high after it, is still read. The verbs
("peaked at 91%") are left as they were: the evaluation corpus reads them as statements.

Each case: (domain, text), with the domain's pool, read with its config
(tests/core/test_default_name_voices.py) and with none.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import K, flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)
WITH_MAX = [*POOLS["training"], K("max_hr", 178, "bpm")]

EXTREMES = [
    ("ops", "CPU averaged 48% with peaks of 91% during the nightly batch."),
    ("ops", "Memory held near 67%, with highs of 74%."),
    ("ops", "Latency stayed flat apart from spikes of 800 ms."),
    ("ops", "p95 sat at 728 ms with peaks near 810 ms."),
    ("ops", "Throughput had highs of 22,900 rps."),
    ("training", "HR averaged 157 with peaks of 174 bpm on the hills."),
    ("training", "Your HR hit highs of 170 bpm on the climbs."),
    ("sleep", "Skin temperature had lows of -0.9 °C."),
    ("sleep", "Heart rate lows of 44 bpm came around 3 am."),
    ("product", "DAU had weekday highs of 88,000."),
    ("product", "Conversion saw daily highs of 2.9%."),
    ("finance", "Cash had lows of $2.2M mid-month."),
    ("finance", "Daily revenue saw peaks of $9,200."),
    ("ops", "CPU peaks: 91%."),
]

STILL_READ = [
    ("training", "Your heart rate peaks: 188 bpm.", WITH_MAX, [("188", "value", "max_hr", "band")]),
    ("training", "Max HR hit a high of 188 bpm.", WITH_MAX, [("188", "value", "max_hr", "name")]),
    (
        "training",
        "Your HR ran high at 170 bpm.",
        POOLS["training"],
        [("170", "value", "avg_hr", "band")],
    ),
    (
        "ops",
        "Memory is 74%, a high for the week.",
        POOLS["ops"],
        [("74", "value", "memory", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), EXTREMES)
def test_an_extreme_is_no_value_with_a_config(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), EXTREMES)
def test_an_extreme_is_no_value_without_one(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "pool", "expected"), STILL_READ)
def test_extremes_of_the_pool_and_values_are_still_read(domain, text, pool, expected) -> None:
    assert PLAIN(text, pool) == expected
    assert FLAGS[domain](text, pool) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(EXTREMES) >= 12
    assert len({domain for domain, _ in EXTREMES}) >= 4
