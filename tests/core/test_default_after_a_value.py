"""A value told after "after a" or "following a" is a value before the one now.

"HRV came in at 67, right on your baseline, after a 74 yesterday": the clause states
the value now and then the one it followed. "after 58" without an article was already
read so; each case in BEFORE, with "a", "an" or "the" (and perhaps an adjective) before
the number, was flagged before the rule. The number must end its phrase or be followed
by a word of time or of a reading ("on Sunday", "peak", "blip"): a number followed by
the noun of an event ("after a 9.0 mi long run") is that event's, still read.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

BEFORE = [
    ("training", "HRV came in at 67, right on your baseline, after a 74 yesterday."),
    ("training", "Readiness sits at 51%, after a 55% on Sunday."),
    ("sleep", "You got 62 minutes of deep sleep, following a 68 on Tuesday."),
    ("ops", "Error rate settled at 2.04%, following a 2.2% blip at noon."),
    ("ops", "CPU is back to 48%, after a 52% peak during the batch job."),
    ("ops", "Memory is at 67%, following a 73% high overnight."),
    ("finance", "Gross margin is 59.5%, after a 64% in the prior quarter."),
    ("product", "DAU landed at 81,475, following an 88,000 on launch day."),
    ("sleep", "HRV was 39 last night, after a 43 on Sunday."),
    ("sleep", "Efficiency was 81%, following an 88% on the weekend."),
    ("training", "Readiness is 51% now, after a 56% at breakfast."),
    ("ops", "Alerts came to 19 this week, following a 21 the previous week."),
]

STILL_READ = [
    ("training", "HRV is 67 after a 9.0 mi long run.", [("9.0", "value", "distance")]),
    (
        "training",
        "Your week came to 27.3 miles after a 4.1 mile run on Friday.",
        [("4.1", "value", "distance")],
    ),
    ("ops", "Error rate hit 3.1% after the 14:00 deploy.", [("3.1", "value", "error_rate")]),
    ("training", "HRV fell to 74 after a hard week.", [("74", "value", "hrv")]),
]


@pytest.mark.parametrize(("domain", "text"), BEFORE)
def test_a_value_after_a_is_the_one_before(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_an_events_number_and_the_value_now_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
