"""A signed number in parentheses right after a value is its change: "HRV 67 (−5)".

"Resting HR 50 (+3), HRV 67 (−5)", "Alerts 19 (−5), incidents 5": dashboards write each
value with its change beside it. With no config, the band read "−5" as a sign flip of
whatever count of 5 the pool held, and 11 of the 12 cases in DELTAS were flagged. Now
the number is read as a change: against the change of the value it stands beside when
the pool holds one, so a change of the wrong sign is still flagged, else as nothing.

Each case: (domain, text), with the domain's pool and no config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

DELTAS = [
    ("training", "Resting HR 50 (+3), HRV 67 (−5), sleep 7 h 48 min (−12 min)."),
    ("training", "HRV 67 (−5) and readiness 51% (−4)."),
    ("sleep", "Sleep score 67 (−4), efficiency 81% (−3%)."),
    ("sleep", "HRV 39 (−4) overnight."),
    ("sleep", "Awakenings 4 (−4), latency 7 min."),
    ("ops", "Incidents were down this week; queue depth 2,479 (−5)."),
    ("ops", "Throughput 20,372 rps (−19), CPU 48% (−5)."),
    ("ops", "Alerts 19 (−5), incidents 5."),
    ("finance", "Runway 15.6 months (−9), open roles 9."),
    ("finance", "Cash $2.47M (−$92k), overdue invoices 6 (−9)."),
    ("product", "Crash-free 99.42% (−48), NPS 48."),
    ("product", "DAU 81,475 (−6,600), signups 2,268 (+140), NPS 48 (−3)."),
]

STILL_READ = [
    ("product", "DAU 81,475 (+7.5%).", [("+7.5", "sign", "dau_change")]),
    ("ops", "p95 latency 728 ms (+10.6%).", [("+10.6", "sign", "latency_change")]),
    ("product", "DAU 81,475 (−7.5%).", []),
    ("ops", "Incidents: -5 this week.", [("-5", "sign", "incidents")]),
]


@pytest.mark.parametrize(("domain", "text"), DELTAS)
def test_a_signed_number_beside_a_value_is_its_change(domain, text) -> None:
    assert READ(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_changes_the_pool_holds_are_still_checked(domain, text, expected) -> None:
    assert READ(text, POOLS[domain]) == expected
