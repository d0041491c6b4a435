"""Reading the metric's name where it is not right before the number.

Each class is a dozen sentences or more in several domains, written before the rules were
tuned: (text, pool, expected flags as (token, kind, nearest, basis)). Quiet cases hold a
number the rule would misread if it were looser (a share, another quantity, a target).
"""

from __future__ import annotations

import pytest

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import K, flag_reader

CONFIG = config_from_dict(
    {
        "units": {
            "usd": ["$", "USD", "dollars"],
            "bps": ["bps", "basis points"],
            "ms": ["ms", "milliseconds"],
            "rps": ["req/s", "rps", "requests per second"],
            "degc": ["°C", "degrees Celsius"],
            "gb": ["GB", "gigabytes"],
            "kg": ["kg", "kilos"],
        },
        "names": {
            "rem_sleep": ["REM sleep", "REM"],
            "deep_sleep": ["deep sleep"],
            "latency": ["sleep latency", "time to fall asleep"],
            "p95_latency": ["p95 latency", "p95"],
            "throughput": ["throughput", "request rate"],
            "gross_margin": ["gross margin", "margin"],
            "margin_change": ["margin change"],
            "mrr_growth": ["MRR growth"],
            "revenue": ["revenue"],
            "skin_temp": ["skin temperature", "skin temp"],
            "tsb": ["form", "stress balance"],
            "weekly_mileage": ["weekly mileage"],
            "distance": ["distance"],
            "error_budget": ["error budget"],
            "ad_spend": ["ad spend"],
            "payroll": ["payroll"],
            "body_weight": ["body weight", "weight"],
        },
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT, basis=True)


SLEEP = [K("sleep_duration", 410, "min"), K("rem_sleep", 118, "min"), K("deep_sleep", 64, "min")]

# A unit word, then "of" and the name: the amount of that metric ("66 mins of REM sleep").
OF_NAME = [
    ("You had 66 mins of REM sleep.", SLEEP, [("66", "value", "rem_sleep", "name")]),
    ("You had 91 minutes of REM.", SLEEP, [("91", "value", "rem_sleep", "name")]),
    ("You got 40 min of deep sleep.", SLEEP, [("40", "value", "deep_sleep", "name")]),
    ("Just 45 minutes of deep sleep last night.", SLEEP, [("45", "value", "deep_sleep", "name")]),
    ("You had 118 mins of REM sleep.", SLEEP, []),
    ("That was 5.1 mi of distance on the trails.", [K("distance", 7.2, "mi")],
     [("5.1", "value", "distance", "name")]),
    ("We banked 140 ms of p95 latency headroom.", [K("p95_latency", 184, "ms")],
     [("140", "value", "p95_latency", "name")]),
    ("There is $31,000 of payroll due Friday.", [K("payroll", 41800, "usd")],
     [("31,000", "value", "payroll", "name")]),
    ("You logged 24 mi of weekly mileage so far.", [K("weekly_mileage", 31, "mi")],
     [("24", "value", "weekly_mileage", "name")]),
    ("We spent $8,200 of ad spend on search.", [K("ad_spend", 11000, "usd")],
     [("8,200", "value", "ad_spend", "name")]),
    ("It was 52 kg of body weight on the scale.", [K("body_weight", 61.5, "kg")],
     [("52", "value", "body_weight", "name")]),
    # a share of the named value, not the value: "N% of" and a bare "N of" are no readings
    ("You used 20% of the error budget.", [K("error_budget", 24, "pct")], []),
    ("We have spent 30 percent of revenue on hosting.", [K("revenue", 40, "pct")], []),
    ("Only 4 of the 5 deep sleep cycles were long.", [K("deep_sleep", 4.5)], []),
]  # fmt: skip

OPS = [K("p95_latency", 184, "ms"), K("throughput", 21792, "rps"), K("error_budget", 21.8, "pct")]

# A number no name stands beside and no known value of its unit is near, named later in its
# sentence: the named value is meant.
LATER = [
    ("It took 28 min to drop off, so latency is in a healthy place.",
     [K("latency", 33, "min"), K("rem_sleep", 80, "min")], [("28", "value", "latency", "name")]),
    ("You fell asleep in 8 minutes, so time to fall asleep is fine.",
     [K("latency", 7, "min"), K("rem_sleep", 80, "min")], [("8", "value", "latency", "name")]),
    ("We served 16,876 requests per second at the busiest minute, which is our throughput.",
     OPS, [("16,876", "value", "throughput", "name")]),
    ("At 240 ms it was slow, and that is the p95 latency we report.", OPS,
     [("240", "value", "p95_latency", "name")]),
    ("You ran 9.5 mi, which is your distance for the day.", [K("distance", 6.2, "mi")],
     [("9.5", "value", "distance", "name")]),
    ("You spent 52 min in REM, which is your REM sleep for the night.", SLEEP,
     [("52", "value", "rem_sleep", "name")]),
    ("Payments of $29,000 went out this week, all of it payroll.", [K("payroll", 41800, "usd")],
     [("29,000", "value", "payroll", "name")]),
    ("We put $7,100 into search this week, which is our ad spend.",
     [K("ad_spend", 11000, "usd")], [("7,100", "value", "ad_spend", "name")]),
    ("It read 52 kg this morning, so weight is down.", [K("body_weight", 61.5, "kg")],
     [("52", "value", "body_weight", "name")]),
    # near a known value of its unit: the band reads it, not the later name
    ("You ran 6.2 mi, and your weekly mileage is on track.",
     [K("distance", 6.2, "mi"), K("weekly_mileage", 31, "mi")], []),
    ("You slept 410 min, so deep sleep had room.", SLEEP, []),
    # a comparison's other side, a qualified name, or a name with its own number
    ("It took 28 min, longer than your usual latency.", [K("latency", 12, "min")], []),
    ("It took 28 min to drop off, under the latency target.", [K("latency", 12, "min")], []),
    ("It took 28 min to drop off, so latency came to 12 min.", [K("latency", 12, "min")], []),
    ("The cache served 9,000 req/s. Throughput is fine.", OPS, []),
]  # fmt: skip

FIN = [K("gross_margin", 39.0, "pct"), K("margin_change", -38, "bps"), K("cash", 1.2e6, "usd")]
LAT = [K("p95_latency", 184, "ms"), K("latency_change", -13.4, "pct")]

# A level's name with its change's unit: the change is meant, and a past time beside it is
# the change's base ("p95 regressed by 13.4% on last week").
CHANGE_BY_UNIT = [
    ("The margin versus last quarter landed at 38 bps.", FIN,
     [("38", "sign", "margin_change", "name")]),
    ("Gross margin moved 38 bps on last quarter.", FIN,
     [("38", "sign", "margin_change", "name")]),
    ("Margin is up 38 basis points.", FIN, [("38", "sign", "margin_change", "name")]),
    ("Margin against the prior quarter: 52 bps.", FIN,
     [("52", "sign", "margin_change", "name")]),
    ("Gross margin slipped 38 bps.", FIN, []),
    ("The margin versus last quarter landed at -38 bps.", FIN, []),
    ("p95 regressed by 13.4 % on last week.", LAT, [("13.4", "sign", "latency_change", "name")]),
    ("p95 latency is 15.1% higher than last week.", LAT,
     [("15.1", "sign", "latency_change", "name")]),
    ("p95 fell 13.4% on last week.", LAT, []),
    ("p95 moved 9.0% versus last week.", LAT, [("9.0", "sign", "latency_change", "name")]),
    ("P95 latency compared with last week: -11.9%.", LAT,
     [("-11.9", "value", "latency_change", "name")]),
    # a past level of the named value itself is not a change
    ("The margin versus last quarter was 35%.", FIN, []),
    ("p95 from last week was 201 ms.", LAT, []),
    # no change held for the unit: nothing to read
    ("Cash versus last month is 40 bps better.", FIN, []),
]  # fmt: skip

# A sign word before a number when the pool holds no change of the named value and the
# magnitude written is the value's own: the word gives the value's sign.
WORD_SIGN = [
    ("Skin temp is down 0.5 °C.", [K("skin_temp", 0.5, "degc")],
     [("0.5", "sign", "skin_temp", "name")]),
    ("Skin temperature is down 0.2°C.", [K("skin_temp", 0.2, "degc")],
     [("0.2", "sign", "skin_temp", "name")]),
    ("Skin temperature is up 0.3 °C.", [K("skin_temp", -0.3, "degc")],
     [("0.3", "sign", "skin_temp", "name")]),
    ("Skin temp is down 0.5 °C.", [K("skin_temp", -0.5, "degc")], []),
    ("Form is down 12.5 after the long run.", [K("tsb", 12.5)], [("12.5", "sign", "tsb", "name")]),
    ("Stress balance fell 7.1 this week.", [K("tsb", 7.1)], [("7.1", "sign", "tsb", "name")]),
    ("Form is up 9.8 after the rest day.", [K("tsb", -9.8)], [("9.8", "sign", "tsb", "name")]),
    ("Form is down 9.8 after the block.", [K("tsb", -9.8)], []),
    ("MRR growth slipped 2.4 points.", [K("mrr_growth", 2.4, "pct")],
     [("2.4", "sign", "mrr_growth", "name")]),
    ("Gross margin is down 3.5 this week.", [K("gross_margin", 3.5, "pct")],
     [("3.5", "sign", "gross_margin", "name")]),
    # a magnitude that is not the value's own is a change of it, which the pool lacks
    ("Form is down 20 after the long run.", [K("tsb", 22.4)], []),
    ("Skin temp is down 0.3 °C.", [K("skin_temp", 0.5, "degc")], []),
    ("Throughput fell 900 requests per second.", OPS, []),
]  # fmt: skip

# A band hit whose clause names another quantity is read against the value of the unit the
# clause does name, when one is in a band of it.
RETARGET = [
    ("We recorded recurring revenue growth of −3.8 %.",
     [K("discount_rate", 3.8, "pct"), K("mrr_growth", 3.8, "pct")],
     [("−3.8", "sign", "mrr_growth", "band")]),
    ("Growth in subscriptions came to -4.1%.",
     [K("tax_rate", 4.1, "pct"), K("subscriber_growth", 4.1, "pct")],
     [("-4.1", "sign", "subscriber_growth", "band")]),
    ("Budget left for errors is 21.1%.",
     [K("memory", 19.5, "pct"), K("error_budget", 23.0, "pct")],
     [("21.1", "value", "error_budget", "band")]),
    ("The funnel converted 6.6% of visitors.",
     [K("churn", 6.9, "pct"), K("conversion", 7.2, "pct")],
     [("6.6", "value", "conversion", "band")]),
    ("Sleep was efficient at 85% overnight.",
     [K("battery", 80, "pct"), K("efficiency", 91, "pct")],
     [("85", "value", "efficiency", "band")]),
    ("You look readier today, at 74%.",
     [K("humidity", 70, "pct"), K("readiness", 81, "pct")],
     [("74", "value", "readiness", "band")]),
    ("Systems stayed available at 95.5%.",
     [K("cpu", 99, "pct"), K("availability", 90, "pct")],
     [("95.5", "value", "availability", "band")]),
    ("Accounts churned at -2.1 this month.", [K("nps", 2.1), K("churn_rate", 2.1)],
     [("-2.1", "sign", "churn_rate", "band")]),
    ("The retention curve settled at 38%.",
     [K("share", 35, "pct"), K("cohort_retention", 41.5, "pct")],
     [("38", "value", "cohort_retention", "band")]),
    ("Beds were occupied at 64% over the weekend.",
     [K("battery", 60, "pct"), K("occupancy", 70, "pct")],
     [("64", "value", "occupancy", "band")]),
    ("Trucks were utilised at -71%.", [K("load", 71, "pct"), K("utilisation", 71, "pct")],
     [("-71", "sign", "utilisation", "band")]),
    ("The heat pump ran efficiently at 88%.",
     [K("battery", 85, "pct"), K("pump_efficiency", 96, "pct")],
     [("88", "value", "pump_efficiency", "band")]),
    # the value the clause names is cited faithfully: nothing to flag
    ("The funnel converted 7.2% of visitors.",
     [K("churn", 6.9, "pct"), K("conversion", 7.2, "pct")], []),
    # the clause names nothing the pool holds: still no flag
    ("Sales tax is 6% in the new state.", [K("mrr_growth", -5.1, "pct")], []),
]  # fmt: skip

PRODUCT = [K("retention_d7", 50.9, "pct"), K("session_length", 6.6, "min"), K("dau", 61151)]
MTD = [K("expenses_mtd", 214000, "usd"), K("revenue_mtd", 289339, "usd")]
PARTIAL_CONFIG = config_from_dict(
    {
        "units": {"usd": ["$", "USD", "dollars"]},
        "names": {
            "retention_d7": ["D7 retention", "day-7 retention"],
            "session_length": ["session length"],
            "rhr": ["resting pulse", "resting heart rate"],
            "avg_hr": ["average heart rate"],
            "net_income": ["net income", "net profit"],
            "spo2": ["blood oxygen", "SpO2"],
            "queue_depth": ["queue depth"],
            "resp_rate": ["respiratory rate", "breathing rate"],
            "expenses_mtd": ["spend"],
            "revenue_mtd": ["month-to-date revenue"],
        },
    },
    source="test",
)
PARTIAL_DETECTOR = DefaultDetector(PARTIAL_CONFIG)

# A word that only one known value's names hold stands for the name where nothing
# qualifies it ("Seven-day retention sits at 43.1%": `retention_d7`).
PARTIAL = [
    ("Seven-day retention sits at 43.1%.", PRODUCT, [("43.1", "value", "retention_d7", "name")]),
    ("Retention is 38% this week.", PRODUCT, [("38", "value", "retention_d7", "name")]),
    ("Retention is 50.9% this week.", PRODUCT, []),
    ("Length of a session came to 4.1 min.", PRODUCT,
     [("4.1", "value", "session_length", "name")]),
    ("Pulse on waking was 66 bpm.", [K("rhr", 52, "bpm"), K("avg_hr", 150, "bpm")],
     [("66", "value", "rhr", "name")]),
    ("Income for the month was $44,000.", [K("net_income", 35983, "usd")],
     [("44,000", "value", "net_income", "name")]),
    ("Profit came in at $29,500.", [K("net_income", 35983, "usd")],
     [("29,500", "value", "net_income", "name")]),
    ("Oxygen averaged 88% overnight.", [K("spo2", 97, "pct")], [("88", "value", "spo2", "name")]),
    ("The queue is at 2,100 right now.", [K("queue_depth", 3365)],
     [("2,100", "value", "queue_depth", "name")]),
    ("Breathing was 12.1 br/min.", [K("resp_rate", 16.9)],
     [("12.1", "value", "resp_rate", "name")]),
    ("Respiratory is 12.4 overnight.", [K("resp_rate", 16.9)],
     [("12.4", "value", "resp_rate", "name")]),
    # another quantity's name: a word before it, or a noun after it
    ("D30 retention is 22%.", PRODUCT, []),
    ("Weekly retention is 22%.", PRODUCT, []),
    ("Session count was 4 per user.", PRODUCT, []),
    ("Room oxygen sensor read 80%.", [K("spo2", 97, "pct")], []),
    ("Operating income was $61,000.", [K("net_income", 35983, "usd")], []),
    # a whole name wins over a word of another name closer to the number, and a word of
    # time ("date" of "month-to-date revenue") stands for nothing
    ("Spend month to date is running at $214,000.", MTD, []),
    ("Spend month to date is running at $240,000.", MTD,
     [("240,000", "value", "expenses_mtd", "name")]),
    # a word two known values share names neither
    ("Heart was at 66 bpm.", [K("rhr", 52, "bpm"), K("avg_hr", 150, "bpm")], []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "pool", "expected"), [pytest.param(*case, id=case[0]) for case in PARTIAL]
)
def test_a_word_of_a_name_stands_for_it(text: str, pool, expected) -> None:
    found = [(f.token, f.kind, f.nearest, f.basis) for f in PARTIAL_DETECTOR.flag(text, pool)]
    assert found == expected


# An aside in parentheses between a name and its number, a number in parentheses after
# its name, an alias in parentheses; a name inside an aside names nothing after it, and a
# name on the next line names nothing on the line before.
ASIDES = [
    ("DAU (all platforms) came to 49,208.", [K("dau", 63693)],
     [("49,208", "value", "dau", "name")]),
    ("Burn (net of revenue) is $90,042.", [K("burn", 90042, "usd"), K("revenue", 290880, "usd")],
     []),
    ("Burn (net of revenue) is $99,000.", [K("burn", 90042, "usd"), K("revenue", 290880, "usd")],
     [("99,000", "value", "burn", "name")]),
    ("The p95 latency (305 ms) held.", OPS, [("305", "value", "p95_latency", "name")]),
    ("The p95 latency (184 ms) held.", OPS, []),
    ("Tail latency (p95) held at 305 milliseconds.", OPS,
     [("305", "value", "p95_latency", "name")]),
    ("Throughput (peak minute) hit 16,000 requests per second.", OPS,
     [("16,000", "value", "throughput", "name")]),
    ("Form (the model's number) is 22.4.", [K("tsb", -22.4)], [("22.4", "sign", "tsb", "name")]),
    ("REM sleep (the last cycles) came to 80 min.", SLEEP, [("80", "value", "rem_sleep", "name")]),
    ("Payroll (both entities) ran $52,000.", [K("payroll", 41800, "usd")],
     [("52,000", "value", "payroll", "name")]),
    ("Skin temp (versus your norm) is -0.5 °C.", [K("skin_temp", 0.5, "degc")],
     [("-0.5", "sign", "skin_temp", "name")]),
    ("Gross margin (blended) is 31%.", FIN, [("31", "value", "gross_margin", "name")]),
    ("Distance (the long loop) was 9.5 mi.", [K("distance", 7.2, "mi")],
     [("9.5", "value", "distance", "name")]),
    ("\n• Score: 84 %\n\nAverage SpO2 held.", [K("spo2", 98, "pct")], []),
    ("You ran 9.5 mi\nDistance is tracked weekly.", [K("distance", 6.2, "mi")], []),
]  # fmt: skip

SYNONYM_CONFIG = config_from_dict(
    {
        "units": {"ms": ["ms"]},
        "names": {
            "sleep_score": ["sleep score"],
            "nps": ["net promoter score"],
            "recovery": ["readiness score"],
            "readiness_goal": ["readiness goal"],
            "avg_hr": ["average heart rate"],
            "p50_latency": ["mean latency"],
            "cpu_util": ["CPU utilisation"],
            "step_count": ["step count"],
            "credit": ["credit score"],
            "credit_limit": ["credit limit"],
        },
    },
    source="test",
)
SYNONYM_DETECTOR = DefaultDetector(SYNONYM_CONFIG)

# A name of two words or more written with a word's synonym: "sleep rating" for "sleep
# score", "mean heart rate" for "average heart rate".
SYNONYMS = [
    ("Sleep rating: 83%.", [K("sleep_score", 71, "pct")], [("83", "value", "sleep_score", "name")]),
    ("Your sleep rating is 71%.", [K("sleep_score", 71, "pct")], []),
    ("Net promoter rating landed at 22.", [K("nps", 31)], [("22", "value", "nps", "name")]),
    ("Readiness rating: 64%.", [K("recovery", 81, "pct"), K("readiness_goal", 90, "pct")],
     [("64", "value", "recovery", "name")]),
    ("Mean heart rate was 161 bpm.", [K("avg_hr", 138, "bpm")],
     [("161", "value", "avg_hr", "name")]),
    ("Average latency held at 120 ms.", [K("p50_latency", 88, "ms")],
     [("120", "value", "p50_latency", "name")]),
    ("CPU utilization sat at 41% overnight.", [K("cpu_util", 58, "pct")],
     [("41", "value", "cpu_util", "name")]),
    ("CPU usage is 44% across the fleet.", [K("cpu_util", 58, "pct")],
     [("44", "value", "cpu_util", "name")]),
    ("Step number came to 7,900.", [K("step_count", 10200), K("step_goal", 12000)],
     [("7,900", "value", "step_count", "name")]),
    ("Credit rating is 640.", [K("credit", 720), K("credit_limit", 5000)],
     [("640", "value", "credit", "name")]),
    ("Credit rating is 720.", [K("credit", 720)], []),
    ("Mean heart rate was 138 bpm.", [K("avg_hr", 138, "bpm")], []),
    # a single word is never swapped: "rating" alone names nothing here
    ("The app's rating is 4.1 today.", [K("nps", 31), K("sleep_score", 3.8)], []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "pool", "expected"), [pytest.param(*case, id=case[0]) for case in SYNONYMS]
)
def test_a_name_with_a_synonym_names_the_metric(text: str, pool, expected) -> None:
    found = [(f.token, f.kind, f.nearest, f.basis) for f in SYNONYM_DETECTOR.flag(text, pool)]
    assert found == expected


CLASSES = {
    "unit of name": OF_NAME,
    "named later": LATER,
    "change by unit": CHANGE_BY_UNIT,
    "word sign of a value": WORD_SIGN,
    "named instead": RETARGET,
    "asides": ASIDES,
}


@pytest.mark.parametrize(
    ("text", "pool", "expected"),
    [
        pytest.param(text, pool, expected, id=f"{name}: {text}")
        for name, cases in CLASSES.items()
        for text, pool, expected in cases
    ],
)
def test_default_reads_the_name(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_each_class_has_a_dozen_sentences() -> None:
    classes = {**CLASSES, "a word of a name": PARTIAL, "synonyms": SYNONYMS}
    assert {name: len(cases) >= 12 for name, cases in classes.items()} == dict.fromkeys(
        classes, True
    )
