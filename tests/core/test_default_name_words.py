"""A metric named by its unit and a word of its name, not by a name as configured.

Writers rarely use the config's exact words: "the usual resting rate" for the resting
baseline, "requests per second at the peak minute" for throughput, "time in app per
session" for session length. Where no name stands beside a number the band finds
unrelated, its sentence's words still say which known value of the number's unit is
meant: the one a name of which the sentence says in full ("deep stages" says "deep
sleep"; "usual", "normal" and "typical" say "baseline"), else the only one of that unit
a word of whose names the sentence holds. The number is then read as that value, past the
band, as a name would make it.

Each case: (text, pool, expected flags as (token, kind, nearest, basis)). The quiet cases
hold a number of a pool unit that the sentence says nothing of (a disk, a timeout), a plan,
or a faithful citation.
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
            "ms": ["ms", "milliseconds"],
            "rps": ["req/s", "rps", "requests per second"],
            "gb": ["GB", "gigabytes"],
        },
        "names": {
            "rhr": ["resting heart rate", "RHR", "resting pulse"],
            "rhr_baseline": ["RHR baseline", "resting baseline"],
            "avg_hr": ["average heart rate", "avg HR"],
            "throughput": ["throughput", "request rate"],
            "p95_latency": ["p95 latency", "p95"],
            "p50_latency": ["p50 latency", "median latency"],
            "disk_free": ["free disk", "disk headroom"],
            "session_length": ["session length"],
            "crash_free": ["crash-free sessions"],
            "deep_sleep": ["deep sleep"],
            "rem_sleep": ["REM sleep", "REM"],
            "latency": ["sleep latency", "time to fall asleep"],
            "sleep_duration": ["total sleep", "time asleep"],
            "hrv": ["HRV"],
            "hrv_baseline": ["HRV baseline"],
            "cash": ["cash", "bank balance"],
            "burn": ["burn", "net burn"],
            "awakenings": ["awakenings", "waking"],
            "alerts": ["alerts", "pages"],
            "experiments": ["experiments", "A/B tests"],
            "overdue_invoices": ["overdue invoices", "invoices past due"],
            "open_positions": ["open positions", "open roles"],
        },
    },
    source="test",
)
DEFAULT = DefaultDetector(CONFIG)


flags = flag_reader(DEFAULT, basis=True)


HEART = [K("rhr", 46, "bpm"), K("rhr_baseline", 50, "bpm"), K("avg_hr", 151, "bpm"),
         K("hrv", 53), K("hrv_baseline", 56)]  # fmt: skip
OPS = [K("p95_latency", 808, "ms"), K("p50_latency", 214, "ms"), K("throughput", 23606, "rps"),
       K("disk_free", 587, "gb")]  # fmt: skip
PRODUCT = [K("session_length", 6.6, "min"), K("crash_free", 98.8, "pct")]
SLEEP = [K("deep_sleep", 64, "min"), K("rem_sleep", 118, "min"), K("latency", 33, "min"),
         K("sleep_duration", 428, "min")]  # fmt: skip
MONEY = [K("cash", 512300, "usd"), K("burn", 160000, "usd")]

WORDS = [
    ("The usual resting rate is still 39 bpm.", HEART, [("39", "value", "rhr_baseline", "name")]),
    ("Your normal resting rate is 62 bpm.", HEART, [("62", "value", "rhr_baseline", "name")]),
    ("Resting rate this morning: 58 bpm.", HEART, [("58", "value", "rhr", "name")]),
    ("Resting rate this morning: 46 bpm.", HEART, []),
    ("The typical resting rate is 50 bpm.", HEART, []),
    (
        "17,661 requests per second at the peak minute (traffic).",
        OPS,
        [("17,661", "value", "throughput", "name")],
    ),
    ("Requests came in at 17,700 rps.", OPS, [("17,700", "value", "throughput", "name")]),
    # the words of a unit are words too: "requests per second" says "request rate"
    (
        "We served 9,000 requests per second. Throughput is fine.",
        OPS,
        [("9,000", "value", "throughput", "name")],
    ),
    ("A 512 GB volume was added to the pool.", OPS, []),
    ("The client timeout is 2,000 ms.", OPS, []),
    ("Median was 380 ms over the day.", OPS, [("380", "value", "p50_latency", "name")]),
    (
        "People spend 5.2 min per visit, our time in app per session.",
        PRODUCT,
        [("5.2", "value", "session_length", "name")],
    ),
    ("Sessions ran 4.1 min on average.", PRODUCT, [("4.1", "value", "session_length", "name")]),
    ("Deep stages came to 41 min.", SLEEP, [("41", "value", "deep_sleep", "name")]),
    ("Deep stages came to 64 min.", SLEEP, []),
    ("It took 55 minutes to fall asleep.", SLEEP, [("55", "value", "latency", "name")]),
    ("Do 40 minutes of deep breathing tonight.", SLEEP, []),
    ("The bank shows $410,000 on hand.", MONEY, [("410,000", "value", "cash", "name")]),
    ("We spent $4,000 on the offsite.", MONEY, []),
    # a word of the name far back, with other values of the unit: a part, not the whole
    (
        "The long run is done: 20.0 mi, with the last 6 miles at marathon pace.",
        [
            K("distance", 20.0, "mi"),
            K("long_run_distance", 20.0, "mi"),
            K("weekly_mileage", 68.7, "mi"),
        ],
        [],
    ),
]


@pytest.mark.parametrize(("text", "pool", "expected"), WORDS, ids=[c[0] for c in WORDS])
def test_the_unit_and_a_word_of_the_name_say_which_value(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_the_rule_has_a_dozen_sentences_in_several_domains() -> None:
    pools = {id(pool) for _, pool, _ in WORDS}
    assert len(WORDS) >= 12 and len(pools) >= 4


# A count of things whose words are a form of a count metric's name ("wake-ups" of
# "waking", "paged" of "pages"): the count states that metric, though no name as the
# config writes it stands beside it.
NIGHT = [K("awakenings", 6), K("hrv", 59), K("rem_sleep", 118, "min")]
ONCALL = [K("alerts", 4), K("incidents", 8)]
TEAM = [K("experiments", 10), K("overdue_invoices", 10), K("open_positions", 9)]

COUNTS = [
    ("Sleep was broken 7 times by short wake-ups.", NIGHT,
     [("7", "value", "awakenings", "name")]),
    ("Sleep was broken 6 times by short wake-ups.", NIGHT, []),
    ("You had 9 wake-ups overnight.", NIGHT, [("9", "value", "awakenings", "name")]),
    ("There were 6 wake-ups.", NIGHT, []),
    ("She checked the app 7 times before bed.", NIGHT, []),
    ("You woke up 10 times.", NIGHT, [("10", "value", "awakenings", "name")]),
    ("You were awake 10 times during the night.", NIGHT, [("10", "value", "awakenings", "name")]),
    ("You woke 6 times.", NIGHT, []),
    ("We were paged 11 times overnight.", ONCALL, [("11", "value", "alerts", "name")]),
    ("The pager went off 6 times.", ONCALL, [("6", "value", "alerts", "name")]),
    ("On-call was paged 4 times.", ONCALL, []),
    ("We ran 14 tests this sprint, all A/B.", TEAM, [("14", "value", "experiments", "name")]),
    ("Customers owe us 14 invoices that are overdue.", TEAM,
     [("14", "value", "overdue_invoices", "name")]),
    ("We are hiring for 12 roles.", TEAM, [("12", "value", "open_positions", "name")]),
    ("The team has 12 engineers.", TEAM, []),
    ("Repeat the drill 4 times.", ONCALL, []),
    ("Plan 12 roles by June.", TEAM, []),
    # a word of the name alone does not name a count: "interval" is not "intervals completed"
    ("The loop passes 9 lamp posts on the last interval.", [K("intervals_completed", 8)], []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "pool", "expected"), COUNTS, ids=[c[0] for c in COUNTS])
def test_a_count_named_by_a_form_of_the_name(text: str, pool, expected) -> None:
    assert flags(text, pool) == expected


def test_the_count_rule_has_a_dozen_sentences() -> None:
    assert len(COUNTS) >= 12 and len({id(pool) for _, pool, _ in COUNTS}) >= 3
