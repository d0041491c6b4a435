"""An item of a list after a heading's colon is its label's, an aside after it or not:
"Spending by category: payroll $84k (71%), hosting $21k".

A list's items name their parts ("Deep 2h, REM 40m, light 4h" was read so), but the first
item after a heading's colon was one only when a comma followed its number at once: an
aside between ("(71%)", "(p95)", "(zone 4)") hid the list, and the band read the item as
the nearest value of the pool (payroll's $84k as the burn, "light 330 min" as the sleep).
In every case of ITEMS the item's band flag is gone; what a name beside another item says
is unchanged.

Each case: (domain, text, flags now), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

ITEMS = [
    (
        "finance",
        "Spending by category: payroll $84k (71%), hosting $21k (18%), tools $8k (7%).",
        [],
    ),
    (
        "ops",
        "Latency by service: checkout 790 ms (p95), search 410 ms.",
        [("410", "value", "p95_latency", "name")],
    ),
    (
        "sleep",
        "Stages: awake 95 min (12%), REM 110 min (28%).",
        [("110", "value", "rem_sleep", "name")],
    ),
    (
        "sleep",
        "Time by stage: light 340 min (55%), deep 70 min (17%).",
        [("70", "value", "deep_sleep", "name")],
    ),
    ("training", "Time in zones: easy 28 min (62%), tempo 12 min (27%).", []),
    ("training", "Heart rate by segment: climb 165 bpm (max 178), descent 150 bpm.", []),
    ("finance", "Outflows: vendors $89k (45%), payroll $120k (55%).", []),
    ("sleep", "Stages: light 330 min (54%), deep 62 min.", []),
    ("training", "Splits by terrain: trail 3.3 mi (55%), road 2.7 mi.", []),
    ("product", "Time in app by feature: feed 12.5 min (64%), search 4.2 min.", []),
    (
        "ops",
        "Response time by API: orders 700 ms (p95), users 240 ms.",
        [("240", "value", "p95_latency", "name")],
    ),
    (
        "sleep",
        "Night by stage: light 350 min (57%), REM 98 min.",
        [("98", "value", "rem_sleep", "name")],
    ),
]

STILL_READ = [
    ("finance", "Burn: $101k (up 9%), payroll $84k.", [("101k", "value", "burn", "name")]),
    ("sleep", "Stages: REM 98 min (26%), light 330 min.", [("98", "value", "rem_sleep", "name")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), ITEMS + STILL_READ)
def test_an_item_after_a_heading_is_its_labels(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(ITEMS) >= 12
    assert len({domain for domain, _, _ in ITEMS}) >= 4
