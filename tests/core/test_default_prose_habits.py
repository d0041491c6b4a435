"""Classes 9, 10, 13 and 14 as other authors write them: contracted wishes, objectives and
thresholds, bounds, dash ranges between currency amounts, the other side of a comparison
told after the value, and the side of zero written as words.

Each quiet case is a trap (a number of it sits in a band of a pool value, so a reading by
the band alone would flag it); the cases that expect a flag keep a real misstatement in a
sentence of the same shape, so no rule here silences one.
"""

from __future__ import annotations

import pytest

from reviewer.grounding.bands import magnitude_gap, relative
from reviewer.grounding.config import DetectorConfig, config_from_dict
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.default_scanner import parse_value
from tests.support.sentences import K

CONFIG = config_from_dict(
    {
        "units": {
            "usd": ["$", "USD", "dollars"],
            "eur": ["€", "EUR", "euros"],
            "gbp": ["£", "GBP", "pounds"],
            "ms": ["ms", "milliseconds"],
        },
        "names": {
            "dau": ["DAU", "daily actives"],
            "nps": ["NPS", "net promoter score"],
            "p95_latency": ["p95", "p95 latency"],
            "latency_change": ["p95 change"],
            "churn": ["churn"],
            "churn_change": ["churn change"],
        },
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


# 9. Plans and targets: wishes with a contracted modal, conditions, objectives, alert
# thresholds, promises, schedules, "a maximum of", an evaluative predicate after it.
PLANS = [
    ("We'd like resting HR nearer 50 bpm by the race.", [K("rhr", 52, "bpm")], []),
    ("I'll want form closer to -10 before Saturday.", [K("tsb", -10.8)], []),
    ("Once HRV clears 70, we go hard again.", [K("hrv", 66)], []),
    ("The p95 objective stays at 450 ms.", [K("p95_latency", 430, "ms")], []),
    ("The alert fires at 80% CPU.", [K("cpu", 76, "pct")], []),
    ("Autoscaling kicks in at 65% memory.", [K("memory", 62, "pct")], []),
    ("OKR: 42,000 daily actives by June.", [K("dau", 40100)], []),
    ("The board deck promises $95,000 of monthly revenue.", [K("revenue", 91000, "usd")], []),
    ("A sensible target for your HRV is 60.", [K("hrv", 57)], []),
    ("Have a go at 6.5 mi tomorrow if the knee is fine.", [K("distance", 6.2, "mi")], []),
    ("I've got 40 mi on the calendar.", [K("weekly_mileage", 42.5, "mi")], []),
    ("Sunday is capped at 8 mi.", [K("distance", 7.6, "mi")], []),
    ("A maximum of 6.1 miles.", [K("distance", 5.7, "mi")], []),
    ("Minimum $400,000 in the bank before we hire.", [K("cash", 377000, "usd")], []),
    ("Monthly burn capped at $60,000 is the rule.", [K("burn", 57500, "usd")], []),
    ("Most nights, 95 minutes of deep sleep would be ideal.", [K("deep", 90, "min")], []),
    ("Error rate guidance for the quarter is 1.5%.", [K("error_rate", 1.42, "pct")], []),
    ("Heart rate at or below 150 bpm on the climbs.", [K("avg_hr", 143, "bpm")], []),
    ("Let's see 10,500 steps by Friday.", [K("steps", 10100, "steps")], []),
    ("Your DAU will hit 44,000 by spring.", [K("dau", 41500)], []),
    ("Est. 48 min of deep sleep if you're in bed by ten.", [K("deep", 45, "min")], []),
    ("Burn next month, approx. $61,000.", [K("burn", 57800, "usd")], []),
    ("HR cap ~150 bpm for the long run.", [K("avg_hr", 143, "bpm")], []),
    ("p95 budget ≈450 ms.", [K("p95_latency", 425, "ms")], []),
    ("Max HR allowed: 165 bpm.", [K("avg_hr", 158, "bpm")], []),
    ("150 bpm or so should feel easy.", [K("avg_hr", 143, "bpm")], []),
    ("We're building toward 45 mi a week.", [K("weekly_mileage", 42.1, "mi")], []),
    ("45% CPU or so is normal for a weekday.", [K("cpu", 42, "pct")], []),
]

# 10. Ranges and bounds: a dash between two amounts with their currency symbols, minimums.
RANGES = [
    ("Revenue guidance is $61,000-$70,000.", [K("revenue", 66000, "usd")], []),
    ("Hosting will cost €9,000–€9,800 a month.", [K("hosting", 9400, "eur")], []),
    ("Refunds ran £1,200-£1,450 a week.", [K("refunds", 1330, "gbp")], []),
    ("Limited to 7,000 steps a day while the foot heals.", [K("steps", 7400, "steps")], []),
    ("Keep p95 at or under 300 ms.", [K("p95_latency", 285, "ms")], []),
    ("Anything past 165 bpm is too hard today.", [K("avg_hr", 158, "bpm")], []),
]

# 14. The other side of a comparison, told after the value or with "previous", "last
# Friday's", "last week's".
PAST = [
    ("Resting HR settled at 52 bpm, after 56 bpm on Monday.", [K("rhr", 52, "bpm")], []),
    ("DSO came in at 41 after 44 in September.", [K("dso", 41)], []),
    ("Churn is 3.1%, better than 3.4% in the spring.", [K("churn", 3.1, "pct")], []),
    ("The previous reading was 61 bpm.", [K("rhr", 57, "bpm")], []),
    ("Your previous best was 88 min of deep sleep.", [K("deep", 82, "min")], []),
    ("The former peak was 21,400 DAU.", [K("dau", 20300)], []),
    ("Last Friday the balance was $412,000.", [K("cash", 398000, "usd")], []),
    ("p95 is 445 ms (prev 470 ms).", [K("p95_latency", 445, "ms")], []),
    ("HRV: 64 (was 60).", [K("hrv", 64)], []),
    ("Last week's p95 was 470 ms.", [K("p95_latency", 445, "ms")], []),
    ("p95 486 → 436 ms after the fix.", [K("p95_latency", 436, "ms")], []),
    ("DAU: 16,146 -> 17,100 week on week.", [K("dau", 17100)], []),
    ("Resting HR 58 → 53 bpm over the block.", [K("rhr", 53, "bpm")], []),
    ("Last Friday's balance: $412,000.", [K("cash", 398000, "usd")], []),
    ("Median latency came in at 88 ms following 95 ms on Tuesday.", [K("p50", 88, "ms")], []),
    ("HRV sits at 64 after 60 yesterday.", [K("hrv", 64)], []),
    ("Margin held at 41.3% after 39.2% in Q2.", [K("margin", 41.3, "pct")], []),
    ("Sleep score is 84%, higher than 80% on Sunday.", [K("sleep_score", 84, "pct")], []),
    ("Two weeks ago HRV was 58.", [K("hrv", 64)], []),
    ("Back in October, DSO was 47.", [K("dso", 44)], []),
    ("p95 was 510 ms in the spring.", [K("p95_latency", 470, "ms")], []),
    ("Three days ago your resting HR read 55 bpm.", [K("rhr", 52, "bpm")], []),
    ("A few months ago churn was 3.4%.", [K("churn", 3.1, "pct")], []),
]

# 13. The side of zero written as words.
SIGN_WORDS = [
    ("Net promoter score fell below zero to 12.", [K("nps", -12)], []),
    ("TSB dropped under zero to 8.5 overnight.", [K("tsb", -8.5)], []),
    ("NPS sits below zero at 12.", [K("nps", 12)], [("12", "sign", "nps")]),
    ("TSB swung by 8.4 in two days.", [K("tsb", -8.1)], []),
    ("The bedroom cooled 0.8 overnight.", [K("skin_temp", -0.8)], []),
    ("Skin temperature narrowed 0.6 on the week.", [K("skin_temp", -0.6)], []),
    ("DAU eased 5.7% on the week.", [K("dau_change", -5.7, "pct")], []),
    ("Margin shifted by 41 bps on the quarter.", [K("margin_change", -43, "none")], []),
    ("TSB is back above zero at 6.1.", [K("tsb", -6.1)], [("6.1", "sign", "tsb")]),
]

# 5 and 13. An abbreviated amount is as exact as its last digit; a verdict word's sign
# is the good direction of its quantity, which for latency, errors and churn is down.
ROUNDED = [
    ("The watch logged 10k steps.", [K("steps", 10380, "steps")], []),
    ("Cash is $1.2M after payroll.", [K("cash", 1249000, "usd")], []),
    ("We hit 81k daily actives on Tuesday.", [K("dau", 81475)], []),
    ("Burn came to $170k.", [K("burn", 169600, "usd")], []),
    ("Burn came to $170k.", [K("burn", 164800, "usd")], [("170k", "value", "burn")]),
    ("Cash is $1.4M after payroll.", [K("cash", 1249000, "usd")], [("1.4M", "value", "cash")]),
    ("Burn came to $180k.", [K("burn", 166200, "usd")], [("180k", "value", "burn")]),
]
VERDICTS = [
    (
        "p95 improved by 13.5% on last week.",
        [K("p95_latency", 430, "ms"), K("latency_change", -13.5, "pct")],
        [],
    ),
    (
        "p95 regressed by 13.5% on last week.",
        [K("p95_latency", 430, "ms"), K("latency_change", -13.5, "pct")],
        [("13.5", "sign", "latency_change")],
    ),
    (
        "p95 regressed by 8.2% after the deploy.",
        [K("p95_latency", 430, "ms"), K("latency_change", 8.2, "pct")],
        [],
    ),
    (
        "DAU improved by 4.1% on the week.",
        [K("dau", 40000), K("dau_change", -4.1, "pct")],
        [("4.1", "sign", "dau_change")],
    ),
]

# The same shapes with a real misstatement: still flagged.
STILL_FLAGGED = [
    ("Resting HR is 56 bpm after a rough night.", [K("rhr", 52, "bpm")], [("56", "value", "rhr")]),
    ("HRV came in at 71, after the long run.", [K("hrv", 64)], [("71", "value", "hrv")]),
    (
        "The schedule slipped, and resting HR is 57 bpm.",
        [K("rhr", 52, "bpm")],
        [("57", "value", "rhr")],
    ),
    (
        "Cash closed at $412,000, after payroll.",
        [K("cash", 385000, "usd")],
        [("412,000", "value", "cash")],
    ),
    ("The previous block is done; HRV is 71.", [K("hrv", 64)], [("71", "value", "hrv")]),
    ("Avg. HRV came in at 71.", [K("hrv", 64)], [("71", "value", "hrv")]),
    (
        "VO2max crept up to 62.2 after the tempo block.",
        [K("vo2max", 57.1)],
        [("62.2", "value", "vo2max")],
    ),
    (
        "Heart rate peaked with a max of 171 bpm.",
        [K("max_hr", 163, "bpm")],
        [("171", "value", "max_hr")],
    ),
    (
        "p95 436 → 486 ms after the deploy.",
        [K("p95_latency", 436, "ms")],
        [("486", "value", "p95_latency")],
    ),
    ("Two weeks ago we rested; HRV is 71 now.", [K("hrv", 64)], [("71", "value", "hrv")]),
    (
        "Average HR 151 bpm, with a max of 171 bpm.",
        [K("avg_hr", 151, "bpm"), K("max_hr", 163, "bpm")],
        [("171", "value", "max_hr")],
    ),
    (
        "Error budget left for the month is 21.1%.",
        [K("error_budget", 23.4, "pct")],
        [("21.1", "value", "error_budget")],
    ),
    (
        "The age-graded score from last month's 10K came through at 64.9%.",
        [K("score", 61.2, "pct")],
        [("64.9", "value", "score")],
    ),
]

CLASSES = {
    "9": PLANS,
    "10": RANGES,
    "14": PAST,
    "13": SIGN_WORDS,
    "5": ROUNDED,
    "13 verdicts": VERDICTS,
    "flagged": STILL_FLAGGED,
}
CASES = [
    pytest.param(text, pool, expected, id=f"{name}: {text}")
    for name, cases in CLASSES.items()
    for text, pool, expected in cases
]


@pytest.mark.parametrize(("text", "pool", "expected"), CASES)
def test_default_reads_the_habit(text: str, pool, expected) -> None:
    assert [(f.token, f.kind, f.nearest) for f in DEFAULT.flag(text, pool)] == expected


def _band_flags(token: str, pool) -> bool:
    value = parse_value(token)
    bands = DetectorConfig()
    for known in pool:
        if bands.faithful < relative(value, known.value) <= bands.value:
            return True
        if value * known.value < 0 and magnitude_gap(value, known.value) <= bands.sign:
            return True
    return False


@pytest.mark.parametrize(
    ("text", "pool"),
    [
        pytest.param(text, pool, id=text)
        for cases in (PLANS, RANGES, PAST)
        for text, pool, expected in cases
    ],
)
def test_each_quiet_case_is_a_trap(text: str, pool) -> None:
    words = [w.strip(".,;:%$€£()'") for w in text.replace("-", " -").split()]
    tokens = [t.text for t in DEFAULT.scanner.scan(text)] + words
    assert any(_band_flags(t, pool) for t in tokens if _parses(t))


def _parses(token: str) -> bool:
    try:
        parse_value(token)
    except (ValueError, IndexError):
        return False
    return True
