"""A friend, a partner, a coach, a family member or a rival as the subject owns the
numbers: "Your friend Ana ran 3.3 mi at 152 bpm", "Your partner slept 6 h 40 min", "A
rival app claims 2.9% conversion".

Populations, peers and competitors were someone else already ("Runners your age average
62", "Top-quartile apps see churn near 2.8%"), and so was a friend's or a partner's
possessive; the person named by a plain noun was not. All cases of OTHERS were flagged
with the domains' configs, those of OTHERS_PLAIN with no config too. The reader's own
value is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

OTHERS = [
    ("training", "Your friend Ana ran 3.3 mi at 152 bpm."),
    ("training", "Your training partner ran 3.3 mi with you."),
    ("training", "Your coach logged 3.3 mi this morning."),
    ("training", "Your sister ran 3.3 mi in the same race."),
    ("training", "Your coach's resting HR is 46 bpm."),
    ("sleep", "Your partner slept 6 h 40 min."),
    ("sleep", "My wife got 6 h 40 min last night."),
    ("sleep", "Your roommate's HRV was 44."),
    ("sleep", "Your husband's sleep score was 72."),
    ("sleep", "Your son's sleep score was 72."),
    ("ops", "A colleague's service runs at 2.2% errors."),
    ("product", "A rival app claims 2.9% conversion."),
    ("product", "A rival's conversion is 2.9%."),
]

OTHERS_PLAIN = [
    ("training", "Your friend Ana ran 3.3 mi at 152 bpm."),
    ("training", "Your coach logged 3.3 mi this morning."),
    ("sleep", "Your partner slept 6 h 40 min."),
    ("sleep", "Your roommate's HRV was 44."),
    ("product", "A rival app claims 2.9% conversion."),
]

STILL_READ = [
    ("training", "You ran 3.3 mi with your friend Ana.", [("3.3", "value", "distance", "band")]),
    ("sleep", "You slept 6 h 40 min.", [("6 h 40 min", "value", "sleep_duration", "band")]),
    ("product", "Our conversion is 2.9%.", [("2.9", "value", "conversion", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OTHERS)
def test_another_person_as_the_subject_owns_the_numbers(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), OTHERS_PLAIN)
def test_another_person_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_readers_own_value_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OTHERS) >= 12
    assert len({domain for domain, _ in OTHERS}) >= 4
