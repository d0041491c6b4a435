"""A median or a benchmark of others is no value of ours: "below the SaaS median of 64.5%".

"Gross margin of 59.5% is 5 points below the SaaS median of 64.5%", "Conversion is 2.6%,
0.3 points below the 2.9% benchmark", "NPS is 48 (B2B median: 44)": the second number is
a reference figure of a population or a plan. "Industry" and "benchmarks" said so
already; "median", "peer" and "cohort" did not, a benchmark told after its number was no
plan's noun, and a label's words before a colon were not read for whose the number is,
so 11 of the 13 cases in REFERENCES were flagged. The value of ours beside them is still
read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

REFERENCES = [
    ("finance", "Gross margin of 59.5% is 5 points below the SaaS median of 64.5%."),
    ("finance", "Gross margin is 59.5% against a peer median of 64.5%."),
    ("finance", "Gross margin is 59.5% (industry median: 64.5%)."),
    ("finance", "Runway of 15.6 months beats the seed-stage median of 14 months."),
    ("product", "Conversion is 2.6%, which is 0.3 points below the 2.9% benchmark."),
    ("product", "Conversion is 2.6% (category median: 2.9%)."),
    ("product", "NPS is 48 (B2B median: 44)."),
    ("ops", "p95 latency sits at 728 ms, above the cohort median of 690 ms."),
    ("ops", "CPU is at 48%, close to the fleet benchmark of 52%."),
    ("sleep", "Your efficiency of 81% is just under the 85% benchmark."),
    ("sleep", "Sleep score is 67 against a cohort median of 71."),
    ("training", "Your resting HR of 50 is under the median of 53 for men your age."),
    ("training", "Readiness of 51% is below the 55% benchmark for your plan."),
]

STILL_READ = [
    ("product", "Conversion is 2.9% against a 2.6% benchmark.", [("2.9", "value", "conversion")]),
    (
        "finance",
        "Gross margin is 64.5%, above the SaaS median of 59%.",
        [("64.5", "value", "gross_margin")],
    ),
    (
        "ops",
        "p95 latency sits at 790 ms, above the cohort median of 690 ms.",
        [("790", "value", "p95_latency")],
    ),
    ("ops", "Median latency was 240 ms.", [("240", "value", "p50_latency")]),
]


@pytest.mark.parametrize(("domain", "text"), REFERENCES)
def test_a_reference_figure_of_others_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_beside_the_reference_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
