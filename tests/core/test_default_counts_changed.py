"""A verb that puts things in a count or takes them out makes its number the change, not
the count: "We retired 4 dashboards and 11 alerts", "6 experiments were archived".

Retiring, removing, silencing, archiving or closing things (and adding, creating or
opening them, which were mostly read already as a rise with no change in the pool) says
how many went, not how many there are. The verb may stand before the number across a
list ("retired 4 dashboards and 11 alerts") or after its noun in the passive ("11 alerts
were retired"). With the domains' configs all 13 cases of CHANGED were flagged, the name
reading the change as the count; with no config all but "We closed 3 open roles". The
count said with another verb is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

CHANGED = [
    ("ops", "We retired 4 dashboards and 11 alerts."),
    ("ops", "We removed 11 alerts this sprint."),
    ("ops", "We silenced 4 alerts during the migration."),
    ("ops", "11 alerts were retired."),
    ("ops", "We closed 3 incidents as duplicates."),
    ("product", "We archived 4 experiments."),
    ("product", "We closed 3 experiments early."),
    ("product", "6 experiments were archived."),
    ("finance", "We closed 3 open roles this month."),
    ("finance", "2 open positions were closed after the freeze."),
    ("finance", "We removed 2 overdue invoices after the credit notes."),
    ("sleep", "We muted 2 awakenings from the alarm test."),
    ("ops", "We deleted 9 alerts nobody acted on."),
]

STILL_READ = [
    ("ops", "We had 5 incidents, and we closed them all.", []),
    ("ops", "We had 3 incidents.", [("3", "value", "incidents", "name")]),
    ("ops", "11 alerts fired.", [("11", "value", "alerts", "name")]),
    ("product", "We ran 3 experiments.", [("3", "value", "experiments", "name")]),
    ("finance", "We have 3 open roles.", [("3", "value", "open_positions", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), CHANGED)
def test_a_change_to_a_count_is_no_count(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_counts_said_with_other_verbs_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(CHANGED) >= 12
    assert len({domain for domain, _ in CHANGED}) >= 4
