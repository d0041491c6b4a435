"""A value supposed, not reported, states nothing: an opening clause that supposes it
("At a $150k burn, runway would be 10 months", "If conversion reached 4.1%, DAU would pass
102,000") with a modal verb in the main clause after its comma, and a value someone asks
for ("The board asked for 18 months of runway"). "At" and "with" suppose only with
"would": "With HRV at 80, you could push today" states the HRV and advises, and "At 65
bpm, resting HR is high" states it.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Every number here is past the
band of the value its name gives it, so only the name could flag it.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.prose import not_a_statement
from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

SUPPOSED = [
    ("finance", "At a $150k burn, runway would be 10 months."),
    ("finance", "With burn at $150k, runway would drop to 10 months."),
    ("finance", "Were burn to hit $150k, we would have 10 months of runway."),
    ("product", "At 4.1% conversion, we would add 900 signups a week."),
    ("product", "If conversion reached 4.1%, DAU would pass 102,000."),
    ("ops", "At 1,200 ms p95 latency, checkout would time out."),
    ("ops", "If error rate climbs to 5%, we will page the team."),
    ("training", "At 62 bpm resting HR, you would need a rest day."),
    ("training", "If your HRV dropped to 40, you'd skip the intervals."),
    ("sleep", "At 9 hours of total sleep, your score would top 90."),
    ("sleep", "If deep sleep hit 120 min, you might feel fresher."),
    ("finance", "The board asked for 18 months of runway."),
    ("finance", "The bank asked us for 18 months of runway."),
    ("ops", "The customer requested 99.5% availability."),
    ("training", "Your coach suggested capping HR at 150 bpm."),
    ("finance", "The board suggested a burn of $110k."),
    # a threshold a condition names
    ("ops", "We page when error rate exceeds 5%."),
    ("ops", "Page me if p95 latency crosses 1,200 ms."),
    ("training", "Rest when your HRV drops below 40."),
    ("finance", "We raise again once cash falls below $1M."),
    ("product", "We ship the change once conversion hits 4.1%."),
    ("ops", "Alerts fire when CPU tops 85%."),
    ("ops", "The autoscaler adds nodes when throughput passes 30,000 rps."),
    ("ops", "Deploys pause when error rate reaches 5%."),
    ("product", "The experiment stops when churn exceeds 6%."),
    ("sleep", "The app nudges you when sleep debt exceeds 8 hours."),
    ("sleep", "Wind down earlier until your sleep score climbs above 90."),
    # a long condition before the main clause, which tells what follows from it, modal
    # or not
    ("finance", "If we close the Series B at $20M, runway extends to 36 months."),
    (
        "product",
        "Assuming the trend holds and nothing else changes, DAU lands at 95,000.",
    ),
    (
        "training",
        "Unless something changes in the next few days, weekly mileage peaks at 35 mi.",
    ),
    ("ops", "If the second region comes online next week as planned, p95 latency drops to 400 ms."),
    ("sleep", "If you keep the same bedtime for the rest of the week, sleep debt falls to 1 hour."),
    # a year placed by a preposition is no value, and a past year's figure is another's
    ("finance", "Revenue in 2024 was $1.1M."),
    # a year after a period of it, or before a name whose own number follows
    ("finance", "Q4 2026 revenue MTD: $169,757."),
    ("finance", "FY2026 burn came to $92,417."),
    ("finance", "December 2026 burn: $92,417."),
    ("product", "H2 2026 signups: 2,268."),
    ("product", "2026 signups so far: 2,268."),
]

STATED = [
    ("ops", "When error rate hit 5%, we rolled back.", [("5", "value", "error_rate")]),
    ("ops", "Throughput was 2,024 rps.", [("2,024", "value", "throughput")]),
    # the year itself is no count of incidents (the count before it is read)
    ("ops", "We resolved 9 incidents in 2024.", [("9", "value", "incidents")]),
    ("product", "2026 signups so far: 2,600.", [("2,600", "value", "signups")]),
    ("training", "At 65 bpm, resting HR is high.", [("65", "value", "rhr")]),
    ("training", "With HRV at 80, you could push today.", [("80", "value", "hrv")]),
    # a condition's comma after the number: the main clause is the one that opens
    ("training", "If anything, your resting HR is high at 65 bpm.", [("65", "value", "rhr")]),
    ("finance", "Cash is $1.9M, the board asked.", [("1.9M", "value", "cash")]),
    ("ops", "Requests came in at 17,700 rps.", [("17,700", "value", "throughput")]),
    (
        "ops",
        "You asked about p95 latency: it was 1,200 ms.",
        [("1,200", "value", "p95_latency")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), SUPPOSED)
def test_a_supposed_or_requested_value_states_nothing(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STATED)
def test_a_value_stated_beside_such_words_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(SUPPOSED) >= 12 and len({domain for domain, _ in SUPPOSED}) >= 4


@pytest.mark.parametrize(
    ("text", "token", "why"),
    [
        ("At a $150k burn, runway would be 10 months.", "150", "plan"),
        ("The board asked for 18 months of runway.", "18", "plan"),
        ("At 65 bpm, resting HR is high.", "65", None),
        ("If we close the round at $20M, runway extends to 36 months.", "36", "plan"),
    ],
)
def test_the_reading_says_why(text: str, token: str, why: str | None) -> None:
    start = text.index(token)
    end = start + len(token) + (1 if text[start + len(token)] == "k" else 0)
    assert not_a_statement(text, start, end) == why
    assert not_a_statement(text, start, end, plain=True) == why
