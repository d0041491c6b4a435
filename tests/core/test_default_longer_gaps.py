"""Longer stretches of prose between a name and its value:

- a judgement, a time and a comma ("Resting heart rate was a touch high this morning, at
  61 bpm"), or an aside ("Burn for the month, net of the refund, was $130k"): up to nine
  words, unless a clause with a subject of its own opens among them ("and you hit");
- a movement told first, then the level now ("Your resting HR ticked up overnight and now
  sits at 61 bpm"): the words before "and now" are the movement, the number the level;
- the period a value is taken over ("HRV over the last 7 days averaged 87", "p95 latency
  over 24 hours: 900 ms"): the period's number is passed over for the value after it;
- what a value is measured on, as an aside ("NPS, from 412 responses, came in at 61"), or
  a funnel's step in words ("Conversion from trial to paid was 3.4%").

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every value named here is a
misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

LONGER = [
    (
        "training",
        "Resting heart rate was a touch high this morning, at 61 bpm.",
        [("61", "value", "rhr")],
    ),
    ("finance", "Burn for the month, net of the refund, was $130k.", [("130k", "value", "burn")]),
    (
        "ops",
        "p95 latency for the checkout service in the EU region was 900 ms.",
        [("900", "value", "p95_latency")],
    ),
    (
        "sleep",
        "Deep sleep was on the short side again last night at 41 min.",
        [("41", "value", "deep_sleep")],
    ),
    ("product", "DAU was softer than hoped for this week, at 70k.", [("70k", "value", "dau")]),
    # another clause with a subject of its own, ten words and more: no reading
    ("training", "HRV was fine this morning and then you went and hit 87.", []),
    ("finance", "Burn for the month was fine but our payroll run came in at $130k.", []),
    # a colon, or another value's name, on the long way: the number is another's
    ("training", "Resting HR looks fine, a little low even: today you hit 61 bpm.", []),
    ("product", "Churn was flat this week and the pricing page NPS came in at 4.2%.", []),
]
NOW = [
    (
        "training",
        "Your resting HR ticked up overnight and now sits at 61 bpm.",
        [("61", "value", "rhr")],
    ),
    ("training", "Resting HR continues to trend up and is now 61 bpm.", [("61", "value", "rhr")]),
    (
        "ops",
        "p95 latency has been climbing all week and is now 900 ms.",
        [("900", "value", "p95_latency")],
    ),
    (
        "product",
        "Churn has crept up for a month and now stands at 4.2%.",
        [("4.2", "value", "churn")],
    ),
    ("finance", "Runway has shortened, and is currently 11 months.", [("11", "value", "runway")]),
    ("training", "Resting HR ticked up overnight and now sits at 50 bpm.", []),
]
PERIODS = [
    ("training", "HRV over the last 7 days averaged 87.", [("87", "value", "hrv")]),
    ("training", "HRV, averaged over 7 days, is 87.", [("87", "value", "hrv")]),
    (
        "training",
        "Resting HR has been climbing for 3 days and now sits at 61 bpm.",
        [("61", "value", "rhr")],
    ),
    ("ops", "p95 latency over 24 hours: 900 ms.", [("900", "value", "p95_latency")]),
    ("ops", "Error rate across the past 3 hours was 3.1%.", [("3.1", "value", "error_rate")]),
    ("product", "DAU over the last 7 days averaged 102k.", [("102k", "value", "dau")]),
    ("product", "DAU for the 7 days averaged 102k.", [("102k", "value", "dau")]),
    (
        "sleep",
        "Deep sleep over the past 7 nights averaged 90 min.",
        [("90", "value", "deep_sleep")],
    ),
    ("sleep", "Sleep score for the last 3 nights came to 82.", [("82", "value", "sleep_score")]),
    ("finance", "Burn over the past 3 months averaged $130k.", [("130k", "value", "burn")]),
    (
        "finance",
        "Gross margin over the last 2 quarters held at 48%.",
        [("48", "value", "gross_margin")],
    ),
    (
        "training",
        "Weekly mileage over the past 4 weeks averaged 35 mi.",
        [("35", "value", "weekly_mileage")],
    ),
    ("training", "HRV over the last 7 days averaged 67.", []),
]

# what the value is measured on, as an aside, or a funnel's step in words
MEASURED_ON = [
    ("product", "NPS, from 412 responses, came in at 61.", [("61", "value", "nps")]),
    ("product", "NPS, based on 412 responses, is 61.", [("61", "value", "nps")]),
    ("training", "HRV, from 7 readings, averaged 87.", [("87", "value", "hrv")]),
    ("ops", "p95 latency, across 40 endpoints, was 900 ms.", [("900", "value", "p95_latency")]),
    ("finance", "Burn, across 12 cost centers, came to $130k.", [("130k", "value", "burn")]),
    ("product", "Conversion from trial to paid was 3.4%.", [("3.4", "value", "conversion")]),
    ("product", "Conversion from visit to signup is 3.4%.", [("3.4", "value", "conversion")]),
    ("product", "NPS, from 412 responses, came in at 48.", []),
    ("training", "HRV from 60 to 87.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), LONGER + NOW + PERIODS + MEASURED_ON)
def test_a_name_reads_its_value_across_more_words(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_periods_have_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(PERIODS)
    assert count >= 12 and domains >= 4
