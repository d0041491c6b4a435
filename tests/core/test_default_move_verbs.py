"""A move by an amount, then the level it reached: "p95 latency improved 10.6% to 900 ms"
states a p95 latency of 900 ms, as "fell 10.6% to 900 ms" does. The verbs that move a
value by an amount include the verdicts ("improved", "worsened") and the verbs of a
market or a margin ("narrowed", "eased", "dipped", "surged"...), so the level after "to"
is read, and "N to M" after them is no range.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("ops", "p95 latency improved 10.6% to 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "p95 latency improved by 10.6% to 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "p95 latency improved 10.6% to 728 ms.", []),
    ("ops", "Error rate eased 0.5 points to 3.5%.", [("3.5", "value", "error_rate")]),
    ("ops", "Throughput surged 30% to 26,000 rps.", [("26,000", "value", "throughput")]),
    ("finance", "Gross margin narrowed 167 bps to 55%.", [("55", "value", "gross_margin")]),
    ("finance", "Gross margin narrowed 167 bps to 59.5%.", []),
    ("finance", "Cash dipped 4% to $2.1M.", [("2.1M", "value", "cash")]),
    ("product", "DAU dipped 7.5% to 95,000.", [("95,000", "value", "dau")]),
    ("product", "DAU dipped 7.5% to 81,475.", []),
    ("product", "Signups surged 40% to 3,200.", [("3,200", "value", "signups")]),
    ("sleep", "HRV recovered 5 to 50 overnight.", [("50", "value", "hrv")]),
    ("sleep", "Efficiency slid 4 points to 70%.", [("70", "value", "efficiency")]),
    ("training", "Weekly mileage surged 20% to 40 mi.", [("40", "value", "weekly_mileage")]),
    ("training", "Readiness improved 10 points to 70%.", [("70", "value", "readiness")]),
    ("training", "Readiness improved 10 points to 51%.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_the_level_a_move_reached_is_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 3
