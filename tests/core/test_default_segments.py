"""A metric's name said of a segment or an extreme is another quantity than the pool's
value, so the name reads no number there: a word before the name that picks an extreme or
a plan's figure ("Peak DAU", "Max p95 latency", "Budgeted burn") or a segment of users or
platforms ("Enterprise ARPU", "iOS DAU"), and a segment said after it ("NPS among power
users", "Conversion in the test arm", "Retention for the March cohort", "Error rate on
mobile clients"). A funnel's step ("Conversion from trial to paid") is no segment, and a
name in a phrase qualifying another noun ("Max HR on the run") does not take the number.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Every number here is past the
band of the value the name would give it, so only the name could flag it.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

NOT_THE_VALUE = [
    # an extreme, a plan's figure
    ("product", "Peak DAU this month was 95,000."),
    ("product", "Peak signups came to 3,400 on Monday."),
    ("ops", "Peak throughput reached 30,000 rps."),
    ("ops", "Peak CPU hit 95%."),
    ("ops", "Max p95 latency was 1,500 ms."),
    ("ops", "Worst-case p95 latency was 1,500 ms."),
    ("finance", "Budgeted burn is $130k."),
    ("training", "Max HR on the run was 185."),
    # a segment before the name
    ("product", "Enterprise ARPU is $180."),
    ("product", "iOS DAU came to 50,000."),
    ("product", "Mobile DAU hit 60,000."),
    ("product", "Web signups came to 1,200."),
    ("finance", "Enterprise revenue was $120k."),
    # a segment after it
    ("product", "NPS among power users is 72."),
    ("product", "Conversion among trial users was 4.1%."),
    ("product", "Session length on iOS averaged 18 minutes."),
    ("product", "Conversion in the test arm was 4.1%."),
    ("product", "Conversion in the control group held at 3.5%."),
    ("product", "D7 retention for the March cohort was 40%."),
    ("product", "ARPU for enterprise customers is $180."),
    ("ops", "Error rate on mobile clients was 5%."),
    ("ops", "p95 latency for mobile users is 1,200 ms."),
    ("training", "Average HR among your easy runs is 140."),
    ("sleep", "Deep sleep among nights with alcohol averaged 40 min."),
]

STILL_THE_VALUE = [
    ("product", "DAU hit 60,000.", [("60,000", "value", "dau")]),
    ("product", "Conversion from trial to paid was 3.4%.", [("3.4", "value", "conversion")]),
    ("ops", "Keep track of the queue depth, now 3,400.", [("3,400", "value", "queue_depth")]),
    ("sleep", "Your lowest heart rate was 44 bpm.", [("44", "value", "rhr")]),
    ("ops", "Error rate on Monday was 5%.", [("5", "value", "error_rate")]),
    ("product", "Conversion for the week was 4.1%.", [("4.1", "value", "conversion")]),
]


@pytest.mark.parametrize(("domain", "text"), NOT_THE_VALUE)
def test_a_name_said_of_a_segment_or_an_extreme_reads_no_number(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_THE_VALUE)
def test_the_value_itself_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(NOT_THE_VALUE) >= 12 and len({domain for domain, _ in NOT_THE_VALUE}) >= 4
