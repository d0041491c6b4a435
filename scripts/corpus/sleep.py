"""Sleep reports: a wearable app's morning summary of the night."""

from __future__ import annotations

from random import Random

from corpus.engine import NBSP, Ctx, Pool, cite, fmt, one, other, past, two
from corpus.metric import Metric

DOMAIN = "sleep"

MINUTES = [" min", " minutes", " mins", f"{NBSP}min"]
PCT = ["%", "%", " %", " percent", f"{NBSP}%"]

METRICS = [
    Metric(
        "sleep_duration",
        0,
        ["total sleep", "time asleep", "sleep time"],
        MINUTES,
        [
            "{Nc} came to {v}{u}.",
            "You logged {v}{u} of {N}.",
            "Last night: {v}{u} of {N}.",
            "{Nc} was {v}{u}, a little under your usual.",
            "Your {N} was {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} of {N} in all.",
            "The {N} ({v}{u}) is close to your goal.",
        ],
    ),
    Metric(
        "sleep_score",
        0,
        ["sleep score", "score", "overall sleep score"],
        PCT,
        [
            "Your {N} is {v}{u}.",
            "{Nc}: {v}{u}.",
            "Last night's {N} was {v}{u}.",
            "The {N} landed at {v}{u}, up on the week.",
            "We rated the night {v}{u} on the {N}.",
            "\n• {Nc}: {v}{u}\n",
            "The {N} ({v}{u}) is about average for you.",
        ],
    ),
    Metric(
        "efficiency",
        0,
        ["sleep efficiency", "efficiency"],
        PCT,
        [
            "{Nc} was {v}{u}.",
            "You spent {v}{u} of your time in bed asleep, which is your {N}.",
            "{Nc} held at {v}{u}.",
            "Your {N} came in at {v}{u}.",
        ],
    ),
    Metric(
        "deep_sleep",
        0,
        ["deep sleep", "slow-wave sleep", "deep"],
        MINUTES,
        [
            "{Nc} totalled {v}{u}.",
            "You got {v}{u} of {N}.",
            "{Nc} came to {v}{u}, mostly in the first half of the night.",
            "The {N} stage lasted {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "You banked {v}{u} of {N}, a solid amount. Noted.",
            "{Nc} (stage three) came to {v}{u}. Good.",
        ],
    ),
    Metric(
        "rem_sleep",
        0,
        ["REM sleep", "REM", "dream sleep"],
        MINUTES,
        [
            "{Nc} came to {v}{u}.",
            "You had {v}{u} of {N}.",
            "{Nc} was {v}{u}, clustered toward morning.",
            "The {N} total is {v}{u}.",
        ],
    ),
    Metric(
        "latency",
        0,
        ["sleep latency", "time to fall asleep", "latency"],
        MINUTES,
        [
            "{Nc} was {v}{u}.",
            "You fell asleep in {v}{u}, so {N} is fine.",
            "{Nc}: {v}{u}.",
            "It took {v}{u} to drop off, so {N} is in a healthy place.",
            "Your {N} came in at {v}{u}.",
        ],
    ),
    Metric(
        "awakenings",
        0,
        ["awakenings"],
        [" times", " times"],
        [
            "You woke up {v}{u} during the night.",
            "The ring counted you waking {v}{u}.",
            "You were up {v}{u} after midnight.",
            "Sleep was broken {v}{u} by short wake-ups.",
            "You stirred awake {v}{u}, mostly before two.",
        ],
        noun=True,
    ),
    Metric(
        "hrv",
        0,
        ["HRV", "average HRV", "overnight HRV", "heart rate variability"],
        [""],
        [
            "{Nc} averaged {v}.",
            "{Nc} is holding at {v}.",
            "Your {N} was {v} overnight.",
            "{Nc} came back at {v}, a good recovery sign.",
            "{Nc}: {v}.",
        ],
    ),
    Metric(
        "rhr",
        0,
        ["lowest heart rate", "resting heart rate", "resting HR"],
        [" bpm", " bpm", f"{NBSP}bpm", " beats per minute"],
        [
            "{Nc} dipped to {v}{u}.",
            "Your {N} was {v}{u}.",
            "{Nc} bottomed out at {v}{u} around three.",
            "{Nc}: {v}{u}.",
        ],
    ),
    Metric(
        "resp_rate",
        1,
        ["respiratory rate", "breathing rate"],
        [" breaths per minute", " br/min", " brpm"],
        [
            "{Nc} averaged {v}{u}.",
            "Your {N} was {v}{u}, steady all night.",
            "{Nc}: {v}{u}.",
            "{Nc} came in at {v}{u}, right on your norm.",
            "Overnight, {N} held at {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} was your {N}, steady all night.",
        ],
    ),
    Metric(
        "skin_temp",
        1,
        ["skin temperature", "temperature deviation", "skin temp"],
        [" °C", "°C", " °C"],
        [
            "{Nc} is {v}{u} from your baseline.",
            "Your {N} came in at {v}{u} against the norm.",
            "{Nc} ran {v}{u} relative to baseline.",
            "The {N} reading is {v}{u}.",
        ],
        signed=True,
        words=[
            ("{Nc} ran {v}{u} below baseline.", "{Nc} ran {v}{u} above baseline."),
            ("{Nc} dropped {v}{u}.", "{Nc} rose {v}{u}."),
            ("{Nc} is down {v}{u}.", "{Nc} is up {v}{u}."),
            ("{Nc} sat {v}{u} under your norm.", "{Nc} sat {v}{u} over your norm."),
        ],
    ),
    Metric(
        "spo2",
        0,
        ["blood oxygen", "SpO2", "average SpO2", "oxygen saturation"],
        PCT,
        [
            "{Nc} averaged {v}{u}.",
            "Your {N} stayed at {v}{u}.",
            "{Nc}: {v}{u}, nothing unusual.",
            "{Nc} held at {v}{u} through the night.",
            "Overnight {N} came to {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} {N} on average, nothing low.",
        ],
    ),
    Metric(
        "sleep_debt",
        1,
        ["sleep debt", "accumulated sleep debt"],
        [" hours", " h", " hrs"],
        [
            "{Nc} stands at {v}{u}.",
            "You are carrying {v}{u} of {N}.",
            "Your {N} is {v}{u} for the week.",
            "{Nc} is down to {v}{u}.",
            "That leaves {N} at {v}{u}.",
        ],
    ),
]


def pool(rng: Random) -> Pool:
    total = rng.randint(330, 530)
    entries: list[tuple[str, float, str]] = [
        ("sleep_duration", total, "min"),
        ("sleep_score", rng.randint(55, 95), "pct"),
        ("efficiency", rng.randint(78, 97), "pct"),
        ("deep_sleep", rng.randint(40, 120), "min"),
        ("rem_sleep", rng.randint(60, 130), "min"),
        ("latency", rng.randint(4, 35), "min"),
        ("awakenings", rng.randint(1, 7), "none"),
        ("hrv", rng.randint(30, 90), "none"),
        ("rhr", rng.randint(45, 68), "bpm"),
        ("resp_rate", round(rng.uniform(12, 18), 1), "brpm"),
        ("skin_temp", round(rng.choice([-1, 1]) * rng.uniform(0.1, 1.2), 1), "degc"),
        ("spo2", rng.randint(93, 99), "pct"),
        ("sleep_debt", round(rng.uniform(0.3, 4.5), 1), "h"),
    ]
    keep = {"sleep_duration", "sleep_score", "hrv", "skin_temp"}
    return [
        {"name": n, "value": v, "unit": u} for n, v, u in entries if n in keep or rng.random() < 0.7
    ]


OPENERS = [
    "Good morning, {who}.",
    "Here's your night, {who}.",
    "{who}, your sleep summary is ready.",
    "Morning {who} — a quick look at last night.",
    "Last night in numbers, {who}:",
    "Hi {who}. Sleep report below.",
]
CLOSERS = [
    "Sleep well tonight.",
    "We'll check in again tomorrow morning.",
    "Small habits add up.",
    "Have a calm day.",
    "Tap the night view for the full hypnogram.",
    "That's all for today.",
]
ATHLETES = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Farah", "Gus", "Hana", "Ivo", "June"]


def _clock(ctx: Ctx, hours: list[int]) -> str:
    return f"{ctx.rng.choice(hours)}:{ctx.rng.choice([0, 10, 15, 30, 40, 45]):02d}"


def _near(ctx: Ctx, name: str, low: float, high: float, fallback: float) -> float:
    try:
        return ctx.value(name) * ctx.rng.uniform(low, high)
    except KeyError:
        return fallback


def _rem_range(ctx: Ctx) -> tuple[str, str]:
    rem = _near(ctx, "rem_sleep", 0.85, 0.95, 90)
    low = int(round(rem / 5) * 5)
    return str(low), str(low + 20)


def stages(ctx: Ctx) -> None:
    total = int(ctx.value("sleep_duration"))
    h, m = divmod(total, 60)
    shape = ctx.voice.pick(
        [
            "You slept {d} in total.",
            "All told, {d} of sleep.",
            "The hypnogram shows {d} asleep.",
            "That adds up to {d}.",
        ]
    )
    token = f"{h}h {m:02d}m" if ctx.voice.chance(0.6) else f"{h}h{m}m"
    ctx.brief.say(shape, d=cite(token, "sleep_duration", "3"))


EXTRAS = [
    stages,
    past(
        [
            "Deep sleep went from {o} to {n} minutes over the month.",
            "Your deep sleep climbed from {o} min to {n} min since you moved workouts earlier.",
            "Deep sleep was {o} minutes a week ago and {n} minutes last night.",
            "Deep sleep has grown from {o} min to {n} min since the new bedtime.",
            "You used to get {o} minutes of deep sleep; last night it was {n}.",
        ],
        "deep_sleep",
        0,
        0.75,
        0.92,
    ),
    past(
        [
            "Your score climbed from {o} to {n} this week.",
            "The sleep score rose from {o}% to {n}%.",
            "Scores went from {o} on Monday to {n} today.",
            "Since Sunday your score has gone from {o} to {n}.",
            "The score moved up from {o}% to {n}% over four nights.",
        ],
        "sleep_score",
        0,
        0.85,
        0.95,
    ),
    one(
        [
            ("Aim to be in bed by {x} tonight.", lambda c: _clock(c, [22, 22, 23])),
            ("Lights out at {x} would give you a full cycle more.", lambda c: _clock(c, [22, 23])),
            ("You went to bed at {x}, later than usual.", lambda c: _clock(c, [23, 0])),
            ("Your alarm went off at {x}.", lambda c: _clock(c, [6, 7])),
            ("Try a wind-down routine starting at {x}.", lambda c: _clock(c, [21, 22])),
            ("You were up at {x} for a glass of water.", lambda c: _clock(c, [2, 3, 4])),
        ],
        "time",
        "3",
    ),
    one(
        [
            "Target {x} hours tonight.",
            "Try to get {x} hours of sleep before Friday's flight.",
            "Your goal is {x} hours on weeknights.",
            "Bank {x} hours tonight to chip away at the debt.",
        ],
        "plan",
        "9",
        lambda ctx: ctx.voice.pick(["7.5", "8", "8.5", "9"]),
    ),
    one(
        [
            "Keep the wind-down to a {x}-minute routine, screens off.",
            "Try {x} minutes of reading before bed.",
            "Plan a {x} minute walk after dinner.",
            "Hold off on caffeine for {x} minutes after waking.",
        ],
        "plan",
        "9",
        lambda ctx: str(round(_near(ctx, "latency", 1.0, 1.5, 20) / 5) * 5 or 10),
    ),
    one(
        [
            "Keep the efficiency above {x}% and you are in good shape.",
            "Aim for a score above {x} this week.",
            "Anything over {x}% efficiency counts as a good night.",
            "The goal is to stay above {x}% blood oxygen.",
        ],
        "plan",
        "9",
        lambda ctx: str(ctx.rng.choice([85, 88, 90, 92, 95])),
    ),
    two(
        [
            ("Most adults need between {a} and {b} hours.", lambda ctx: ("7", "9")),
            (
                "Seven to nine is the usual advice; you do best on {a} to {b} hours.",
                lambda ctx: ("7.5", "8.5"),
            ),
            ("Healthy latency is {a} to {b} minutes.", lambda ctx: ("10", "20")),
            ("Falling asleep in {a}-{b} min is ideal.", lambda ctx: ("10", "20")),
            ("A deep-sleep share of {a}-{b}% is typical.", lambda ctx: ("13", "23")),
            ("Keep the bedroom at {a}–{b} °C.", lambda ctx: ("16", "19")),
            ("Somewhere from {a} to {b} minutes of REM is normal for you.", _rem_range),
            (
                "Efficiency between {a} and {b}% is a good night for most people.",
                lambda ctx: ("85", "95"),
            ),
        ],
        "range",
        "10",
    ),
    two(
        [
            "That's {a} of the last {b} nights above your goal.",
            "You hit the bedtime target on {a} of {b} nights.",
            "{a} out of {b} nights this week were restful.",
            "Bedtime was on schedule {a} of the past {b} nights.",
            "You slept past your alarm on {a} of {b} mornings.",
        ],
        "count",
        "11",
        lambda ctx: (str(ctx.rng.randint(3, 6)), "7"),
    ),
    one(
        [
            "You had {x} cups of coffee after noon.",
            "The app logged {x} snoring episodes.",
            "There were {x} loud noise events near the window.",
            "You checked your phone {x} times after lights out.",
        ],
        "count",
        "11",
        lambda ctx: str(ctx.rng.randint(2, 9)),
    ),
    one(
        [
            ("Your bedroom was {x} °C, a touch warm.", lambda ctx: str(ctx.rng.randint(19, 25))),
            ("The room hit {x}°F around two.", lambda ctx: fmt(_near(ctx, "hrv", 0.9, 1.1, 70), 0)),
            (
                "You had {x} mg of caffeine after lunch.",
                lambda ctx: str(ctx.rng.choice([80, 95, 160, 200])),
            ),
            ("Noise peaked at {x} dB.", lambda ctx: fmt(_near(ctx, "hrv", 0.9, 1.1, 55), 0)),
            (
                "You drank {x} L of water after dinner.",
                lambda ctx: ctx.rng.choice(["0.5", "1", "1.2"]),
            ),
            ("You weighed in at {x} kg this morning.", lambda ctx: fmt(ctx.rng.uniform(52, 95), 1)),
            ("The bedroom cooled to {x}°C by morning.", lambda ctx: str(ctx.rng.randint(15, 19))),
            (
                "Evening light exposure was {x} lux, bright for that hour.",
                lambda ctx: str(ctx.rng.choice([120, 180, 250])),
            ),
        ],
        "foreign unit",
        "12",
    ),
    one(
        [
            "Room humidity sat at {x}%.",
            "Your phone battery was at {x}% when you went to bed.",
            "The moon was {x}% full.",
            "The bedroom humidity read {x}% at midnight.",
            "Your phone was at {x}% charge when you unplugged it.",
        ],
        "other quantity",
        None,
        lambda ctx: str(round(_near(ctx, "efficiency", 0.9, 1.08, 45))),
    ),
    one(
        [
            "The {x}-night average is what to watch.",
            "Over the past {x} nights, your rhythm has been steady.",
            "Your {x}-day trend is flat.",
            "Across {x} weeks of data, bedtime is drifting later.",
        ],
        "window",
        None,
        lambda ctx: str(ctx.rng.choice([7, 14, 30])),
    ),
    one(
        [
            "Ring firmware {x} improved stage detection.",
            "This report uses sleep model {x}.",
            "App version {x} adds naps to the timeline.",
            "Sleep staging now runs on algorithm {x}.",
            "The {x} app update changed how naps are counted.",
        ],
        "version",
        "3",
        lambda ctx: ctx.voice.pick(["3.1.2", "4.0", "2.16", "5.2.1"]),
    ),
    one(
        [
            "Your next sleep check-in is on {x}.",
            "Data since {x} is included.",
            "The travel week starts {x}.",
            "Your coaching call is booked for {x}.",
            "Your next lab test is on {x}; keep the routine steady until then.",
        ],
        "date",
        "3",
        lambda ctx: f"2026-12-{ctx.rng.randint(3, 28):02d}",
    ),
    one(
        [
            "This is night {x} of the sleep challenge.",
            "You are in week {x} of the program.",
            "Cycle {x} was the longest of the night.",
            "Tonight is round {x} of the consistency streak.",
            "Program lesson {x} is about caffeine.",
        ],
        "ordinal",
        "14",
        lambda ctx: str(ctx.rng.randint(2, 12)),
    ),
    lambda ctx: ctx.brief.say(
        ctx.voice.pick(
            [
                "Your resting rate is down {x} bpm from last week.",
                "That's {x} beats lower than Tuesday.",
                "Heart rate fell {x} bpm after midnight.",
                "Your heart rate is {x} bpm lower than on Monday.",
                "That is {x} beats under the weekly average.",
            ]
        ),
        x=other(str(ctx.rng.randint(2, 6)), "change", "14"),
    ),
]

FILLERS = [
    "Nothing unusual in the hypnogram.",
    "A consistent wake time helps more than anything else.",
    "Keep the room dark and cool.",
    "Your rhythm is settling in.",
]

DECOYS = {"degc": ["room_temp_delta", "core_temp_delta"]}
