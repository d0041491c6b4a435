"""A percentile said after the number makes it that percentile: "Latency was 760 ms (p99)
today", "Average HR 157 bpm, 168 bpm p90 over the run", "ARPU $33.10 at the 75th
percentile of accounts".

A percentile before the number was read already ("The p99 was 780 ms"); dashboards and
terse reports put it after ("760 ms p99", "15.1 min (p75)", "790 ms at the 99th
percentile"). It is another figure than the value unless the value's name is that
percentile (`p95_latency` and "760 ms p95"). All cases of AFTER were flagged with the
domains' configs, those of AFTER_PLAIN with no config too.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

AFTER = [
    ("ops", "Latency: 203 ms p50, 760 ms p99."),
    ("ops", "Latency was 760 ms (p99) today."),
    ("ops", "We measured 760 ms at p99 and 728 ms at p95."),
    ("ops", "Request latency hit 790 ms at the 99th percentile."),
    ("ops", "Queue wait was 690 ms p90."),
    ("ops", "Memory sat at 71% p95, 67% on average."),
    ("training", "Average HR 157 bpm, 168 bpm p90 over the run."),
    ("training", "Heart rate on the climb: 170 bpm p95."),
    ("sleep", "Sleep latency: 7.5 min p75."),
    ("sleep", "Respiratory rate 15.9 brpm p95 overnight."),
    ("product", "ARPU $33.10 at the 75th percentile of accounts."),
    ("product", "Sessions ran 15.1 min (p75) and 13.7 min on average."),
    ("product", "Session length came to 15.1 min at p75."),
]

AFTER_PLAIN = [
    ("ops", "CPU 48% avg, 71% p95 across the fleet."),
    ("ops", "Memory sat at 71% p95, 67% on average."),
    ("training", "Average HR 157 bpm, 168 bpm p90 over the run."),
    ("sleep", "Respiratory rate 15.9 brpm p95 overnight."),
    ("product", "Sessions ran 15.1 min (p75) and 13.7 min on average."),
]

STILL_READ = [
    ("ops", "Latency 760 ms p95.", [("760", "value", "p95_latency", "name")]),
    ("ops", "p95 latency was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "We measured 760 ms at p95.", [("760", "value", "p95_latency", "band")]),
    ("ops", "Latency was 760 ms (p95) today.", [("760", "value", "p95_latency", "band")]),
    ("ops", "Memory sat at 73%, up from 67% in April.", [("73", "value", "memory", "name")]),
    ("sleep", "Respiratory rate 15.9 brpm overnight.", [("15.9", "value", "resp_rate", "name")]),
    # a percentile that labels the next item is not the number's
    ("ops", "Alerts 23 p95 latency 728 ms", [("23", "value", "alerts", "name")]),
    ("ops", "Alerts 23 p95: 728 ms", [("23", "value", "alerts", "name")]),
    ("ops", "CPU 55% p95 728 ms", [("55", "value", "cpu", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), AFTER)
def test_a_percentile_after_the_number_is_another_figure(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), AFTER_PLAIN)
def test_a_percentile_after_the_number_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_values_own_percentile_and_none_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(AFTER) >= 12
    assert len({domain for domain, _ in AFTER}) >= 4
