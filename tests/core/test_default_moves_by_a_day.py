"""A "by Friday" after a past move to a level dates the move; it sets no deadline:
"Your HRV dipped to 58 on Tuesday, then bounced to 61 by Friday" states an HRV of 61.

"by Friday" after a number read as a plan's deadline ("Get p95 down to 810 ms by Friday"),
so a misstatement of the level a value moved to went unflagged. A verb of movement in the
past right before the number ("bounced to", "recovered to", "came back down to", "settled
at") now makes "by" a date of what happened. All cases of MOVES were missed with the
domains' configs; the plans of PLANS are still plans.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

MOVES = [
    ("training", "Your HRV dipped to 58 on Tuesday, then bounced to 61 by Friday.", "61", "hrv"),
    ("training", "RHR rose to 58 on Monday, then came back down to 55 by Thursday.", "55", "rhr"),
    (
        "training",
        "Readiness fell to 40% on Monday, then climbed to 58% by Friday.",
        "58",
        "readiness",
    ),
    ("sleep", "HRV fell to 33 on Monday, then recovered to 45 by Wednesday.", "45", "hrv"),
    (
        "sleep",
        "Your sleep score dipped to 60 on Tuesday, then recovered to 75 by Saturday.",
        "75",
        "sleep_score",
    ),
    (
        "product",
        "DAU fell to 76,000 on Sunday, then recovered to 88,000 by Friday.",
        "88,000",
        "dau",
    ),
    (
        "product",
        "Signups slumped to 1,900 on Monday, then climbed to 2,500 by Sunday.",
        "2,500",
        "signups",
    ),
    ("finance", "Burn rose to $110k in October, then eased to $99k by November.", "99k", "burn"),
    (
        "finance",
        "Cash dipped to $2.2M in week 2, then recovered to $2.7M by December.",
        "2.7M",
        "cash",
    ),
    ("ops", "CPU hit 80% on Monday, then settled at 55% by Wednesday.", "55", "cpu"),
    (
        "ops",
        "p95 rose to 900 ms on Monday, then eased to 810 ms by Friday.",
        "810",
        "p95_latency",
    ),
    ("ops", "Memory climbed to 80% on Monday, then dropped to 75% by Friday.", "75", "memory"),
]

PLANS = [
    ("training", "You need to get HRV back to 61 by Friday."),
    ("product", "We expect DAU to recover to 88,000 by Friday."),
    ("training", "Aim to be back at 61 by Friday."),
    ("ops", "Get p95 down to 810 ms by Friday."),
    ("finance", "Burn should come down to $99k by November."),
]


@pytest.mark.parametrize(("domain", "text", "token", "name"), MOVES)
def test_by_a_day_after_a_past_move_dates_it(domain, text, token, name) -> None:
    flags = FLAGS[domain](text, POOLS[domain])
    assert [(flag[0], flag[2]) for flag in flags] == [(token, name)]


@pytest.mark.parametrize(("domain", "text"), PLANS)
def test_by_a_day_after_a_plan_is_still_its_deadline(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(MOVES) >= 12
    assert len({domain for domain, *_ in MOVES}) >= 5
