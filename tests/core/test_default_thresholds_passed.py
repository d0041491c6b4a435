"""A number a verb of passing stands before is a threshold the value went past, not the
value: "CPU never exceeded 70%", "Signups topped 2,400 on launch day".

"exceeded", "topped", "crossed", "surpassed" say the value was beyond the number at some
time (or, with "never", at no time): a bound, as "over 70%" and "under 760 ms" already
were. With the domains' configs all 17 cases of PASSED were flagged, the name reading the
threshold as the value; those of PASSED_PLAIN were flagged with no config too ("CPU
averaged 48% and never crossed 70%" read as a memory of 67%). The value said beside the
verb, or a reference passed with its own figure, is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

PASSED = [
    ("ops", "CPU never exceeded 70% all week."),
    ("ops", "p95 latency never topped 760 ms."),
    ("ops", "Error rate exceeded 2.2% twice on Tuesday."),
    ("ops", "Memory exceeded 70% on two nodes."),
    ("ops", "Queue depth topped 2,600 at 3 am."),
    ("product", "Churn has not exceeded 3.3% since March."),
    ("product", "Signups topped 2,400 on launch day."),
    ("product", "Conversion exceeded 2.8% on Friday."),
    ("product", "NPS topped 50 in the survey."),
    ("training", "Steps topped 12,000 on Saturday."),
    ("training", "Readiness exceeded 55% only twice."),
    ("training", "Weekly mileage has not topped 30 mi since June."),
    ("sleep", "Your HRV crossed 42 twice this week."),
    ("sleep", "Sleep score topped 70 only once."),
    ("sleep", "Efficiency topped 84% on Sunday."),
    ("sleep", "Deep sleep exceeded 70 min once."),
    ("finance", "Runway has never exceeded 17 months."),
]

PASSED_PLAIN = [
    ("ops", "CPU never exceeded 70% all week."),
    ("ops", "Error rate exceeded 2.2% twice on Tuesday."),
    ("ops", "CPU averaged 48% and never crossed 70%."),
    ("product", "Churn has not exceeded 3.3% since March."),
    ("product", "Signups topped 2,400 on launch day."),
    ("training", "Steps topped 12,000 on Saturday."),
    ("sleep", "Your HRV crossed 42 twice this week."),
    ("sleep", "Sleep score topped 70 only once."),
]

STILL_READ = [
    ("ops", "Memory hit 70%.", [("70", "value", "memory", "name")]),
    ("ops", "CPU exceeded its limit and sat at 52%.", [("52", "value", "cpu", "name")]),
    (
        "finance",
        "Revenue topped the forecast at $150k.",
        [("150k", "value", "revenue_mtd", "name")],
    ),
    ("sleep", "Sleep score crossed the line at 61.", [("61", "value", "sleep_score", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), PASSED)
def test_a_threshold_passed_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), PASSED_PLAIN)
def test_a_threshold_passed_is_no_value_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_beside_a_verb_of_passing_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PASSED) >= 12
    assert len({domain for domain, _ in PASSED}) >= 4
