"""A score told by its verb: "You scored 71 on readiness", "We scored 62 on NPS", "rated 62
on NPS". The name after "on" (or "for", as in "recorded 87 for HRV") says what the number
is, so a misstatement past the band is found; without a verb that scores or records, "on"
names no value ("You hit 12 on the climb").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("training", "You scored 71 on readiness.", [("71", "value", "readiness")]),
    ("training", "You scored 71% on readiness today.", [("71", "value", "readiness")]),
    ("training", "You scored 71 on your recovery score.", [("71", "value", "readiness")]),
    ("training", "This morning you scored 52 on HRV.", [("52", "value", "hrv")]),
    ("training", "You scored 51 on readiness.", []),
    ("training", "You scored 67 on HRV.", []),
    ("sleep", "You scored 80 on your sleep score.", [("80", "value", "sleep_score")]),
    ("sleep", "Last night you scored 80 on sleep score.", [("80", "value", "sleep_score")]),
    ("sleep", "You scored 92% on sleep efficiency.", [("92", "value", "efficiency")]),
    ("sleep", "You scored 67 on your sleep score.", []),
    ("product", "We scored 62 on NPS this quarter.", [("62", "value", "nps")]),
    ("product", "The app rated 62 on NPS in the survey.", [("62", "value", "nps")]),
    ("product", "The team scores 62 on NPS.", [("62", "value", "nps")]),
    ("product", "We scored 48 on NPS.", []),
    ("training", "You scored 60 for readiness.", [("60", "value", "readiness")]),
    ("sleep", "Your watch rated you 80 on sleep score.", [("80", "value", "sleep_score")]),
    ("ops", "The service scored 95% on availability.", [("95", "value", "availability")]),
    ("ops", "The service scored 99.99% on availability.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_scored_number_is_read_by_the_name_after_on(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 3
