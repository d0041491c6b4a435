"""A sentence that opens with "Of" and a whole gives its parts after the comma: "Of the
2,268 signups, 2,150 verified their email", "Of the $92.4k burn, $85k was payroll", "Of
the 19 alerts, 17 were noise".

"Signups 2,268, of which 2,100 came through onboarding" was read already; the whole told
first in an opener says the same of the number after it. All cases of PARTS were flagged
with the domains' configs, those of PARTS_PLAIN with no config too. The whole itself, and
a value after an opener with no number ("Of all our metrics, churn is 3.4%"), are still
read.

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
    ("product", "Of the 2,268 signups, 2,150 verified their email."),
    ("product", "Of 81,475 daily actives, 75,000 were on mobile."),
    ("product", "Of 2,268 signups, 2,100 came from organic."),
    ("product", "Of the 10 experiments, 9 are still running."),
    ("ops", "Of the 19 alerts, 17 were noise."),
    ("finance", "Of the $92.4k burn, $85k was payroll."),
    ("finance", "Of our 9 open positions, 8 are in engineering."),
    ("finance", "Of the $169.8k revenue, $160k is recurring."),
    ("sleep", "Of your 6 h 7 min asleep, 5 h 40 min was unbroken."),
    ("sleep", "Of your 103 min of REM, 95 came after 3 am."),
    ("training", "Of your 30 min run, 27 min were in zone 2."),
    ("product", "Of 81,475 actives, 76,000 came back this week."),
]

PARTS_PLAIN = [
    ("product", "Of the 2,268 signups, 2,150 verified their email."),
    ("ops", "Of the 19 alerts, 17 were noise."),
    ("finance", "Of the $92.4k burn, $85k was payroll."),
    ("sleep", "Of your 6 h 7 min asleep, 5 h 40 min was unbroken."),
]

STILL_READ = [
    (
        "product",
        "Of the 2,400 signups, 2,150 verified their email.",
        [("2,400", "value", "signups", "name")],
    ),
    ("product", "Of all our metrics, churn is 3.4%.", [("3.4", "value", "churn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PARTS)
def test_an_opener_of_a_whole_gives_its_parts(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PARTS_PLAIN)
def test_an_opener_of_a_whole_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_whole_and_an_opener_with_no_number_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PARTS) >= 12
    assert len({domain for domain, _ in PARTS}) >= 5
