"""A name decides which known value a number states, and so which unit it is held in: a
number written in hours of a value held in minutes ("Total sleep came to 7.7 hours" of
`sleep_duration` 367 min), or in seconds of one held in milliseconds, is compared in the
unit written. Units of time are known by their usual keys (ms, s, min, h); the flag
keeps the number as written and gives the known value in its unit.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool (tests/core/test_default_name_voices.py) and config, plus units of time where the
domain's config has none.
"""

from __future__ import annotations

import tomllib

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import CONFIGS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

TIME_UNITS = {
    "training": {"h": ["h", "hours", "hrs"]},
    "ops": {"s": ["s", "seconds", "sec"]},
    "product": {"s": ["s", "seconds", "sec"], "h": ["hours", "hrs"]},
}


def _detector(domain: str) -> DefaultDetector:
    data = tomllib.loads((CONFIGS / f"{domain}.toml").read_text(encoding="utf-8"))
    data.setdefault("units", {}).update(TIME_UNITS.get(domain, {}))
    return DefaultDetector(config_from_dict(data, source=f"{domain}.toml"))


FLAGS = {
    domain: flag_reader(_detector(domain)) for domain in ("training", "sleep", "ops", "product")
}

CASES = [
    ("sleep", "Total sleep came to 7.7 hours.", [("7.7", "value", "sleep_duration")]),
    ("sleep", "Time asleep: 4.5 h.", [("4.5", "value", "sleep_duration")]),
    ("sleep", "Total sleep was 8 hours last night.", [("8", "value", "sleep_duration")]),
    ("sleep", "Deep sleep came to 1.5 hours.", [("1.5", "value", "deep_sleep")]),
    ("sleep", "REM sleep totaled 2.5 h.", [("2.5", "value", "rem_sleep")]),
    ("training", "Total sleep was 9.5 hours.", [("9.5", "value", "sleep_duration")]),
    ("training", "Time asleep came in at 6 hrs.", [("6", "value", "sleep_duration")]),
    ("training", "Moving time was 1.5 hours.", [("1.5", "value", "duration")]),
    ("ops", "p95 latency is 0.9 s.", [("0.9", "value", "p95_latency")]),
    ("ops", "p50 latency came in at 0.4 seconds.", [("0.4", "value", "p50_latency")]),
    ("ops", "Median latency: 0.35 sec.", [("0.35", "value", "p50_latency")]),
    ("product", "Session length averaged 1,200 seconds.", [("1,200", "value", "session_length")]),
    ("product", "Average session length was 0.5 hours.", [("0.5", "value", "session_length")]),
    # faithful in the unit written, or no unit of time: no flag
    ("sleep", "Total sleep came to 6.1 hours.", []),
    ("sleep", "Sleep debt is 3.6 hours.", []),
    ("training", "Time asleep was 7.8 hours.", []),
    ("ops", "p95 latency is 0.73 s.", []),
    ("product", "Session length averaged 822 seconds.", []),
    ("ops", "Free disk is 684 GB.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_named_number_is_compared_in_the_unit_of_time_it_is_written_in(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


# no name stands beside the number: the words of its sentence say which value of time
# it states, whatever unit that value is held in ("You slept 9 hours" of 367 min), even
# where the pool holds no value in the unit written (training's hours)
WORDED = [
    ("sleep", "You slept 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "You slept for 4.5 hours last night.", [("4.5", "value", "sleep_duration")]),
    ("sleep", "You got 9 hours of sleep.", [("9", "value", "sleep_duration")]),
    ("sleep", "You spent 2.5 hours in deep sleep.", [("2.5", "value", "deep_sleep")]),
    ("sleep", "You spent 3 hours in REM.", [("3", "value", "rem_sleep")]),
    ("sleep", "It took you 0.5 hours to fall asleep.", [("0.5", "value", "latency")]),
    ("training", "You slept 9.5 hours.", [("9.5", "value", "sleep_duration")]),
    ("training", "You slept just 5 hours last night.", [("5", "value", "sleep_duration")]),
    ("product", "Users spent 0.5 hours per session.", [("0.5", "value", "session_length")]),
    (
        "product",
        "An average session lasted 1,200 seconds.",
        [("1,200", "value", "session_length")],
    ),
    ("product", "Users stayed 1,200 seconds per session.", [("1,200", "value", "session_length")]),
    ("ops", "Requests at p95 took 1.2 s.", [("1.2", "value", "p95_latency")]),
    # each item of a list its own words; the whole a part is "of"
    ("sleep", "In bed 9.5 h, asleep 9 h.", [("9", "value", "sleep_duration")]),
    ("sleep", "In bed 9.5 h, asleep 6.1 h.", []),
    ("sleep", "Asleep 9 h of 9.5 h in bed.", []),
    # the time to fall asleep, not the night's sleep
    ("sleep", "You fell asleep in 25 min and woke at 6:12.", [("25", "value", "latency")]),
    ("sleep", "You fell asleep in 7 min and woke at 6:12.", []),
    # a list's unit of time left unsaid after the first item
    (
        "sleep",
        "You spent 62 minutes in deep sleep and 150 in REM.",
        [("150", "value", "rem_sleep")],
    ),
    ("sleep", "You spent 62 minutes in deep sleep and 103 in REM.", []),
    ("sleep", "You were in bed for 9.5 hours but asleep for just 6.1 h.", []),
    (
        "sleep",
        "You were in bed for 6.1 hours but asleep for 9 h.",
        [("9", "value", "sleep_duration")],
    ),
    ("sleep", "Deep sleep was 62 min and you slept 9 hours.", [("9", "value", "sleep_duration")]),
    ("sleep", "You lay awake for 2 hours, then slept 6.1 hours.", []),
    # the value itself in the unit written, a plan, someone else's night: no flag
    ("sleep", "You slept 6.1 hours.", []),
    ("sleep", "You slept for 6 hours.", []),
    ("training", "You slept 7.8 hours.", []),
    ("sleep", "Try to sleep 9 hours tonight.", []),
    ("sleep", "Your partner slept 9 hours.", []),
    ("sleep", "Sleep debt is 3.6 hours.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), WORDED)
def test_the_words_of_a_sentence_name_a_value_of_time_held_in_another_unit(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_worded_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(WORDED)
    assert count >= 12 and domains >= 3


def test_the_flag_gives_the_known_value_in_the_unit_written() -> None:
    (flag,) = _detector("sleep").flag("Total sleep came to 7.7 hours.", POOLS["sleep"])
    assert (flag.token, flag.value, flag.unit, flag.nearest, flag.basis) == (
        "7.7",
        7.7,
        "h",
        "sleep_duration",
        "name",
    )
    assert flag.nearest_value == pytest.approx(367 / 60)
    assert flag.delta == pytest.approx(7.7 - 367 / 60)
