"""A number after "of which", "of whom" or "of these" is a part of the whole told before
it: "Signups 2,268, of which 2,100 came through the new onboarding", "Burn was $92.4k, of
which $85k was payroll", "DAU 81,475, of whom 75,000 were on mobile".

"2,100 of them" was read already; a report that gives a total and then its biggest part
puts the part after "of which", and the part sits in the band of the total. All cases of
PARTS were flagged with the domains' configs, those of PARTS_PLAIN with no config too. A
number after "which" alone ("which is 2,100") is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PARTS = [
    ("product", "Signups 2,268, of which 2,100 came through the new onboarding."),
    ("product", "DAU 81,475, of whom 75,000 were on mobile."),
    ("product", "Churn was 3.1%, of which 2.9% was voluntary."),
    ("ops", "19 alerts fired, of which 17 were noise."),
    ("ops", "Alerts: 19 (of which 17 were noise)."),
    ("ops", "Throughput averaged 20,372 rps, of which 19,000 rps were reads."),
    ("ops", "Disk free is 684 GB, of which 650 GB is reserved for backups."),
    ("finance", "Burn was $92.4k, of which $85k was payroll."),
    ("finance", "Cash is $2.47M, of which $2.3M sits in treasury bills."),
    ("sleep", "You slept 6 h 7 min, of which 5 h 40 min was uninterrupted."),
    ("training", "27.3 mi this week, of which 25 mi were easy."),
    ("training", "Mileage for the week: 27.3 mi, of which 24.5 mi came on easy days."),
]

PARTS_PLAIN = [
    ("product", "Signups 2,268, of which 2,100 came through the new onboarding."),
    ("product", "Signups: 2,268 — of these, 2,100 came via onboarding."),
    ("ops", "19 alerts fired, of which 17 were noise."),
    ("sleep", "You slept 6 h 7 min, of which 5 h 40 min was uninterrupted."),
    ("training", "27.3 mi this week, of which 25 mi were easy."),
]

STILL_READ = [
    ("ops", "We logged alerts, which came to 17.", [("17", "value", "alerts", "name")]),
    ("product", "Signups, of course, were 2,100.", [("2,100", "value", "signups", "name")]),
    ("finance", "Burn, which was $85k, is down.", [("85k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PARTS)
def test_a_number_after_of_which_is_a_part_of_the_whole(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PARTS_PLAIN)
def test_a_part_of_the_whole_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_which_alone_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PARTS) >= 12
    assert len({domain for domain, _ in PARTS}) >= 4
