"""What a time to come holds is planned: "Tomorrow has a long run of 10".

"Next week has a long run of 10", "Next month has burn of $101k", "Next quarter is NPS 55":
when the subject of the statement is tomorrow or the next week, month, quarter, sprint or
day, the number is what is planned for it, not a value now. "Tomorrow's run: 4 mi" was
read so already; the time as the subject itself was not, and all 14 cases of
COMING were flagged, and so were those of LABELLED, where the time is a label before a
colon ("Next week: a long run of 10"), and those of OPENING, where the time opens the
clause and the number comes further on. Today, this week and "the next cohort" (a group,
not a time) are still read.

Each case: (domain, text), with the domain's pool and config
(tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector, basis=True) for domain, detector in DETECTORS.items()}

COMING = [
    ("training", "Tomorrow has a long run of 10."),
    ("training", "Next week has a long run of 10."),
    ("training", "Next Saturday is a long run of 10 miles."),
    ("ops", "Next sprint has 22 alerts to retire."),
    ("product", "Next month is 88,000 DAU."),
    ("training", "Next week has a readiness check at 60%."),
    ("training", "Tomorrow is a 4.2-mile run."),
    ("training", "Next Sunday has a run of 12 miles."),
    ("finance", "Next month has burn of $101k."),
    ("finance", "Next quarter is revenue of $560k."),
    ("ops", "Next week has 8 incidents' worth of follow-ups."),
    ("ops", "Tomorrow has a CPU test at 80%."),
    ("product", "Next week has 2,500 signups in the funnel."),
    ("product", "Next quarter is NPS 55."),
]

# the time to come as a label: "Next week: a long run of 10"
LABELLED = [
    ("training", "Next week: a long run of 10."),
    ("training", "Next Saturday: a run of 12 miles."),
    ("training", "Next block: readiness checks at 60%."),
    ("finance", "Next quarter: burn of $101k."),
    ("finance", "Next month: revenue of $185k and burn of $99k."),
    ("product", "Next release: NPS of 55."),
    ("product", "Next month: signups of 2,500."),
    ("sleep", "Next week: a sleep score of 75."),
]

# the time to come opening the clause, the number further on: "Next week builds to 32
# miles, with a long run of 10"
OPENING = [
    ("training", "Next week builds to 32 miles, with a long run of 10."),
    ("training", "Next week we go to 32 miles, including a long run of 10."),
    ("training", "Next week builds to 32 miles with a long run of 10."),
    ("finance", "Next quarter we hire four people, adding burn of $101k."),
    ("ops", "Next sprint the migration lands, with p95 latency near 650 ms."),
    ("ops", "Next week the new alert rules go live, with 22 alerts retired."),
    ("product", "Next quarter the referral program launches, adding signups of 2,500."),
]

STILL_READ = [
    ("training", "Today has a run of 4.2 miles.", [("4.2", "value", "distance", "name")]),
    ("training", "Today was a 4.2-mile run.", [("4.2", "value", "distance", "name")]),
    ("ops", "This week has 8 incidents.", [("8", "value", "incidents", "name")]),
    ("product", "The next cohort has 2,500 signups.", [("2,500", "value", "signups", "name")]),
    ("ops", "The next alert count is 22.", [("22", "value", "alerts", "name")]),
    ("product", "This week: signups of 2,500.", [("2,500", "value", "signups", "name")]),
    (
        "training",
        "Next week's plan is set; today your HRV is 52.",
        [("52", "value", "hrv", "name")],
    ),
]


@pytest.mark.parametrize(("domain", "text"), COMING + LABELLED + OPENING)
def test_what_a_time_to_come_holds_is_planned(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_READ)
def test_today_and_this_week_are_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_class_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(COMING) >= 12
    assert len({domain for domain, _ in COMING}) >= 4
