"""A code's number after its letters and a hyphen ("INC-2291", "PR-2402") is an identifier.

Tickets, incidents, pull requests, models and plans carry numbers that name them and
state nothing: read as numbers they met a value of the pool by chance ("Incident
INC-2291" flagged as a queue depth of 2,479). The scanner now skips a number glued by a
hyphen to two letters or more, as it skips one glued to a letter ("v5", "Z2"); with one
letter ("Z-2") or none ("4-5 mi") nothing changes.

Each detector case runs the default with no config on the domain's pool
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import re

import pytest

from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import DefaultScanner
from tests.core.test_default_name_voices import POOLS
from tests.support.sentences import flag_reader

SCANNER = DefaultScanner()
CODE = re.compile("[A-Za-z]{2,}-([0-9]+)")
FLAGS = flag_reader(DefaultDetector())

CODES = [
    "Incident INC-2291 lasted 47 minutes.",
    "The fix landed in PR-2402 on Tuesday.",
    "Alert rule ALR-20 fired twice overnight.",
    "Ticket OPS-2500 tracks the queue work.",
    "Runbook RB-18 covers the failover.",
    "Ticket AND-2300 blocked Android builds.",
    "Survey SRV-50 closed on Friday.",
    "Campaign CMP-2250 launched on Monday.",
    "The Polar HR-70 strap logged the run.",
    "Plan TP-80 starts Monday.",
    "Your tracker, model SL-40, logged the night.",
    "Purchase order PO-10 covers the new laptops.",
    "Requisition REQ-10 is waiting on approval.",
]

FLAGGED_BEFORE = [
    ("ops", "Incident INC-2291 lasted 47 minutes."),
    ("ops", "The fix landed in PR-2402 on Tuesday."),
    ("ops", "Alert rule ALR-20 fired twice overnight."),
    ("product", "Survey SRV-50 closed on Friday."),
    ("training", "The Polar HR-70 strap logged the run."),
    ("finance", "Requisition REQ-10 is waiting on approval."),
]


@pytest.mark.parametrize("text", CODES)
def test_a_codes_number_is_an_identifier(text) -> None:
    code = CODE.search(text)
    assert code is not None
    (token,) = [token for token in SCANNER.scan(text) if token.start == code.start(1)]
    assert token.skip == "identifier"


@pytest.mark.parametrize(("domain", "text"), FLAGGED_BEFORE)
def test_a_codes_number_is_not_flagged(domain, text) -> None:
    assert FLAGS(text, POOLS[domain]) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [("in Z-2 today", [("2", None)]), ("a 4-5 mi run", [("4", "range"), ("5", "range")])],
)
def test_one_letter_or_none_before_the_hyphen_is_no_code(text, expected) -> None:
    assert [(token.text, token.skip) for token in SCANNER.scan(text)] == expected
