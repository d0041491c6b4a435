"""A segment that opens the sentence says whose the value is: "Among power users, NPS is 71".

"In Germany, DAU fell 12%", "For batch workers, CPU sits at 91%", "On weekends, your sleep
score averages 74": the value is one segment's, as "NPS among power users" or "Enterprise
ARPU" were read already. All 15 cases of OPENERS were flagged by the name. A time
("In November,", "On Monday,", "For the week,") or a turn of speech ("In total,", "In
short,", "On the load side,") opens no segment, and the value after it is still read. A
year ("In 2025,") is a time: the first version read it as a segment, as it read no range
with an en dash ("In the 18–24 age group,") as one.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

OPENERS = [
    ("product", "Among power users, NPS is 71."),
    ("product", "In Germany, DAU fell 12%."),
    ("product", "In the treatment arm, retention was 34%."),
    ("product", "For enterprise customers, ARPU is $120."),
    ("product", "Among new users, conversion is 1.9%."),
    ("ops", "In us-east, p95 latency is 810 ms."),
    ("ops", "On the payments service, error rate is 3.9%."),
    ("ops", "For batch workers, CPU sits at 91%."),
    ("ops", "Within the EU cluster, memory is at 74%."),
    ("finance", "For the EU entity, revenue MTD is $61k."),
    ("finance", "In the services line, gross margin is 31%."),
    ("training", "On trail runs, your average HR is 165 bpm."),
    ("training", "For hill repeats, HRV dips to 52."),
    ("sleep", "On weekends, your sleep score averages 74."),
    ("sleep", "In your Tuesday nights, efficiency is 88%."),
]

# an age group, its range in digits ("18–24") or a bound ("over 65")
AGE_GROUPS = [
    ("product", "In the 18–24 age group, conversion is 4.1%."),
    ("product", "Among 25-34 year olds, NPS is 55."),
    ("product", "For users over 65, session length is 15 min."),
]

STILL_READ = [
    ("product", "In November, DAU was 88,100.", [("88,100", "value", "dau", "name")]),
    ("product", "In 2025, DAU was 88,100.", [("88,100", "value", "dau", "name")]),
    ("product", "In total, signups were 2,510.", [("2,510", "value", "signups", "name")]),
    ("ops", "For the week, error rate was 2.4%.", [("2.4", "value", "error_rate", "name")]),
    ("finance", "In short, burn was $101k.", [("101k", "value", "burn", "name")]),
    ("training", "On Monday, your resting HR was 55 bpm.", [("55", "value", "rhr", "name")]),
    ("training", "On the load side, stress balance is -2.4.", [("-2.4", "value", "tsb", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OPENERS + AGE_GROUPS)
def test_a_segments_value_is_no_value_of_the_whole(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_times_and_turns_of_speech_open_no_segment(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OPENERS) >= 12
    assert len({domain for domain, _ in OPENERS}) >= 4
