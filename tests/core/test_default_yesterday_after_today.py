"""A value told for yesterday after one told for today, or under a label of some hours ago,
is the earlier one: "Efficiency 81% today, 84% yesterday", "Error rate 2.04% today, 1.88%
yesterday", "p95 now 728 ms; 1 h ago 760 ms; 24 h ago 702 ms".

"40 bpm yesterday, 65 bpm today" was read already (the value for today after it); the
other order, and a time ago counted in hours, minutes or days by digits, said the same.
All cases of EARLIER were flagged with the domains' configs, those of EARLIER_PLAIN with
no config too. A value told for yesterday alone is still read ("Yesterday you ran 3.4 mi"
is a brief's reported day), and so is the value for today.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

EARLIER = [
    ("sleep", "Efficiency 81% today, 84% yesterday."),
    ("sleep", "Efficiency: 81% today, 84% yesterday, 79% on Monday."),
    ("sleep", "Efficiency 81% this morning, 86% yesterday."),
    ("ops", "Error rate 2.04% today, 1.88% yesterday."),
    ("ops", "p95 now 728 ms; 1 h ago 760 ms; 24 h ago 702 ms."),
    ("ops", "p95 728 ms (an hour ago: 760 ms)."),
    ("finance", "Burn $92.4k today, $99k yesterday."),
    ("ops", "Memory 67% now, 71% yesterday."),
    ("product", "Conversion 2.6% today, 2.8% yesterday."),
    ("training", "HRV 67 now, 72 yesterday."),
    ("training", "Readiness 51% today, 55% yesterday."),
    ("sleep", "RHR 49 bpm today, 52 bpm yesterday."),
]

EARLIER_PLAIN = [
    ("sleep", "Efficiency 81% today, 84% yesterday."),
    ("ops", "Error rate 2.04% today, 1.88% yesterday."),
    ("ops", "Queue depth 2,479 now; 2 h ago 2,650."),
    ("product", "Conversion 2.6% today, 2.8% yesterday."),
    ("product", "DAU 81,475 now; 6 h ago 84,000."),
]

STILL_READ = [
    ("training", "Yesterday you ran 3.4 mi.", [("3.4", "value", "distance", "band")]),
    ("sleep", "Efficiency 84% yesterday.", [("84", "value", "efficiency", "name")]),
    ("ops", "Error rate 2.2% today, 1.88% yesterday.", [("2.2", "value", "error_rate", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), EARLIER)
def test_a_value_for_yesterday_after_today_is_the_earlier_one(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), EARLIER_PLAIN)
def test_the_earlier_value_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_yesterday_alone_and_today_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(EARLIER) >= 12
    assert len({domain for domain, _ in EARLIER}) >= 5
