"""Class 11, a count metric named by its noun: besides "9 alerts", "number of alerts" and
"Alerts: 9", a count is named by its noun in the singular and a word of counting ("Alert
count: 27", "Incident tally: 8", "Overdue invoice count: 11", "Alert volume was 27"), or
split around the number, a word of it as a label and its noun counted ("Overdue: 11
invoices").
Such a word alone names nothing ("count" or "total" beside another number), and "Incident
number 1432" stays an ordinal.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

CASES = [
    ("ops", "Alert count: 27.", [("27", "value", "alerts")]),
    ("ops", "Incident count for the week: 8.", [("8", "value", "incidents")]),
    ("ops", "Alert volume was 27.", [("27", "value", "alerts")]),
    ("ops", "Incident tally: 8.", [("8", "value", "incidents")]),
    ("ops", "The alert total came to 27.", [("27", "value", "alerts")]),
    ("finance", "Overdue invoice count: 11.", [("11", "value", "overdue_invoices")]),
    # a count's name, a verb of movement and "to": the level it reached
    ("ops", "The backlog grew to 3,400 messages.", [("3,400", "value", "queue_depth")]),
    ("ops", "Queue depth climbed to 3,400 jobs overnight.", [("3,400", "value", "queue_depth")]),
    ("ops", "Incidents rose to 9 tickets.", [("9", "value", "incidents")]),
    # a word of the name as a label, its noun counted after the number
    ("finance", "Overdue: 11 invoices.", [("11", "value", "overdue_invoices")]),
    ("finance", "Open: 13 roles.", [("13", "value", "open_positions")]),
    ("finance", "Open: 13 positions across the company.", [("13", "value", "open_positions")]),
    ("finance", "Still open: 13 reqs.", [("13", "value", "open_positions")]),
    ("finance", "Overdue: 11 days on average.", []),
    ("finance", "Open: 13 tabs in the board pack.", []),
    ("finance", "Overdue: 6 invoices.", []),
    ("finance", "The open-role count is 13.", [("13", "value", "open_positions")]),
    ("finance", "Open position count: 13.", [("13", "value", "open_positions")]),
    ("product", "Experiment count: 14.", [("14", "value", "experiments")]),
    ("product", "Signup count for the week: 3,100.", [("3,100", "value", "signups")]),
    ("sleep", "Awakening count: 9.", [("9", "value", "awakenings")]),
    ("training", "Run count this week: 8.", [("8", "value", "runs_week")]),
    # the count itself, an ordinal, a word of counting alone
    ("ops", "Alert count is 19.", []),
    ("ops", "Incident number 1432 is closed.", []),
    ("training", "Total time on feet: 41 min.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_a_count_is_named_by_its_noun_and_a_word_of_counting(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    count, domains = stated_in_domains(CASES)
    assert count >= 12 and domains >= 4


# "number" as the verb of a count after a plural noun or an adverb ("Overdue invoices now
# number 13"), not the ordinal of "Incident number 9"
NUMBER_VERB = [
    ("finance", "Overdue invoices now number 13.", [("13", "value", "overdue_invoices")]),
    ("finance", "Open positions now number 13.", [("13", "value", "open_positions")]),
    ("ops", "Open incidents number 9.", [("9", "value", "incidents")]),
    ("product", "Live experiments now number 15.", [("15", "value", "experiments")]),
    ("sleep", "Your awakenings number 9.", [("9", "value", "awakenings")]),
    ("ops", "Alerts currently number 40.", [("40", "value", "alerts")]),
    ("finance", "Overdue invoices still number 6.", []),
    ("ops", "Incident number 9 is closed.", []),
    ("ops", "This is incident number 9.", []),
    ("finance", "Invoice number 13 is overdue.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), NUMBER_VERB)
def test_number_said_as_the_verb_of_a_count_is_no_ordinal(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


# a count's name that is the noun of the count before it ("10 experiments, 4 winners")
# names that number, not the next one, which counts something else; a name after the
# next number still names it, and a label's number before a name ("Day 7 HRV") is no count
NOUN_OF_THE_COUNT_BEFORE = [
    ("product", "We launched 10 experiments, 4 winners.", []),
    ("product", "We ran 10 experiments, 7 shipped.", []),
    ("product", "2,268 signups, 540 activations.", []),
    ("finance", "6 overdue invoices, 14 open bills.", []),
    ("finance", "9 open positions, 3 offers out.", []),
    ("training", "5 runs, 12 hill repeats.", []),
    ("training", "Top 3 runs: 12, 10 and 8 mi.", []),
    ("sleep", "4 awakenings, 2 bathroom trips.", []),
    ("ops", "5 incidents, 25 alerts.", [("25", "value", "alerts")]),
    ("ops", "19 alerts, 7 incidents this week.", [("7", "value", "incidents")]),
    ("product", "4 winners, 7 experiments.", [("7", "value", "experiments")]),
    ("sleep", "2 bathroom trips, 6 awakenings.", [("6", "value", "awakenings")]),
    ("training", "Day 7 HRV is 60.", [("60", "value", "hrv")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), NOUN_OF_THE_COUNT_BEFORE)
def test_the_noun_of_a_count_names_no_number_after_it(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_noun_rule_has_a_dozen_sentences_in_several_domains() -> None:
    quiet = [case for case in NOUN_OF_THE_COUNT_BEFORE if not case[2]]
    assert len(quiet) >= 8 and len({case[0] for case in quiet}) >= 4
    assert len(NOUN_OF_THE_COUNT_BEFORE) >= 12


# a name right after its number ("79 CTL") names that number: the next item of a list
# after a separator ("/", "·", "|") is not its number, and the band reads no number
# another configured name follows ("89 ATL", a metric the pool does not hold) as the
# pool's value
NAME_AFTER_ITS_NUMBER = [
    ("training", "Current fitness: 79 CTL / 89 ATL / -10.9 TSB.", []),
    (
        "training",
        "Current fitness: 70 CTL / 89 ATL / 10.9 TSB.",
        [("70", "value", "ctl"), ("10.9", "sign", "tsb")],
    ),
    ("training", "5 runs · 27.3 mi · 4h 12m", []),
    ("training", "6 runs · 27.3 mi · 4h 12m", [("6", "value", "runs_week")]),
    ("training", "51% readiness | 80 fatigue", []),
    ("ops", "5 incidents / 19 alerts / 3 deploys", []),
    ("ops", "5 incidents / 25 alerts", [("25", "value", "alerts")]),
    ("product", "2,268 signups · 48 NPS · 10 experiments", []),
    ("product", "2,268 signups · 55 NPS", [("55", "value", "nps")]),
    ("finance", "6 overdue invoices / 9 open positions", []),
    ("finance", "6 overdue invoices / 12 open positions", [("12", "value", "open_positions")]),
    ("sleep", "4 awakenings | 39 HRV", []),
    ("sleep", "4 awakenings | 45 HRV", [("45", "value", "hrv")]),
    ("product", "Of 81,475 DAU, 2,268 signed up.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), NAME_AFTER_ITS_NUMBER)
def test_a_name_after_its_number_names_no_other(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_name_after_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(NAME_AFTER_ITS_NUMBER) >= 12
    assert len({case[0] for case in NAME_AFTER_ITS_NUMBER}) >= 5
