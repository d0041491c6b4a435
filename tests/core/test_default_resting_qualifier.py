"""A heart rate "resting" or "sleeping" is another than the average: "Resting HR averaged 50".

With no config a pool's `avg_hr` is named by "avg HR", "average HR" and "HR averaged", so
"Resting HR averaged 50 bpm" was read as the average heart rate and flagged as 50 against
157: 11 of the 12 cases in RESTING were. "Resting" and "sleeping" before a name now say
another quantity, as "peak" and "max" do. A name with no such word is still read.

Each case: a sentence, read by the default with no config and the training pool
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

RESTING = [
    "Resting HR averaged 50 bpm, steady against your 47 bpm baseline.",
    "Sleeping HR averaged 52.",
    "Resting HR averaged 48 bpm all week.",
    "Resting avg HR was 51 bpm.",
    "Sleeping average HR: 54 bpm.",
    "Your resting HR averaged 49 this block.",
    "Resting average HR is 53.",
    "Sleeping HR averaged 55 bpm on the hot nights.",
    "Resting HR averaged 52 bpm in the taper.",
    "Resting HR, averaged over the week: 50 bpm.",
    "Your sleeping average HR was 58 bpm.",
    "Resting HR averaged 46 bpm on holiday.",
]

STILL_READ = [
    ("HR averaged 150 on the run.", [("150", "value", "avg_hr")]),
    ("Average HR was 171.", [("171", "value", "avg_hr")]),
    ("Avg HR on the run: 168 bpm.", [("168", "value", "avg_hr")]),
]


@pytest.mark.parametrize("text", RESTING)
def test_a_resting_heart_rate_is_no_average(text) -> None:
    assert READ(text, POOLS["training"]) == []


@pytest.mark.parametrize(("text", "expected"), STILL_READ)
def test_the_average_is_still_read(text, expected) -> None:
    assert READ(text, POOLS["training"]) == expected
