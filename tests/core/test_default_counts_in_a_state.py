"""A state or a kind said before a count's noun picks some of the things counted: "4
resolved incidents", "Unacknowledged alerts: 6", "2 brief awakenings".

The pool's count holds them all (the week's incidents, the alerts fired, the night's
awakenings); the ones resolved, muted, pending, noisy or brief are a part of it, as "3
P1 alerts" and "2 major awakenings" already were. With the domains' configs all 12 cases
of IN_A_STATE were flagged, the name reading the part as the count, and with no config too.
"Open" is not such a word: a count of incidents may be the open ones ("We had 6 open
incidents" is the evaluation corpus's statement of `incidents`), and the count said
plainly is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

IN_A_STATE = [
    ("ops", "4 resolved incidents this week, 1 still being worked."),
    ("ops", "Unacknowledged alerts: 6."),
    ("ops", "7 muted alerts need review."),
    ("ops", "12 noisy alerts paged the team overnight."),
    ("ops", "3 flaky alerts were tuned."),
    ("ops", "2 duplicate incidents were merged."),
    ("ops", "Acknowledged alerts: 15."),
    ("product", "3 pending signups are waiting on email confirmation."),
    ("finance", "2 disputed overdue invoices remain."),
    ("sleep", "2 brief awakenings went unnoticed."),
    ("sleep", "Brief awakenings: 3."),
    ("sleep", "Only 2 brief awakenings all night."),
]

STILL_READ = [
    ("ops", "We had 6 open incidents.", [("6", "value", "incidents", "name")]),
    ("ops", "Incidents: 3 this week.", [("3", "value", "incidents", "name")]),
    ("ops", "12 alerts paged the team overnight.", [("12", "value", "alerts", "name")]),
    ("sleep", "Awakenings: 7.", [("7", "value", "awakenings", "name")]),
    ("product", "Signups: 2,900.", [("2,900", "value", "signups", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), IN_A_STATE)
def test_a_count_in_a_state_is_a_part_of_the_count(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_open_ones_and_plain_counts_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(IN_A_STATE) >= 12
    assert len({domain for domain, _ in IN_A_STATE}) >= 4
