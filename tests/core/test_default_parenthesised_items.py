"""An item of a list in parentheses is what its label names: "(payroll $151k, rent $14.5k)".

"Expenses MTD: $203,410 (payroll $151k, software $19k)": each amount in the parentheses
is its label's, as it is after a comma or at a line's start. Before the rule the opening
parenthesis was no list's start, so an item whose label names no value of the pool was
read by the band against whatever value of its unit was near, and each case in
WAS_FLAGGED was flagged (revenue for payroll, burn for hosting, p95 latency for the
search endpoint). An item whose label names a value of the pool is still read against it.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

# flagged before the rule
WAS_FLAGGED = [
    ("finance", "Expenses MTD: $203,410 (payroll $151k, software $19k, rent $14.5k)."),
    ("finance", "Outflows this month (payroll $88,900, contractors $12,000) were as planned."),
    ("finance", "Receivables stand at $410k (Acme $160k, Globex $95k)."),
    ("finance", "Cost of sales (hosting $88,000, support $9,000) rose with volume."),
    ("finance", "Balances by bank (SVB $2.3M, Chase $150k) are unchanged."),
    ("ops", "Other endpoints (search 700 ms, checkout 240 ms) stayed flat."),
    ("ops", "Per-service p95 (auth 690 ms, billing 310 ms) held steady."),
    ("product", "Average time by screen (feed 13.1 min, search 2.2 min) is unchanged."),
]
ITEMS = [
    *WAS_FLAGGED,
    ("finance", "One-off costs (legal $92,000, audit $31,000) hit in March."),
    ("finance", "Spend by team (engineering $95,100, sales $41,000) tracked the plan."),
    ("ops", "Storage by tier (hot 690 GB, cold 4,100 GB) is within plan."),
    ("product", "Session length by platform (iOS 14.2 min, Android 12.9 min) is flat."),
    ("product", "ARPU by segment (SMB $28.10, mid-market $95.00) is stable."),
    ("sleep", "Your stages (light 6 h 2 min, REM 1 h 43 min, deep 62 min) looked typical."),
    ("training", "Your splits (warm-up 31 min, main set 42 min) were on target."),
]

STILL_READ = [
    (
        "ops",
        "Tail latencies (p50 190 ms, p99 720 ms) look fine.",
        [("190", "value", "p50_latency")],
    ),
    ("ops", "Latency (p95 800 ms) is above target.", [("800", "value", "p95_latency")]),
    ("finance", "Burn this month (net $92,417) is on plan.", []),
    ("finance", "Cash (bank balance $2.1M) is down.", [("2.1M", "value", "cash")]),
]


@pytest.mark.parametrize(("domain", "text"), ITEMS)
def test_an_item_in_parentheses_is_its_labels(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_an_item_the_pool_names_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
