"""A pool name that ends in its unit is said without it: `p95_latency_ms` is "p95 latency".

Pools often carry the unit in the name (`weekly_distance_mi`, `total_sleep_minutes`,
`monthly_revenue_usd`). Prose never says the unit as part of the name, so with no config
such a name was read only through a word no other value's name has, and where every word
is shared (`weekly_distance_mi` beside `run_distance_mi` and `weekly_time_min`) a
misstatement past the band went unflagged, or was read against the wrong value ("Avg HR
was 171 bpm" against `max_hr_bpm`): 9 of the 13 cases in SUFFIXED. A single word left
("sleep" of `sleep_hours`) is not taken as a name: it names too much.

Each case: (pool spec, text, expected token and name), read with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

RUNS = "weekly_distance_mi:27.3:mi run_distance_mi:3.03:mi weekly_time_min:270:min"
SLEEP = "total_sleep_minutes:367:min total_awake_minutes:85:min deep_sleep_min:62:min"
LATENCY = "p50_latency_ms:203:none p95_latency_ms:728:none p95_budget_ms:800:none"
MONEY = (
    "monthly_revenue_usd:169757:none monthly_costs_usd:203410:none weekly_revenue_usd:41000:none"
)
HEART = "avg_hr_bpm:157:bpm max_hr_bpm:181:bpm resting_hr_bpm:50:bpm"

SUFFIXED = [
    (RUNS, "Weekly distance: 33.4 miles.", "33.4", "weekly_distance_mi"),
    (RUNS, "Run distance was 4.1 miles.", "4.1", "run_distance_mi"),
    (RUNS, "Weekly time came to 320 minutes.", "320", "weekly_time_min"),
    (SLEEP, "Total sleep: 8 h 10 min.", "8 h 10 min", "total_sleep_minutes"),
    (SLEEP, "Total awake time was 40 minutes.", "40", "total_awake_minutes"),
    (LATENCY, "p95 latency was 910.", "910", "p95_latency_ms"),
    (LATENCY, "p50 latency came in at 260.", "260", "p50_latency_ms"),
    (MONEY, "Monthly revenue came to 201,000.", "201,000", "monthly_revenue_usd"),
    (MONEY, "Weekly revenue was 52,000.", "52,000", "weekly_revenue_usd"),
    (HEART, "Avg HR was 171 bpm.", "171", "avg_hr_bpm"),
    (HEART, "Max HR hit 205 bpm.", "205", "max_hr_bpm"),
    (HEART, "Resting HR is 61 bpm.", "61", "resting_hr_bpm"),
    (
        "session_length_min:13.7:min session_count:9:none",
        "Session length was 18 minutes.",
        "18",
        "session_length_min",
    ),
]

AGREE = [
    (RUNS, "Weekly distance: 27.3 miles."),
    (LATENCY, "p95 latency was 728."),
    (HEART, "Resting HR is 50 bpm."),
    # one word left names too much: "sleep score" is no value of `sleep_hours`
    ("sleep_hours:7.5:none readiness:51:pct", "Sleep score 71, readiness 51%."),
]


def pool(spec: str) -> list[Known]:
    return [Known(n, float(v), u) for n, v, u in (p.split(":") for p in spec.split())]


@pytest.mark.parametrize(("spec", "text", "token", "name"), SUFFIXED)
def test_a_name_is_read_without_its_unit(spec, text, token, name) -> None:
    assert READ(text, pool(spec)) == [(token, "value", name)]


@pytest.mark.parametrize(("spec", "text"), AGREE)
def test_citations_that_agree_and_single_words_are_no_flag(spec, text) -> None:
    assert READ(text, pool(spec)) == []
