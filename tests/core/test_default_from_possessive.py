"""The value a move started from, told with its day's possessive, is a past value.

"DAU fell to 81,475 from 88,000": the number after "from" was already a past value. Said
with whose day it was ("from last week's 88,000", "from Monday's 54", "from August's
2.4%") it was flagged as a misstatement of the value now; each case in FROM was, before
the rule. The level the move reached is still read ("HRV is up to 75 from yesterday's 61"),
and the time after it is the start's ("fell to 70,000 from last week's 88,000" used to
read the 70,000 as last week's).

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

FROM = [
    ("training", "Your chronic load (79) is up 3 from last week's 76."),
    ("training", "Readiness climbed to 51% from Sunday's 45%."),
    ("sleep", "HRV recovered to 39 from yesterday's 35."),
    ("ops", "p95 latency fell to 728 ms from last week's 790 ms."),
    ("ops", "CPU eased to 48% from yesterday's 53%."),
    ("ops", "Error rate dropped to 2.04% from Friday's 2.2%."),
    ("finance", "Gross margin slipped to 59.5% from last quarter's 64%."),
    ("finance", "Burn fell to $92k from last month's $99k."),
    ("product", "DAU fell to 81,475 from last week's 88,000."),
    ("product", "NPS rose to 48 from last quarter's 44."),
    ("product", "Conversion rose to 2.6% from August's 2.4%."),
    ("training", "Weekly mileage grew to 27.3 from last week's 24.8 miles."),
    ("sleep", "Efficiency dipped to 81% from Monday's 88%."),
]

STILL_READ = [
    ("training", "HRV is up to 75 from yesterday's 61.", [("75", "value", "hrv")]),
    ("product", "DAU fell to 70,000 from last week's 81,475.", [("70,000", "value", "dau")]),
    ("product", "DAU fell to 70,000 from last week's 88,000.", [("70,000", "value", "dau")]),
    ("ops", "CPU eased to 40% from yesterday's 48%.", [("40", "value", "cpu")]),
]


@pytest.mark.parametrize(("domain", "text"), FROM)
def test_the_value_a_move_started_from_is_past(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_level_the_move_reached_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
