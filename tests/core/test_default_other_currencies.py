"""An amount in another currency than the value's is no statement of it: "ARPU €28
($30.48)", "Revenue MTD £134k ($169.8k)", "Burn came to ¥13.6M" of values held in US
dollars.

A currency symbol no config names was read as no unit, and a name beside the number then
compared it with the dollar value, as class 12 of PRODUCT.md warns of units outside the
vocabulary. A symbol that cannot write the value's currency (€, £ or ¥ for `usd`; $ for
`eur`) now makes the amount another currency's. All cases of OTHER were flagged with the
domains' configs, those of OTHER_PLAIN with no config too. The value's own currency, and
a value whose unit is no currency, are still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}
PLAIN = flag_reader(DefaultDetector(), basis=True)

OTHER = [
    ("product", "ARPU €28 ($30.48)."),
    ("product", "ARPU: €28."),
    ("product", "ARPU is €28 this month."),
    ("product", "ARPU in the UK came to £24."),
    ("product", "ARPU was ¥4,500 in Japan."),
    ("product", "ARPU €31.90 this month."),
    ("finance", "Revenue MTD £134k ($169.8k)."),
    ("finance", "Burn came to ¥13.6M."),
    ("finance", "Burn £73k."),
    ("finance", "Cash: £1.95M."),
    ("finance", "Net income was -£26.6k."),
    ("finance", "Revenue MTD was £150k."),
]

OTHER_PLAIN = [
    ("finance", "Burn €85k ($92.4k)."),
    ("finance", "Cash of €2.27M sits in the EU entity."),
    ("product", "ARPU €28 ($30.48)."),
    ("finance", "Burn £73k."),
]

STILL_READ = [
    ("product", "ARPU $28 this month.", [("28", "value", "arpu", "name")]),
    ("finance", "Burn $73k.", [("73k", "value", "burn", "name")]),
    ("finance", "Burn came to 73k.", [("73k", "value", "burn", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), OTHER)
def test_an_amount_in_another_currency_is_no_statement(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), OTHER_PLAIN)
def test_another_currency_with_no_config_either(domain, text) -> None:
    assert PLAIN(text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_the_values_own_currency_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_a_value_held_in_euros_is_read_in_euros_not_dollars() -> None:
    pool = [Known("burn", 85_000, "eur")]
    assert PLAIN("Burn €76k.", pool) == [("76k", "value", "burn", "name")]
    assert PLAIN("Burn $76k.", pool) == []


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(OTHER) >= 12
    assert len({domain for domain, _ in OTHER}) >= 2
