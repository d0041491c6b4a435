"""A verb that moves a quantity, with the quantity's name as its object, says a change.

"The fix cut p95 latency by 10.6%", "The campaign lifted signups 20%": the number after
the name is how far the verb moved it, in the verb's direction, so it is read as the
change the pool holds of that quantity, or as nothing where the pool holds none. "to",
"at" or "from" after the name make the number its level again ("cut burn to $120k").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Every case in NO_LEVEL was
flagged as a level, or as a change of the wrong sign, before the rule.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

NO_LEVEL = [
    ("product", "Experiment 7 (new paywall) lifted conversion 0.4 pts."),
    ("product", "The new onboarding lifted conversion by 0.4 points."),
    ("product", "The redesign raised DAU by 3,000."),
    ("ops", "The fix cut p95 latency by 120 ms."),
    ("ops", "The cache reduced error rate by 1.2 points."),
    ("ops", "The rollback lowered CPU 20 points."),
    ("ops", "The new index trimmed p50 latency 40 ms."),
    ("sleep", "Skipping caffeine raised your deep sleep by 20 minutes."),
    ("sleep", "The late meal cut your sleep score 10 points."),
    ("training", "The taper dropped your TSB 12 points."),
    # the change the pool holds, in the verb's direction
    ("ops", "The fix cut p95 latency by 10.6%."),
    ("ops", "The fix cut p95 latency 10.6% week over week."),
    ("finance", "Discounting cut gross margin by 167 bps."),
]

STILL_READ = [
    # a change of the wrong size or sign
    ("ops", "The fix cut p95 latency by 20%.", [("20", "value", "latency_change")]),
    ("product", "The redesign lifted DAU 7.5%.", [("7.5", "sign", "dau_change")]),
    ("finance", "Price increases lifted gross margin 2 points.", [("2", "sign", "margin_change")]),
    # the level it moved to
    ("finance", "The hiring freeze cut burn to $120k.", [("120k", "value", "burn")]),
    ("ops", "The fix cut p95 latency to 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("product", "The campaign lifted signups to 3,400.", [("3,400", "value", "signups")]),
    (
        "sleep",
        "Skipping caffeine raised your deep sleep to 90 minutes.",
        [("90", "value", "deep_sleep")],
    ),
    ("training", "The taper raised your TSB to +12.", [("+12", "sign", "tsb")]),
]


@pytest.mark.parametrize(("domain", "text"), NO_LEVEL)
def test_the_number_after_a_moved_name_is_its_change(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_wrong_change_and_the_level_it_moved_to_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(NO_LEVEL) >= 12 and len({domain for domain, _ in NO_LEVEL}) >= 5
