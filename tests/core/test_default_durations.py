"""A duration of hours and minutes is one number in minutes: "You slept 4h 50m" states a
sleep duration of 290 min, "Deep sleep: 1 h 30 min" one of 90. The published check skips
both halves (its duration rule); `default` reads the whole, so a misstated duration is
flagged, by its name or by the band, and a faithful one is a citation. A duration planned
("Aim for 7h 30m tonight") or given as a range is no statement, as any number is not.

Each case: (domain, text, expected flags as (token, kind, nearest, basis)), with the
domain's pool and config (tests/core/test_default_name_voices.py: training sleeps 468
min and moves for 30; sleep's night is 367 min with 62 of deep sleep and 103 of REM).
"""

from __future__ import annotations

import random

import pytest

from reviewer.arms import rewrite_arms
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}


def named(token: str, nearest: str, basis: str = "name") -> list[tuple[str, str, str, str]]:
    return [(token, "value", nearest, basis)]


CASES = [
    ("sleep", "You slept 4h 50m.", named("4h 50m", "sleep_duration")),
    (
        "sleep",
        "Total sleep: 4 hours 50 minutes.",
        named("4 hours 50 minutes", "sleep_duration"),
    ),
    ("sleep", "Time asleep came to 4h 50m.", named("4h 50m", "sleep_duration")),
    ("sleep", "Deep sleep 1h 30m, a strong night.", named("1h 30m", "deep_sleep")),
    ("sleep", "Deep sleep: 1 h 30 min.", named("1 h 30 min", "deep_sleep")),
    ("sleep", "REM sleep came in at 2h 05m.", named("2h 05m", "rem_sleep")),
    ("sleep", "You got 1h 30m of deep sleep.", named("1h 30m", "deep_sleep")),
    ("sleep", "Deep sleep went from 1h 02m to 1h 30m.", named("1h 30m", "deep_sleep")),
    ("sleep", "Sleep time of 5h 50m is below your norm.", named("5h 50m", "sleep_duration")),
    ("sleep", "You slept 6h 30m.", named("6h 30m", "sleep_duration", "band")),
    ("training", "Total time asleep: 6h 30m.", named("6h 30m", "sleep_duration")),
    ("training", "You slept 6h 30m.", named("6h 30m", "sleep_duration")),
    ("training", "Moving time was 1h 05m.", named("1h 05m", "duration")),
    ("training", "Sleep: 7h 10m, a bit short.", named("7h 10m", "sleep_duration")),
    # hours and minutes with no letter after the minutes, at a sentence's end too
    ("sleep", "Total sleep 6h50.", named("6h50", "sleep_duration")),
    ("sleep", "Deep sleep 1h30.", named("1h30", "deep_sleep")),
    ("sleep", "You were asleep for 5h10.", named("5h10", "sleep_duration")),
    ("training", "Moving time: 1h05.", named("1h05", "duration")),
    ("sleep", "Total sleep: 6h07.", []),
    ("sleep", "Sleep: 6h07, deep 1h02, REM 1h43.", []),
    # faithful, to the minute
    ("sleep", "You slept 6h 07m.", []),
    ("sleep", "You slept 6h 7m last night.", []),
    ("sleep", "Deep sleep: 1h 02m.", []),
    ("training", "You slept 7h 48m.", []),
    ("training", "Moving time: 0h 30m.", []),
    # another duration, a plan, a range
    ("training", "Your long run took 2h 10m.", []),
    ("sleep", "Aim for 7h 30m tonight.", []),
    ("training", "Sunday: 1h 40m to 2h 10m easy.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_duration_is_read_in_minutes(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


# minutes written "90m", as sleep apps do: an "m" glued to a number is no unit the
# vocabulary knows (metres), but a name of a value in minutes beside it says what it is
GLUED_MINUTES = [
    ("sleep", "Deep sleep 90m.", named("90", "deep_sleep")),
    ("sleep", "REM: 85m.", named("85", "rem_sleep")),
    ("sleep", "Latency 20m.", named("20", "latency")),
    ("training", "Moving time 41m.", named("41", "duration")),
    ("sleep", "Deep sleep 62m.", []),
    ("training", "You ran 400m repeats.", []),
    ("ops", "p95 latency 900m.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), GLUED_MINUTES)
def test_an_m_glued_to_a_number_is_minutes_when_its_name_says_so(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_faithful_duration_is_a_citation_the_rewrite_arms_leave_as_written() -> None:
    text = "You slept 6h 07m and your resting heart rate was 49 bpm."
    detector, pool = DETECTORS["sleep"], POOLS["sleep"]
    citations = detector.citations(text, pool)
    assert [(c.token, c.value, c.known.name) for c in citations] == [
        ("6h 07m", 367.0, "sleep_duration"),
        ("49", 49.0, "rhr"),
    ]
    arms = rewrite_arms(text, citations, rng=random.Random(7))
    for arm in ("corrupted", "sign-flip", "unrelated"):
        rewritten = arms[arm]
        assert rewritten.text.startswith("You slept 6h 07m and")
        (start, end) = rewritten.spans[0]
        assert rewritten.text[start:end] != "49" and start > text.index("was")


def test_the_rule_has_a_dozen_sentences_in_two_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains == 2
