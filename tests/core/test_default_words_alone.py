"""A number its sentence's words name, with no name beside it, is read as a named one is.

When no name stands next to a number and the band finds no known value near it, the
words of its sentence may still say which value it cites ("You slept 9 hours" of 367
min). Such a number is no statement in the same places a named one is not: in a table
column headed as past or plan, after an average over a window of days ("Your 7-night
average was 8.5 hours"), and as past days' values told in parentheses ("after two short
nights (5 and 5.5 hours of sleep)"). A window's average may take a short verb before its
number ("was", "is", "sat at", "came in at"), for a number the band reads as well.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Every number in NOT_THE_VALUE
was flagged before the rule.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

LAST_WEEK = "| | Last week | This week |\n|---|---|---|\n"
PLAN = "| | Plan | Done |\n|---|---|---|\n"

NOT_THE_VALUE = [
    # a table's column of past values or of plans
    ("sleep", LAST_WEEK + "| Asleep | 8.5 h | 6.1 h |"),
    ("sleep", "| Night | Goal | Actual |\n|---|---|---|\n| Time in bed asleep | 8.5 h | 6.1 h |"),
    ("training", PLAN + "| Ran | 40 mi | 27.3 mi |"),
    # an average over a window of days, with a verb before its number
    ("sleep", "Your 7-night average was 8.5 hours of sleep."),
    ("sleep", "Your 7-night average was 90 minutes of deep sleep."),
    ("sleep", "The 14-night average was 20 minutes to fall asleep."),
    ("ops", "The 30-day average was 1,100 ms at p95."),
    ("ops", "The 14-day mean sat at 30,000 requests per second."),
    ("finance", "The 3-month average came in at $150k of burn."),
    ("finance", "The 3-month average was $150k burned."),
    ("product", "The 28-day mean was 3,100 signups a week."),
    ("product", "The 7-day average was 95,000 daily actives."),
    ("training", "The 7-day average was 16,000 steps."),
    # past days' values in parentheses
    ("sleep", "After two short nights (5 and 5.5 hours of sleep), you slept 6.1 hours."),
    ("training", "After two big days (16,000 and 18,000 steps), rest."),
    ("finance", "Over two heavy weeks ($40k and $45k burned), spend came down."),
]

STILL_THE_VALUE = [
    ("sleep", LAST_WEEK + "| Asleep | 6.1 h | 8.5 h |", [("8.5", "value", "sleep_duration")]),
    ("training", PLAN + "| Ran | 3 mi | 4.5 mi |", [("4.5", "value", "distance")]),
    (
        "sleep",
        "Your 7-night average was 6.2 hours, and last night you were asleep for 8.5 hours.",
        [("8.5", "value", "sleep_duration")],
    ),
    (
        "training",
        "The 7-day average was 11,000 steps; today you walked 16,000 steps.",
        [("16,000", "value", "steps")],
    ),
    (
        "ops",
        "The 30-day average was 700 ms; p95 is now 1,100 ms.",
        [("1,100", "value", "p95_latency")],
    ),
    (
        "sleep",
        "After two short nights (5 and 5.5 hours of sleep), you slept 8.5 hours.",
        [("8.5", "value", "sleep_duration")],
    ),
    (
        "product",
        "The 7-day average is 80,000; today's DAU is 95,000.",
        [("95,000", "value", "dau")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), NOT_THE_VALUE)
def test_a_number_read_by_words_is_no_statement_where_a_named_one_is_none(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_THE_VALUE)
def test_the_value_itself_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(NOT_THE_VALUE) >= 12
    assert len({domain for domain, _ in NOT_THE_VALUE}) >= 4
