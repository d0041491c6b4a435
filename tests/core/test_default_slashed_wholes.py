"""The number after a value and a slash is the whole or the target it is measured
against: "Week: 27.3/30 mi", "Signups 2,268/2,500 for the month", "Revenue MTD
$169.8k/$180k", "Sleep 6h07/6h40".

Dashboards and terse digests write progress so; "27.3 of 30 mi" was read already, and the
number after the slash sat in the band of the value. All cases of WHOLES were flagged with
the domains' configs, those of WHOLES_PLAIN with no config too. The value before the slash
is still read, and so are slashed names with slashed numbers ("Light/deep: 202/75 min").

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

WHOLES = [
    ("training", "Week: 27.3/30 mi (5 runs)."),
    ("training", "Weekly mileage 27.3/30 mi."),
    ("training", "Mileage: 27.3 / 30 mi."),
    ("product", "Signups 2,268/2,500 for the month."),
    ("product", "DAU 81,475/90,000."),
    ("product", "Signups: 2,268 / 2,450."),
    ("finance", "Revenue MTD $169.8k/$180k."),
    ("finance", "Revenue MTD: $169.8k / $185k."),
    ("finance", "Cash $2.47M/$2.7M."),
    ("finance", "Burn $92.4k/$100k."),
    ("sleep", "Sleep 6h07/6h40."),
    ("sleep", "REM 103/110 min."),
    ("ops", "Throughput 20,372/22,000 rps."),
    ("ops", "Disk free 684/750 GB."),
    ("ops", "Queue depth 2,479/2,700."),
]

WHOLES_PLAIN = [
    ("training", "Week: 27.3/30 mi (5 runs)."),
    ("product", "Signups 2,268/2,500 for the month."),
    ("sleep", "Sleep 6h07/6h40."),
    ("sleep", "REM 103/110 min."),
    ("ops", "Queue depth 2,479/2,700."),
]

STILL_READ = [
    ("product", "Signups 2,400/2,500 for the month.", [("2,400", "value", "signups", "name")]),
    ("ops", "Queue depth 2,700/3,000.", [("2,700", "value", "queue_depth", "name")]),
    ("sleep", "Light/deep: 202/75 min.", [("75", "value", "deep_sleep", "name")]),
    ("product", "WAU/DAU: 190,000/95,000.", [("95,000", "value", "dau", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), WHOLES)
def test_the_number_after_a_value_and_a_slash_is_its_whole(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), WHOLES_PLAIN)
def test_the_whole_after_a_slash_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_value_and_slashed_names_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(WHOLES) >= 12
    assert len({domain for domain, _ in WHOLES}) >= 5
