"""A name of a score or an average is also said with that measure as the verb of its
other words: "Your sleep scored 90" names the sleep score, "Heart rate averaged 170"
the average heart rate, "Your recovery scored 80" the recovery score. The number after it
is read as the name's, as after the name itself; a plan or a range stays what it is.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.names import NameIndex
from reviewer.grounding.types import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("sleep", "Your sleep scored 90.", [("90", "value", "sleep_score")]),
    ("sleep", "Sleep scored a 90 last night.", [("90", "value", "sleep_score")]),
    ("sleep", "Last night your sleep scored just 40.", [("40", "value", "sleep_score")]),
    ("training", "Your recovery scored 80 this morning.", [("80", "value", "readiness")]),
    ("training", "Recovery scored 30 today, so rest.", [("30", "value", "readiness")]),
    ("training", "Heart rate averaged 170 on the run.", [("170", "value", "avg_hr")]),
    ("training", "HR averaged 120 today.", [("120", "value", "avg_hr")]),
    ("training", "Heart rate averaged 200 bpm on the climb.", [("200", "value", "avg_hr")]),
    ("sleep", "Your sleep scored 95 out of 100.", [("95", "value", "sleep_score")]),
    ("sleep", "Sleep rated a 40 on the app.", [("40", "value", "sleep_score")]),
    (
        "training",
        "Your heart rate averaged 120 bpm on the easy run.",
        [("120", "value", "avg_hr")],
    ),
    ("training", "Heart rate averaged just 120 bpm.", [("120", "value", "avg_hr")]),
    ("training", "HR averaged 185 on the tempo.", [("185", "value", "avg_hr")]),
    ("sleep", "Sleep scored 30, a rough night.", [("30", "value", "sleep_score")]),
    ("sleep", "Your sleep rated 40 overnight.", [("40", "value", "sleep_score")]),
    ("product", "Revenue per user averaged $45.", [("45", "value", "arpu")]),
    ("product", "Revenue per user averaged $20 in week 48.", [("20", "value", "arpu")]),
    # the value itself, a range, a plan: no flag
    ("sleep", "Your sleep scored 67.", []),
    ("training", "Heart rate averaged 157 on the run.", []),
    ("training", "Heart rate averaged 145 to 160 on the intervals.", []),
    ("training", "Aim for a heart rate averaged under 150.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_score_or_an_average_said_as_a_verb_names_its_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 3


def test_the_verb_form_does_not_take_a_spelling_another_value_holds() -> None:
    pool = [Known("sleep_score", 67, "pct"), Known("sleep_scored", 3, "none")]
    names = NameIndex.of(pool, {})
    assert names.by_form["sleep scored"].name == "sleep_scored"


# a verb's number followed by another item "with" its own number ("You ran 3.5 mi with an
# average HR of 157 bpm", "burning $120k/month with $2.47M in the bank"): the verb's
# clause ends where the other item begins
WITH_ANOTHER = [
    ("training", "You ran 3.5 mi with an average HR of 157 bpm.", [("3.5", "value", "distance")]),
    ("training", "You ran 3.03 mi with an average HR of 157 bpm.", []),
    ("finance", "We're burning $120k/month with $2.47M in the bank.", [("120k", "value", "burn")]),
    ("finance", "We're burning $92.4k/month with $2.47M in the bank.", []),
    ("sleep", "You slept 9 hours with 62 min of deep sleep.", [("9", "value", "sleep_duration")]),
    ("sleep", "You slept 6.1 hours with 62 min of deep sleep.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), WITH_ANOTHER)
def test_a_verb_s_number_before_another_item_is_read_by_its_own_words(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
