"""A name after a perfect tense's auxiliary is the verb it is spelled as.

"You've run 27.3 miles this week" names no run: "have run" is the verb, and the number
is the week's mileage. A pool's `run` (or `hit`, `read`) read it as the run's distance and
flagged it. A name right after "have", "has", "had" or "'ve" is no name now; the
sentence's other words may still read the number ("You've run 12 miles today" is still a
misstatement of a 3-mile run).

BARE: (pool, text) for the default with no config; CONFIGURED: the training domain's
config, where "run" is a name of `distance` (tests/core/test_default_name_voices.py).
Each was flagged before the rule.
"""

from __future__ import annotations

import pytest

from reviewer import Known as K
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = flag_reader(DefaultDetector())
TRAINING = flag_reader(DETECTORS["training"])

BARE = [
    ([K("run", 3.03, "mi"), K("weekly_mileage", 27.3, "mi")], "You've run 27.3 miles this week."),
    (
        [K("run", 3.03, "mi"), K("weekly_mileage", 27.3, "mi")],
        "You have run 27.3 miles so far this week.",
    ),
    (
        [K("run", 3.03, "mi"), K("weekly_mileage", 27.3, "mi")],
        "We've run 27.3 miles together this week.",
    ),
    (
        [K("run", 3.03, "mi"), K("weekly_mileage", 27.3, "mi")],
        "She has run 27.3 miles since Monday.",
    ),
    (
        [K("run", 3.03, "mi"), K("weekly_mileage", 27.3, "mi")],
        "Altogether you've run 27.3 mi in six days.",
    ),
    ([K("hit", 4000, "none"), K("signups", 2268, "none")], "The launch post has hit 4,400 views."),
    (
        [K("hit", 4000, "none"), K("signups", 2268, "none")],
        "Our docs have hit 4,300 readers this month.",
    ),
    (
        [K("hit", 4000, "none"), K("signups", 2268, "none")],
        "The campaign has hit 2,300 signups already.",
    ),
    ([K("read", 500, "none"), K("signups", 2268, "none")], "Each user has read 560 pages of docs."),
    (
        [K("read", 500, "none"), K("signups", 2268, "none")],
        "Trial users have read 540 help articles.",
    ),
]

CONFIGURED = [
    "You've run 27.3 miles this week, 3 more than planned.",
    "You have run 27.3 miles so far this week.",
    "We've run 27.3 miles together this week.",
]


@pytest.mark.parametrize(("pool", "text"), BARE)
def test_a_name_after_have_is_the_verb(pool, text) -> None:
    assert FLAGS(text, pool) == []


@pytest.mark.parametrize("text", CONFIGURED)
def test_a_configured_name_after_have_is_the_verb(text) -> None:
    assert TRAINING(text, POOLS["training"]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You've run 12 miles today.", [("12", "value", "distance")]),
        ("Your run was 12 miles today.", [("12", "value", "distance")]),
    ],
)
def test_the_sentence_still_reads_a_misstatement(text, expected) -> None:
    assert TRAINING(text, POOLS["training"]) == expected
