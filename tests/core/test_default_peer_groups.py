"""Other products, other companies, the average person and people of the reader's age are
someone else, as runners, peers and competitors already were (test_default_someone_else.py):
"Top-quartile apps see churn near 2.8%", "Companies our size run a 62% gross margin",
"The average person's HRV at rest is 42", "The typical HRV for your age group is 60".

All 12 cases of PEER_GROUPS were flagged with the domains' configs: the name (or the band)
read the group's figure as the reader's own. The reader's own value beside a benchmark
is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

PEER_GROUPS = [
    ("product", "Top-quartile apps see churn near 2.8%."),
    ("product", "Most consumer apps see D7 retention of 25%."),
    ("product", "Comparable apps report NPS of 41."),
    ("product", "Fintech apps average ARPU of $28."),
    ("product", "Consumer startups see conversion near 2.2%."),
    ("finance", "Companies our size run a 62% gross margin."),
    ("finance", "Companies at our stage carry 18 months of runway."),
    ("training", "The typical HRV for your age group is 60."),
    ("sleep", "The average person's HRV at rest is 42."),
    ("sleep", "The average person's sleep score is 72."),
    ("sleep", "The average person's resting heart rate is 52 bpm."),
    ("sleep", "Someone your age gets 75 minutes of deep sleep."),
]

STILL_READ = [
    ("product", "Our churn was 3.5% this month.", [("3.5", "value", "churn", "name")]),
    (
        "product",
        "Churn is 2.8%, top quartile for our category.",
        [("2.8", "value", "churn", "name")],
    ),
    ("sleep", "Your HRV is 42.", [("42", "value", "hrv", "name")]),
    (
        "finance",
        "Gross margin is 62%, in line with companies our size.",
        [("62", "value", "gross_margin", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), PEER_GROUPS)
def test_a_peer_groups_figure_is_not_the_readers(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_readers_own_value_beside_a_benchmark_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PEER_GROUPS) >= 12
    assert len({domain for domain, _ in PEER_GROUPS}) >= 4
