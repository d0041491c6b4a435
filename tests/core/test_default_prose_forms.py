"""Forms of prose the default reads by their words, in the voices of the five domains.

- The night or day reported: "tonight" in a statement of what happened ("You got 41 min
  of deep sleep tonight", "p95 latency hit 900 ms tonight") is the night reported, while
  a plan for tonight ("Aim for 90 min of deep sleep tonight", "Tonight's target: ...")
  stays a plan.
- A count metric whose name is the sentence's subject, counted in "times" ("Alerts fired
  27 times this week"): the count of its occurrences states it. A rate ("3 times an
  hour"), a ratio ("3 times more"), a passive ("were chased 3 times") or a change verb
  ("spiked 3 times") counts something else.
- A sign carried by a verb of decrease or increase ("narrowed", "eroded", "retreated",
  "widened", "ballooned", "soared") or by a comparative after the number ("0.4 °C cooler
  than usual").
- A model's or a scenario's output ('The model says "$100,000 a month"', "The capacity
  model predicts 780 ms") is a projection, not a statement of the value; a measurement
  that merely mentions a model ("as the model said") is still a statement.

Each case: (domain, text, expected flags as (token, kind, nearest, basis)); the pool and
the config are the domain's (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

SIGNS = [
    # verbs of decrease: a negative change
    ("finance", "Margin narrowed by 167 bps.", []),
    ("finance", "Margin compressed by 167 bps.", []),
    ("finance", "Gross margin eroded by 167 bps.", []),
    ("finance", "Margin contracted 167 bps.", []),
    ("ops", "p95 latency eased 10.6%.", []),
    ("ops", "p95 latency retreated 10.6%.", []),
    ("ops", "p95 latency softened 10.6% on the week.", []),
    ("product", "DAU receded 7.5%.", []),
    ("product", "Daily actives retreated 7.5% week over week.", []),
    ("product", "DAU weakened 7.5%.", []),
    ("product", "DAU sagged 7.5%.", []),
    ("product", "DAU slumped 7.5%.", []),
    ("sleep", "Skin temperature cooled 0.4 °C.", []),
    # verbs of increase against a negative change: a sign flip
    ("finance", "Margin widened by 167 bps.", [("167", "sign", "margin_change", "name")]),
    ("finance", "Margin expanded 167 bps.", [("167", "sign", "margin_change", "name")]),
    ("ops", "p95 latency ballooned 10.6%.", [("10.6", "sign", "latency_change", "name")]),
    ("ops", "p95 latency swelled 10.6%.", [("10.6", "sign", "latency_change", "name")]),
    ("product", "DAU soared 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("product", "DAU expanded 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("product", "DAU rallied 7.5%.", [("7.5", "sign", "dau_change", "name")]),
    ("sleep", "Skin temp warmed 0.4 °C.", [("0.4", "sign", "skin_temp", "name")]),
    # a value misstated with its sign in a verb
    ("finance", "Margin narrowed by 120 bps.", [("120", "value", "margin_change", "name")]),
    ("product", "DAU slumped 5.1%.", [("5.1", "value", "dau_change", "name")]),
    # comparatives after the number
    ("sleep", "Skin temperature ran 0.4 °C cooler than usual.", []),
    ("sleep", "Skin temperature ran 0.4 °C colder than usual.", []),
    ("sleep", "Skin temp ran 0.4 °C warmer than usual.", [("0.4", "sign", "skin_temp", "name")]),
    ("sleep", "Skin temp ran 0.4 °C hotter than usual.", [("0.4", "sign", "skin_temp", "name")]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), SIGNS)
def test_a_verb_gives_a_change_its_sign(domain: str, text: str, expected: list[tuple]) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
