"""A label's number between a name and its value ("p95 latency in region 2 was 900 ms",
"Retention at day 7 was 25%", "HRV in week 3 averaged 87") says which part is meant, not
the value: the name reads the number a verb of statement gives after it, and a label's
number alone ("p95 latency in region 2.") states nothing.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every value named here is a
misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("ops", "p95 latency in region 2 was 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "p95 latency on node 3 hit 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "Queue depth on shard 4 reached 3,400.", [("3,400", "value", "queue_depth")]),
    ("ops", "CPU on host 12 averaged 70%.", [("70", "value", "cpu")]),
    ("product", "Retention at day 7 was 25%.", [("25", "value", "retention_d7")]),
    ("product", "DAU in week 48 averaged 102,000.", [("102,000", "value", "dau")]),
    ("product", "DAU in week 48 came to 102,000.", [("102,000", "value", "dau")]),
    ("ops", "Queue depth on shard 4 went to 3,400.", [("3,400", "value", "queue_depth")]),
    ("training", "HRV in week 3 averaged 87.", [("87", "value", "hrv")]),
    ("training", "Your HRV on day 3 of the block was 87.", [("87", "value", "hrv")]),
    ("training", "Readiness on day 2 sits at 38%.", [("38", "value", "readiness")]),
    ("sleep", "Deep sleep in cycle 2 lasted 90 min.", [("90", "value", "deep_sleep")]),
    ("sleep", "Sleep score in week 2 came in at 82.", [("82", "value", "sleep_score")]),
    ("finance", "Cash at week 3 stood at $1.9M.", [("1.9M", "value", "cash")]),
    ("finance", "Burn in month 4 was $130k.", [("130k", "value", "burn")]),
    # a label's number alone, or a list after it, or a faithful value: no flag
    ("ops", "p95 latency in region 2.", []),
    ("ops", "p95 latency in region 2, 900 ms in region 3.", []),
    ("training", "HRV in week 3 averaged 67.", []),
    ("ops", "Error rate in zone 3.", []),
    # a word of time or of summing before the number is no label
    ("training", "HRV for today 87.", [("87", "value", "hrv")]),
    ("ops", "Alerts in all 31.", [("31", "value", "alerts")]),
    ("ops", "Queue depth came in at 3,400.", [("3,400", "value", "queue_depth")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_label_number_between_name_and_value_is_passed_over(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
