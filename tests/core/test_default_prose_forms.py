"""Forms of prose the default reads by their words, in the voices of the five domains.

- The night or day reported: "tonight" in a statement of what happened ("You got 41 min
  of deep sleep tonight", "p95 latency hit 900 ms tonight") is the night reported, while
  a plan for tonight ("Aim for 90 min of deep sleep tonight", "Tonight's target: ...")
  stays a plan.
- A count metric whose name is the sentence's subject, counted in "times" ("Alerts fired
  27 times this week"): the count of its occurrences states it. A rate ("3 times an
  hour"), a ratio ("3 times more"), a passive ("were chased 3 times") or a change verb
  ("spiked 3 times") counts something else.
- A sign carried by a verb of decrease or increase ("narrowed", "eroded", "retreated",
  "widened", "ballooned", "soared") or by a comparative after the number ("0.4 °C cooler
  than usual").
- A model's or a scenario's output ('The model says "$100,000 a month"', "The capacity
  model predicts 780 ms") is a projection, not a statement of the value; a measurement
  that merely mentions a model ("as the model said") is still a statement.

Each case: (domain, text, expected flags as (token, kind, nearest, basis)); the pool and
the config are the domain's (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

NIGHT = [
    # statements of the night or day reported
    ("sleep", "You got 41 min of deep sleep tonight.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "Deep sleep came to 41 min tonight.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "Tonight you logged 41 min of deep sleep.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "You managed 41 min of deep sleep tonight.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "You've had 41 min of deep sleep tonight.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "Deep sleep is at 41 min tonight.", [("41", "value", "deep_sleep", "name")]),
    ("sleep", "REM sleep reached 70 min tonight.", [("70", "value", "rem_sleep", "name")]),
    ("sleep", "Sleep efficiency landed at 70% tonight.", [("70", "value", "efficiency", "name")]),
    ("training", "Avg HR came in at 171 bpm tonight.", [("171", "value", "avg_hr", "name")]),
    (
        "training",
        "Your resting heart rate sat at 61 bpm tonight.",
        [("61", "value", "rhr", "name")],
    ),
    ("training", "Tonight your HRV dropped to 52.", [("52", "value", "hrv", "name")]),
    ("ops", "p95 latency hit 900 ms tonight.", [("900", "value", "p95_latency", "name")]),
    ("ops", "Error rate peaked at 3.1% tonight.", [("3.1", "value", "error_rate", "name")]),
    (
        "ops",
        "Tonight the queue depth climbed to 3,400.",
        [("3,400", "value", "queue_depth", "name")],
    ),
    ("ops", "CPU sat at 60% this evening.", [("60", "value", "cpu", "name")]),
    # plans for tonight
    ("sleep", "Aim for 90 min of deep sleep tonight.", []),
    ("sleep", "Aim for 41 min of deep sleep tonight.", []),
    ("sleep", "Try to get 41 min of deep sleep tonight.", []),
    ("sleep", "You should get 41 min of deep sleep tonight.", []),
    ("sleep", "41 min of deep sleep tonight would be ideal.", []),
    ("sleep", "Another 41 min of deep sleep tonight and you'll be fine.", []),
    ("sleep", "If you get 41 min of deep sleep tonight, great.", []),
    ("sleep", "Tonight, 41 min of deep sleep is the goal.", []),
    ("sleep", "Get to bed by 10 so deep sleep reaches 90 min tonight.", []),
    ("sleep", "Tomorrow, 41 min of deep sleep would do.", []),
    ("ops", "We'll cap p95 latency at 900 ms tonight.", []),
    ("ops", "Tonight's target: p95 latency of 900 ms.", []),
    ("ops", "Target: p95 latency of 900 ms by Friday's close.", []),
    (
        "training",
        "Weekly goal: you ran 28.9 mi this week.",
        [("28.9", "value", "weekly_mileage", "band")],
    ),
    (
        "training",
        "Mileage vs goal: you covered 28.9 mi.",
        [("28.9", "value", "weekly_mileage", "band")],
    ),
    ("ops", "Tonight we will hold p95 latency at 900 ms.", []),
    ("training", "Keep avg HR near 171 bpm tonight.", []),
    ("training", "Tonight, run 4.1 mi easy.", []),
    ("finance", "Tonight's close should land burn near $100,000.", []),
]

COUNTED = [
    ("ops", "Alerts fired 27 times this week.", [("27", "value", "alerts", "name")]),
    ("ops", "Alerts went off 27 times.", [("27", "value", "alerts", "name")]),
    ("ops", "Our alerts have fired 27 times.", [("27", "value", "alerts", "name")]),
    ("ops", "Disk alerts fired 27 times.", [("27", "value", "alerts", "name")]),
    ("ops", "Incidents occurred 9 times this month.", [("9", "value", "incidents", "name")]),
    ("ops", "Incidents recurred 9 times in March.", [("9", "value", "incidents", "name")]),
    ("sleep", "Awakenings happened 7 times.", [("7", "value", "awakenings", "name")]),
    ("sleep", "Awakenings: you woke up 7 times.", [("7", "value", "awakenings", "name")]),
    ("product", "Experiments ran 14 times this quarter.", [("14", "value", "experiments", "name")]),
    (
        "product",
        "Experiments shipped 14 times this quarter.",
        [("14", "value", "experiments", "name")],
    ),
    (
        "finance",
        "Overdue invoices piled up 11 times this month.",
        [("11", "value", "overdue_invoices", "name")],
    ),
    ("training", "Runs this week: 8.", [("8", "value", "runs_week", "name")]),
    # the count itself, faithful
    ("ops", "Alerts fired 19 times this week.", []),
    ("ops", "Incidents occurred 5 times this month.", []),
    # a rate, a ratio, a passive, a change, a count of something else, "N of M"
    ("ops", "Alerts fired 3 times per hour.", []),
    ("ops", "Alerts fired 3 times an hour.", []),
    ("ops", "Alerts fired 3 times more than last week.", []),
    ("ops", "Incidents spiked 3 times.", []),
    ("ops", "Alerts fired on 27 hosts.", []),
    ("ops", "Alerts should fire no more than 3 times a night.", []),
    ("finance", "Overdue invoices were chased 3 times.", []),
    ("finance", "Open roles were reposted 3 times.", []),
    ("finance", "We closed 4 of the 9 open positions.", []),
    ("product", "Experiments doubled 3 times since launch.", []),
    ("sleep", "Awakenings were counted 3 times a night last month.", []),
]

SIGNS = [
    # verbs of decrease: a negative change
    ("finance", "Margin narrowed by 167 bps.", []),
    ("finance", "Margin compressed by 167 bps.", []),
    ("finance", "Gross margin eroded by 167 bps.", []),
    ("finance", "Margin contracted 167 bps.", []),
    ("ops", "p95 latency eased 10.6%.", []),
    ("ops", "p95 latency retreated 10.6%.", []),
    ("ops", "p95 latency softened 10.6% on the week.", []),
    ("product", "DAU receded 7.5%.", []),
    ("product", "Daily actives retreated 7.5% week over week.", []),
    ("product", "DAU weakened 7.5%.", []),
    ("product", "DAU sagged 7.5%.", []),
    ("product", "DAU slumped 7.5%.", []),
    ("sleep", "Skin temperature cooled 0.4 °C.", []),
    # verbs of increase against a negative change: a sign flip
    ("finance", "Margin widened by 167 bps.", [("167", "sign", "margin_change", "name")]),
    ("finance", "Margin expanded 167 bps.", [("167", "sign", "margin_change", "name")]),
    ("ops", "p95 latency ballooned 10.6%.", [("10.6", "sign", "latency_change", "name")]),
    ("ops", "p95 latency swelled 10.6%.", [("10.6", "sign", "latency_change", "name")]),
    ("product", "DAU soared 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("product", "DAU expanded 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("product", "DAU rallied 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("sleep", "Skin temp warmed 0.4 °C.", [("0.4", "sign", "skin_temp", "name")]),
    # a value misstated with its sign in a verb
    ("finance", "Margin narrowed by 120 bps.", [("120", "value", "margin_change", "name")]),
    ("product", "DAU slumped 5.1%.", [("5.1", "value", "dau_change", "name")]),
    # comparatives after the number
    ("sleep", "Skin temperature ran 0.4 °C cooler than usual.", []),
    ("sleep", "Skin temperature ran 0.4 °C colder than usual.", []),
    ("sleep", "Skin temp ran 0.4 °C warmer than usual.", [("0.4", "sign", "skin_temp", "name")]),
    ("sleep", "Skin temp ran 0.4 °C hotter than usual.", [("0.4", "sign", "skin_temp", "name")]),
]  # fmt: skip

PROJECTED = [
    ("finance", 'The model says "$100,000 a month".', []),
    ("finance", "The scenario puts burn at $100,000 a month.", []),
    ("finance", "The scenario assumes $100,000 a month of burn.", []),
    ("finance", "Modelled burn is $100,000 a month.", []),
    ("finance", "Projected burn is $100,000 a month.", []),
    ("ops", "The capacity model predicts 780 ms at peak.", []),
    ("ops", "The simulation shows p95 latency at 780 ms.", []),
    ("product", 'The growth model says "85,000 daily actives".', []),
    ("product", "The forecast puts DAU at 85,000.", []),
    ("ops", "The outlook has p95 latency at 780 ms.", []),
    ("sleep", "The sleep model predicts 70 min of deep sleep.", []),
    ("training", "The model predicts a 171 bpm average.", []),
    ("training", 'Your race model says "4.1 mi at 171 bpm".', []),
    # measurements that mention a model, or an estimate made by a device
    ("finance", "Burn was $100,000 a month, as the model said.",
     [("100,000", "value", "burn", "name")]),
    ("finance", "The model was right: burn came to $100,000 this month.",
     [("100,000", "value", "burn", "name")]),
    ("product", "The model served 85,000 daily actives.", [("85,000", "value", "dau", "name")]),
    ("sleep", "Your watch estimated 41 min of deep sleep.",
     [("41", "value", "deep_sleep", "name")]),
    ("ops", "The dashboard shows p95 latency at 900 ms.",
     [("900", "value", "p95_latency", "name")]),
    # a device's model gives a measurement
    ("training", "Your readiness model puts you at 68% today.",
     [("68", "value", "readiness", "name")]),
    ("training", "The recovery model gives you 55% this morning.",
     [("55", "value", "readiness", "band")]),
    ("sleep", "The sleep model says you got 41 min of deep sleep.",
     [("41", "value", "deep_sleep", "name")]),
    ("sleep", "The staging model estimates 41 min of deep sleep.",
     [("41", "value", "deep_sleep", "name")]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), NIGHT)
def test_the_night_reported_is_no_plan(domain: str, text: str, expected: list[tuple]) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(("domain", "text", "expected"), COUNTED)
def test_a_subject_counted_in_times(domain: str, text: str, expected: list[tuple]) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(("domain", "text", "expected"), SIGNS)
def test_a_verb_gives_a_change_its_sign(domain: str, text: str, expected: list[tuple]) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(("domain", "text", "expected"), PROJECTED)
def test_a_model_output_is_a_projection(domain: str, text: str, expected: list[tuple]) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
