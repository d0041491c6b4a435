"""A metric said of one ad channel is that channel's, not the campaign's: "Google search CPA".

"Google search CPA was $41", "TikTok CPC was $0.21 this week": the name is qualified by
a channel, as "iOS DAU" is by a platform. Before the rule the channels were no segment's
words, and 11 of the 13 cases in CHANNELS were flagged against the campaign's values.
The campaign's own values, said without a channel, are still read.

Each case: a sentence of a marketing report, with its pool and a config that names "$"
and the metrics' usual names.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

POOL = [Known("spend", 12400, "usd"), Known("clicks", 18600, "none"), Known("ctr", 1.5, "pct"),
        Known("cpc", 0.67, "usd"), Known("conversions", 412, "none"), Known("cpa", 30.10, "usd"),
        Known("roas", 3.2, "none")]  # fmt: skip
CONFIG = DetectorConfig(
    units={"usd": ("$", "USD", "dollars")},
    names={
        "spend": ("spend", "ad spend"),
        "ctr": ("CTR",),
        "cpc": ("CPC",),
        "cpa": ("CPA",),
        "roas": ("ROAS",),
        "conversions": ("conversions",),
    },
)
CONFIGURED = flag_reader(DefaultDetector(CONFIG))
PLAIN = flag_reader(DefaultDetector())

CHANNELS = [
    "Google search CPA was $41.",
    "Meta ads CPA came in at $22.",
    "Facebook CTR was 2.4% on the carousel ads.",
    "Google display CTR is 0.3%, as usual for display.",
    "TikTok CPC was $0.21 this week.",
    "LinkedIn CPC ran at $5.80, our most expensive channel.",
    "Affiliate conversions: 88.",
    "Paid social spend was $6,100.",
    "YouTube ads CPA was $52.",
    "Bing CPC averaged $0.95.",
    "Instagram conversions reached 140.",
    "Retargeting ROAS was 7.1x.",
    "Paid search ROAS hit 4.4x.",
]

STILL_READ = [
    ("CPA was $41 this week.", [("41", "value", "cpa")]),
    ("Spend came to $14,400.", [("14,400", "value", "spend")]),
    ("Conversions reached 512.", [("512", "value", "conversions")]),
    ("Across all channels, CTR was 1.9%.", [("1.9", "value", "ctr")]),
]


@pytest.mark.parametrize("text", CHANNELS)
def test_a_channels_metric_is_no_value_of_the_campaign(text) -> None:
    assert CONFIGURED(text, POOL) == []
    assert PLAIN(text, POOL) == []


@pytest.mark.parametrize(("text", "expected"), STILL_READ)
def test_the_campaigns_values_are_still_read(text, expected) -> None:
    assert CONFIGURED(text, POOL) == expected
