"""A figure said roughly after a plan's word is the plan's, not a value given roughly.

"HRV was decent, but you need around 80": the sentence reports before the comma and
wants after it. A bound word ("around", "about", "near", "roughly") after a verb that
reports makes a value given roughly, flagged only when plainly off; but when a plan's
word ("need", "want", "we'd like", "should") comes after the last reporting verb, the
figure is what someone wants. Each case in WISHED was flagged before the rule, the
figure read as a rough report of the named value. A report after the plan's word is
still a report ("We need to talk: resting HR was around 60 bpm").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

WISHED = [
    ("training", "HRV was decent, but you need around 80 for a hard session."),
    ("training", "Mileage was light this week, and you'll need about 35 miles to be ready."),
    ("training", "Fitness has grown nicely, and we'd like CTL around 90 by March."),
    ("sleep", "Your sleep score was fine, but you need about 85 to feel sharp."),
    ("sleep", "Deep sleep was short, so we'd like to see around 90 min."),
    ("ops", "Latency improved, but we need p95 around 500 ms before launch."),
    ("finance", "Margins held up, but we need gross margin of roughly 70% to hit plan."),
    ("finance", "Runway looked fine, and the board wants about 18 months."),
    ("product", "DAU was flat, and we need about 95,000 daily actives to hit the plan."),
    ("sleep", "Sleep was short again, so you need total sleep of about 420 min."),
    ("training", "Readiness was low, and you need readiness around 65% for the race."),
    ("ops", "Errors were noisy, and we need error rate around 1.5%."),
    ("finance", "The quarter was tight, and the plan needs cash of about $2.9M."),
    ("product", "Signups were soft, and we want signups around 2,900."),
]

STILL_READ = [
    ("ops", "CPU hovered around 70% all afternoon.", [("70", "value", "cpu")]),
    (
        "sleep",
        "We wanted more, but deep sleep came to about 90 min.",
        [("90", "value", "deep_sleep")],
    ),
    ("finance", "Cash was tight, and burn ran near $120k.", [("120k", "value", "burn")]),
    (
        "product",
        "Growth was the goal, and DAU came in around 95,000.",
        [("95,000", "value", "dau")],
    ),
    ("training", "We need to talk: resting HR was around 60 bpm.", [("60", "value", "rhr")]),
    (
        "ops",
        "We should worry, because p95 latency sat around 1,000 ms.",
        [("1,000", "value", "p95_latency")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), WISHED)
def test_a_rough_figure_after_a_plans_word_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_rough_value_reported_after_the_plans_word_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
