"""A level the band reads, then left for another, is a passing one too: "Your heart rate
dropped to 44 bpm on Tuesday, then settled at 49", "Actives fell to 76,000 on Sunday,
then recovered to 81,475", "It rose to 790 ms at 14:00, then settled at 728 ms".

A name's first number was read so ("Your HRV dipped to 58 on Tuesday, then bounced to
67"); a number no name points at, which the band reads, was not. The same reading of what
follows it now tells the band that the value moved on. All cases of PASSING were flagged
with the domains' configs, those of PASSING_PLAIN with no config. The level the value
settled at is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PASSING = [
    ("sleep", "Your heart rate dropped to 44 bpm on Tuesday, then settled at 49."),
    ("sleep", "Your heart rate dropped to 44 bpm at 3 am, then settled at 49."),
    ("ops", "It peaked at 22,600 rps at noon, then settled at 20,372 rps."),
    ("ops", "It rose to 790 ms at 14:00, then settled at 728 ms."),
    ("product", "Actives fell to 76,000 on Sunday, then recovered to 81,475."),
    ("training", "It fell to 45 bpm overnight, then rose to 50."),
]

PASSING_PLAIN = [
    ("sleep", "Your heart rate dropped to 44 bpm on Tuesday, then settled at 49."),
    ("sleep", "It dropped to 35 at 2 am, then recovered to 39."),
    ("ops", "Usage climbed to 53% at 9 am, then eased to 48%."),
    ("product", "Actives fell to 76,000 on Sunday, then recovered to 81,475."),
    ("product", "It dipped to 2,050 on Monday, then climbed to 2,268."),
    ("training", "It fell to 45 bpm overnight, then rose to 50."),
    ("training", "Your pulse rose to 55 on Monday, then came back to 50."),
    ("ops", "It climbed to 2,700 at noon, then drained to 2,479."),
    ("product", "It slipped to 2.4% on Tuesday, then rose to 2.6%."),
]

STILL_READ = [
    (
        "sleep",
        "Your heart rate dropped to 40 bpm on Tuesday, then settled at 45 bpm.",
        [("45", "value", "rhr", "band")],
    ),
    (
        "product",
        "Actives fell to 70,000 on Sunday, then recovered to 76,000.",
        [("76,000", "value", "dau", "band")],
    ),
    ("sleep", "Your heart rate dropped to 44 bpm on Tuesday.", [("44", "value", "rhr", "band")]),
]


@pytest.mark.parametrize(("domain", "text"), PASSING)
def test_a_level_the_band_reads_then_left_is_a_passing_one(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PASSING_PLAIN)
def test_a_passing_level_the_band_reads_with_no_config(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_level_it_settled_at_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    sentences = {text for _, text in PASSING + PASSING_PLAIN}
    assert len(sentences) >= 12
    assert len({domain for domain, _ in PASSING + PASSING_PLAIN}) >= 4
