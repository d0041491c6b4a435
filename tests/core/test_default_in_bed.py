"""Time said to be spent in bed is time in bed, not the sleep the pool holds.

"You spent 6 h 30 min in bed and slept 6 h 7 min": the band compared the time in bed
with the pool's sleep duration (367 min) and flagged it. Time with "in bed" after it,
or after "in bed" in its clause ("in bed for", "Time in bed:"), is no citation of a
value unless one of the pool's names says "bed"; then the band reads it as before.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py); each was flagged before the rule.
"""

from __future__ import annotations

import pytest

from reviewer import Known as K
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
BARE = flag_reader(DefaultDetector())

IN_BED = [
    ("sleep", "You spent 6 h 30 min in bed and slept 6 h 7 min."),
    ("sleep", "That's 6 h 23 min in bed, of which 6 h 7 min asleep."),
    ("sleep", "You were in bed for 6 h 40 min but asleep for 6 h 7 min."),
    ("sleep", "Time in bed: 6 h 35 min. Asleep: 6 h 7 min."),
    ("training", "You lay in bed for 8 h 10 min but slept 7 h 48 min."),
    ("training", "8 hours in bed, 7 h 48 min asleep."),
    ("sleep", "You logged 6 h 25 min in bed last night."),
    ("sleep", "Time in bed was 6 h 38 min, a bit more than usual."),
    ("sleep", "After 395 minutes in bed, you woke at 6:05."),
    ("training", "You spent 8 h 5 min in bed, which is plenty."),
    ("sleep", "In bed: 6 h 30 min."),
    ("training", "Your time in bed came to 8 h 20 min."),
]


@pytest.mark.parametrize(("domain", "text"), IN_BED)
def test_time_in_bed_is_not_sleep(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), IN_BED)
def test_time_in_bed_is_not_sleep_with_no_config(domain, text) -> None:
    assert BARE(text, POOLS[domain]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Time in bed: 7 h 50 min.", [("7 h 50 min", "value", "time_in_bed")]),
        ("You were in bed for 7 h 55 min.", [("7 h 55 min", "value", "time_in_bed")]),
    ],
)
def test_a_pool_that_holds_time_in_bed_still_reads_it(text, expected) -> None:
    pool = [K("sleep_duration", 367, "min"), K("time_in_bed", 430, "min")]
    assert BARE(text, pool) == expected


def test_sleep_beside_time_in_bed_is_still_read() -> None:
    text = "Asleep for 6 h 40 min; in bed for 7 h 30 min."
    assert FLAGS["sleep"](text, POOLS["sleep"]) == [("6 h 40 min", "value", "sleep_duration")]
