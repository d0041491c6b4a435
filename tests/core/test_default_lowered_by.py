"""A verb that lowers what it is said of, then "by" and the number, gives the number a
minus: "We cut p95 by 10.6%", "Seasonality cut daily actives by 7.5%", "The new index
lowered query latency by 10.6%".

The sign words were read right before a number ("down 2.1", "reduced by 7.5%") or with
one plain word between ("reduced latency by 10.6%"); a verb whose object takes a few words
or a digit ("p95", "daily actives", "query latency") left the change unsigned, and a fall
the pool holds read as a sign flip. All cases of LOWERED were flagged with no config, those
of LOWERED_CONFIG with the domains' configs too. A verb that raises it is still read as a
rise, against a fall the pool holds.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

LOWERED = [
    ("ops", "We cut p95 by 10.6%, from 814 ms to 728 ms."),
    ("ops", "We trimmed p95 by 10.6% this week."),
    ("ops", "The new index lowered query latency by 10.6%."),
    ("ops", "The rewrite slashed p95 by 10.6%."),
    ("ops", "We cut tail latency by 10.6%."),
    ("ops", "We slashed tail latency by 10.6%."),
    ("product", "Seasonality cut daily actives by 7.5%."),
    ("product", "The bug slashed daily actives by 7.5%."),
    ("product", "The outage trimmed daily actives by 7.5%."),
    ("product", "The holiday cut active users by 7.5%."),
    ("product", "The pricing change shaved daily active users by 7.5%."),
    ("product", "The migration cut our daily actives by 7.5%."),
]

LOWERED_CONFIG = [
    ("ops", "The new index lowered query latency by 10.6%."),
]

STILL_READ = [
    ("product", "The redesign lifted DAU by 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    (
        "product",
        "Onboarding boosted daily actives by 7.5%.",
        [("7.5", "sign", "dau_change", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), LOWERED)
def test_a_lowering_verb_and_by_sign_the_change(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), LOWERED_CONFIG)
def test_a_lowering_verb_and_by_with_a_config(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_raising_verb_is_still_a_rise(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(LOWERED) >= 12
    assert len({domain for domain, _ in LOWERED}) >= 2
