"""An increment is no level: "12,000 extra daily actives", "An extra 300 signups",
"Another $20k of burn".

"extra", "additional" or "incremental" before a count's noun, and "an extra" or "another"
before the number, say how much was added to the value, not the value. The name read
them as the value: all 13 cases of INCREMENTS were flagged with the domains' configs, those
of INCREMENTS_PLAIN with no config too. A level said beside them is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

INCREMENTS = [
    ("product", "The campaign drove 12,000 extra daily actives in September."),
    ("product", "The campaign drove 12,000 additional daily actives."),
    ("product", "An extra 300 signups came from the referral push."),
    ("product", "Another 1,200 daily actives came back after the fix."),
    ("ops", "2 additional incidents were logged after the cutover."),
    ("ops", "Another 4 alerts fired after midnight."),
    ("finance", "2 extra overdue invoices came in this week."),
    ("finance", "An extra $12k of revenue came from the renewal."),
    ("finance", "Another $20k of burn came from the offsite."),
    ("sleep", "That's 2 extra awakenings compared to last night."),
    ("sleep", "You got an extra 20 minutes of deep sleep."),
    ("training", "You banked an extra 1,500 steps on the walk home."),
    ("training", "Another 2,000 steps would have closed the ring."),
]

INCREMENTS_PLAIN = [
    ("product", "An extra 300 signups came from the referral push."),
    ("ops", "2 additional incidents were logged after the cutover."),
    ("ops", "Another 4 alerts fired after midnight."),
    ("finance", "2 extra overdue invoices came in this week."),
    ("sleep", "That's 2 extra awakenings compared to last night."),
    ("sleep", "You got an extra 20 minutes of deep sleep."),
    ("training", "You banked an extra 1,500 steps on the walk home."),
]

STILL_READ = [
    (
        "product",
        "An extra 300 signups took the week to 2,900 signups.",
        [("2,900", "value", "signups", "name")],
    ),
    ("ops", "Another quiet week: 3 incidents.", [("3", "value", "incidents", "name")]),
    ("sleep", "Deep sleep was 20 minutes.", [("20", "value", "deep_sleep", "name")]),
    ("finance", "Burn was $120k, another high month.", [("120k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), INCREMENTS)
def test_an_increment_is_no_level(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), INCREMENTS_PLAIN)
def test_an_increment_is_no_level_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_levels_beside_an_increment_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(INCREMENTS) >= 12
    assert len({domain for domain, _ in INCREMENTS}) >= 4
