"""Which number a name states when its sentence holds more than one, and what a
comparison after the number says, in the voices of the five domains:

- a change told from a past value to the value now ("RHR climbed from 40 to 65 bpm",
  "Cash: $2.9M -> $1.9M"): the name states the value now, the first is the past;
- a comparison's other side after the number ("HRV 87 vs 54 last week"): the past time
  is the other side's, and the number is the value now;
- a comparison after a verb ("Your HRV of 87 is above normal"): the level is compared,
  not given a sign;
- a clause that opens with "it" right after a sentence naming one known value ("Your HRV
  dropped overnight. It's at 52 now"): the number states that value.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every number named here is
a misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

FROM_TO = [
    ("training", "Resting heart rate climbed from 40 bpm to 65 bpm.", [("65", "value", "rhr")]),
    ("training", "Resting HR: 40 bpm → 65 bpm.", [("65", "value", "rhr")]),
    ("training", "HRV went from 60 to 87.", [("87", "value", "hrv")]),
    ("training", "HRV is down from 87 to 52.", [("52", "value", "hrv")]),
    ("training", "Resting HR is up from 40 bpm to 65 bpm.", [("65", "value", "rhr")]),
    ("finance", "Cash fell from $2,900,000 to $1,900,000.", [("1,900,000", "value", "cash")]),
    ("finance", "Cash: $2.9M -> $1.9M.", [("1.9M", "value", "cash")]),
    ("finance", "Runway went from 20 months to 11 months.", [("11", "value", "runway")]),
    ("ops", "p95 latency rose from 700 ms to 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "Queue depth went from 1,200 to 3,400.", [("3,400", "value", "queue_depth")]),
    ("product", "DAU climbed from 60,000 to 102,000.", [("102,000", "value", "dau")]),
    ("product", "NPS: 40 => 61.", [("61", "value", "nps")]),
    ("sleep", "Deep sleep went from 62 min to 90 min.", [("90", "value", "deep_sleep")]),
    ("sleep", "Sleep score went from 67% to 82%.", [("82", "value", "sleep_score")]),
    # a range stays a range, and the value now that is faithful is no flag
    ("training", "HRV ranged from 60 to 87.", []),
    ("training", "Keep resting HR from 40 to 65 bpm.", []),
    ("training", "HRV went from 54 to 67.", []),
]
VERSUS = [
    ("training", "HRV 87 vs 54 last week.", [("87", "value", "hrv")]),
    ("training", "HRV is 87 this week against 54 last week.", [("87", "value", "hrv")]),
    ("ops", "p95 latency 900 ms versus 700 ms a week ago.", [("900", "value", "p95_latency")]),
    ("product", "DAU 102,000 compared with 60,000 last month.", [("102,000", "value", "dau")]),
    ("sleep", "Deep sleep 90 min vs 62 min last night.", [("90", "value", "deep_sleep")]),
    ("finance", "Burn $120,000 vs $92,000 last month.", [("120,000", "value", "burn")]),
    ("training", "HRV was 54 last week.", []),
]
COMPARED = [
    ("training", "Your HRV of 87 is above normal.", [("87", "value", "hrv")]),
    ("training", "HRV came in at 52, which is below your usual.", [("52", "value", "hrv")]),
    ("sleep", "Your resting heart rate of 60 bpm is above average.", [("60", "value", "rhr")]),
    ("sleep", "Your sleep score of 82 is better than usual.", [("82", "value", "sleep_score")]),
    ("ops", "CPU at 70% is higher than we like.", [("70", "value", "cpu")]),
    ("ops", "Queue depth of 3,400 is lower than yesterday.", [("3,400", "value", "queue_depth")]),
    ("product", "NPS of 61 is above where we were.", [("61", "value", "nps")]),
    ("finance", "A runway of 11 months is shorter than we want.", [("11", "value", "runway")]),
    ("training", "Readiness at 38% is lower than yesterday.", [("38", "value", "readiness")]),
]
PRONOUN = [
    ("training", "Last week HRV was 54; this week it is 87.", [("87", "value", "hrv")]),
    (
        "training",
        "Your HRV dropped overnight. It's at 52 now, well under your baseline.",
        [("52", "value", "hrv")],
    ),
    (
        "training",
        "Resting heart rate is up. It sits at 65 bpm this morning.",
        [("65", "value", "rhr")],
    ),
    ("training", "Form has been building. It's now at 10.9.", [("10.9", "sign", "tsb")]),
    ("finance", "Cash is the thing to watch. It's $1.9M now.", [("1.9M", "value", "cash")]),
    ("finance", "Gross margin held up. It landed at 48%.", [("48", "value", "gross_margin")]),
    (
        "ops",
        "p95 latency spiked after the deploy. It hit 900 ms at 14:00.",
        [("900", "value", "p95_latency")],
    ),
    ("ops", "Error rate crept up overnight. It's 3.1% now.", [("3.1", "value", "error_rate")]),
    (
        "ops",
        "Throughput was healthy. It averaged 26,000 req/s.",
        [("26,000", "value", "throughput")],
    ),
    ("sleep", "Deep sleep was short. It came in at 41 min.", [("41", "value", "deep_sleep")]),
    ("sleep", "REM was strong. It reached 85 min.", [("85", "value", "rem_sleep")]),
    ("sleep", "Sleep efficiency dipped. It was just 70%.", [("70", "value", "efficiency")]),
    ("product", "DAU softened. It averaged 102,000 this week.", [("102,000", "value", "dau")]),
    ("product", "Churn ticked up. It hit 4.2%.", [("4.2", "value", "churn")]),
    # a past value, two names, no statement of a value: no reading
    ("training", "Resting heart rate is up. It was 45 bpm last week.", []),
    ("training", "HRV and resting HR both moved. It's 52.", []),
    ("finance", "Cash is fine. It takes 30 days to close the books.", []),
    ("training", "HRV dropped overnight. It's 67 now.", []),
]

# "That's" or "This is" after a sentence that names one value: a change of it, when the
# number is one; else another quantity ("That's $20k over budget"), not read
DEMONSTRATIVE = [
    ("product", "DAU: 81,475. That's 7.5% higher than last week.", [("7.5", "sign", "dau_change")]),
    ("product", "DAU: 81,475. That's 15% lower than last week.", [("15", "value", "dau_change")]),
    ("product", "DAU: 81,475. That's up 7.5% on the week.", [("7.5", "sign", "dau_change")]),
    (
        "product",
        "DAU is 81,475. This is a 7.5% jump from last week.",
        [("7.5", "sign", "dau_change")],
    ),
    (
        "ops",
        "p95 latency: 728 ms. That's 10.6% slower than last week.",
        [("10.6", "sign", "latency_change")],
    ),
    (
        "ops",
        "p95 latency: 728 ms. That's 25% faster than last week.",
        [("25", "value", "latency_change")],
    ),
    (
        "ops",
        "p95 latency is 728 ms. That's a 10.6% increase on the week.",
        [("10.6", "sign", "latency_change")],
    ),
    (
        "finance",
        "Gross margin was 59.5%. That's 167 bps higher than last quarter.",
        [("167", "sign", "margin_change")],
    ),
    (
        "finance",
        "Gross margin was 59.5%. That's down 300 bps on the quarter.",
        [("300", "value", "margin_change")],
    ),
    (
        "finance",
        "Gross margin was 59.5%. That's a 167 bps gain.",
        [("167", "sign", "margin_change")],
    ),
    (
        "product",
        "DAU came in at 81,475. That's a 12% drop from last week.",
        [("12", "value", "dau_change")],
    ),
    (
        "ops",
        "p95 latency sat at 728 ms. This is 10.6% slower than last week.",
        [("10.6", "sign", "latency_change")],
    ),
    # faithful, no change, or a change of a value the pool holds no change of: no flag
    ("product", "DAU: 81,475. That's 7.5% lower than last week.", []),
    ("finance", "Burn was $92k. That's $20k over budget.", []),
    ("product", "Signups were 2,268. That's 2,268 more than we planned.", []),
    ("training", "Readiness: 51%. This is 13 points lower than yesterday.", []),
    ("ops", "p95 latency: 728 ms. That's 10.6% faster than last week.", []),
]


@pytest.mark.parametrize(
    ("domain", "text", "expected"), FROM_TO + VERSUS + COMPARED + PRONOUN + DEMONSTRATIVE
)
def test_the_name_states_the_value_now(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize("cases", [FROM_TO, VERSUS + COMPARED, PRONOUN])
def test_each_rule_has_a_dozen_sentences_in_several_domains(cases) -> None:
    count, domains = stated_in_domains(cases)
    assert count >= 12 and domains >= 4


def test_the_demonstrative_rule_has_a_dozen_sentences_in_the_domains_with_changes() -> None:
    count, domains = stated_in_domains(DEMONSTRATIVE)
    assert count >= 12 and domains >= 3  # (changes: DAU, latency and margin)
