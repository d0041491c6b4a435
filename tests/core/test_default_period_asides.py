"""A value in parentheses after another period's name is that period's: "the best month
since March (5.2%)", "4.9% (March: 5.2%)".

After a comparison with a month, a weekday, a quarter, a year or "yesterday" ("since",
"than", "above", "ahead of", "beat", "from", "on", "versus"...), or as the label of an aside
after the value, the period says whose the figure is: not today's. "last week (88,100)"
was read so already; the names of periods were not, and 14 of PERIODS were flagged (as
misstated values by the band, or by the name the clause says). The value the sentence
states before the aside is still read, and so is a value said on a day's name without
parentheses.

So is an average, median, total, high or low of another period in an aside ("Conversion
2.6% (Q3 avg 2.8%)"): 5 of STATISTICS were flagged before.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

PERIODS = [
    ("finance", "MRR growth was 4.9%, the best month since March (5.2%)."),
    ("finance", "Margin is lower than in January (62.0%)."),
    ("finance", "Revenue MTD is ahead of September ($151,200)."),
    ("finance", "MRR growth was 4.9% (March: 5.2%)."),
    ("finance", "Burn is down from Q2 ($98,100)."),
    ("finance", "Gross margin is 59.5% (Q3 2025: 61.2%)."),
    ("product", "Conversion beat Q2 (2.4%)."),
    ("product", "NPS was higher than in June (44)."),
    ("product", "DAU is 81,475 (Sunday: 84,900)."),
    ("product", "Churn improved on 2025 (3.4%)."),
    ("ops", "Error rate is well above Monday (1.8%)."),
    ("ops", "CPU ran hotter than yesterday (52%)."),
    ("ops", "p95 latency was 728 ms (yesterday: 790 ms)."),
    ("training", "Resting HR is lower than Tuesday (53 bpm)."),
    ("training", "HRV is 67, up on Friday's (61)."),
    ("sleep", "Efficiency dipped from Saturday (86%)."),
    ("sleep", "Your score is up versus Wednesday (72)."),
]

# a statistic of another period in an aside: its average, median, total, high or low
STATISTICS = [
    ("product", "Conversion 2.6% (Q3 avg 2.8%)."),
    ("product", "DAU 81,475 (October average 84,100)."),
    ("finance", "Burn $92,417 (Q3 mean $88,100)."),
    ("ops", "Error rate 2.04% (Monday high 2.3%)."),
    ("product", "Churn 3.1% (H1 avg 2.9%)."),
    ("ops", "p95 latency 728 ms (September median 790 ms)."),
    ("training", "HRV 67 (Sunday low 61)."),
    ("sleep", "Efficiency 81% (Saturday peak 86%)."),
]

STILL_READ = [
    ("finance", "MRR growth was 5.9% (March: 5.2%).", [("5.9", "value", "mrr_growth", "name")]),
    ("product", "Conversion is 2.2% (Q2: 2.4%).", [("2.2", "value", "conversion", "name")]),
    ("training", "Resting HR is 53 bpm (Tuesday: 50 bpm).", [("53", "value", "rhr", "name")]),
    ("finance", "Burn is $98,100 (above Q2).", [("98,100", "value", "burn", "name")]),
    ("product", "DAU on Sunday was 84,900.", [("84,900", "value", "dau", "name")]),
    ("ops", "Since Monday, CPU has averaged 58%.", [("58", "value", "cpu", "name")]),
    ("sleep", "Efficiency (Saturday) 86%.", [("86", "value", "efficiency", "name")]),
    ("product", "Conversion 2.2% (Q3 avg 2.8%).", [("2.2", "value", "conversion", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PERIODS + STATISTICS)
def test_another_periods_value_is_no_value_now(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_beside_it_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PERIODS) >= 12
    assert len({domain for domain, _ in PERIODS}) >= 4
