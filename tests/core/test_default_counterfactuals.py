"""A clause that opens with "Had", its subject and a participle says what would have been.

"Had DAU stayed at 88,000, revenue would be up", "Had burn been $80k, runway would be
18 months": the number is a supposition, not the value. "If ... had been" was read as
one already; the inverted form was not, and 9 of the 13 cases in SUPPOSED were flagged.
A diary's subjectless "Had a rough night: 5 h 7 min asleep" still states its number.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

SUPPOSED = [
    ("product", "Had DAU stayed at 88,000, revenue would be up."),
    ("product", "Had signups reached 2,600, we'd have hit the monthly goal."),
    ("product", "Had NPS dropped to 40, we'd have paused the rollout."),
    ("finance", "Had burn been $80k, runway would be 18 months."),
    ("finance", "Had cash been $2.1M, we'd have drawn on the credit line."),
    ("training", "Had your HRV been 75, today would be a hard day."),
    ("training", "Had you run 5 miles, weekly mileage would be 29.3."),
    ("training", "Had readiness been 70%, you could do the intervals."),
    ("sleep", "Had you slept 8 hours, your score would be higher."),
    ("sleep", "Had efficiency been 90%, you'd have slept 6 h 50 min."),
    ("ops", "Had the error rate stayed at 1%, nobody would have been paged."),
    ("ops", "Had throughput held at 24,000 rps, we'd have needed a third node."),
    ("ops", "Had CPU been at 60%, autoscaling would have kicked in."),
]

STILL_READ = [
    ("sleep", "Had a rough night: 5 h 7 min asleep.", [("5 h 7 min", "value", "sleep_duration")]),
    ("ops", "CPU had a busy day at 60%.", [("60", "value", "cpu")]),
    ("product", "DAU was 88,000 this week.", [("88,000", "value", "dau")]),
]


@pytest.mark.parametrize(("domain", "text"), SUPPOSED)
def test_an_inverted_had_clause_is_a_supposition(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_diarys_had_still_states(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
