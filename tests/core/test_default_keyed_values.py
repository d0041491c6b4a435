"""In "p95=728 cpu=48", a name keys the number after it, not the one before it.

Logs and dashboards write values as key=value pairs. With no config, a name right after
a number was read as naming that number ("728 cpu", as in "27 pages"), so the value of
the key before was flagged against the next key's value, and a number before a name
even took the name's own reading away ("dau=81475 nps=58" was no flag). A name followed
by "=" or ":" and a number keys that number. Wrong values are still flagged, each
against its own key.

Each case: (domain, text, expected flags), with the domain's pool and no config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

KEYED = [
    ("ops", "error_rate=2.04 p95=728 cpu=48 mem=67"),
    ("ops", "p95=728 cpu=48 memory=67"),
    ("ops", "throughput=20372 alerts=19 incidents=5"),
    ("ops", "queue=2479 cpu=48 disk=684"),
    ("sleep", "score=67 efficiency=81 latency=7"),
    ("sleep", "rem=103 awakenings=4 hrv=39"),
    ("sleep", "deep=62 rhr=49 latency=7"),
    ("product", "dau=81475 signups=2268 nps=48"),
    ("product", "arpu=30.48 nps=48 conversion=2.6"),
    ("finance", "margin=59.5 runway=15.6 open_positions=9"),
    ("finance", "runway=15.6 cash=2466115 burn=92417"),
    ("training", "steps=11279 readiness=51 rhr=50"),
    ("training", "Readiness 51% HRV: 67"),
]

WRONG = [
    ("product", "dau=81475 nps=58", [("58", "value", "nps")]),
    ("ops", "throughput=20372 alerts=19 incidents=9", [("9", "value", "incidents")]),
    ("sleep", "rem=103 awakenings=4 hrv=49", [("49", "value", "hrv")]),
    ("finance", "margin=59.5 runway=12.6 open_positions=9", [("12.6", "value", "runway")]),
    ("ops", "queue=2479 cpu=58 disk=684", [("58", "value", "cpu")]),
    ("training", "Readiness 61% HRV: 67", [("61", "value", "readiness")]),
]


@pytest.mark.parametrize(("domain", "text"), KEYED)
def test_a_name_keys_the_number_after_it(domain, text) -> None:
    assert READ(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), WRONG)
def test_a_wrong_value_is_flagged_against_its_own_key(domain, text, expected) -> None:
    assert READ(text, POOLS[domain]) == expected
