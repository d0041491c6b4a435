"""A metric's name in the word forms prose gives it, and names read across a list.

- **A name written as a verb or another word form**: "You slept 290 minutes" states the
  sleep duration, "3,100 people signed up" the signups, "You ran 4.1 mi" the distance
  when "run" is one of its names. The verb is the whole name once its measure word is
  off ("sleep duration" is how long one sleeps), the clause names nothing else, a count
  is the verb's subject ("3,100 people signed up") or its events ("ran 7 times"), and no
  other known value of the unit is named by a word of the clause ("this week" of the
  weekly mileage).
- **A lone head noun**: "Score: 80" states the one known value whose names end in
  "score", never when two known values hold the word, when another word qualifies it
  ("credit score"), when its sentence names another thing before it ("Sleep 8.2 hours,
  score 87%" is no recovery score) or after the number ("4.5 stars"), or when words
  other than a verb of statement stand before the number.
- **"HR"** is the head of "resting HR": it names the one known value holding the word,
  and "rhr" holds it too, so "HR" beside both a resting and an average heart rate names
  neither.
- **A name after the number across "in" or a comma**: "70 min in REM" spends the time in
  REM; in a list ("41 min deep sleep, 70 min REM") a number's own name after it wins over
  the item before the comma.

Each case: (domain, pool, text, expected flags as (token, kind, nearest, basis)); the
domain's config comes from fixtures/eval/configs, "plain" is the built-in config (names
from the pool alone). Every misstatement is past the 12% band, so only a name reads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from reviewer.grounding.config import DetectorConfig, load_config
from reviewer.grounding.default import DefaultDetector
from tests.support.sentences import K, flag_reader

CONFIGS = Path(__file__).resolve().parents[2] / "fixtures" / "eval" / "configs"
READERS = {
    domain: flag_reader(DefaultDetector(load_config(CONFIGS / f"{domain}.toml")), basis=True)
    for domain in ("training", "sleep", "finance", "ops", "product")
}
READERS["plain"] = flag_reader(DefaultDetector(DetectorConfig()), basis=True)

SLEEP = [K("sleep_duration", 367, "min"), K("sleep_score", 67, "pct"), K("efficiency", 81, "pct"),
         K("rem_sleep", 103, "min"), K("deep_sleep", 62, "min"), K("latency", 7, "min"),
         K("hrv", 39), K("rhr", 49, "bpm"), K("awakenings", 4)]  # fmt: skip
SLEEP_TWO_SCORES = [*SLEEP, K("readiness_score", 72, "pct")]
TRAINING = [K("rhr", 50, "bpm"), K("rhr_baseline", 47, "bpm"), K("hrv", 67),
            K("sleep_duration", 468, "min"), K("duration", 30, "min"), K("distance", 3.03, "mi"),
            K("avg_hr", 157, "bpm"), K("weekly_mileage", 27.3, "mi"), K("readiness", 51, "pct"),
            K("runs_week", 5)]  # fmt: skip
PRODUCT = [K("dau", 81475), K("signups", 2268), K("conversion", 2.6, "pct"), K("nps", 48),
           K("session_length", 13.7, "min"), K("experiments", 10)]  # fmt: skip
FINANCE = [K("cash", 2466115.69, "usd"), K("revenue_mtd", 169757.18, "usd"),
           K("burn", 92417.36, "usd"), K("open_positions", 9)]  # fmt: skip
OPS = [K("p95_latency", 728, "ms"), K("p50_latency", 203, "ms"), K("error_rate", 2.04, "pct"),
       K("throughput", 20372, "rps"), K("alerts", 19)]  # fmt: skip
HEARTS = [K("rhr", 50, "bpm"), K("avg_hr", 157, "bpm"), K("distance", 3.03, "mi")]
AVG_HR_ONLY = [K("avg_hr", 157, "bpm"), K("distance", 3.03, "mi")]
STAGES = [K("deep_sleep", 62, "min"), K("rem_sleep", 103, "min"), K("light_sleep", 210, "min")]


def named(token: str, nearest: str, kind: str = "value") -> tuple[str, str, str, str]:
    return (token, kind, nearest, "name")


VERB_FORMS = [
    ("sleep", SLEEP, "You slept 290 minutes.", [named("290", "sleep_duration")]),
    ("sleep", SLEEP, "Last night you slept 290 min.", [named("290", "sleep_duration")]),
    ("sleep", SLEEP, "You slept only 290 minutes.", [named("290", "sleep_duration")]),
    ("sleep", SLEEP, "You got 290 minutes of sleep.", [named("290", "sleep_duration")]),
    ("sleep", SLEEP, "You slept 367 minutes.", []),
    ("sleep", SLEEP, "Your partner slept 290 minutes.", []),
    ("sleep", SLEEP, "You slept 290 minutes before the alarm.", []),
    ("training", TRAINING, "You slept 290 minutes.", [named("290", "sleep_duration")]),
    ("training", TRAINING, "You ran 4.1 mi.", [named("4.1", "distance")]),
    ("training", TRAINING, "You ran 4.1 miles today.", [named("4.1", "distance")]),
    ("training", TRAINING, "You ran 7 times this week.", [named("7", "runs_week")]),
    ("training", TRAINING, "You ran 4.1 mi this week.", []),
    ("training", TRAINING, "The tempo block ran 4.1 mi.", []),
    ("training", TRAINING, "You ran 4 intervals.", []),
    ("training", TRAINING, "You ran 3.03 mi.", []),
    ("plain", TRAINING, "You ran 4.1 mi.", []),
    ("product", PRODUCT, "3,100 people signed up this week.", [named("3,100", "signups")]),
    ("product", PRODUCT, "3,100 users signed up.", [named("3,100", "signups")]),
    ("product", PRODUCT, "This week, 3,100 people signed up.", [named("3,100", "signups")]),
    ("product", PRODUCT, "2,268 people signed up.", []),
    ("product", PRODUCT, "3,100 people signed up for the webinar.", []),
    ("product", PRODUCT, "We signed up 3,100 users.", []),
    ("plain", PRODUCT, "3,100 people signed up this week.", [named("3,100", "signups")]),
]

HEAD_NOUNS = [
    ("sleep", SLEEP, "Score: 80.", [named("80", "sleep_score")]),
    ("sleep", SLEEP, "Your score was 80 last night.", [named("80", "sleep_score")]),
    ("sleep", SLEEP, "Score came in at 80.", [named("80", "sleep_score")]),
    ("sleep", SLEEP, "Your score is 80% this morning.", [named("80", "sleep_score")]),
    ("sleep", SLEEP, "Score: 67.", []),
    ("sleep", SLEEP_TWO_SCORES, "Score: 80.", []),
    ("sleep", SLEEP, "Score: 80 bpm.", []),
    ("sleep", SLEEP, "Credit score: 80.", []),
    ("sleep", SLEEP, "Your score on the quiz was 80.", []),
    ("sleep", SLEEP, "Time: 290 min.", []),
    ("sleep", SLEEP, "Score: 80 on the quiz.", []),
    ("sleep", SLEEP, "Sleep 6.1 hours, score 80%.", [named("80", "sleep_score")]),
    ("training", TRAINING, "Sleep 8.2 hours, score 87%.", []),
    ("product", PRODUCT, "Score: 4.5 stars in the app store.", []),
    ("product", PRODUCT, "Score: 61.", [named("61", "nps")]),
    ("product", PRODUCT, "This week's score was 61.", [named("61", "nps")]),
    ("product", PRODUCT, "Score: 48.", []),
    ("training", TRAINING, "Score: 80%.", [named("80", "readiness")]),
    ("ops", OPS, "Rate: 3.1%.", []),
    ("ops", OPS, "Latency: 900 ms.", []),
    ("plain", SLEEP, "Score: 80.", [named("80", "sleep_score")]),
    ("plain", SLEEP_TWO_SCORES, "Score: 80.", []),
]

HR = [
    ("sleep", SLEEP, "HR: 58 bpm.", [named("58", "rhr")]),
    ("sleep", SLEEP, "HR was 58 bpm overnight.", [named("58", "rhr")]),
    ("sleep", SLEEP, "Your HR sat at 58 bpm.", [named("58", "rhr")]),
    ("sleep", SLEEP, "HR came in at 58.", [named("58", "rhr")]),
    ("sleep", SLEEP, "HR: 58 bpm, HRV: 51.", [named("58", "rhr"), named("51", "hrv")]),
    ("sleep", SLEEP, "HR: 49 bpm.", []),
    ("sleep", SLEEP, "Max HR hit 120 bpm.", []),
    ("sleep", SLEEP, "HR peaked at 120 bpm.", []),
    ("sleep", SLEEP, "HR averaged 58 bpm overnight.", []),
    ("plain", SLEEP, "HR: 58 bpm.", []),
    ("training", TRAINING, "HR: 120 bpm.", []),
    ("training", TRAINING, "HR was 120 bpm.", []),
    ("plain", HEARTS, "HR: 130 bpm.", []),
    ("plain", AVG_HR_ONLY, "HR: 130 bpm.", [named("130", "avg_hr")]),
    ("plain", AVG_HR_ONLY, "Your HR was 130 bpm.", [named("130", "avg_hr")]),
    ("finance", FINANCE, "HR has 4 people on it.", []),
]

AFTER_ACROSS = [
    ("sleep", SLEEP, "You spent 70 min in REM.", [named("70", "rem_sleep")]),
    ("sleep", SLEEP, "You spent 70 minutes in REM sleep.", [named("70", "rem_sleep")]),
    (
        "sleep",
        SLEEP,
        "70 min in REM, 41 min in deep sleep.",
        [named("70", "rem_sleep"), named("41", "deep_sleep")],
    ),
    (
        "sleep",
        SLEEP,
        "41 min deep sleep, 70 min REM.",
        [named("41", "deep_sleep"), named("70", "rem_sleep")],
    ),
    (
        "sleep",
        SLEEP,
        "Deep sleep came to 41 min, REM 70 min.",
        [named("41", "deep_sleep"), named("70", "rem_sleep")],
    ),
    (
        "sleep",
        SLEEP,
        "You logged 41 min of deep sleep and 70 min in REM.",
        [named("41", "deep_sleep"), named("70", "rem_sleep")],
    ),
    ("sleep", SLEEP, "You spent 103 min in REM.", []),
    ("plain", STAGES, "You spent 160 min in light sleep.", [named("160", "light_sleep")]),
    ("plain", STAGES, "You spent 70 min in REM sleep.", [named("70", "rem_sleep")]),
    (
        "plain",
        STAGES,
        "70 min in REM sleep, 160 min in light sleep.",
        [named("70", "rem_sleep"), named("160", "light_sleep")],
    ),
    (
        "ops",
        OPS,
        "260 ms p50, 900 ms p95.",
        [named("260", "p50_latency"), named("900", "p95_latency")],
    ),
    (
        "product",
        PRODUCT,
        "64,000 DAU, 3,100 signups.",
        [named("64,000", "dau"), named("3,100", "signups")],
    ),
    (
        "finance",
        FINANCE,
        "Cash came to $1,900,000, revenue $120,000.",
        [named("1,900,000", "cash"), named("120,000", "revenue_mtd")],
    ),
    ("finance", FINANCE, "We paid $2,000 in cash for the laptops.", []),
    ("sleep", SLEEP, "HRV, 51, is up.", [named("51", "hrv")]),
]


@pytest.mark.parametrize(
    ("domain", "pool", "text", "expected"), VERB_FORMS + HEAD_NOUNS + HR + AFTER_ACROSS
)
def test_name_forms(domain: str, pool: list, text: str, expected: list[tuple]) -> None:
    assert READERS[domain](text, pool) == expected
