"""After a heading's colon, a proper name labels a part: "Bank: SVB $2.3M, Mercury $170k".

"Revenue: Acme $160k, Globex $41k", "DAU: iOS 78,000, Android 41,000", "CPU: Postgres
45%, Redis 12%": the heading names the whole and each number is one part's. Before the
rule the heading's name read the first part as its value, or the band did, and 4 of the
13 cases in PARTS were flagged (most of the others were already read as lists). A
heading's own number is still read, and so is one after a word that only times or
rounds it ("HRV: Today 58").

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

PARTS = [
    ("finance", "Bank: SVB $2.3M, Mercury $170k."),
    ("finance", "Revenue: Acme $160k, Globex $41k."),
    ("finance", "Cash: Chase $2.3M, SVB $150k."),
    ("finance", "Burn: Engineering $88k, G&A $9k."),
    ("ops", "p95 latency: EU-West 700 ms, US-East 760 ms."),
    ("ops", "CPU: Postgres 45%, Redis 12%."),
    ("ops", "Throughput: API 19,800 rps, Workers 600 rps."),
    ("product", "DAU: iOS 78,000, Android 41,000."),
    ("product", "Conversion: Pro 2.4%, Team 3.9%."),
    ("training", "Distance: Strava 3.1 mi, Garmin 3.0 mi."),
    ("training", "Steps: Fitbit 11,000, phone 9,800."),
    ("training", "Watches: Garmin 3.1 mi, Coros 3.0 mi."),
    ("sleep", "Sleep stages: REM 1 h 43 min, Deep 62 min."),
]

STILL_READ = [
    ("finance", "Cash: $2.1M.", [("2.1M", "value", "cash")]),
    ("training", "HRV: Today 58.", [("58", "value", "hrv")]),
    ("product", "DAU: 75,000.", [("75,000", "value", "dau")]),
    ("ops", "CPU: Now 55%.", [("55", "value", "cpu")]),
    ("training", "Mileage vs goal: you covered 28.9 mi.", [("28.9", "value", "weekly_mileage")]),
]


@pytest.mark.parametrize(("domain", "text"), PARTS)
def test_a_part_after_a_headings_colon_is_its_labels(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_headings_own_number_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
