"""Where else a name stands beside its number, in the voices of the five domains:

- a sentence that opens with the number in a phrase before its subject: "At 65 bpm,
  resting heart rate is high", "With 3,400 messages, the backlog is growing";
- a number in parentheses right after its name, a currency symbol first: "Cash
  ($1,900,000) is lower than we want";
- a plan's verb inside a metric's name that labels or modifies: "Bank balance:
  $1,900,000", "Spend: $121,835" (but "Run: 5 mi easy" stays a workout prescribed);
- the past value abbreviated after the number: "HRV: 87 (prev. 85)" (85 is no statement,
  whatever known value it sits near).

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py; finance's pool here also holds
month-to-date expenses).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
PLACES_POOLS = {**POOLS, "finance": [*POOLS["finance"], Known("expenses_mtd", 93719.41, "usd")]}

FRONTED = [
    ("training", "At 65 bpm, resting heart rate is high.", [("65", "value", "rhr")]),
    ("training", "At 87, HRV is well above baseline.", [("87", "value", "hrv")]),
    ("training", "At 38%, readiness says rest.", [("38", "value", "readiness")]),
    ("training", "With 61 bpm, resting HR is up again.", [("61", "value", "rhr")]),
    ("ops", "At 900 ms, p95 latency is over budget.", [("900", "value", "p95_latency")]),
    ("ops", "At 70%, CPU is running hot.", [("70", "value", "cpu")]),
    (
        "ops",
        "With 3,400 messages, the backlog is growing.",
        [("3,400", "value", "queue_depth")],
    ),
    ("finance", "At $1.9M, cash is tight.", [("1.9M", "value", "cash")]),
    ("finance", "At 11 months, runway is short.", [("11", "value", "runway")]),
    ("product", "At 102,000, DAU hit a record.", [("102,000", "value", "dau")]),
    ("product", "At 4.2%, churn is the worry.", [("4.2", "value", "churn")]),
    ("sleep", "With 90 min, deep sleep was strong.", [("90", "value", "deep_sleep")]),
    (
        "sleep",
        "Good night. At 90 min, deep sleep was strong.",
        [("90", "value", "deep_sleep")],
    ),
    ("sleep", "At 82%, your sleep score is up.", [("82", "value", "sleep_score")]),
    # another quantity's subject, or the value itself
    ("training", "At 65 bpm, HRV looks fine.", []),
    ("training", "At 50 bpm, resting heart rate is normal.", []),
]
LABELS = [
    ("finance", "Cash ($1,900,000) is lower than we want.", [("1,900,000", "value", "cash")]),
    (
        "finance",
        "Cash balance ($1,900,000) covers the next payroll.",
        [("1,900,000", "value", "cash")],
    ),
    ("finance", "Revenue ($131,400) trails the plan.", [("131,400", "value", "revenue_mtd")]),
    ("product", "ARPU ($38.20) is up.", [("38.20", "value", "arpu")]),
    ("finance", "Bank balance: $1,900,000.", [("1,900,000", "value", "cash")]),
    ("finance", "Spend: $121,835.", [("121,835", "value", "expenses_mtd")]),
    ("training", "HRV: 87 (prev. 85).", [("87", "value", "hrv")]),
    ("training", "Resting HR: 61 bpm (prev. 170 bpm).", [("61", "value", "rhr")]),
    ("ops", "CPU: 70% (prev. 2.2%).", [("70", "value", "cpu")]),
    ("ops", "p95: 900 ms (prev. 220 ms).", [("900", "value", "p95_latency")]),
    ("product", "Churn: 4.2% (prev. 2.8%).", [("4.2", "value", "churn")]),
    ("sleep", "Deep sleep: 90 min (prev. 110 min).", [("90", "value", "deep_sleep")]),
    # plans stay plans
    ("finance", "Spend $121,835 on ads next month.", []),
    ("training", "Run: 5 mi easy, then stretch.", []),
    ("training", "Run 3.9 mi easy today.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), FRONTED + LABELS)
def test_the_name_beside_the_number_reads_it(domain, text, expected) -> None:
    assert FLAGS[domain](text, PLACES_POOLS[domain]) == expected


@pytest.mark.parametrize("cases", [FRONTED, LABELS])
def test_each_rule_has_a_dozen_sentences_in_several_domains(cases) -> None:
    count, domains = stated_in_domains(cases)
    assert count >= 12 and domains >= 4
