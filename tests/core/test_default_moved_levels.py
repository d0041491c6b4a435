"""The level a move reaches belongs to what moved: "ARR grew 30% to $2.2M" is no cash.

"MRR grew 4.9% to $182k", "Cold start time fell 8% to 690 ms", "Awake time fell 12% to
55 min": the number after "to" is the level of the thing the clause opens with. When a
config is given and those words share nothing with the names of the value the band found
(ARR and cash, cold starts and p95 latency), the band no longer reads the level as that
value. All 15 cases of LEVELS were flagged before. A level whose subject names
nothing, or names the value, is still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

LEVELS = [
    ("finance", "MRR grew 4.9% to $182k."),
    ("finance", "ARR grew 30% to $2.2M."),
    ("finance", "Bookings climbed 8% to $161k."),
    ("finance", "Payroll rose 4% to $88k."),
    ("finance", "Accounts receivable fell 6% to $2.3M."),
    ("ops", "GC pause time rose 10% to 700 ms."),
    ("sleep", "Snoring time fell 20% to 95 min."),
    ("sleep", "Your wake time rose 10% to 70 min."),
    ("ops", "DB connection wait grew 15% to 190 ms."),
    ("ops", "Cold start time fell 8% to 690 ms."),
    ("training", "Strength sessions grew 20% to 28 min."),
    ("training", "Walking cadence rose 3% to 150 bpm."),
    ("sleep", "Awake time fell 12% to 55 min."),
    ("sleep", "Restless time rose 10% to 110 min."),
    ("sleep", "Your nap time grew 15% to 58 min."),
]

STILL_READ = [
    ("sleep", "It rose 5% to 6 h 20 min.", [("6 h 20 min", "value", "sleep_duration", "band")]),
    ("finance", "That fell 8% to $2.3M.", [("2.3M", "value", "cash", "band")]),
    ("ops", "It climbed 10% to 790 ms.", [("790", "value", "p95_latency", "band")]),
    ("finance", "Revenue grew 4% to $176k.", [("176k", "value", "revenue_mtd", "name")]),
    ("finance", "Burn fell 5% to $88k.", [("88k", "value", "burn", "name")]),
    ("training", "Moving time rose 10% to 33 min.", [("33", "value", "duration", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), LEVELS)
def test_the_level_of_something_else_is_no_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_levels_of_the_value_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(LEVELS) >= 12
    assert len({domain for domain, _ in LEVELS}) >= 4
