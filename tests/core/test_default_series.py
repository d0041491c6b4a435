"""A series of one value's numbers over a run of periods: the last is the latest.

"HRV has been 58, 61 and 67 over the last three mornings", "Burn has been $99k, $95k
and $92k over the past three months": the earlier numbers are past values, the last
is the value now. Each case in SERIES had its earlier numbers flagged before the rule,
read as misstatements of the value now. The latest is still read ("58, 61 and 75").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
# the training pool with a night's sleep in hours, as a coach's pool may hold it
WITH_HOURS = {**POOLS, "training": [*POOLS["training"], Known("sleep_hours", 7.1, "none")]}

SERIES = [
    ("training", "HRV has been 58, 61 and 67 over the last three mornings."),
    ("training", "Readiness read 40%, 46% and 51% on the last three days."),
    ("sleep", "Sleep score has been 60, 63 and 67 over the last three nights."),
    ("sleep", "Deep sleep was 48, 55 and 62 minutes over the past three nights."),
    ("sleep", "HRV was 33, 36 and 39 the last three nights."),
    ("ops", "p95 latency was 810, 770 and 728 ms over the last three days."),
    ("ops", "CPU ran at 55%, 51% and 48% across the last three hours."),
    ("finance", "Gross margin was 62%, 61% and 59.5% over the last three quarters."),
    ("finance", "Burn has been $99k, $95k and $92k over the past three months."),
    ("product", "DAU was 86,000, 84,000 and 81,475 over the last three weeks."),
    ("product", "NPS has been 52, 50 and 48 over the last three surveys."),
    ("training", "Sleep hours have been 6.2, 6.8 and 7.1 over the last three nights."),
]

STILL_READ = [
    (
        "training",
        "HRV has been 58, 61 and 75 over the last three mornings.",
        [("75", "value", "hrv")],
    ),
    (
        "sleep",
        "Deep sleep was 48, 55 and 80 minutes over the past three nights.",
        [("80", "value", "deep_sleep")],
    ),
    (
        "product",
        "DAU was 86,000, 84,000 and 95,000 over the last three weeks.",
        [("95,000", "value", "dau")],
    ),
    (
        "finance",
        "Burn has been $99k, $95k and $120k over the past three months.",
        [("120k", "value", "burn")],
    ),
    (
        "ops",
        "p95 latency was 810 and 1,000 ms over the last two days.",
        [("1,000", "value", "p95_latency")],
    ),
    # two names, each with its number: no series
    (
        "training",
        "HRV was 58 and resting HR 58 bpm over the last three mornings.",
        [("58", "value", "hrv"), ("58", "value", "rhr")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), SERIES)
def test_the_earlier_numbers_of_a_series_are_past_values(domain, text) -> None:
    assert FLAGS[domain](text, WITH_HOURS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_latest_of_a_series_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, WITH_HOURS[domain]) == expected
