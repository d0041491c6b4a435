"""A rate told as one thing for so many others is no value: "1 per 68 DAU".

"one signup per 36 visitors", "One alert for every 4 deploys", "1 customer in every 32":
the numbers say how often one thing comes with another, not how many of either there
are. "1 in 4" was read so already; "per", "for every", "in every" and "every" were not,
and a name after the number ("68 DAU", "20 alerts") read it as that metric's value: all
13 cases of RATES were flagged. A value said plainly next to them is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

RATES = [
    ("product", "We saw 1.2k support tickets, about 1 per 68 DAU."),
    ("product", "That's one signup per 36 visitors."),
    ("product", "Churn works out to 1 customer in every 32."),
    ("ops", "One alert for every 4 deploys."),
    ("product", "About one crash per 84,000 DAU."),
    ("product", "One support ticket for every 2,400 signups."),
    ("product", "One signup per 40 sessions, or 1 per 14 minutes."),
    ("ops", "One incident per 6 alerts."),
    ("ops", "One page for every 20 alerts."),
    ("ops", "1 timeout per 700 ms of queueing."),
    ("finance", "1 open role per 10 engineers."),
    ("finance", "One overdue invoice for every 7 customers."),
    ("training", "One long run per 30 miles."),
]

STILL_READ = [
    ("ops", "We had 22 alerts, one for every 4 deploys.", [("22", "value", "alerts", "name")]),
    (
        "product",
        "DAU was 84,000, about one crash per 170 sessions.",
        [("84,000", "value", "dau", "name")],
    ),
    ("finance", "There are 12 open roles.", [("12", "value", "open_positions", "name")]),
    ("ops", "Incidents: 1.", [("1", "value", "incidents", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), RATES)
def test_one_for_so_many_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_values_beside_a_rate_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(RATES) >= 12
    assert len({domain for domain, _ in RATES}) >= 4
