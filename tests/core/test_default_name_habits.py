"""How authors write a named number, beyond the name itself.

- A time unit the config declares ("months" of runway, "days" of DSO) is a unit there,
  not a time window to skip.
- "Last night" is the night reported, not a past value ("Sleep score last night was 62%").
- A plan word inside a metric's own name ("error budget", "budget remaining") is no plan.
- "made up", "took up", "used up" carry no sign: "Deep sleep made up 45 minutes".

Each case: (text, pool, expected flags as (token, kind, nearest)). Quiet cases keep the
shape with a faithful number, or a real window, plan, past value or change.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import K, flag_reader

CONFIG = config_from_dict(
    {
        "units": {
            "usd": ["$", "USD", "dollars"],
            "months": ["months", "mo"],
            "days": ["days"],
            "weeks": ["weeks"],
            "ms": ["ms", "milliseconds"],
        },
        "names": {
            "runway": ["runway"],
            "dso": ["DSO", "days sales outstanding"],
            "lead_time": ["lead time"],
            "error_budget": ["error budget"],
            "budget_left": ["budget remaining", "budget left"],
            "sleep_score": ["sleep score"],
            "deep_sleep": ["deep sleep"],
            "rem_sleep": ["REM sleep", "REM"],
            "rhr": ["resting heart rate", "RHR"],
            "hrv": ["HRV"],
            "queue_depth": ["queue depth", "backlog"],
            "dau": ["DAU", "daily actives"],
            "signups": ["signups"],
            "open_positions": ["open positions", "open roles"],
            "incidents": ["incidents"],
            "p95_latency": ["p95"],
        },
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT)


FIN = [K("runway", 15.6, "months"), K("dso", 41, "days"), K("cash", 512300, "usd")]
SHIP = [K("lead_time", 6, "weeks"), K("incidents", 8)]

TIME_UNITS = [
    ("Runway: 11 months.", FIN, [("11", "value", "runway")]),
    ("Runway is 15.6 months.", FIN, []),
    ("Runway is 14.4 months.", FIN, [("14.4", "value", "runway")]),
    ("We have 11 months of runway.", FIN, [("11", "value", "runway")]),
    ("We have 15.6 months of runway left.", FIN, []),
    ("DSO stretched to 55 days.", FIN, [("55", "value", "dso")]),
    ("DSO is 41 days.", FIN, []),
    ("Days sales outstanding: 37 days.", FIN, [("37", "value", "dso")]),
    ("Lead time is 9 weeks.", SHIP, [("9", "value", "lead_time")]),
    ("Lead time is 6 weeks.", SHIP, []),
    ("Plan for 17 months of runway by June.", FIN, []),
    ("Runway was 18 months a year ago.", FIN, []),
    # a window where the config has no such unit: still skipped
    ("We had 8 incidents in the last 9 weeks.", [K("incidents", 8)], []),
]

LAST_NIGHT = [
    ("Sleep score last night was 62%.", [K("sleep_score", 81, "pct")],
     [("62", "value", "sleep_score")]),
    ("Sleep score last night was 81%.", [K("sleep_score", 81, "pct")], []),
    ("Deep sleep last night came to 40 min.", [K("deep_sleep", 64, "min")],
     [("40", "value", "deep_sleep")]),
    ("REM sleep last night: 80 min.", [K("rem_sleep", 118, "min")],
     [("80", "value", "rem_sleep")]),
    ("HRV last night was 38.", [K("hrv", 53)], [("38", "value", "hrv")]),
    ("HRV last night was 53.", [K("hrv", 53)], []),
    ("Resting heart rate last night dipped to 61 bpm.", [K("rhr", 46, "bpm")],
     [("61", "value", "rhr")]),
    ("RHR overnight last night was 61 bpm.", [K("rhr", 46, "bpm")], [("61", "value", "rhr")]),
    ("Your sleep score for last night is 55%.", [K("sleep_score", 81, "pct")],
     [("55", "value", "sleep_score")]),
    # last week, last month: still a past value
    ("Sleep score last week was 62%.", [K("sleep_score", 81, "pct")], []),
    ("HRV last month was 38.", [K("hrv", 53)], []),
    ("RHR last Tuesday was 61 bpm.", [K("rhr", 46, "bpm")], []),
]  # fmt: skip

BUDGET = [K("error_budget", 62, "pct"), K("p95_latency", 808, "ms")]
PLAN_IN_NAME = [
    ("The error budget is down to 40%.", BUDGET, [("40", "value", "error_budget")]),
    ("The error budget is down to 62%.", BUDGET, []),
    ("Error budget: 40% left.", BUDGET, [("40", "value", "error_budget")]),
    ("Error budget stands at 44%.", BUDGET, [("44", "value", "error_budget")]),
    ("Error budget remaining: 40%.", BUDGET, [("40", "value", "error_budget")]),
    ("The error budget came in at 57%.", BUDGET, [("57", "value", "error_budget")]),
    ("Budget remaining is $41,000.", [K("budget_left", 52000, "usd")],
     [("41,000", "value", "budget_left")]),
    ("Budget left: $52,000.", [K("budget_left", 52000, "usd")], []),
    # a plan word outside the name still makes a plan
    ("We plan to keep the error budget at 70%.", BUDGET, []),
    ("The error budget target is 55%.", BUDGET, []),
    ("Next quarter the error budget should be 55%.", BUDGET, []),
    ("Aim for an error budget of 55%.", BUDGET, []),
]  # fmt: skip

CASH = [K("cash", 512300, "usd")]
UNSIGNED_UP = [
    ("Deep sleep made up 45 minutes of the night.", [K("deep_sleep", 64, "min")],
     [("45", "value", "deep_sleep")]),
    ("Deep sleep made up 64 minutes of the night.", [K("deep_sleep", 64, "min")], []),
    ("REM took up 80 minutes.", [K("rem_sleep", 118, "min")], [("80", "value", "rem_sleep")]),
    ("REM sleep makes up 80 min of it.", [K("rem_sleep", 118, "min")],
     [("80", "value", "rem_sleep")]),
    ("The p95 used up 1,100 ms of the budget.", BUDGET, [("1,100", "value", "p95_latency")]),
    ("Error budget used up 40%.", BUDGET, [("40", "value", "error_budget")]),
    ("Deep sleep took up 64 min.", [K("deep_sleep", 64, "min")], []),
    ("Cash made up $410,000 of assets.", CASH, [("410,000", "value", "cash")]),
    # "up" alone is still a sign of a change
    ("Deep sleep is up 45 min.", [K("deep_sleep", 64, "min")], []),
    ("REM is up 80 minutes on last week.", [K("rem_sleep", 118, "min")], []),
    ("The error budget is up 40%.", BUDGET, []),
    ("Cash is up $410,000.", CASH, []),
]  # fmt: skip

CLASSES = {
    "a configured time unit": TIME_UNITS,
    "last night": LAST_NIGHT,
    "a plan word in a name": PLAN_IN_NAME,
    "up without a sign": UNSIGNED_UP,
}


@pytest.mark.parametrize(
    ("text", "pool", "expected"),
    [
        pytest.param(text, pool, expected, id=f"{name}: {text}")
        for name, cases in CLASSES.items()
        for text, pool, expected in cases
    ],
)
def test_default_reads_the_named_number(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_each_rule_has_a_dozen_sentences() -> None:
    assert {name: len(cases) >= 12 for name, cases in CLASSES.items()} == dict.fromkeys(
        CLASSES, True
    )
