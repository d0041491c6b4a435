"""A whole divided into parts gives the parts' shares, not its change: "DAU mix: 9% tablets".

"Breakdown of p95 latency: 12% network, 9% database", "Share of spend: Google 55%, Meta
40%": each percentage is a part of the whole the sentence names. Before the rule the
band read them against the nearest percentage the pool held, mostly the named value's
change (12% as a sign flip of a -10.6% latency change), and the name read the first one
as its change: 10 of the 14 cases in SPLITS were flagged. A share the pool holds by name
is still read, and so is a change said plainly.

A decimal point is no sentence's end: in "Breakdown of p95 latency: 12.5% network, 10%
database" the split word stands before the 10% as much as before the 12.5%. Before that
was read, all 12 cases of DECIMAL_BEFORE were flagged.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py), or a marketing pool with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector())
ADS = [Known("spend", 12400, "usd"), Known("spend_change", 8.0, "pct"),
       Known("open_rate", 38.5, "pct"), Known("conversions", 412, "none")]  # fmt: skip

SPLITS = [
    ("ops", "Share of p95 latency by service: checkout 11%, search 9%."),
    ("ops", "Breakdown of p95 latency: 12% network, 9% database."),
    ("ops", "Composition of p95 latency: 10% queueing."),
    ("product", "Split of DAU: 7% new users this week."),
    ("product", "DAU mix: 9% tablets."),
    ("product", "Share of DAU by platform: iOS 8%, Android 6%, web 2%."),
    ("product", "Mix of DAU by country: US 8%, UK 6%."),
    ("ads", "Share of spend: Google 55%, Meta 40%, TikTok 5%."),
    ("ads", "Split of spend: 70% search, 30% social."),
    ("ads", "Allocation of spend this week: 62% prospecting."),
    ("ads", "Share of spend went 55% to Google."),
    ("ads", "Breakdown of conversions: 60% mobile, 40% desktop."),
    ("ads", "Spend mix: 55% Google, 45% Meta."),
    ("ads", "Distribution of clicks: 71% mobile."),
]

DECIMAL_BEFORE = [
    ("product", "DAU mix: 9.5% tablets, 7% desktop."),
    ("product", "Split of DAU: 7.2% new users, 8% returning."),
    ("product", "DAU mix: 0.5% smart TVs, 7% tablets."),
    ("ops", "Breakdown of p95 latency: 12.5% network, 10% database."),
    ("ops", "Share of p95 latency by service: checkout 2.5%, search 11%."),
    ("ops", "Composition of p95 latency: 0.5% queueing, 10% disk."),
    ("ops", "Split of p95 latency: 1.5% DNS, 11% database."),
    ("ads", "Share of spend: Google 55.5%, Meta 40%."),
    ("ads", "Split of spend: 59.5% search, 40.5% social."),
    ("ads", "Breakdown of conversions: 52.5% mobile, 41% tablet."),
    ("ads", "Distribution of clicks: 58.5% mobile, 41.5% desktop."),
    ("ads", "Mix of conversions: 58.5% mobile, 40% desktop."),
]

STILL_READ = [
    ("product", "DAU rose 7.5% this week.", [("7.5", "sign", "dau_change")]),
    ("ads", "Spend rose 18% this week.", [("18", "value", "spend_change")]),
    ("share", "Mobile share: 64% this week.", [("64", "value", "mobile_share")]),
    ("ops", "p95 latency rose 10.6% this week.", [("10.6", "sign", "latency_change")]),
    # a sentence's end still ends the split
    (
        "ops",
        "Breakdown of p95 latency: 12.5% network. p95 latency rose 10% this week.",
        [("10", "sign", "latency_change")],
    ),
    (
        "ads",
        "Share of spend: Google 55.5%. Spend rose 9% this week.",
        [("9", "value", "spend_change")],
    ),
]


def read(domain: str, text: str) -> list:
    if domain == "ads":
        return PLAIN(text, ADS)
    if domain == "share":
        return PLAIN(text, [*POOLS["product"], Known("mobile_share", 58, "pct")])
    return FLAGS[domain](text, POOLS[domain])


@pytest.mark.parametrize(("domain", "text"), SPLITS + DECIMAL_BEFORE)
def test_the_parts_of_a_whole_are_no_value(domain, text) -> None:
    assert read(domain, text) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_shares_the_pool_holds_and_changes_are_still_read(domain, text, expected) -> None:
    assert read(domain, text) == expected
