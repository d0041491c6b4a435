"""Two more places where prose says which known value a number is:

- a past value and the value now, each with its time ("HRV 54 last week, 87 this week",
  "Cash was $2.9M in March and is $1.9M now"): the name states the number of the time
  now, and the past one is no statement;
- a number that a linking verb then names ("87 is your HRV", "$1.9M is our cash on
  hand"): the name after "is your", "was the"... states it, unless a qualifier stands
  beside the name ("87 is your HRV target", "87 is your best HRV");
- a move by an amount, then the level it reached after "to" or "at" ("Resting heart rate
  is up 11 to 61", "Your RHR is 12 bpm above baseline at 62"): the level is the value.
- values of two named periods ("$120k in March and $150k in April", "$85,000 in Q2
  versus $92,417 this month"): the earlier period's is past, the later one's is read;
- a passing extreme, then where the value settled ("peaked at 4.1% during the deploy and
  is now 2.04%", "spiked to 1,200 ms before settling at 728 ms"): the level now is read,
  the extreme is no statement of it.

Each case: (domain, text, expected flags as (token, kind, nearest)), with the domain's
pool and config (tests/core/test_default_name_voices.py); every number named here is
a misstatement past the band.
"""

from __future__ import annotations

import pytest

from tests.core.test_default_name_voices import DETECTORS, POOLS
from tests.support.sentences import flag_reader, stated_in_domains

FLAGS = {domain: flag_reader(detector) for domain, detector in DETECTORS.items()}

THEN_NOW = [
    ("training", "HRV 54 last week, 87 this week.", [("87", "value", "hrv")]),
    ("training", "HRV was 54 last week and is 87 now.", [("87", "value", "hrv")]),
    ("training", "Resting HR: 40 bpm yesterday, 65 bpm today.", [("65", "value", "rhr")]),
    ("training", "Readiness was 70% yesterday and 38% today.", [("38", "value", "readiness")]),
    (
        "sleep",
        "Deep sleep was 62 min a week ago and is 90 min now.",
        [("90", "value", "deep_sleep")],
    ),
    ("sleep", "Sleep score: 67 last week, 82 this week.", [("82", "value", "sleep_score")]),
    ("finance", "Cash was $2.9M in March and is $1.9M now.", [("1.9M", "value", "cash")]),
    (
        "finance",
        "Runway: 20 months last quarter, 11 months this quarter.",
        [("11", "value", "runway")],
    ),
    (
        "ops",
        "p95 latency was 700 ms yesterday and is 900 ms today.",
        [("900", "value", "p95_latency")],
    ),
    ("ops", "Queue depth 1,200 last week, 3,400 this week.", [("3,400", "value", "queue_depth")]),
    (
        "product",
        "DAU was 60,000 last month and is 102,000 this month.",
        [("102,000", "value", "dau")],
    ),
    ("product", "NPS 40 last quarter, 61 this quarter.", [("61", "value", "nps")]),
    ("product", "Churn was 2.0% last month and 4.2% this month.", [("4.2", "value", "churn")]),
    # the value now faithful, the past one anything: no flag; the value now first: as before
    ("training", "HRV 54 last week, 67 this week.", []),
    ("finance", "Cash was $1.2M in March and is $2.5M now.", []),
    ("training", "HRV 87 this week, 54 last week.", [("87", "value", "hrv")]),
    # two past values: neither is now
    ("training", "HRV was 54 last week and 87 the week before.", []),
]
NAMED_AFTER = [
    ("training", "87 is your HRV.", [("87", "value", "hrv")]),
    ("training", "61 bpm is your resting heart rate this morning.", [("61", "value", "rhr")]),
    ("training", "38% is your readiness today.", [("38", "value", "readiness")]),
    ("sleep", "82 was your sleep score.", [("82", "value", "sleep_score")]),
    ("sleep", "90 min was your deep sleep last night.", [("90", "value", "deep_sleep")]),
    ("sleep", "70% is your sleep efficiency.", [("70", "value", "efficiency")]),
    ("finance", "$1.9M is our cash on hand.", [("1.9M", "value", "cash")]),
    ("finance", "11 months is the runway at this burn.", [("11", "value", "runway")]),
    ("ops", "900 ms is the p95 latency right now.", [("900", "value", "p95_latency")]),
    ("ops", "3,400 is the queue depth this morning.", [("3,400", "value", "queue_depth")]),
    ("product", "61 is our NPS this quarter.", [("61", "value", "nps")]),
    ("product", "102,000 was the DAU figure on Monday.", [("102,000", "value", "dau")]),
    ("product", "4.2% is the churn this month.", [("4.2", "value", "churn")]),
    # a qualifier beside the name, a comparison, a past time, a faithful value: no flag
    ("training", "87 is your HRV target.", []),
    ("training", "87 is your best HRV this year.", []),
    ("training", "87 is higher than your HRV.", []),
    ("training", "54 was your HRV last week.", []),
    ("training", "67 is your HRV.", []),
    ("finance", "$1.9M is our cash goal for June.", []),
    ("ops", "900 ms is the p95 latency budget.", []),
]

# a number said of yesterday, with the value of today told after it: yesterday's is past
YESTERDAY = [
    ("training", "Resting HR: 40 bpm yesterday, target 65 bpm today.", []),
    ("ops", "p95 latency was 700 ms yesterday and is capped at 900 ms today.", []),
    ("training", "HRV was 54 yesterday but 87 this morning.", [("87", "value", "hrv")]),
    ("product", "Signups: 2,000 yesterday, 3,100 today.", [("3,100", "value", "signups")]),
    ("sleep", "Deep sleep: 40 min yesterday, 90 min today.", [("90", "value", "deep_sleep")]),
    # yesterday alone, or today without a value: the number stands
    ("training", "Resting HR was 40 bpm yesterday.", [("40", "value", "rhr")]),
    ("training", "You ran 4.1 mi yesterday; rest today.", [("4.1", "value", "distance")]),
    (
        "training",
        "You took 16,000 steps yesterday. Today: 30 minutes easy.",
        [("16,000", "value", "steps")],
    ),
    (
        "training",
        "You took 16,000 steps yesterday, so make today quiet. HRV 67.",
        [("16,000", "value", "steps")],
    ),
    ("finance", "Cash was $1.9M yesterday and is $2.47M today.", []),
    ("finance", "Cash: $1.2M yesterday, $2.47M today.", []),
]

# "yesterday" between a name and its number is the day a daily brief reports, as "last
# night" is the night: the number is the value, unless a value of today follows, or the
# number is compared with yesterday's
YESTERDAY_BETWEEN = [
    ("training", "Steps yesterday: 18,000.", [("18,000", "value", "steps")]),
    ("training", "Steps yesterday were 18,000.", [("18,000", "value", "steps")]),
    ("training", "HRV yesterday: 80.", [("80", "value", "hrv")]),
    ("training", "HRV yesterday was 80.", [("80", "value", "hrv")]),
    ("training", "Distance yesterday: 8.5 mi.", [("8.5", "value", "distance")]),
    ("sleep", "Deep sleep yesterday: 120 min.", [("120", "value", "deep_sleep")]),
    ("sleep", "Sleep score yesterday came to 90%.", [("90", "value", "sleep_score")]),
    ("ops", "p95 latency yesterday: 1,200 ms.", [("1,200", "value", "p95_latency")]),
    ("ops", "Error rate yesterday was 5%.", [("5", "value", "error_rate")]),
    ("product", "Signups yesterday: 3,100.", [("3,100", "value", "signups")]),
    ("product", "DAU yesterday came to 102,000.", [("102,000", "value", "dau")]),
    ("finance", "Cash yesterday stood at $1.9M.", [("1.9M", "value", "cash")]),
    # today's value follows, or yesterday is what it is compared with: no reading
    ("training", "HRV yesterday was 80; today it is 67.", []),
    ("training", "HRV yesterday: 80, today: 67.", []),
    ("ops", "p95 latency yesterday was 1,200 ms, and today it is 728 ms.", []),
    ("ops", "p95 vs yesterday: 1,200 ms.", []),
]

# a change's name compared with a past time: the past time is the change's base
CHANGE_SINCE = [
    ("ops", "Latency change vs last week: +20%.", [("+20", "sign", "latency_change")]),
    ("product", "DAU change versus last month: -15%.", [("-15", "value", "dau_change")]),
    ("ops", "Latency change vs last week: -10.6%.", []),
    ("finance", "Gross margin versus last quarter: 39%.", []),
]

# a move by an amount, then "to" the level reached: the level is the value
MOVED_TO = [
    ("training", "Resting heart rate is up 11 to 61.", [("61", "value", "rhr")]),
    ("training", "HRV fell by 15 to 52.", [("52", "value", "hrv")]),
    ("ops", "p95 latency rose 170 ms to 900 ms.", [("900", "value", "p95_latency")]),
    ("sleep", "Deep sleep fell 21 min to 41 min.", [("41", "value", "deep_sleep")]),
    ("finance", "Cash fell $500k to $1.9M.", [("1.9M", "value", "cash")]),
    ("product", "DAU climbed 20k to 102k.", [("102k", "value", "dau")]),
    ("training", "HRV rose 13 to 67.", []),
    ("training", "Keep resting HR from 40 to 65 bpm.", []),
    # the period the move is told over stands between it and the level
    ("product", "DAU fell 7.5% week over week to 95,000.", [("95,000", "value", "dau")]),
    # (and the move is the change the pool holds: up 20%, where it fell 10.6%)
    (
        "ops",
        "p95 latency rose 20% overnight to 900 ms.",
        [("20", "sign", "latency_change"), ("900", "value", "p95_latency")],
    ),
    ("finance", "Cash fell 8% on the month to $1.9M.", [("1.9M", "value", "cash")]),
    ("product", "DAU went from 70,000 week over week to 95,000.", [("95,000", "value", "dau")]),
    ("product", "DAU fell 7.5% WoW to 81,475.", []),
    # "since last week" is the move's base, and the level after "to" is now
    ("training", "HRV climbed 12% since last week to 90.", [("90", "value", "hrv")]),
    ("product", "DAU fell 7.5% from last week to 95,000.", [("95,000", "value", "dau")]),
    ("finance", "Cash fell 8% since last month to $1.9M.", [("1.9M", "value", "cash")]),
    ("training", "HRV climbed 12% since last week to 67.", []),
]

# a move by an amount, against a reference or by a move word, then "at" the level reached:
# the level is the value, and the amount is no reading of the name
MOVED_AT = [
    ("training", "Your RHR is 12 bpm above baseline at 62.", [("62", "value", "rhr")]),
    ("training", "Your RHR is sitting 12 bpm above baseline at 62.", [("62", "value", "rhr")]),
    ("training", "Your RHR is 12 bpm above your baseline, at 62.", [("62", "value", "rhr")]),
    ("training", "Resting HR is 12 above normal at 62 bpm.", [("62", "value", "rhr")]),
    ("training", "HRV is up 9 at 80.", [("80", "value", "hrv")]),
    ("training", "HRV is down 9 points at 80.", [("80", "value", "hrv")]),
    (
        "ops",
        "p95 latency is 300 ms over the SLO at 1,100 ms.",
        [("1,100", "value", "p95_latency")],
    ),
    ("ops", "Error rate is 2 points above target at 5%.", [("5", "value", "error_rate")]),
    ("finance", "Burn is $20k over plan at $130k.", [("130k", "value", "burn")]),
    ("finance", "Cash is $500k below forecast at $1.9M.", [("1.9M", "value", "cash")]),
    ("product", "DAU is 10% below target at 102,000.", [("102,000", "value", "dau")]),
    (
        "sleep",
        "Deep sleep was 30 min below your usual at 120 min.",
        [("120", "value", "deep_sleep")],
    ),
    # the level is the value itself, or no level is said: no flag
    ("training", "Your RHR is 3 bpm above baseline at 50.", []),
    ("training", "Your RHR is 12 bpm above baseline.", []),
    ("finance", "Burn is $20k over plan at $92k.", []),
]


PERIODS = [
    (
        "finance",
        "Revenue was $120k in March and $150k in April.",
        [("150k", "value", "revenue_mtd")],
    ),
    ("finance", "Burn was $60k in March versus $80k this month.", [("80k", "value", "burn")]),
    (
        "finance",
        "Runway was 20 months in Q3 against 11 months this quarter.",
        [("11", "value", "runway")],
    ),
    ("product", "Churn was 2.0% in October and 4.2% in November.", [("4.2", "value", "churn")]),
    ("product", "DAU was 60,000 in Q2 versus 102,000 this quarter.", [("102,000", "value", "dau")]),
    ("product", "Signups were 1,500 in May, 3,400 in June.", [("3,400", "value", "signups")]),
    ("ops", "Alerts: 40 in September, 30 in October.", [("30", "value", "alerts")]),
    (
        "ops",
        "Queue depth was 900 in Q1 compared with 3,400 this quarter.",
        [("3,400", "value", "queue_depth")],
    ),
    (
        "training",
        "Weekly mileage was 20 mi in May and 35 mi in June.",
        [("35", "value", "weekly_mileage")],
    ),
    (
        "training",
        "Resting HR was 58 bpm in March compared with 61 bpm this week.",
        [("61", "value", "rhr")],
    ),
    (
        "sleep",
        "Your sleep score averaged 60 in August versus 80 this month.",
        [("80", "value", "sleep_score")],
    ),
    (
        "sleep",
        "Deep sleep: 40 min in January, 90 min in February.",
        [("90", "value", "deep_sleep")],
    ),
    # the later period first: the earlier one after it is the past
    ("product", "Churn was 4.2% in November and 2.0% in October.", [("4.2", "value", "churn")]),
    # the later period's value faithful: no flag
    ("finance", "Burn ran $85,000 in Q2 versus $92,417 this month.", []),
    ("ops", "Availability was 99.5% in Q1 and 99.99% in Q2.", []),
]
SETTLED = [
    (
        "ops",
        "Error rate peaked at 4.1% during the deploy and is now 3.5%.",
        [("3.5", "value", "error_rate")],
    ),
    (
        "ops",
        "p95 latency spiked to 1,200 ms at 14:05 before settling at 900 ms.",
        [("900", "value", "p95_latency")],
    ),
    ("ops", "CPU hit 95% during the batch job but is back to 70%.", [("70", "value", "cpu")]),
    (
        "training",
        "HRV dropped to 40 after the long run, and it's now 80.",
        [("80", "value", "hrv")],
    ),
    (
        "training",
        "Resting HR jumped to 70 bpm after the race but has since settled at 60.",
        [("60", "value", "rhr")],
    ),
    (
        "training",
        "In March your weekly mileage was 22 mi, and now you're at 35 mi.",
        [("35", "value", "weekly_mileage")],
    ),
    (
        "sleep",
        "Your sleep score fell to 50 during travel and is now 82.",
        [("82", "value", "sleep_score")],
    ),
    (
        "sleep",
        "Deep sleep sank to 20 min on the red-eye and is back at 90 min.",
        [("90", "value", "deep_sleep")],
    ),
    (
        "finance",
        "Burn spiked to $140k during the offsite, and is currently $110k.",
        [("110k", "value", "burn")],
    ),
    (
        "finance",
        "Cash dipped to $1.2M in the spring and now stands at $1.9M.",
        [("1.9M", "value", "cash")],
    ),
    (
        "product",
        "NPS dipped to 30 in the outage and has since recovered to 60.",
        [("60", "value", "nps")],
    ),
    (
        "product",
        "DAU peaked at 150,000 on launch day and is now 102,000.",
        [("102,000", "value", "dau")],
    ),
    (
        "ops",
        "Queue depth spiked to 9,800 at 02:00 and drained to 3,500 by 06:00.",
        [("3,500", "value", "queue_depth")],
    ),
    ("ops", "CPU spiked to 95% and eased to 60% after the fix.", [("60", "value", "cpu")]),
    (
        "training",
        "Over the past week your resting heart rate has averaged 52 bpm, and this morning it's 58.",
        [("58", "value", "rhr")],
    ),
    # settled where the pool says: no flag
    (
        "training",
        "Over the past week your resting heart rate has averaged 52 bpm, and this morning it's 50.",
        [],
    ),
    ("ops", "Queue depth spiked to 9,800 at 02:00 and drained to 2,479 by 06:00.", []),
    ("ops", "Error rate peaked at 4.1% during the deploy and is now 2.04%.", []),
    ("ops", "p95 latency spiked to 1,200 ms at 14:05 before settling at 728 ms.", []),
    ("product", "Churn spiked to 6% in the outage week before settling back to 3.1%.", []),
    ("training", "In March your weekly mileage was 22 mi, and now you're at 27.3 mi.", []),
    # no level after it: the extreme is read as before
    ("ops", "Error rate peaked at 3.5% during the deploy.", [("3.5", "value", "error_rate")]),
]


@pytest.mark.parametrize(
    ("domain", "text", "expected"),
    THEN_NOW
    + NAMED_AFTER
    + YESTERDAY
    + YESTERDAY_BETWEEN
    + CHANGE_SINCE
    + MOVED_TO
    + MOVED_AT
    + PERIODS
    + SETTLED,
)
def test_the_name_states_the_number_it_is_said_of(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


@pytest.mark.parametrize(
    "cases", [THEN_NOW, NAMED_AFTER, MOVED_AT, YESTERDAY_BETWEEN, PERIODS, SETTLED]
)
def test_each_rule_has_a_dozen_sentences_in_several_domains(cases) -> None:
    count, domains = stated_in_domains(cases)
    assert count >= 12 and domains >= 4


# the values of past days told in parentheses after them ("after two low days (52 and
# 55)"): those days', not the value now
PAST_DAYS = [
    ("training", "Your HRV rebounded to 67 after two low days (52 and 55).", []),
    (
        "training",
        "Your HRV rebounded to 75 after two low days (52 and 55).",
        [("75", "value", "hrv")],
    ),
    ("sleep", "Over the last three nights (5.5 h, 6 h, 5 h) your sleep debt grew.", []),
    ("ops", "CPU is back to 48% after three hot days (60%, 64%, 58%).", []),
    ("product", "Churn is 3.1% after two bad weeks (3.4% and 3.5%).", []),
    ("finance", "Burn is $92.4k after two heavy weeks ($100k and $98k).", []),
    ("training", "Your HRV (72) is above your baseline (62).", [("72", "value", "hrv")]),
]


@pytest.mark.parametrize(("domain", "text", "expected"), PAST_DAYS)
def test_past_days_values_in_parentheses_are_theirs(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected


# a move a verb made, then "to" the level it reached in another unit: the move is the
# change the pool holds of the name, in the verb's direction, and the level is read too;
# a range ("rose 10 to 15 bpm") stays a range
MOVES = [
    ("finance", "Gross margin improved 167 bps to 59.5%.", [("167", "sign", "margin_change")]),
    ("finance", "Gross margin is up 167 bps to 59.5%.", [("167", "sign", "margin_change")]),
    ("finance", "Gross margin fell 200 bps to 59.5%.", [("200", "value", "margin_change")]),
    ("finance", "Gross margin slipped 167 bps to 59.5%.", []),
    ("product", "DAU rose 7.5% to 81,475.", [("7.5", "sign", "dau_change")]),
    ("product", "DAU is up 7.5% to 81,475.", [("7.5", "sign", "dau_change")]),
    ("product", "DAU fell 12% to 81,475.", [("12", "value", "dau_change")]),
    ("product", "DAU fell 7.5% to 81,475.", []),
    ("product", "DAU is down 7.5% to 81,475.", []),
    (
        "ops",
        "p95 latency rose 20% to 900 ms.",
        [("20", "sign", "latency_change"), ("900", "value", "p95_latency")],
    ),
    # a verdict's direction on a quantity better lower: worse is up
    ("ops", "p95 latency worsened 10.6% to 728 ms.", [("10.6", "sign", "latency_change")]),
    ("ops", "p95 latency regressed 10.6% to 728 ms.", [("10.6", "sign", "latency_change")]),
    ("ops", "p95 latency improved 10.6% to 728 ms.", []),
    ("ops", "p95 latency improved 20% to 728 ms.", [("20", "value", "latency_change")]),
    # the move and the level in one unit: the level alone is read
    ("training", "Resting HR rose 10 bpm to 60 bpm.", [("60", "value", "rhr")]),
    ("product", "Conversion rose 5% to 8%.", [("8", "value", "conversion")]),
    ("training", "RHR is up 3 to 50.", []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), MOVES)
def test_a_move_to_a_level_is_the_change_the_pool_holds(domain, text, expected) -> None:
    assert FLAGS[domain](text, POOLS[domain]) == expected
