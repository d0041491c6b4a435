"""A statistic said alone ("p50", "p95") after the words of another quantity is that
quantity's: "Build time p50 is 6 min 40 s" is no p50 latency.

A config may call `p95_latency` just "p95", and a web team `lcp_p75` just "p75"; a clause
that opens with other nouns before it ("Cold start p95", "DNS lookup p50", "Page load
p75", "The search endpoint's p95") speaks of another quantity's percentile. The name read
them as the pool's: all 14 cases of OTHERS were flagged. A clause that opens with a
determiner, a time, the system itself ("API p95", "Overall p95") or a verb ("We saw p95
at ...") still reads the name; so does the name's own word ("Latency p95").

Each case: (domain, text): the ops domain with its pool and config
(tests/core/test_default_name_voices.py), the web domain with WEB's.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

WEB_CONFIG = DetectorConfig(units={"ms": ("ms",)}, names={"lcp_p75": ("LCP", "p75")})
FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
FLAGS["web"] = flag_reader(DefaultDetector(WEB_CONFIG), basis=True)
POOLS = {**POOLS, "web": [Known("lcp_p75", 2400, "ms"), Known("cls", 0.08, "none")]}

OTHERS = [
    ("ops", "Build time p50 is 6 min 40 s."),
    ("ops", "Query time p95 rose to 310 ms."),
    ("ops", "Cold start p95: 690 ms."),
    ("ops", "DNS lookup p50 was 190 ms."),
    ("ops", "GC pause p50 is 210 ms."),
    ("ops", "TLS handshake p50: 210 ms."),
    ("ops", "The search endpoint's p95 was 640 ms."),
    ("ops", "Checkout p95 was 980 ms."),
    ("ops", "Queue wait p95 is 700 ms."),
    ("ops", "Our deploy pipeline p50 is 240 ms per step."),
    ("web", "Page load p75 was 2,300 ms."),
    ("web", "Hydration p75: 2,250 ms."),
    ("web", "Image decode p75 is 2,500 ms."),
    ("web", "Checkout render p75 was 2,200 ms."),
]

STILL_READ = [
    ("ops", "API p95 is 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "Our p95 was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "Today's p95 was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "We saw p95 at 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "Latency p95 was 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("ops", "Overall p95: 760 ms.", [("760", "value", "p95_latency", "name")]),
    ("web", "LCP p75 was 2,200 ms.", [("2,200", "value", "lcp_p75", "name")]),
    ("web", "p75 was 2,200 ms.", [("2,200", "value", "lcp_p75", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OTHERS)
def test_a_statistic_of_another_quantity_is_not_the_names(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_statistic_of_the_system_or_of_its_own_name_is_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_more_than_one_domain() -> None:
    assert len(OTHERS) >= 12
    assert len({domain for domain, _ in OTHERS}) >= 2
