"""A table's row labelled by a segment is that segment's: "| checkout | 790 ms |".

"| Service | p95 |" with a row "| checkout | 790 ms |", "| Plan | ARPU |" with "| pro |
$32.50 |": the label in the row's first cell names a part (a service, a plan, a stage, a
zone) that the config does not name as the value, as "Deep 2h, REM 40m, light 4h" was
read already for a list. The band read each row's number as the nearest value of the
pool: all 13 cases of ROWS were flagged. A row labelled by a period ("| Wed |
728 ms |") is still read as the tables of periods are (tests/core/test_default_tables.py),
and so is a row the config names.

Each case: (domain, table), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.core.test_default_tables import table
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

ROWS = [
    ("ops", table("| Service | p95 |", "| checkout | 790 ms |", "| all | 728 ms |")),
    ("ops", table("| Service | p95 | Errors |", "| search | 690 ms | 0.7% |")),
    ("finance", table("| Line | Spend |", "| payroll | $84,000 |", "| hosting | $21,000 |")),
    ("finance", table("| Entity | Cash |", "| Berlin | $2,300,000 |")),
    ("product", table("| Plan | ARPU |", "| pro | $32.50 |", "| team | $28.10 |")),
    ("product", table("| Platform | Session |", "| iOS | 14.9 min |")),
    ("sleep", table("| Stage | Time |", "| light | 340 min |", "| awake | 95 min |")),
    ("sleep", table("| Stage | Minutes |", "| core | 350 min |")),
    ("training", table("| Zone | Time |", "| easy | 28 min |", "| tempo | 12 min |")),
    ("training", table("| Segment | HR |", "| climb | 165 bpm |")),
    ("training", table("| Terrain | Distance |", "| trail | 3.3 mi |")),
    ("ops", table("| Endpoint | p95 |", "| orders | 760 ms |")),
    ("product", table("| Tier | ARPU |", "| starter | $29.00 |")),
]

STILL_READ = [
    (
        "ops",
        table("| Day | p95 |", "| Mon | 900 ms |", "| Tue | 800 ms |"),
        [("800", "value", "p95_latency", "band")],
    ),
    (
        "product",
        table("| Metric | Value |", "| ARPU | $32.50 |"),
        [("32.50", "value", "arpu", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), ROWS)
def test_a_segments_row_is_no_value_of_the_whole(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_rows_of_periods_and_of_names_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_tables_in_several_domains() -> None:
    assert len(ROWS) >= 12
    assert len({domain for domain, _ in ROWS}) >= 4
