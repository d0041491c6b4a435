"""A change said against a past period is the change now: "up 7.5% from last week".

"DAU was 81,475 this week, up 7.5% from last week", "Gross margin was 59.5%, up 167 bps
on last month": the number is the change since then, which the pool holds as the value's
change. Before the rule "from last week" after the number made it a past value, and a
change of the wrong sign there went unflagged: each case in FLIPS was missed. (For the
margin a second fault hid it too: the decimal point of "59.5%" was read as the end of the
clause that names the change.) A change of the right sign, a past level and a level
compared with a past one are still no flag.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); the training pool also holds a
weekly mileage change of -12% and the sleep pool an HRV change of -8%.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
EXTRA = {
    "training": [Known("mileage_change", -12.0, "pct")],
    "sleep": [Known("hrv_change", -8.0, "pct")],
}

FLIPS = [
    ("product", "DAU was 81,475 this week, up 7.5% from last week.", "7.5", "dau_change"),
    ("product", "DAU came in at 81,475 (up 7.5% on last week).", "7.5", "dau_change"),
    ("ops", "p95 latency is 728 ms, up 10.6% from last week.", "10.6", "latency_change"),
    ("finance", "Gross margin was 59.5%, up 167 bps on last month.", "167", "margin_change"),
    (
        "finance",
        "Gross margin came in at 59.5%, up 167 basis points from the prior month.",
        "167",
        "margin_change",
    ),
    ("training", "Weekly mileage was 27.3 mi, up 12% from last week.", "12", "mileage_change"),
    (
        "training",
        "Weekly mileage came to 27.3 miles (up 12% on last week).",
        "12",
        "mileage_change",
    ),
]

STILL_READ = [
    (
        "product",
        "Daily actives landed at 81,475, up 7.5% versus last week.",
        [("7.5", "sign", "dau_change")],
    ),
    (
        "ops",
        "p95 latency settled at 728 ms, up 10.6% on the previous week.",
        [("10.6", "sign", "latency_change")],
    ),
    ("sleep", "HRV averaged 39 ms, up 8% on the previous week.", [("8", "sign", "hrv_change")]),
    # the right sign, a past level, a comparison with a past level
    ("product", "DAU was 81,475, down 7.5% from last week.", []),
    ("product", "DAU was 81,475 this week, 7.5% lower than last week.", []),
    ("ops", "p95 latency is 728 ms, down 10.6% from last week.", []),
    ("finance", "Gross margin was 59.5%, down 167 bps on last month.", []),
    ("finance", "Gross margin was 59.5% last month.", []),
    ("training", "Weekly mileage was 27.3 mi, down 12% from last week.", []),
    ("sleep", "HRV was 39, down 8% from last week.", []),
    ("sleep", "HRV was 42 last week.", []),
    ("product", "DAU was 88,000 last week.", []),
    ("product", "DAU is 81,475, compared with 88,000 last week.", []),
]


def read(domain: str, text: str) -> list:
    return FLAGS[domain](text, POOLS[domain] + EXTRA.get(domain, []))


@pytest.mark.parametrize(("domain", "text", "token", "change"), FLIPS)
def test_a_change_against_a_past_period_is_checked(domain, text, token, change) -> None:
    assert read(domain, text) == [(token, "sign", change)]


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_changes_and_past_levels_are_still_read(domain, text, expected) -> None:
    assert read(domain, text) == expected
