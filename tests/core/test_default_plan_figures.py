"""Three more ways a number is not the value now, or is the value in another unit:

- a plan's noun right after the number and its unit ("against a $100k budget", "a 160
  bpm limit", "a 5% threshold", "the 900 ms SLO"): the figure of a plan;
- "last" alone after a number, ending its clause ("$170k this month, $150k last"): the
  last period's figure;
- percentage points of a change held in basis points ("Margin is down 1.67 points" of
  -167 bps): compared in points, a hundred basis points each.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py).
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import K, flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

PLAN_FIGURES = [
    ("finance", "Burn came in at $92k against a $100k budget.", []),
    ("finance", "Burn of $92k was under the $100k plan.", []),
    ("finance", "$100k budget is what we set.", []),
    ("finance", "Burn came in at $130k against a $100k budget.", [("130k", "value", "burn")]),
    ("training", "Stay under a 160 bpm limit on the easy days.", []),
    ("training", "Your 150 bpm ceiling holds for the long run.", []),
    ("ops", "We alert past a 2% threshold on error rate.", []),
    ("ops", "CPU ran at 85%, over the 80% cap.", [("85", "value", "cpu")]),
    (
        "product",
        "Signups came to 3,400, over the 2,000 weekly quota.",
        [("3,400", "value", "signups")],
    ),
    ("product", "DAU sits under an 85,000 forecast.", []),
    ("sleep", "A 90% sleep score target is within reach.", []),
    ("ops", "The p95 used up 1,100 ms of the budget.", [("1,100", "value", "p95_latency")]),
    # a service level's objective or agreement
    ("ops", "Error rate held under the 2.5% SLO all week at 2.04%.", []),
    ("ops", "p95 stayed inside the 900 ms SLO.", []),
    ("ops", "Availability beat the 99.5% SLA at 99.99%.", []),
    ("ops", "p95 came in at 1,100 ms against a 900 ms SLO.", [("1,100", "value", "p95_latency")]),
]

LAST = [
    ("finance", "Revenue: $170k this month, $150k last.", []),
    ("finance", "Revenue: $170k this month, $120k last.", []),
    ("product", "Signups: 2,268 this week, 2,500 last.", []),
    ("ops", "Incidents: 5 this week, 9 last.", []),
    ("finance", "Revenue: $120k this month, $150k last.", [("120k", "value", "revenue_mtd")]),
]

POINTS = [
    ("finance", "Margin is down 1.67 points.", []),
    ("finance", "Gross margin change: -1.67 pp.", []),
    ("finance", "Margin change was -3.2 percentage points.", [("-3.2", "value", "margin_change")]),
    ("finance", "Margin is down 167 bps.", []),
    ("finance", "Margin is down 320 bps.", [("320", "value", "margin_change")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), PLAN_FIGURES + LAST + POINTS)
def test_a_plan_s_figure_last_period_s_or_points(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_plan_figures_have_a_dozen_sentences_in_several_domains() -> None:
    assert len(PLAN_FIGURES) >= 12 and len({case[0] for case in PLAN_FIGURES}) >= 4


def test_the_whole_a_part_is_of_is_no_value() -> None:
    # "2 sets of 24 hops": 24 counts the hops of a set, not a pain score of 24
    pool = [K("pain_score", 3), K("rhr", 50, "bpm")]
    flags = FLAGS["training"]
    assert flags("Do 2 sets of 24 pogo hops if they are pain-free.", pool) == []
    assert flags("You ran 3 mi of 8.5 planned.", POOLS["training"]) == []


# what remains to reach a goal ("Only 2 runs left", "3 invoices to go") and a bound
# short of a figure ("3,721 steps short of 15,000"): neither is the value; an amount of a
# unit left ("684 GB of free disk is left") still is
REMAINS = [
    ("training", "Only 2 runs left to hit your 5-run goal.", []),
    ("training", "You have 2 runs left this week.", []),
    ("training", "You're 3,721 steps short of 15,000.", []),
    ("training", "You're 3,721 steps shy of 15,000.", []),
    ("finance", "Just 3 invoices to go before the books close.", []),
    ("finance", "Only 4 more hires remaining this quarter.", []),
    ("ops", "2 alerts left to triage.", []),
    ("product", "12 experiments to go this quarter.", []),
    ("sleep", "2 awakenings to go before a perfect week.", []),
    ("ops", "500 GB of free disk is left on the volume.", [("500", "value", "disk_free")]),
    ("training", "You ran 4 runs this week, with 1 left.", [("4", "value", "runs_week")]),
    ("product", "Signups came to 3,000 with 2 days left.", [("3,000", "value", "signups")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), REMAINS)
def test_what_remains_of_a_goal_is_not_the_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_remainders_have_a_dozen_sentences_in_several_domains() -> None:
    assert len(REMAINS) >= 12 and len({case[0] for case in REMAINS}) >= 5


# a number, its unit, then "short of" or "shy of" another figure: the gap to that figure,
# neither the value nor its sign ("about 3 mi shy of last week's 30"); the value the
# clause states before its comma still is ("You ran 5 mi, 2 mi short of plan")
GAPS = [
    ("training", "You're at 27.3 mi for the week, about 3 mi shy of last week's 30.", []),
    ("training", "You finished 3 mi short of the plan.", []),
    ("finance", "Revenue landed $170k short of plan.", []),
    ("finance", "We closed the month $92k shy of the forecast.", []),
    ("finance", "Cash ended $2.5M short of where we wanted it.", []),
    ("ops", "Throughput came in 20,000 rps short of the peak.", []),
    ("ops", "Availability finished 99.9% short of nothing; fine.", []),
    ("ops", "Memory stayed 70% shy of the hard limit.", []),
    ("product", "DAU fell 80,000 short of the launch-week high.", []),
    ("product", "Conversion was 2.5% short of the 5% target.", []),
    ("sleep", "Deep sleep was 60 min shy of ideal.", []),
    ("sleep", "Efficiency was 80% shy of perfect.", []),
    ("training", "You ran 5 mi, 2 mi short of plan.", [("5", "value", "distance")]),
    ("finance", "Burn was $120k, $20k short of budget.", [("120k", "value", "burn")]),
    ("ops", "Error rate is 4.1%, well short of alarming.", [("4.1", "value", "error_rate")]),
    ("product", "Signups came to 3,400, 600 short of the goal.", [("3,400", "value", "signups")]),
    ("finance", "We ended the month $36k short.", [("36k", "value", "net_income")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), GAPS)
def test_a_gap_to_another_figure_is_not_the_value(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_gaps_have_a_dozen_sentences_in_several_domains() -> None:
    assert len(GAPS) >= 12 and len({case[0] for case in GAPS}) >= 5


# a step to take after a label and its colon ("Action items: add an alert at 1,000 ms"):
# the label's clause is the imperative's, a plan; a report after a colon still states
STEPS = [
    ("ops", "Action items: add an alert at 1,000 ms p95.", []),
    ("ops", "To do: set memory limits at 90%.", []),
    ("ops", "Follow-ups: lower the queue depth alarm to 5,000.", []),
    ("ops", "Owner Priya: set the CPU alert at 85%.", []),
    ("ops", "Fix: bump memory to 80%.", []),
    ("finance", "Asks: cut burn to $80k.", []),
    ("finance", "For the board: trim burn to $80k.", []),
    ("finance", "Decision needed: raise cash to $4M.", []),
    ("product", "Ask for design: get DAU to 95,000.", []),
    ("training", "Homework: walk 16,000 steps.", []),
    ("training", "Assignment: log 16,000 steps.", []),
    ("training", "Drill: jog 4 mi at 150 bpm.", []),
    ("ops", "Status: p95 at 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("ops", "Result: raised p95 to 1,100 ms.", [("1,100", "value", "p95_latency")]),
    ("finance", "Update: burn came in at $120k.", [("120k", "value", "burn")]),
    ("sleep", "Last night: slept 8.5 hours.", [("8.5", "value", "sleep_duration")]),
    ("product", "Heads up: signups were 3,400.", [("3,400", "value", "signups")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), STEPS)
def test_a_step_after_a_label_is_a_plan(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_steps_have_a_dozen_sentences_in_several_domains() -> None:
    steps = [case for case in STEPS if not case[2]]
    assert len(steps) >= 12 and len({case[0] for case in steps}) >= 3


# a plan said otherwise: a label that opens with a plan's noun ("Goal for December:"), a
# budget as a verb, and what "can" happen; a report after such a label, or "can see" a
# value, still states it
PLANS_SAID = [
    ("product", "Goal for December: 85,000 DAU and 2,500 weekly signups.", []),
    ("finance", "Target for Q1: burn of $80k.", []),
    ("ops", "Target for the quarter: p95 under 600 ms and 1,100 ms at worst.", []),
    ("ops", "We're budgeting 2 incidents a month.", []),
    ("finance", "We're budgeting $80k of burn a month.", []),
    ("sleep", "Cut caffeine after 2 pm; it can cost you 20 minutes of deep sleep.", []),
    ("training", "A hard week can push your resting HR to 58 bpm.", []),
    ("sleep", "You can see your deep sleep was 90 minutes.", [("90", "value", "deep_sleep")]),
    ("product", "Goal progress: signups hit 3,400.", [("3,400", "value", "signups")]),
    # an amount due is owed, not yet a value
    ("finance", "Tax payment of $22k is due on the 15th.", []),
    ("finance", "Rent of $30k is due Friday.", []),
    ("finance", "Amount due: $95k.", []),
    ("finance", "Burn was $120k.", [("120k", "value", "burn")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), PLANS_SAID)
def test_a_plan_said_as_a_label_a_verb_or_a_possibility(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
