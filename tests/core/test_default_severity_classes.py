"""A severity or a priority before a count's noun picks a class of them: "3 P1 alerts".

"2 Sev1 incidents", "4 critical alerts", "15 low-priority alerts", "2 major awakenings":
the number counts one class of the things the pool counts in all, as "2,100 organic
signups" counts one channel's. The name read each as the whole count: all 14 cases of
CLASSES were flagged. The whole count said beside them is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

CLASSES = [
    ("ops", "The 3 P1 alerts all came from the payments service."),
    ("ops", "There were 2 Sev1 incidents and 3 Sev2 incidents."),
    ("ops", "4 critical alerts fired overnight."),
    ("ops", "2 major incidents hit checkout."),
    ("ops", "We had 12 paging alerts overnight."),
    ("ops", "3 customer-facing incidents this week."),
    ("ops", "15 low-priority alerts were auto-resolved."),
    ("ops", "9 P3 alerts stayed open."),
    ("ops", "3 high-severity incidents, all resolved."),
    ("sleep", "You had 2 major awakenings and several brief ones."),
    ("sleep", "3 minor awakenings didn't affect your score."),
    ("finance", "2 critical open roles are in engineering."),
    ("finance", "3 urgent overdue invoices need chasing."),
    ("product", "2 P0 experiments were paused."),
]

STILL_READ = [
    ("ops", "We had 22 alerts, 4 of them critical.", [("22", "value", "alerts", "name")]),
    ("ops", "We had 7 incidents this week.", [("7", "value", "incidents", "name")]),
    ("sleep", "You woke 7 times; 2 were major awakenings.", [("7", "value", "awakenings", "name")]),
    (
        "finance",
        "There are 12 open roles, 2 of them critical.",
        [("12", "value", "open_positions", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), CLASSES)
def test_a_class_of_the_count_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_whole_count_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(CLASSES) >= 12
    assert len({domain for domain, _ in CLASSES}) >= 4
