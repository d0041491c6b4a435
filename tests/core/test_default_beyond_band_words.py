"""A number past the band that the words of its sentence read as a value is held to the
same readings as a number its name reads: an extreme, another percentile, a baseline, a
span, an increment is no value of it.

"Your resting rate hit a low of 38 bpm", "The p90 resting rate was 38 bpm", "Your usual is
9 hours asleep", "Year to date, you slept 9 hours a night": no name of the config stands
there, the band finds the number unrelated, and the words ("resting rate", "slept") point
at a value; that reading asked only whether a median or an increment stood before the
number. All 14 cases of OF_ANOTHER were flagged with the domains' configs. A value the
words read with none of these beside it is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

OF_ANOTHER = [
    ("training", "Your resting rate hit a low of 38 bpm."),
    ("training", "The resting rate had highs of 70 bpm."),
    ("training", "Your resting rate had a peak of 70 bpm."),
    ("training", "The p90 resting rate was 38 bpm."),
    ("training", "The p99 resting rate was 70 bpm."),
    ("training", "Year to date, your resting rate averaged 38 bpm."),
    ("training", "YTD: resting rate 38 bpm."),
    ("sleep", "Your usual is 9 hours asleep."),
    ("sleep", "Your norm is 9 hours asleep."),
    ("sleep", "Year to date, you slept 9 hours a night."),
    ("sleep", "The p90 night had you asleep 9 hours."),
    ("product", "Your sessions hit a low of 4 min."),
    ("product", "Your sessions had lows of 4 min."),
    ("product", "The p90 of your sessions was 40 min."),
]

STILL_READ = [
    ("training", "The usual resting rate is 39 bpm.", [("39", "value", "rhr_baseline", "name")]),
    (
        "training",
        "The usual resting rate is 39 bpm, and your resting rate hit a low of 38 bpm.",
        [("39", "value", "rhr_baseline", "name")],
    ),
    ("sleep", "You slept 9 hours.", [("9", "value", "sleep_duration", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OF_ANOTHER)
def test_a_value_of_another_kind_read_by_words_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_values_the_words_read_plainly_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OF_ANOTHER) >= 12
    assert len({domain for domain, _ in OF_ANOTHER}) >= 3
