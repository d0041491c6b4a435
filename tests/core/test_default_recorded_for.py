"""A number given "for" a metric by a verb of recording or showing names it: "The watch
recorded 87 for HRV", "Grafana shows 900 ms for p95 latency", "That's 87 for HRV". Without
such a verb, "for" says what a number is spent on or aimed at ("We budgeted $50k for
burn", "Allow 30 min for deep sleep"), and a plan stays a plan.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every number named here is a
misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("training", "The watch recorded 87 for HRV.", [("87", "value", "hrv")]),
    ("training", "That's 87 for HRV, a big jump.", [("87", "value", "hrv")]),
    ("training", "Your watch logged 61 bpm for resting heart rate.", [("61", "value", "rhr")]),
    ("sleep", "The ring measured 82 for sleep score.", [("82", "value", "sleep_score")]),
    ("sleep", "We recorded 95% for sleep efficiency.", [("95", "value", "efficiency")]),
    ("sleep", "Your tracker logged 90 min for deep sleep.", [("90", "value", "deep_sleep")]),
    ("finance", "The bank portal shows $1.9M for cash.", [("1.9M", "value", "cash")]),
    (
        "finance",
        "The ledger shows $120k for revenue this month.",
        [("120k", "value", "revenue_mtd")],
    ),
    ("ops", "Grafana shows 900 ms for p95 latency.", [("900", "value", "p95_latency")]),
    ("ops", "The dashboard reads 3.1% for error rate.", [("3.1", "value", "error_rate")]),
    ("ops", "Datadog recorded 3,400 for queue depth.", [("3,400", "value", "queue_depth")]),
    ("product", "Amplitude shows 102k for DAU.", [("102k", "value", "dau")]),
    ("product", "The survey came back with 61 for NPS.", [("61", "value", "nps")]),
    # a plan, a budget, time set aside, money paid, a count of things, a faithful value
    ("training", "Aim for 87 for HRV.", []),
    ("finance", "We budgeted $50k for burn.", []),
    ("sleep", "Allow 30 min for deep sleep.", []),
    ("finance", "We paid $2,000 for cash management.", []),
    ("ops", "We logged 3 tickets for p95 latency.", []),
    ("training", "The watch recorded 67 for HRV.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_number_recorded_for_a_metric_states_it(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
