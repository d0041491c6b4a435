"""A channel, a plan or a platform as a sentence's subject owns its numbers: "Email drove
96 signups", "Paid search drove 1,900 signups", "Enterprise brought $120k of revenue",
"Android saw a 2.2% error rate".

As "Google search CPA" and "Among power users, NPS is 71" were read already, the part of
the traffic, the customers or the platforms that opens the sentence says whose the number
is. 10 of the 12 cases of SEGMENTS were flagged with the domains' configs ("Referral
converted at 3.4%" and "SMB churned at 4.1%" were read right already and stay as cases).
After a colon the sentence may give the whole, and a value told before the segment is
named is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

SEGMENTS = [
    ("product", "Email drove 96 signups; paid social 121."),
    ("product", "Organic brought 2,100 signups this week."),
    ("product", "Paid search drove 1,900 signups."),
    ("product", "Direct traffic converted at 2.9%."),
    ("product", "Affiliates drove 2,050 signups."),
    ("product", "Mobile had 61,000 DAU."),
    ("product", "Web converted at 2.4%."),
    ("finance", "Enterprise brought $120k of revenue."),
    ("ops", "Android saw a 2.2% error rate."),
    ("ops", "iOS had a 2.3% error rate."),
    ("product", "Referral converted at 3.4%."),
    ("finance", "SMB churned at 4.1%."),
]

STILL_READ = [
    (
        "product",
        "Email drove most signups: 2,900 in total.",
        [("2,900", "value", "signups", "name")],
    ),
    ("product", "Signups were 2,900, mostly from email.", [("2,900", "value", "signups", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), SEGMENTS)
def test_a_segments_numbers_are_its_own(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_a_whole_after_a_colon_or_before_the_segment_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_more_than_one_domain() -> None:
    assert len(SEGMENTS) >= 12
    assert len({domain for domain, _ in SEGMENTS}) >= 3
