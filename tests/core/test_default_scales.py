"""A score with its scale after it ("Sleep score: 82 out of 100", "App rating is 3.1 out
of 5") states the score: "out of 5", "out of 10" and "out of 100" are the scale, not the
whole of a count, unless a plural noun follows ("4 out of 5 sessions" counts sessions). A
share held in percent told out of 10 or 5 is compared on that scale ("Readiness: 7 out of
10" of 51%: 5.1).

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool (tests/core/test_default_name_voices.py, plus a score or two) and config; every
score named here is a misstatement past the band.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
SCORES = {
    "product": [Known("app_rating", 4.6, "none")],
    "ops": [Known("health_score", 91, "none")],
}

CASES = [
    ("sleep", "Your sleep score of 82 out of 100 is good.", [("82", "value", "sleep_score")]),
    ("sleep", "Sleep score: 82 out of 100.", [("82", "value", "sleep_score")]),
    ("sleep", "Sleep efficiency came in at 95 out of 100.", [("95", "value", "efficiency")]),
    ("training", "Readiness is 38 out of 100 today.", [("38", "value", "readiness")]),
    ("training", "Your recovery score came in at 38 out of 100.", [("38", "value", "readiness")]),
    (
        "training",
        "Readiness sits at 38 out of 100, so keep it easy.",
        [("38", "value", "readiness")],
    ),
    ("product", "NPS sits at 61 out of 100.", [("61", "value", "nps")]),
    ("product", "App rating is 3.1 out of 5.", [("3.1", "value", "app_rating")]),
    ("product", "The app rating fell to 3.1 out of 5 this week.", [("3.1", "value", "app_rating")]),
    ("ops", "Health score: 62 out of 100.", [("62", "value", "health_score")]),
    (
        "ops",
        "The cluster health score dropped to 62 out of 100.",
        [("62", "value", "health_score")],
    ),
    (
        "ops",
        "Health score is at 62 out of 100 after the deploy.",
        [("62", "value", "health_score")],
    ),
    # a share held in percent, told out of 10 or 5: compared on that scale
    ("training", "Readiness: 7 out of 10 today.", [("7", "value", "readiness")]),
    ("sleep", "Sleep efficiency came to 3 out of 5.", [("3", "value", "efficiency")]),
    ("training", "Readiness: 5 out of 10 today.", []),
    ("sleep", "Sleep efficiency came to 8 out of 10.", []),
    # counts of things out of a whole, and faithful scores: no flag
    ("sleep", "You slept well on 4 out of 7 nights.", []),
    ("training", "You hit 4 out of 5 sessions.", []),
    ("training", "You hit 4 out of 5 planned runs.", []),
    ("ops", "9 out of 10 nodes are healthy.", []),
    ("sleep", "Sleep score: 67 out of 100.", []),
    ("product", "App rating is 4.6 out of 5.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_score_out_of_its_scale_is_stated(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain] + SCORES.get(domain, [])) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


def test_a_plan_told_after_the_scale_is_still_a_plan() -> None:
    # the words after the scale are read as they would be after the number
    assert FLAGS["sleep"]("Sleep score: 82 out of 100 is the goal.", POOLS["sleep"]) == []
    assert FLAGS["product"]("NPS could reach 61 out of 100 by Q3.", POOLS["product"]) == []
    assert (
        FLAGS["ops"]("Health score: 62 out of 100 by next week.", POOLS["ops"] + SCORES["ops"])
        == []
    )


# the scale written after a slash, before the name ("67/100 sleep score"), is no value of
# it: the score before the slash is
DENOMINATORS = [
    ("sleep", "67/100 sleep score.", []),
    ("sleep", "40/100 sleep score last night.", [("40", "value", "sleep_score")]),
    ("training", "30/100 readiness today.", [("30", "value", "readiness")]),
    ("product", "20/100 NPS this week.", [("20", "value", "nps")]),
    ("sleep", "Score 40 / 100 sleep score.", [("40", "value", "sleep_score")]),
    ("sleep", "67 / 100 sleep score.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), DENOMINATORS)
def test_the_scale_after_a_slash_is_no_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_word_ending_in_s_after_the_scale_is_no_counted_noun() -> None:
    # "plus", "thus", "across" end in "s" but are no plural: the scale stays a scale
    read = FLAGS["sleep"]
    pool = POOLS["sleep"]
    assert read("Sleep score: 58 out of 100 plus a bonus for consistency.", pool) == [
        ("58", "value", "sleep_score")
    ]
    assert read("Sleep score was 58 out of 100 across the week.", pool) == [
        ("58", "value", "sleep_score")
    ]
    assert read("Sleep score: 67 out of 100 thus far.", pool) == []
    assert read("Sleep score: 4 out of 5 nights were good.", pool) == []
