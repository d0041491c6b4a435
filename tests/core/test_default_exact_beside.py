"""A number without a unit beside a name of a value in a unit that it states exactly.

With no config, "Sleep: 7 h 6 min, score 77" reads "score" as the head noun of the
pool's `sleep_score` (77%), but the number carries no "%": the band compared it with
the unitless values and flagged it against HRV 74. A unitless number that states
exactly the value of a name before it in its clause (or right after it: "an 85 sleep
score") cites that value; each case in EXACT was flagged by the band before the rule.
A name past the clause's end, or a misstatement of the named value, changes nothing.

Each case: (pool, text); the detector is the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known as K
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

FLAGS = flag_reader(DefaultDetector())

EXACT = [
    ([K("sleep_score", 77, "pct"), K("hrv", 74, "none")], "Sleep: 7 h 6 min, score 77."),
    (
        [K("sleep_score", 63, "pct"), K("hrv_baseline", 66, "none")],
        "Sleep was rough: 6.2 hours and a score of 63.",
    ),
    (
        [K("readiness_score", 81, "pct"), K("hrv", 78, "none")],
        "Recovery looks fine, with a score of 81 this morning.",
    ),
    (
        [K("readiness_score", 64, "pct"), K("rhr", 61, "none")],
        "Your body is ready: score 64 today.",
    ),
    (
        [K("conversion_rate", 12, "pct"), K("experiments", 11, "none")],
        "Checkout did well, with a rate of 12 on mobile.",
    ),
    (
        [K("signup_rate", 9, "pct"), K("experiments", 10, "none")],
        "Signup flow held steady: rate 9 on desktop.",
    ),
    (
        [K("success_rate", 96, "pct"), K("alerts", 90, "none")],
        "Deploys mostly worked, a rate of 96 overall.",
    ),
    (
        [K("sleep_score", 90, "pct"), K("hrv", 86, "none")],
        "Deep sleep was long and the score hit 90.",
    ),
    (
        [K("collection_rate", 93, "pct"), K("dso", 90, "none")],
        "Cash collection was steady: rate 93.",
    ),
    (
        [K("readiness_score", 55, "pct"), K("hrv", 52, "none")],
        "A rough night, so the score is just 55.",
    ),
    (
        [K("delivery_rate", 97, "pct"), K("open_tickets", 93, "none")],
        "Email went out fine, with a rate of 97 for the week.",
    ),
    (
        [K("readiness_score", 58, "pct"), K("hrv", 61, "none")],
        "Recovery looked decent: score 58, steady.",
    ),
    (
        [K("sleep_score", 66, "pct"), K("rhr", 64, "none")],
        "You tossed and turned, and the score landed at 66.",
    ),
]

STILL_READ = [
    # a name in the next sentence is not beside it
    (
        [K("hrv", 58, "none"), K("readiness", 63, "pct")],
        "Variability held at 63. Readiness 63% today.",
        [("63", "value", "hrv")],
    ),
    (
        [K("hrv", 58, "none"), K("readiness", 63, "pct")],
        "Readiness 63%. Variability was 63.",
        [("63", "value", "hrv")],
    ),
    # a misstatement of the named value
    (
        [K("sleep_score", 70, "pct"), K("hrv", 74, "none")],
        "Sleep: 7 h, score 77.",
        [("77", "value", "sleep_score")],
    ),
    # a number with its unit is read in it: "HRV" after it names the next item
    (
        [K("rhr", 56, "bpm"), K("hrv", 52, "none")],
        "Resting heart rate 52 bpm, HRV 54 and climbing.",
        [("52", "value", "rhr"), ("54", "value", "hrv")],
    ),
]


@pytest.mark.parametrize(("pool", "text"), EXACT)
def test_a_unitless_number_cites_the_value_its_name_beside_holds(pool, text) -> None:
    assert FLAGS(text, pool) == []


@pytest.mark.parametrize(("pool", "text", "expected"), STILL_READ)
def test_a_name_elsewhere_or_a_misstatement_is_still_read(pool, text, expected) -> None:
    assert FLAGS(text, pool) == expected
