"""A moment's value, then "but averaged" another: the average is the value, the moment not.

"Throughput peaked near 31k req/s on Monday's campaign but averaged 20,372 req/s",
"HRV dipped to 41 midweek, yet averaged 67": the first number is a passing moment and
the second the value over the while, which is what the pool holds. Before the rule the
name's first number was read, and 9 of the 12 cases in MOMENTS were flagged. Now the
average is read, so a wrong average is flagged against the name, and a moment told
alone is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

MOMENTS = [
    ("ops", "Throughput peaked near 31k req/s on Monday's campaign but averaged 20,372 req/s."),
    ("ops", "CPU spiked to 91% during the batch but averaged 48% for the week."),
    ("ops", "p95 latency hit 1,400 ms during the deploy, but averaged 728 ms."),
    ("ops", "Memory touched 88% on Tuesday yet averaged 67%."),
    ("ops", "Queue depth reached 9,800 overnight but averaged 2,479."),
    ("training", "HRV dipped to 41 midweek, yet averaged 67."),
    ("training", "Your heart rate went as high as 181 on the hills but averaged 157 bpm."),
    ("sleep", "Your heart rate rose to 62 bpm after the meal but averaged 49 overnight."),
    ("product", "DAU jumped to 96,400 on launch day but averaged 81,475 this week."),
    ("product", "Session length reached 22 minutes for power users but averaged 13.7 minutes."),
    ("finance", "Cash dipped to $2.1M before payroll cleared but averaged $2.47M."),
    ("finance", "Burn hit $140,000 in the offsite week but averaged $92,417."),
]

STILL_READ = [
    (
        "ops",
        "Throughput peaked near 31k req/s on Monday but averaged 18,000 req/s.",
        [("18,000", "value", "throughput")],
    ),
    ("training", "HRV dipped to 41 midweek, yet averaged 58.", [("58", "value", "hrv")]),
    ("ops", "Throughput was 31k req/s on Monday.", [("31k", "value", "throughput")]),
    ("product", "DAU was 96,400 this week.", [("96,400", "value", "dau")]),
]


@pytest.mark.parametrize(("domain", "text"), MOMENTS)
def test_the_average_after_a_moment_is_read(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_wrong_average_and_a_moment_alone_are_flagged(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
