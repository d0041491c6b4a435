"""A metric's name said of a segment or an extreme is another quantity than the pool's
value, so the name reads no number there: a word before the name that picks an extreme or
a plan's figure ("Peak DAU", "Max p95 latency", "Budgeted burn") or a segment of users or
platforms ("Enterprise ARPU", "iOS DAU"), and a segment said after it ("NPS among power
users", "Conversion in the test arm", "Retention for the March cohort", "Error rate on
mobile clients"). A funnel's step ("Conversion from trial to paid") is no segment, and a
name in a phrase qualifying another noun ("Max HR on the run") does not take the number.
An average over a window ("Your 7-night average", "you averaged 6 h 40 min a night"), a
release's canary or staging, and a ratio written with a slash ("DAU/MAU") are other
quantities too.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py). Most numbers here are past the
band of the value the name would give it, so only the name could flag them.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

NOT_THE_VALUE = [
    # an extreme, a plan's figure
    ("product", "Peak DAU this month was 95,000."),
    ("product", "Peak signups came to 3,400 on Monday."),
    ("ops", "Peak throughput reached 30,000 rps."),
    ("ops", "Peak CPU hit 95%."),
    ("ops", "Max p95 latency was 1,500 ms."),
    ("ops", "Worst-case p95 latency was 1,500 ms."),
    ("finance", "Budgeted burn is $130k."),
    ("training", "Max HR on the run was 185."),
    ("training", "Your longest run this month was 10 mi."),
    ("training", "Your fastest run of the week averaged 175 bpm."),
    ("sleep", "Your longest deep sleep stretch was 90 min."),
    ("ops", "The slowest p95 latency of the day was 1,500 ms."),
    ("finance", "Our biggest burn month was $140k."),
    # an all-time or record extreme, and a best or worst period for a name
    ("training", "Your all-time high HRV is 95."),
    ("finance", "Our all-time high MRR growth was 12%."),
    ("ops", "Our record high throughput was 45,000 rps."),
    ("training", "Your personal best for resting HR is 44 bpm."),
    ("product", "Our best day for signups was 4,100."),
    ("sleep", "Your worst week for deep sleep averaged 40 min."),
    # an average over a window of days, before the name or labeling the number
    ("sleep", "Your 7-night average sleep score is 80."),
    ("training", "Your 7-day average HRV is 80."),
    ("ops", "The 30-day rolling average error rate is 3.1%."),
    ("sleep", "HRV 39 ms (7-night avg 44)"),
    ("training", "HRV 67 (30-day rolling average 60)"),
    # a breakdown by a dimension
    ("product", "Signups by channel: organic 1,200, paid 800, referral 268."),
    ("finance", "Revenue by region: US $120k, EU $40k."),
    # a segment before the name
    ("product", "Enterprise ARPU is $180."),
    ("product", "iOS DAU came to 50,000."),
    ("product", "Mobile DAU hit 60,000."),
    ("product", "Web signups came to 1,200."),
    ("finance", "Enterprise revenue was $120k."),
    # a segment after it
    ("product", "NPS among power users is 72."),
    ("product", "Conversion among trial users was 4.1%."),
    ("product", "Session length on iOS averaged 18 minutes."),
    ("product", "Conversion in the test arm was 4.1%."),
    ("product", "Conversion in the control group held at 3.5%."),
    ("product", "D7 retention for the March cohort was 40%."),
    ("product", "ARPU for enterprise customers is $180."),
    ("ops", "Error rate on mobile clients was 5%."),
    ("ops", "p95 latency for mobile users is 1,200 ms."),
    ("training", "Average HR among your easy runs is 140."),
    ("sleep", "Deep sleep among nights with alcohol averaged 40 min."),
]

# a ratio to another thing than time ("Revenue per employee"), and the band reads no other
# value there either ($85k is within the band of burn)
RATIOS = [
    ("finance", "Revenue per employee is $85k."),
    ("ops", "Alerts per incident averaged 4."),
    ("product", "DAU per region peaked at 40,000."),
    ("product", "Conversion in the test arm was 2.7%."),
    ("product", "Peak DAU was 84,000."),
    # an average said per night, day, week or month: over several of them
    ("sleep", "Weekly sleep: you averaged 6 h 40 min a night (goal: 7 h 30 min)."),
    ("sleep", "This month you averaged 8.5 hours of sleep a night."),
    ("sleep", "You're averaging 90 min of deep sleep per night this week."),
    ("training", "Quick recap: this block you've averaged 31 mi/week."),
    ("training", "You averaged 16,000 steps a day this week."),
    ("training", "Your resting HR averaged 55 bpm a day over the block."),
    ("training", "Your HRV averaged 58 a night this week."),
    ("finance", "Burn averaged $120k a month over the quarter."),
    ("finance", "We averaged $20k of new revenue per week."),
    ("ops", "Incidents averaged 9 per week this quarter."),
    ("product", "We averaged 3,400 signups a week in Q3."),
    ("product", "DAU averaged 95,000 per day in November."),
    # a channel: organic, referral
    ("product", "Referral signups hit 312, the most since March."),
    ("product", "Organic signups were 1,404."),
    ("product", "Organic DAU grew to 60,000."),
    ("product", "Referral conversion is 8.4%."),
    # a part the name's value includes, or the value without a part
    ("finance", "The $2.47M cash balance includes $400k in a money-market fund."),
    ("finance", "Cash, including $400k in a money-market fund, is $2.47M."),
    ("finance", "Revenue includes $40k of one-off services."),
    ("product", "Signups, including 300 from the referral program, came to 2,268."),
    ("ops", "Incidents include 2 SEV1s."),
    ("ops", "Alerts, excluding 4 from the flapping disk check, came to 15."),
    # an account of its own: deferred, unearned, accrued
    ("finance", "Deferred revenue stands at $410k."),
    ("finance", "Unearned revenue is $250k."),
    ("finance", "Accrued burn for the quarter was $310k."),
    ("finance", "Churned revenue: $8k MRR."),
    ("finance", "Expansion revenue was $12k."),
    # a release's canary, a staging environment, a beta: a segment, not production
    ("ops", "Error rate on canary 0.3% vs 0.2% baseline."),
    ("ops", "Error rate on the canary is 0.3%."),
    ("ops", "p95 latency in canary: 1,100 ms."),
    ("ops", "p95 latency on staging hit 1,100 ms."),
    ("ops", "CPU on the canary sat at 90%."),
    ("product", "Conversion in beta is 4.1%."),
    ("product", "DAU in the beta was 3,000."),
    # a name joined by a slash to another quantity than a unit of time
    ("product", "DAU/MAU is 0.27."),
    ("product", "DAU / MAU: 0.27"),
    ("ops", "p95/p50 is 3.6."),
    ("ops", "Alerts/incident: 4."),
    ("finance", "Revenue/employee: $85k."),
    ("finance", "Burn/revenue is 0.54."),
    ("sleep", "Deep/REM ratio: 0.6."),
    ("training", "Distance/run averaged 5 mi."),
]

# a part of a count told after it ("We ran 4 experiments and won 2"): the count is the
# number before the name, and the part is none of its readings
PARTS = [
    ("product", "We shipped 4 experiments and stopped 2.", [("4", "value", "experiments")]),
    ("product", "We ran 4 experiments and won 2.", [("4", "value", "experiments")]),
    ("ops", "We had 9 incidents and resolved 7.", [("9", "value", "incidents")]),
    ("ops", "9 incidents, and 2 are still open.", [("9", "value", "incidents")]),
    (
        "finance",
        "13 overdue invoices and 2 paid late.",
        [("13", "value", "overdue_invoices")],
    ),
    ("training", "You did 8 runs and skipped 2.", [("8", "value", "runs_week")]),
    ("sleep", "You had 9 awakenings but fell back asleep after 7.", [("9", "value", "awakenings")]),
    ("ops", "We got 40 alerts and acted on 12.", [("40", "value", "alerts")]),
    ("ops", "40 pages, of which 12 were noise.", [("40", "value", "alerts")]),
    ("product", "15 experiments, with 3 near significance.", [("15", "value", "experiments")]),
    ("sleep", "9 awakenings, but only 2 longer than 5 minutes.", [("9", "value", "awakenings")]),
    ("finance", "13 open positions and 3 offers out.", [("13", "value", "open_positions")]),
    ("ops", "9 incidents (2 SEV1, 7 SEV2).", [("9", "value", "incidents")]),
    ("ops", "19 alerts, 4 of them actionable.", []),
    ("ops", "40 alerts, 12 of them noise.", [("40", "value", "alerts")]),
    ("product", "15 experiments, 3 of those shipped.", [("15", "value", "experiments")]),
    # two names, each its own number
    (
        "ops",
        "Incidents rose to 9, and alerts to 40.",
        [("9", "value", "incidents"), ("40", "value", "alerts")],
    ),
]

STILL_THE_VALUE = [
    ("product", "Signups per day averaged 3,400.", [("3,400", "value", "signups")]),
    ("finance", "Burn per month is $130k.", [("130k", "value", "burn")]),
    ("finance", "Burn/month: $130k.", [("130k", "value", "burn")]),
    ("ops", "Error rate in production is 3.1%.", [("3.1", "value", "error_rate")]),
    ("finance", "Burn was $120k, including $61k of payroll.", [("120k", "value", "burn")]),
    ("training", "HRV averaged 58 overnight.", [("58", "value", "hrv")]),
    ("finance", "Net burn sits at $120k per month.", [("120k", "value", "burn")]),
    ("product", "Signups averaged 3,400 this week.", [("3,400", "value", "signups")]),
    ("product", "Signups/week: 3,400.", [("3,400", "value", "signups")]),
    ("training", "Steps/day: 16,000.", [("16,000", "value", "steps")]),
    # two names and two numbers, each paired by a slash: no ratio
    ("ops", "CPU/memory: 48%/80%.", [("80", "value", "memory")]),
    ("ops", "CPU/memory: 60%/67%.", [("60", "value", "cpu")]),
    ("product", "DAU hit 60,000.", [("60,000", "value", "dau")]),
    ("product", "Conversion from trial to paid was 3.4%.", [("3.4", "value", "conversion")]),
    ("ops", "Keep track of the queue depth, now 3,400.", [("3,400", "value", "queue_depth")]),
    ("sleep", "Your lowest heart rate was 44 bpm.", [("44", "value", "rhr")]),
    ("ops", "Error rate on Monday was 5%.", [("5", "value", "error_rate")]),
    ("product", "Conversion for the week was 4.1%.", [("4.1", "value", "conversion")]),
]


@pytest.mark.parametrize(("domain", "text"), NOT_THE_VALUE)
def test_a_name_said_of_a_segment_or_an_extreme_reads_no_number(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text"), RATIOS)
def test_a_ratio_or_a_segment_is_no_value_of_the_band_either(domain, text) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == []


@pytest.mark.parametrize(("domain", "text", "expected"), PARTS)
def test_a_part_told_after_a_count_is_not_the_count(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(("domain", "text", "expected"), STILL_THE_VALUE)
def test_the_value_itself_is_still_read(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    assert len(PARTS) >= 12 and len({domain for domain, _, _ in PARTS}) >= 4
    assert len(NOT_THE_VALUE) >= 12 and len({domain for domain, _ in NOT_THE_VALUE}) >= 4


# a list item's label before a number of a specific unit names what the number is: when
# it names another quantity than the one the band finds ("light 4h" is no sleep debt),
# the band reads nothing there (with a [names] table, as for unitless numbers)
LABELED_ITEMS = [
    (
        "sleep",
        "Deep 2h, REM 40m, light 4h.",
        [("2", "value", "deep_sleep"), ("40", "value", "rem_sleep")],
    ),
    ("sleep", "Light 4h, deep 62 min.", []),
    ("ops", "Swap 620 GB, disk free 684 GB.", []),
    ("training", "Warm-up 3.3 mi, tempo 2 mi.", []),
    ("finance", "Payroll $100k, rent $12k.", []),
    ("product", "Onboarding 14.5 min, checkout 3 min.", []),
    ("sleep", "Deep 62 min, sleep debt 4h.", [("4", "value", "sleep_debt")]),
    ("finance", "Payroll $100k, burn $100k.", [("100k", "value", "burn")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), LABELED_ITEMS)
def test_a_list_item_s_label_names_its_number(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


# an extreme said before a number the band would read: the peak, the max, the lowest of a
# quantity is not its value ("Max HR: 178 bpm" is no average heart rate of 157); but an
# extreme of an item ("your longest run: 3.3 mi") or said of the subject ("Yesterday's run
# was the longest of your block: 3.3 mi") measures that item, the value reported
EXTREMES = [
    ("training", "- Max HR: 178 bpm", []),
    ("training", "Max heart rate 170 bpm.", []),
    ("training", "Peak HR hit 170 bpm.", []),
    ("training", "Highest HR: 170 bpm", []),
    ("training", "Lowest HR during the run: 140 bpm", []),
    ("training", "Heart rate 134 bpm with a peak of 170 bpm on the hill.", []),
    ("training", "Average 139 bpm and a max of 170 bpm on the last rep.", []),
    ("ops", "Peak latency: 790 ms", []),
    ("ops", "Max response time 790 ms.", []),
    ("finance", "Biggest deal: $180k", []),
    ("sleep", "Max HR overnight: 52 bpm", []),
    ("sleep", "Peak heart rate in the night: 52 bpm.", []),
    ("product", "Max time in app: 14.5 min", []),
    ("product", "Longest visit: 14.5 min.", []),
    (
        "training",
        "Yesterday's run was the longest of your block: 3.3 mi in 30 minutes.",
        [("3.3", "value", "distance")],
    ),
    ("training", "The peak long run is done: 3.3 mi.", [("3.3", "value", "distance")]),
    ("training", "Your best week: 30 mi.", [("30", "value", "weekly_mileage")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), EXTREMES)
def test_an_extreme_is_no_value_the_band_reads(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


def test_the_extremes_have_a_dozen_sentences_in_several_domains() -> None:
    quiet = [case for case in EXTREMES if not case[2]]
    assert len(quiet) >= 12 and len({case[0] for case in quiet}) >= 5
