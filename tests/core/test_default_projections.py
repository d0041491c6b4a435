"""Where a value is heading is no value now: "FY2026 revenue is tracking to $2.1M".

"Revenue is pacing to $185k", "Signups are on pace for 2,500", "Cash is on course for
$2.2M": the number is a projection. "trending toward" and "projected" were read so
already; "tracking to", "pacing to", "heading to" and "on pace, track or course for" were
not, and all 16 cases of PROJECTED were flagged. "tracking at $179.8k" is the value
now, and so is "At this pace, cash runway is 11.4" (a runway is always said at a pace: the
dev split has it as a misstatement), and both are still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

PROJECTED = [
    ("finance", "FY2026 revenue is tracking to $2.1M."),
    ("finance", "Revenue is pacing to $185k."),
    ("finance", "Revenue is on track for $185k."),
    ("product", "DAU is tracking to 88,000 by month end."),
    ("product", "Signups are on pace for 2,500."),
    ("product", "Conversion is on track to hit 3.1%."),
    ("ops", "Alerts are pacing to 23 this week."),
    ("ops", "Incidents are on pace for 7 this month."),
    ("training", "You're on pace for 31 miles this week."),
    ("training", "Steps are tracking to 13,500 today."),
    ("finance", "Burn is tracking to $101k."),
    ("finance", "Cash is on course for $2.2M."),
    ("sleep", "Sleep debt is on track for 5 hours."),
    ("sleep", "Your sleep score is pacing to 74."),
    ("ops", "p95 latency is tracking to 790 ms."),
    ("product", "NPS is on pace for 55."),
]

STILL_READ = [
    (
        "finance",
        "Revenue is tracking at $179.8k MTD.",
        [("179.8k", "value", "revenue_mtd", "name")],
    ),
    ("finance", "At this pace, runway is 11.4 months.", [("11.4", "value", "runway", "name")]),
    ("ops", "We're tracking 23 alerts this week.", [("23", "value", "alerts", "name")]),
    ("training", "Heading into the weekend, HRV is 52.", [("52", "value", "hrv", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PROJECTED)
def test_a_projection_is_no_value_now(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_now_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PROJECTED) >= 12
    assert len({domain for domain, _ in PROJECTED}) >= 4
