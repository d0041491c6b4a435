"""A median beside a value is another statistic of it: "13.7 min (median 9.2 min)".

"Error rate averaged 2.04% (median 1.8%)", "Sleep latency median: 8 min", "Memory
averaged 67% (median 62%)": the number after "median" is the middle of a spread, not the
value the pool holds (an average, or a reading now), and was read as that value, near it
by the band or beyond it by the name. All 12 cases of MEDIANS were flagged, with the
domains' configs or with none. A value a config calls "median" (the ops config's
`p50_latency`) is still read, and so is the value beside the median.

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

MEDIANS = [
    ("product", "Average session: 13.7 min (median 9.2 min)."),
    ("product", "Conversion averaged 2.6% across cohorts (median 2.3%)."),
    ("ops", "Error rate averaged 2.04% (median 1.8%)."),
    ("sleep", "Sleep latency median: 8 min."),
    ("sleep", "Efficiency averaged 81% (median 84%)."),
    ("training", "Avg HR 157 bpm (median 150 bpm)."),
    ("ops", "Memory averaged 67% (median 62%)."),
    ("training", "Readiness averaged 51% this month (median 48%)."),
    ("training", "HRV averaged 67 (median 64)."),
    ("finance", "MRR growth averaged 4.9% (median 4.6%)."),
    ("product", "Churn averaged 3.1% (median 2.9%)."),
    ("product", "NPS averaged 48 (median 45)."),
]

STILL_READ = [
    ("ops", "p95 latency was 728 ms, median 650 ms.", [("650", "value", "p50_latency", "name")]),
    ("ops", "Error rate averaged 2.4% (median 1.8%).", [("2.4", "value", "error_rate", "name")]),
    ("sleep", "Efficiency was 74%, median 84%.", [("74", "value", "efficiency", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), MEDIANS)
def test_a_median_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_named_median_and_the_value_beside_it_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(MEDIANS) >= 12
    assert len({domain for domain, _ in MEDIANS}) >= 4
