"""A count's noun said in the singular names one of them: the number beside it counts
something else.

"The status page was updated 3 times", "The overdue invoice was chased 3 times", "The
experiment was rerun 3 times": the sentence speaks of one page, one invoice, one
experiment, and its number counts what was done to it. A count is read by the words of
its sentence when no name stands there, and the singular shared the plural's stem, so all
13 cases of ONE_OF_THEM were read as the pool's count with the domains' configs ("pages"
is the ops config's alias of alerts, "signup page" said signups); the ones in
ONE_OF_THEM_PLAIN were read so with no config, by the pools' own names. The count said in
the plural, by its verb ("paged 3 times") or by a name ("incident count") is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

ONE_OF_THEM = [
    ("ops", "The status page was updated 3 times during the outage."),
    ("ops", "The landing page was reloaded 3 times by the synthetic check."),
    ("ops", "The disk alert fired 3 times."),
    ("ops", "That incident was reopened 2 times."),
    ("ops", "Each incident was reviewed 2 times by the board."),
    ("ops", "The runbook page was edited 3 times this week."),
    ("product", "The experiment was rerun 3 times."),
    ("product", "The pricing experiment was restarted 2 times after bad assignments."),
    ("product", "The signup page was redesigned 3 times."),
    ("finance", "The overdue invoice was chased 3 times."),
    ("finance", "The oldest overdue invoice was sent 4 times."),
    ("finance", "That open position has been reposted 3 times."),
    ("finance", "The open role was reopened 2 times."),
]

ONE_OF_THEM_PLAIN = [
    ("ops", "The disk alert fired 3 times."),
    ("ops", "Each incident was reviewed 2 times by the board."),
    ("product", "The experiment was rerun 3 times."),
    ("product", "The signup page was redesigned 3 times."),
    ("finance", "The overdue invoice was chased 3 times."),
    ("finance", "That open position has been reposted 3 times."),
]

STILL_READ = [
    ("ops", "We were paged 3 times.", [("3", "value", "alerts", "name")]),
    ("ops", "Alerts fired 3 times overnight.", [("3", "value", "alerts", "name")]),
    ("ops", "We had 3 incidents.", [("3", "value", "incidents", "name")]),
    ("ops", "The incident count was 3.", [("3", "value", "incidents", "name")]),
    ("product", "We ran 3 experiments.", [("3", "value", "experiments", "name")]),
    ("finance", "Invoices overdue: 3.", [("3", "value", "overdue_invoices", "name")]),
    ("finance", "We have 3 open roles.", [("3", "value", "open_positions", "name")]),
    ("sleep", "You woke up 7 times.", [("7", "value", "awakenings", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), ONE_OF_THEM)
def test_one_of_a_count_is_no_count_of_them(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), ONE_OF_THEM_PLAIN)
def test_one_of_a_count_is_no_count_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_counts_said_in_the_plural_by_a_verb_or_a_name_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(ONE_OF_THEM) >= 12
    assert len({domain for domain, _ in ONE_OF_THEM}) >= 3
