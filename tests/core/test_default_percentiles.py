"""A percentile said before the number is that percentile's value: "The p99 was 780 ms"
is no p95 latency, "Your 90th percentile latency is 8 min" no sleep latency.

A p90, a p99 or a 75th percentile of a quantity is another statistic than its usual value
and than another percentile: the band read such numbers as the nearest value of their
unit (a p95 latency of 728 ms, an average HR of 157 bpm), the name as the value it names.
All 17 cases of PERCENTILES were flagged with the domains' configs, those of
PERCENTILES_PLAIN with no config too. A name that says the same percentile ("p95", "95th
percentile latency", `p50_latency` called "p50") still reads it.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PERCENTILES = [
    ("ops", "p90 was 700 ms."),
    ("ops", "The p99 was 780 ms."),
    ("ops", "p99: 780 ms."),
    ("ops", "Replication lag p99 was 650 ms."),
    ("ops", "GC pause p99 is 210 ms."),
    ("ops", "p99.9 came in at 790 ms."),
    ("ops", "The 99th percentile was 780 ms."),
    ("ops", "p90 error rate was 2.2%."),
    ("ops", "CPU p99 was 52%."),
    ("ops", "Memory p90 sat at 70%."),
    ("sleep", "Your 90th percentile latency is 8 min."),
    ("sleep", "Your p90 HRV is 42."),
    ("sleep", "The 90th percentile resting heart rate was 52 bpm."),
    ("training", "Your p90 heart rate on the run was 165 bpm."),
    ("training", "95th percentile HR was 165 bpm."),
    ("product", "The 75th percentile session length is 14.5 min."),
    ("product", "p90 ARPU is $32."),
]

PERCENTILES_PLAIN = [
    ("ops", "p90 error rate was 2.2%."),
    ("ops", "CPU p99 was 52%."),
    ("ops", "Memory p90 sat at 70%."),
    ("sleep", "Your 90th percentile latency is 8 min."),
    ("sleep", "Your p90 HRV is 42."),
    ("sleep", "The 90th percentile resting heart rate was 52 bpm."),
    ("training", "Your p90 heart rate on the run was 165 bpm."),
    ("training", "95th percentile HR was 165 bpm."),
    ("product", "The 75th percentile session length is 14.5 min."),
    ("product", "p90 ARPU is $32."),
]

STILL_READ = [
    ("ops", "p95 latency was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "The p95 was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "95th percentile latency was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "p50 was 240 ms.", [("240", "value", "p50_latency", "name")]),
    (
        "ops",
        "Latency: p50 240 ms, p90 610 ms, p95 760 ms, p99 1,340 ms.",
        [("240", "value", "p50_latency", "name"), ("760", "value", "p95_latency", "name")],
    ),
    ("sleep", "Sleep latency was 9 min.", [("9", "value", "latency", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PERCENTILES)
def test_another_percentile_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PERCENTILES_PLAIN)
def test_another_percentile_is_no_value_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_name_of_the_same_percentile_still_reads_it(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PERCENTILES) >= 12
    assert len({domain for domain, _ in PERCENTILES}) >= 4
