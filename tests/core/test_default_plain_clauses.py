"""With a `[names]` table, a band flag of a unitless or percent number needs a clause that
names no other quantity ("Sales tax is 5.3%" states no MRR growth). Words that say where
a number was read, when, or how it looks name no quantity: "Your watch says 72", "The
dashboard shows 2.2%", "It settled at 2.8% after lunch", "That's 72, a touch off" (a
contraction is its first word) are band flags like the bare number.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); each number is in the value
band of one known value and named by nothing.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("training", "Your watch says 72.", [("72", "value", "hrv")]),
    ("training", "The app read 72 at 6 am.", [("72", "value", "hrv")]),
    ("training", "That's 72, a touch off.", [("72", "value", "hrv")]),
    ("training", "A steady 55% today.", [("55", "value", "readiness")]),
    ("ops", "The dashboard shows 2.2%.", [("2.2", "value", "error_rate")]),
    ("ops", "So far you're at 52%.", [("52", "value", "cpu")]),
    ("ops", "It settled at 2.2% after lunch.", [("2.2", "value", "error_rate")]),
    ("finance", "The dashboard shows 5.3%.", [("5.3", "value", "mrr_growth")]),
    ("finance", "We're at 5.3%, a solid month.", [("5.3", "value", "mrr_growth")]),
    ("product", "The app reports 2.8% today.", [("2.8", "value", "conversion")]),
    ("product", "Solid 52 today.", [("52", "value", "nps")]),
    ("sleep", "Your ring says 42.", [("42", "value", "hrv")]),
    ("sleep", "The tracker read 42 at dawn.", [("42", "value", "hrv")]),
    # a clause that names another quantity
    ("finance", "Sales tax is 5.3%.", []),
    ("ops", "The dashboard shows 2.2% packet loss.", []),
    ("product", "The app store rating is 52.", []),
    ("training", "Score for the day: 72.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_clause_of_plain_words_keeps_the_band_flag(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4
