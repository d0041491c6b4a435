"""Markdown tables and bulleted lists, as LLM reports write them.

A number in a table row is read by its column's header: under "Last month", "Prev" or
"Yesterday" it is a past value, under "Target", "Goal" or "Budget" a plan, and neither
is the value the row's name states; the row's name reads the first cell that is neither
("| Cash | $3M | $2.1M |" under "Target | Actual" states $2.1M). A head noun after a
list's dash ("- Score: 80") is read as it is at a line's start.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

HEAD = "| Item | This month | Last month |\n|---|---|---|\n"
PLAN = "| Item | Target | Actual |\n|---|---|---|\n"
TODAY = "| Metric | Yesterday | Today |\n|:---|---:|---:|\n"

CASES = [
    ("finance", HEAD + "| Burn | $92.4k | $110k |\n| Cash | $2.47M | $2.56M |", []),
    (
        "finance",
        HEAD + "| Burn | $80k | $92.4k |\n| Cash | $2.47M | $2.56M |",
        [("80k", "value", "burn")],
    ),
    ("finance", PLAN + "| Burn | $80k | $92.4k |\n| Cash | $3M | $2.47M |", []),
    (
        "finance",
        PLAN + "| Burn | $80k | $92.4k |\n| Cash | $3M | $2.1M |",
        [("2.1M", "value", "cash")],
    ),
    ("training", TODAY + "| RHR | 55 bpm | 50 bpm |\n| HRV | 60 | 67 |", []),
    ("training", TODAY + "| RHR | 55 bpm | 58 bpm |\n| HRV | 60 | 67 |", [("58", "value", "rhr")]),
    ("sleep", TODAY + "| Sleep score | 80 | 67 |\n| Efficiency | 90% | 81% |", []),
    (
        "sleep",
        TODAY + "| Sleep score | 80 | 72 |\n| Efficiency | 90% | 81% |",
        [("72", "value", "sleep_score")],
    ),
    ("ops", PLAN + "| p95 latency | 500 ms | 728 ms |\n| Error rate | 1% | 2.04% |", []),
    (
        "ops",
        PLAN + "| p95 latency | 500 ms | 900 ms |\n| Error rate | 1% | 2.04% |",
        [("900", "value", "p95_latency")],
    ),
    ("product", HEAD + "| DAU | 81,475 | 88,100 |\n| Signups | 2,268 | 2,400 |", []),
    (
        "product",
        HEAD + "| DAU | 95,000 | 88,100 |\n| Signups | 2,268 | 2,400 |",
        [("95,000", "value", "dau")],
    ),
    # a list's dash before a head noun alone
    (
        "sleep",
        "**Sleep summary**\n- Score: 80\n- Efficiency: 81%",
        [("80", "value", "sleep_score")],
    ),
    ("sleep", "**Sleep summary**\n- Score: 67\n- Efficiency: 81%", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_table_s_columns_and_a_list_s_dashes(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    stated = [case for case in CASES if case[2]]
    quiet = [case for case in CASES if not case[2]]
    assert len(stated) >= 6 and len(quiet) >= 6
    assert len({case[0] for case in CASES}) >= 5


# periods in order as a table's columns ("| Line | Oct | Sep |") or as its rows' first
# cells ("| W47 |" then "| W48 |"): the latest is now, the others are past values; in
# either order, round the year's or the week's end too, and none when not in order


def table(header: str, *rows: str) -> str:
    cells = header.count("|") - 1
    return "\n".join([header, "|" + "---|" * cells, *rows])


DAYS = "| Day | Distance | Avg HR |"
PERIODS = [
    ("finance", table("| Line | Oct | Sep |", "| Burn | $92.4k | $120k |"), []),
    ("finance", table("| Line | Sep | Oct |", "| Burn | $120k | $92.4k |"), []),
    (
        "finance",
        table("| Line | Sep | Oct |", "| Burn | $92.4k | $120k |"),
        [("120k", "value", "burn")],
    ),
    (
        "finance",
        table("| Line | Oct | Sep |", "| Burn | $120k | $92.4k |"),
        [("120k", "value", "burn")],
    ),
    ("finance", table("| | Nov | Dec | Jan |", "| Burn | $80k | $85k | $92.4k |"), []),
    ("finance", table("| | Q2 | Q3 |", "| Revenue | $150k | $169.8k |"), []),
    ("finance", table("| | 2025 | 2026 |", "| Revenue | $150k | $169.8k |"), []),
    ("product", table("| Week | DAU |", "| W47 | 88,082 |", "| W48 | 81,475 |"), []),
    ("product", table("| Week | DAU |", "| W48 | 81,475 |", "| W47 | 88,082 |"), []),
    ("training", table(DAYS, "| Mon | 4.0 mi | 150 bpm |", "| Tue | 3.03 mi | 157 bpm |"), []),
    (
        "training",
        table(DAYS, "| Mon | 3.03 mi | 157 bpm |", "| Tue | 4.0 mi | 150 bpm |"),
        [("150", "value", "avg_hr")],
    ),
    ("sleep", table("| Night | Score |", "| Mon | 78 |", "| Tue | 67 |"), []),
    ("ops", table("| Day | p95 |", "| Mon | 900 ms |", "| Tue | 728 ms |"), []),
    (
        "ops",
        table("| Day | p95 |", "| Mon | 900 ms |", "| Wed | 728 ms |", "| Tue | 800 ms |"),
        [("800", "value", "p95_latency")],
    ),
]


@pytest.mark.parametrize(("domain", "text", "expected"), PERIODS)
def test_a_table_of_periods_states_its_latest(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


# a summary line whose items a middle dot or a bullet parts, as an app's notification
# writes it: each item its own clause, so a plan in one ("(goal 8h)") is not the next's
DOTTED = [
    (
        "sleep",
        "🌙 Sleep report: 6h 7m asleep (goal 8h) · Score 72 · Deep 52m · REM 1h 23m",
        [
            ("72", "value", "sleep_score"),
            ("52", "value", "deep_sleep"),
            ("1h 23m", "value", "rem_sleep"),
        ],
    ),
    ("sleep", "🌙 Sleep report: 6h 7m asleep (goal 8h) · Score 67 · Deep 62m · REM 1h 43m", []),
    (
        "training",
        "⚡ Readiness 61 · HRV 57 ms · RHR 55 · Sleep 6h48m",
        [
            ("61", "value", "readiness"),
            ("57", "value", "hrv"),
            ("55", "value", "rhr"),
            ("6h48m", "value", "sleep_duration"),
        ],
    ),
    ("ops", "Target p95 500 ms • p95 900 ms • errors 2.04%", [("900", "value", "p95_latency")]),
    ("finance", "Budget $100k • burn $130k • runway 15.6 months", [("130k", "value", "burn")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), DOTTED)
def test_a_dotted_summary_s_items_are_clauses_of_their_own(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
