"""A value on a named day before the value today is the past one: "53 bpm on Monday and 50
today".

"Resting heart rate was 53 bpm on Monday and 50 today", "p95 latency was 790 ms over the
weekend and 728 ms today": the first number is an earlier day's. "Yesterday" already
said so; a weekday and "over the weekend" did not, and each case in PAST was flagged as
a misstatement of the value now, either by the band (with no config, where "resting
heart rate" is no name of `rhr`) or by the name. The value now is still read, and a
weekday alone ("HRV was 58 on Saturday") makes no value a past one.

Each case: (domain, whether the domain's config is given, text), with the domain's pool
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

CONFIGURED = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector())

PAST = [
    ("training", False, "Resting heart rate was 53 bpm on Monday and 50 today."),
    ("training", False, "Resting HR was 53 bpm on Monday and 50 today."),
    ("training", False, "Your pulse was 52 bpm on Sunday and 50 bpm today."),
    ("training", False, "Average heart rate was 166 bpm on Saturday and 157 today."),
    ("training", False, "Morning heart rate read 53 bpm over the weekend and 50 today."),
    ("training", False, "Weekly mileage was 25.1 miles over the weekend and 27.3 miles now."),
    ("training", True, "Weekly mileage was 25.1 miles over the weekend and 27.3 miles now."),
    ("sleep", False, "Resting heart rate was 52 bpm on Wednesday, 49 bpm this morning."),
    ("sleep", False, "Breathing was 15.9 brpm on Monday and 14.7 now."),
    ("ops", True, "p95 latency was 790 ms over the weekend and 728 ms today."),
    ("ops", False, "p95 latency was 790 ms over the weekend and 728 ms today."),
    ("product", True, "DAU was 76,900 on Sunday and 81,475 today."),
    ("finance", True, "Gross margin was 62.1% on Monday and 59.5% today."),
]

STILL_READ = [
    ("training", True, "Resting HR was 53 bpm on Monday and 58 today.", [("58", "value", "rhr")]),
    (
        "ops",
        True,
        "p95 latency was 790 ms over the weekend and 810 ms today.",
        [("810", "value", "p95_latency")],
    ),
    ("training", True, "HRV was 58 on Saturday.", [("58", "value", "hrv")]),
    ("product", True, "DAU hit 88,000 on Sunday.", [("88,000", "value", "dau")]),
    # last night is the night a sleep report is of
    (
        "sleep",
        True,
        "You slept 5 h 7 min last night, and your score today is 67.",
        [("5 h 7 min", "value", "sleep_duration")],
    ),
]


def read(domain: str, configured: bool, text: str) -> list:
    return (CONFIGURED[domain] if configured else PLAIN)(text, POOLS[domain])


@pytest.mark.parametrize(("domain", "configured", "text"), PAST)
def test_a_named_days_value_before_todays_is_past(domain, configured, text) -> None:
    assert read(domain, configured, text) == []


@pytest.mark.parametrize(("domain", "configured", "text", "expected"), STILL_READ)
def test_the_value_now_is_still_read(domain, configured, text, expected) -> None:
    assert read(domain, configured, text) == expected
