"""A name in a phrase that qualifies the name before it ("HRV at mile 3 of the run was
87", "Respiratory rate during the deep sleep phase was 18") is not the sentence's subject:
the number after it is the first name's, not the closer one's. A preposition and a
determiner put a name in such a phrase ("of the", "during the", "after the long"), with a
word before it in its clause (so "Max HR on the run was 185" gives the run nothing
either). Where the words between are too many to read, the number is left unread rather
than given to the qualifying name.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    # the first name's number, misstated
    ("training", "HRV at mile 3 of the run was 87.", [("87", "value", "hrv")]),
    ("training", "Resting HR after the run was 62.", [("62", "value", "rhr")]),
    ("training", "Average HR for the run was 170.", [("170", "value", "avg_hr")]),
    ("training", "HRV after the run came back at 87.", [("87", "value", "hrv")]),
    ("training", "Resting HR after the long run was 62.", [("62", "value", "rhr")]),
    ("sleep", "HRV during the deep sleep phase averaged 60.", [("60", "value", "hrv")]),
    (
        "sleep",
        "Respiratory rate during the deep sleep phase was 18.",
        [("18", "value", "resp_rate")],
    ),
    ("sleep", "Resting HR during the REM sleep phases was 60 bpm.", [("60", "value", "rhr")]),
    ("ops", "p95 latency during the incidents was 1,200 ms.", [("1,200", "value", "p95_latency")]),
    ("ops", "Error rate during the incidents hit 5%.", [("5", "value", "error_rate")]),
    ("ops", "CPU during the backlog spike reached 85%.", [("85", "value", "cpu")]),
    (
        "finance",
        "Gross margin on the revenue this month was 39%.",
        [("39", "value", "gross_margin")],
    ),
    ("product", "Conversion for the signups this week was 4.2%.", [("4.2", "value", "conversion")]),
    ("product", "Churn during the signups campaign was 4.2%.", [("4.2", "value", "churn")]),
    # the first name's own value: no flag (the qualifying name would have taken it)
    ("training", "Resting HR after the run was 50.", []),
    ("training", "HRV at mile 3 of the run was 67.", []),
    ("training", "Average HR for the run was 157.", []),
    ("sleep", "HRV during the deep sleep phase averaged 39.", []),
    ("sleep", "Respiratory rate during the deep sleep phase was 14.7.", []),
    ("product", "NPS from the DAU survey came in at 48.", []),
    # a colon or a comma after the name: it labels the number, whatever phrase it stands in
    ("training", "A quick check on your HRV: 80.", [("80", "value", "hrv")]),
    ("training", "A word on your resting HR: 62 bpm.", [("62", "value", "rhr")]),
    ("ops", "An update on the p95 latency: 1,200 ms.", [("1,200", "value", "p95_latency")]),
    ("finance", "A note on the cash position: $1.9M.", [("1.9M", "value", "cash")]),
    ("ops", "Keep track of the queue depth, now 3,400.", [("3,400", "value", "queue_depth")]),
    # a clause break: each name its own number
    ("training", "Resting HR was 50; the run was 8.5 mi.", [("8.5", "value", "distance")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_qualifying_name_does_not_take_the_subject_s_number(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
