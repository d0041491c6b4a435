"""Numbers beside a metric's name that are not its present value.

- A qualifier right after the name ("HRV peak", "DAU record", "p95 worst") makes the
  number that quantity, not the value: the band does not read it as a misstatement.
- "we go to 9.8 mi", "you build to 40 mi": a plan written in the present tense.
- A name later in the sentence after an indefinite article ("sounds like a distance you
  can finish") is a kind of thing, not the metric: it names no number before it.

Each case: (text, pool, expected flags as (token, kind, nearest)). The cases that expect a
flag keep a misstatement in a sentence of the same shape.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import K, flag_reader

CONFIG = config_from_dict(
    {
        "units": {"usd": ["$", "USD", "dollars"], "ms": ["ms", "milliseconds"]},
        "names": {
            "hrv": ["HRV"],
            "rhr": ["resting heart rate", "RHR"],
            "dau": ["DAU", "daily actives"],
            "p95_latency": ["p95", "p95 latency"],
            "cash": ["cash"],
            "distance": ["distance", "run"],
            "weekly_mileage": ["weekly mileage", "mileage"],
            "sleep_score": ["sleep score"],
            "latency": ["sleep latency"],
        },
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT)


HRV = [K("hrv", 64), K("ctl", 79.3)]
RHR = [K("rhr", 52, "bpm")]
DAU = [K("dau", 46359)]
P95 = [K("p95_latency", 808, "ms")]
CASH = [K("cash", 512300, "usd")]
SLEEP = [K("sleep_score", 81, "pct")]

QUALIFIED = [
    ("Your HRV peak this block was 67.", HRV, []),
    ("Your HRV this block was 58.", HRV, [("58", "value", "hrv")]),
    ("HRV best this month: 69.", HRV, []),
    ("HRV low this week was 59.", HRV, [("59", "value", "hrv")]),  # "low" is no qualifier
    ("RHR max today was 55 bpm.", RHR, []),
    ("RHR today was 55 bpm.", RHR, [("55", "value", "rhr")]),
    ("The DAU record was 49,800.", DAU, []),
    ("The DAU figure was 49,800.", DAU, [("49,800", "value", "dau")]),
    ("The p95 ceiling was 880 ms.", P95, []),
    ("The p95 was 880 ms.", P95, [("880", "value", "p95_latency")]),
    ("Cash forecast for June is $480,000.", CASH, []),
    ("Cash at the end of June is $480,000.", CASH, [("480,000", "value", "cash")]),
    ("Sleep score average this week was 76%.", SLEEP, []),
    ("Sleep score this week was 76%.", SLEEP, [("76", "value", "sleep_score")]),
    ("Cash from the Berlin account is $480,000.", CASH, [("480,000", "value", "cash")]),
]

RUN = [K("distance", 9.0, "mi"), K("weekly_mileage", 42.5, "mi")]
PRESENT_PLANS = [
    ("This weekend we go to 9.8 mi.", RUN, []),
    ("Next we build to 46 mi a week.", RUN, []),
    ("From here you step up to 9.8 mi.", RUN, []),
    ("On Sunday we go up to 9.8 mi.", RUN, []),
    ("Then you move to 46 mi.", RUN, []),
    ("This weekend we went to 9.8 mi.", RUN, [("9.8", "value", "distance")]),
    ("Today you ran 9.8 mi.", RUN, [("9.8", "value", "distance")]),
    ("We got to 9.8 mi in the end.", RUN, [("9.8", "value", "distance")]),
    ("Mileage went to 46 mi.", RUN, [("46", "value", "weekly_mileage")]),
    ("We go to 9.0 mi on Saturday.", RUN, []),
    ("You jump to 46 mi next.", RUN, []),
    ("We head to 9.8 mi at the weekend.", RUN, []),
]

INDEFINITE = [
    ("Race day is 6.2 miles, and that sounds like a distance you can finish.", RUN, []),
    ("It was 6.2 miles, a distance you know well.", RUN, []),
    ("You ran 9.8 miles, so the distance is on track.", [K("distance", 7.5, "mi")],
     [("9.8", "value", "distance")]),
    ("It read 6.2 mi on the watch, which is our distance.", [K("distance", 7.5, "mi")],
     [("6.2", "value", "distance")]),
    ("Try 6.2 miles, a good distance for a tempo.", RUN, []),
    ("That was 6.2 mi, quite a run.", RUN, []),
    ("It took 28 min, an ordinary sleep latency.", [K("latency", 12, "min")], []),
    ("It took 28 min to drop off, so sleep latency is up.", [K("latency", 12, "min")],
     [("28", "value", "latency")]),
    ("The 6.2 mi loop is a distance you like.", RUN, []),
    ("You went 6.2 mi, an easy run for you.", RUN, []),
    ("You covered 6.2 mi, and the distance felt easy.", [K("distance", 7.5, "mi")],
     [("6.2", "value", "distance")]),
    ("6.2 miles makes a fine run.", RUN, []),
]  # fmt: skip

CLASSES = {
    "a qualified name": QUALIFIED,
    "a plan in the present tense": PRESENT_PLANS,
    "an indefinite name later": INDEFINITE,
}


@pytest.mark.parametrize(
    ("text", "pool", "expected"),
    [
        pytest.param(text, pool, expected, id=f"{name}: {text}")
        for name, cases in CLASSES.items()
        for text, pool, expected in cases
    ],
)
def test_a_number_beside_a_name_that_is_not_its_value(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_each_rule_has_a_dozen_sentences() -> None:
    assert {name: len(cases) >= 12 for name, cases in CLASSES.items()} == dict.fromkeys(
        CLASSES, True
    )
