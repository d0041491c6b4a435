"""A count after a verb that names another count is that count: "We escalated 17 tickets".

Each ticket escalated is one escalation, so with `escalations` in the pool the 17 is its
value, not the ticket volume's. Before the rule the noun after the number decided ("17
tickets" of `tickets`), and each case in EVENTS was flagged as a misstatement of the
noun's count. Now the verb's count is read: a wrong one is flagged against it, and a
count after a verb that names nothing in the pool is still the noun's.

Each case: (pool as name, value pairs of counts; text), read by the default with no config.
"""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import flag_reader

READ = flag_reader(DefaultDetector())

TICKETS = {"tickets": 1284, "escalations": 17}
ORDERS = {"orders": 5120, "refunds": 23, "returns": 88}

EVENTS = [
    (TICKETS, "We escalated 17 tickets to tier 2 this week."),
    (TICKETS, "Agents escalated only 17 tickets, the lowest in a month."),
    (ORDERS, "We refunded 23 orders after the shipping delay."),
    (ORDERS, "Shoppers returned 88 orders in the first week."),
    ({"subscriptions": 8400, "cancellations": 140}, "Customers cancelled 140 subscriptions."),
    ({"services": 62, "deploys": 14}, "We deployed 14 services on Tuesday."),
    ({"pods": 240, "restarts": 9}, "The scheduler restarted 9 pods overnight."),
    ({"requests": 20372, "retries": 310}, "Clients retried 310 requests during the blip."),
    ({"candidates": 88, "hires": 3}, "We hired 3 candidates from the spring pipeline."),
    ({"invoices": 140, "disputes": 6}, "Customers disputed 6 invoices this month."),
    ({"sessions": 9400, "crashes": 41}, "The app crashed 41 sessions on the old build."),
    ({"messages": 12000, "bounces": 230}, "The mail server bounced 230 messages yesterday."),
    ({"users": 81475, "invites": 1200}, "Members invited 1,200 users last week."),
]

STILL_READ = [
    (TICKETS, "We escalated 19 tickets to tier 2 this week.", [("19", "value", "escalations")]),
    (ORDERS, "Support refunded 31 orders after the delay.", [("31", "value", "refunds")]),
    (TICKETS, "We took in 1,284 tickets this week.", []),
    (TICKETS, "We handled 1,100 tickets this week.", [("1,100", "value", "tickets")]),
    (ORDERS, "We shipped 5,120 orders.", []),
    (ORDERS, "We shipped 4,100 orders.", [("4,100", "value", "orders")]),
]


def pool(values: dict[str, float]) -> list[Known]:
    return [Known(name, value, "none") for name, value in values.items()]


@pytest.mark.parametrize(("values", "text"), EVENTS)
def test_the_verbs_count_is_read(values, text) -> None:
    assert READ(text, pool(values)) == []


@pytest.mark.parametrize(("values", "text", "expected"), STILL_READ)
def test_counts_are_still_checked(values, text, expected) -> None:
    assert READ(text, pool(values)) == expected
