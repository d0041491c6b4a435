"""A bound softened into a near miss ("Total sleep was just under 9 hours", "Resting heart
rate came in at a shade over 62") gives a value roughly, as "about" does: a verb that
reports it, or a label of what was measured and its colon ("p95 latency: just under
1,100 ms"), makes it a statement, checked as a rounded citation. A label reports the way a
verb does for the words that already round a value ("Resting HR: around 62"). A bound on
its own ("stayed below 1,100 ms all week", "well over 9 hours"), an order ("Keep p95
latency just under 1,100 ms") and a label of a plan ("Goal: about 9 hours", "Tomorrow's
run: around 5 mi") stay what they were: no statement of the value.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.prose import not_a_statement
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    # a near miss, reported
    ("sleep", "Total sleep was just under 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "Total sleep was just over 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "Total sleep was a little over 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "Deep sleep came in slightly above 90 min.", [("90", "value", "deep_sleep")]),
    ("training", "Resting heart rate was just under 62 bpm.", [("62", "value", "rhr")]),
    ("training", "Resting heart rate came in at a shade over 62.", [("62", "value", "rhr")]),
    ("training", "Your HRV landed a touch below 50.", [("50", "value", "hrv")]),
    ("ops", "p95 latency was just above 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("ops", "p95 latency was just below 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("ops", "CPU peaked at a bit over 80%.", [("80", "value", "cpu")]),
    ("finance", "Cash ended the week just under $1.9M.", [("1.9M", "value", "cash")]),
    ("product", "DAU was just shy of 102,000.", [("102,000", "value", "dau")]),
    ("product", "Churn came in slightly under 4.5%.", [("4.5", "value", "churn")]),
    # a label of what was measured, then a value given roughly
    ("sleep", "Total sleep: just under 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "Total sleep: about 9 hours.", [("9", "value", "sleep_duration")]),
    ("training", "Resting HR: around 62.", [("62", "value", "rhr")]),
    ("training", "Distance: just over 6 mi.", [("6", "value", "distance")]),
    ("ops", "p95 latency: just under 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("finance", "Runway: roughly 11 months.", [("11", "value", "runway")]),
    # roughly the value itself, or inside the value band: what the writer rounded to
    ("sleep", "Total sleep: just under 6.1 hours.", []),
    ("training", "Resting heart rate was just over 49 bpm.", []),
    ("ops", "p95 latency was just under 750 ms.", []),
    # a bound, an order, a plan's label: no statement of the value
    ("sleep", "Total sleep was well over 9 hours.", []),
    ("sleep", "Total sleep should be just under 9 hours.", []),
    ("sleep", "Goal: about 9 hours.", []),
    ("sleep", "Tonight: about 9 hours in bed.", []),
    ("training", "Tomorrow's run: around 5 mi easy.", []),
    ("training", "Target: just under 160 bpm.", []),
    ("training", "Next up: about 7 mi.", []),
    ("training", "Long run: about 12 mi.", []),
    ("training", "Easy run: about 6 mi.", []),
    ("ops", "Keep p95 latency just under 1,100 ms.", []),
    ("ops", "p95 latency stayed below 1,100 ms all week.", []),
    ("ops", "SLO: just under 1,100 ms.", []),
    # a tilde is "about": a rough value where a label or a report says it, else a plan
    ("product", "Daily actives: ~120k.", [("120k", "value", "dau")]),
    ("product", "DAU came in at ~120k.", [("120k", "value", "dau")]),
    ("finance", "Burn: ~$130k.", [("130k", "value", "burn")]),
    ("sleep", "Deep sleep: ≈90 min.", [("90", "value", "deep_sleep")]),
    ("ops", "p95 hovered at ~1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("product", "Daily actives: ~90k.", []),
    ("training", "Plan ~45 min easy.", []),
    ("ops", "Keep p95 ~500 ms.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_near_miss_or_a_labelled_rough_value_is_read_as_a_rough_statement(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Total sleep was just under 9 hours.", "approximate"),
        ("Total sleep: about 9 hours.", "approximate"),
        ("Total sleep was under 9 hours.", "plan"),
        ("Goal: about 9 hours.", "plan"),
        ("Keep it just under 9 hours.", "plan"),
        ("Total sleep: ~9 hours.", "approximate"),
        ("Total sleep came to ~9 hours.", "approximate"),
        ("Aim for ~9 hours.", "plan"),
    ],
)
def test_the_reading_says_why(text: str, why: str) -> None:
    start = text.index("9")
    assert not_a_statement(text, start, start + 1) == why
    assert not_a_statement(text, start, start + 1, plain=True) == why
