"""A number after a verb of change, signed with a plus or after "lifted", is the change.

"NPS moved +3 this week", "Throughput climbed +1,900 rps", "Conversion lifted 0.4 pts":
the number is how far the value moved. A plus sign in an aside said so already ("HRV is
trending upward (+4 over 7 days)"); after a verb it did not, "lifted" and "boosted" were
no verbs of change, and each case in MOVES but one was flagged as a misstatement of the
value itself. The change is checked against the pool's change of the value when it holds
one (a sign flip is still flagged), and a move to a level is still read as the level.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

MOVES = [
    ("product", "NPS moved +3 this week."),
    ("product", "Conversion lifted 0.4 pts."),
    ("product", "ARPU lifted $1.20 after the price change."),
    ("product", "Session length jumped +2.1 minutes."),
    ("ops", "Throughput climbed +1,900 rps."),
    ("ops", "Queue depth jumped +600 overnight."),
    ("training", "HRV moved +5 this week."),
    ("training", "Readiness jumped +12 points."),
    ("sleep", "Sleep score climbed +4 overnight."),
    ("sleep", "Efficiency lifted 3 points."),
    ("finance", "Cash grew +$140k this month."),
    ("finance", "Runway lifted 0.8 months."),
    ("product", "Signups boosted 15% by the referral program."),
]

STILL_READ = [
    ("product", "DAU moved +7.5% this week.", [("+7.5", "sign", "dau_change")]),
    ("product", "DAU moved -7.5% this week.", []),
    ("product", "NPS moved to 58 this week.", [("58", "value", "nps")]),
    ("training", "TSB is +10.9.", [("+10.9", "sign", "tsb")]),
]


@pytest.mark.parametrize(("domain", "text"), MOVES)
def test_a_signed_number_after_a_verb_of_change_is_the_change(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_changes_the_pool_holds_and_levels_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
