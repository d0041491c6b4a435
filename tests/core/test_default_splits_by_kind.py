"""A name split "by" a kind of part gives the parts, not the whole: "Cash by bank: SVB
$1.9M, Mercury $566k", "Error rate by endpoint: /checkout 2.2%", "CPU by host: db-1 52%".

"by channel", "by platform", "by region" and a few more were read so already; banks,
accounts, entities, currencies, vendors, departments, endpoints, services, hosts, nodes,
severities, steps, stages, versions, features, pages, screens and shoes now are too. All
14 cases of BY_PART were flagged with the domains' configs. The whole said with its own
number is still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

BY_PART = [
    ("finance", "Cash by bank: SVB $1.9M, Mercury $566k."),
    ("finance", "Revenue by entity: US $120k, EU $49k."),
    ("finance", "Burn by department: engineering $51k, sales $22k."),
    ("finance", "Cash by currency: USD $2.3M, EUR $140k."),
    ("ops", "Error rate by endpoint: /checkout 2.2%, /search 0.4%."),
    ("ops", "CPU by host: db-1 52%, db-2 31%."),
    ("ops", "Alerts by severity: 4 critical, 15 warning."),
    ("product", "Conversion by step: signup 41%, checkout 2.4%."),
    ("product", "Crash-free rate by version: 4.12 at 99.1%, 4.11 at 99.6%."),
    ("product", "Signups by feature: 2,100 search, 168 invites."),
    ("ops", "p95 latency by node: n1 760 ms, n2 690 ms."),
    ("sleep", "Efficiency by stage: 84% early, 77% late."),
    ("finance", "Burn by vendor: AWS $51k, Datadog $9k."),
    ("product", "DAU by page: home 61,000, search 20,000."),
]

STILL_READ = [
    ("finance", "Cash: $1.9M, across two banks.", [("1.9M", "value", "cash", "name")]),
    ("ops", "Error rate was 2.2% by noon.", [("2.2", "value", "error_rate", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), BY_PART)
def test_a_name_split_by_a_kind_of_part_gives_the_parts(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_whole_with_its_own_number_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(BY_PART) >= 12
    assert len({domain for domain, _ in BY_PART}) >= 4
