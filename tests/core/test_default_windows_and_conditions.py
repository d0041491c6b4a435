"""Which items, what would happen, and whose share: three things a number is not.

- A window of items: "your last 3 runs", "the first 4 experiments", "our previous 9 open
  roles". The number after "last", "past", "previous", "first", "next" or "final" says
  which items, not how many the pool counts.
- A condition after the number: "Runway drops to 12 months if we hire all 9 roles". The
  clause supposes; "even if" concedes, and the statement holds.
- A share right before a name: "67% of memory and 60% of CPU". Memory's number is the
  67% before it, not the 60% of the next item, and the band does not give the 60% to
  memory either.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Every sentence in WINDOWS and
CONDITIONS was flagged before the rule.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

WINDOWS = [
    ("training", "Two of your last 3 runs were above 160 bpm average."),
    ("training", "Your last 3 runs averaged 8:40 per mile."),
    ("training", "Your last 8 runs were all under 160 bpm."),
    ("ops", "The last 9 incidents were all config changes."),
    ("ops", "The last 12 incidents were all config changes."),
    ("ops", "Our last 7 incidents took 40 minutes each."),
    ("product", "The first 4 experiments of Q4 were flat."),
    ("product", "The first 3,000 signups came from the launch post."),
    ("product", "The last 3,000 signups came from paid."),
    ("sleep", "Your last 6 awakenings were brief."),
    ("finance", "The last 8 overdue invoices were all from Acme."),
    ("finance", "The first 7 open positions are in engineering."),
    ("finance", "Our final 5 overdue invoices went to collections."),
]

CONDITIONS = [
    ("finance", "Runway drops to 12 months if we hire all 9 roles."),
    ("finance", "Burn climbs to $120k if the new hires start in May."),
    ("ops", "p95 latency hits 1,100 ms if traffic doubles."),
    ("ops", "Error rate reaches 4% unless we roll back."),
    ("ops", "Throughput tops 30,000 rps if we add two nodes."),
    ("product", "DAU reaches 95,000 if the campaign lands."),
    ("product", "Conversion rises to 4% if the paywall test wins."),
    ("sleep", "Deep sleep climbs to 90 minutes if you skip the late coffee."),
    ("training", "Weekly mileage tops 40 mi if you add the long run."),
    ("training", "Readiness jumps to 80% if you sleep 8 hours."),
    ("product", "Signups hit 3,400 if the promo runs another week."),
    ("ops", "p95 latency hits 1,100 ms unless the cache warms up."),
]

STILL_READ = [
    # the count itself, beside a window
    (
        "training",
        "You ran 3 runs this week, the last 2 at easy pace.",
        [("3", "value", "runs_week")],
    ),
    ("ops", "We had 9 incidents in the last 7 days.", [("9", "value", "incidents")]),
    # a statement with no condition on it, or a concession
    ("finance", "Runway is 12 months.", [("12", "value", "runway")]),
    (
        "ops",
        "p95 latency is 1,100 ms, if you can believe it.",
        [("1,100", "value", "p95_latency")],
    ),
    (
        "ops",
        "p95 latency is 1,100 ms even if traffic is flat.",
        [("1,100", "value", "p95_latency")],
    ),
    # shares: each item its own name's, or none
    ("ops", "We're using 67% of memory and 60% of CPU.", []),
    ("ops", "We're using 67% of memory and 48% of CPU on average.", []),
    ("ops", "Memory is at 60% of capacity.", [("60", "value", "memory")]),
    ("ops", "60% of CPU went to GC; memory sat at 60%.", [("60", "value", "memory")]),
]


@pytest.mark.parametrize(("domain", "text"), WINDOWS)
def test_a_window_of_items_is_not_their_count(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), CONDITIONS)
def test_a_condition_after_the_number_supposes_it(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_counts_statements_and_shares_are_read_as_they_say(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize("cases", [WINDOWS, CONDITIONS], ids=["windows", "conditions"])
def test_each_rule_has_a_dozen_sentences_in_several_domains(cases) -> None:
    assert len(set(cases)) >= 12 and len({domain for domain, _ in cases}) >= 5
