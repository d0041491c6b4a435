"""A name said in the plural speaks of several of what it names: "Error rates across
services sat at 1.6%", "Sleep scores this week averaged 71", "Cash balances at our two
banks are $1.2M".

The pool holds one value (the error rate, last night's score, the cash); several
services' rates, a week of scores or two banks' balances are other figures (and "Long runs
have gone 10, 11, 12 and 13 miles" no distance of today's run, where no count of runs is
named "runs"). The name read the number
as that one value: all 13 cases of SEVERAL were flagged with the domains' configs. A name
that ends in "s" itself ("steps", "signups"), an abbreviation's plural ("DAUs") and a word
of a name standing for it ("Errors ran at 3.1%") are still read.

Each case: (domain, text), with the domain's pool (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

SEVERAL = [
    ("ops", "Error rates on both clusters were 2.2%."),
    ("training", "Resting heart rates this week came in at 53 bpm."),
    ("sleep", "Sleep scores this week averaged 71."),
    ("sleep", "Resting heart rates this week were 52 bpm."),
    ("sleep", "Skin temperatures ran 0.6 °C high."),
    ("product", "Conversion rates on our landing pages run 4.1%."),
    ("product", "Session lengths came to 12 min."),
    ("ops", "Error rates across services sat at 1.6%."),
    ("ops", "Queue depths on the workers were 1,800."),
    ("finance", "Gross margins across products are 52%."),
    ("finance", "Cash balances at our two banks are $1.2M."),
    ("training", "Recovery scores this week sat at 60%."),
    ("finance", "Burn rates at our two entities were $50k each."),
]

STILL_READ = [
    ("training", "Your run was 5 miles.", [("5", "value", "distance", "name")]),
    ("training", "You took 16,000 steps.", [("16,000", "value", "steps", "name")]),
    ("product", "DAUs were 75,000.", [("75,000", "value", "dau", "name")]),
    ("product", "Signups: 2,900.", [("2,900", "value", "signups", "name")]),
    ("ops", "Errors ran at 3.1%.", [("3.1", "value", "error_rate", "name")]),
    ("sleep", "Your sleep score was 71.", [("71", "value", "sleep_score", "name")]),
]


@pytest.mark.parametrize(("domain", "text"), SEVERAL)
def test_a_name_in_the_plural_is_not_the_one_value(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_plural_names_abbreviations_and_words_of_names_are_still_read(
    domain, text, expected
) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(SEVERAL) >= 12
    assert len({domain for domain, _ in SEVERAL}) >= 4
