"""Class 10's rule reads "30 to 35 minutes" and "between 6 and 7 mi" as ranges; these are
not ranges, and the number after them states its value:

- the digits of a label before "to" ("p95 came to 900 ms", "D7 retention went to 24%"):
  a label's digits are no first end of a range;
- a list's comma before "and" ("VO2max estimate 54.6, and 61 bpm resting"): the comma
  ends an item;
- two items joined by "and" without "between" ("4.1 mi and 16,000 steps", "NPS 48 and
  3,100 signups"): a list, each number a statement of its own.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every number named here is
a misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    # a label's digits before "to"
    ("ops", "p95 came to 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "p95 went to 900 ms overnight.", [("900", "value", "p95_latency")]),
    ("ops", "p50 rose to 260 ms.", [("260", "value", "p50_latency")]),
    ("ops", "p95 climbed to 900 ms after the deploy.", [("900", "value", "p95_latency")]),
    ("ops", "p50 fell to 150 ms on Tuesday.", [("150", "value", "p50_latency")]),
    ("product", "D7 retention went to 24%.", [("24", "value", "retention_d7")]),
    # a list's comma before "and"
    (
        "training",
        "VO2max estimate 54.6, and 61 bpm resting this morning.",
        [("61", "value", "rhr")],
    ),
    (
        "training",
        "HRV 52, and 16,000 steps yesterday.",
        [("52", "value", "hrv"), ("16,000", "value", "steps")],
    ),
    ("ops", "Uptime 99.99, and queue depth 3,400.", [("3,400", "value", "queue_depth")]),
    # "and" without "between": a list
    ("training", "You logged 4.1 mi and 16,000 steps.", [("16,000", "value", "steps")]),
    ("training", "Yesterday: 41 min and 16,000 steps.", [("16,000", "value", "steps")]),
    (
        "sleep",
        "Deep sleep 90 min and 85 min of REM.",
        [("90", "value", "deep_sleep"), ("85", "value", "rem_sleep")],
    ),
    ("product", "NPS 48 and 3,100 signups this week.", [("3,100", "value", "signups")]),
    ("finance", "Cash $2,466,115 and 13 open roles.", [("13", "value", "open_positions")]),
    ("finance", "Burn of $92,417 and 11 invoices past due.", [("11", "value", "overdue_invoices")]),
    # ranges stay ranges
    ("ops", "p95 should sit at 600 to 700 ms.", []),
    ("ops", "Between 600 and 700 ms is fine for p95.", []),
    ("training", "Your resting heart rate was 58 to 61 bpm all week.", []),
    ("finance", "Burn ran $110,000-$120,000 a month.", []),
    ("sleep", "Deep sleep of 85 or 90 min is typical for you.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_what_is_no_range_states_its_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
