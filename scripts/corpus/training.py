"""Coach briefs: a runner's morning note from recovery data and yesterday's session."""

from __future__ import annotations

from random import Random

from corpus.engine import NBSP, Ctx, Pool, cite, fmt, other
from corpus.metric import Metric

DOMAIN = "training"

BPM = [" bpm", " bpm", " bpm", f"{NBSP}bpm", " BPM", " beats per minute"]
MI = [" mi", " mi", " miles", f"{NBSP}mi", " mi"]
MINUTES = [" min", " minutes", " mins", " min"]
PCT = ["%", "%", " %", " percent", "%"]

METRICS = [
    Metric(
        "rhr",
        0,
        ["resting heart rate", "resting HR", "RHR", "your resting pulse", "morning heart rate"],
        BPM,
        [
            "{Nc} came in at {v}{u} this morning.",
            "{Nc} is {v}{u}, right where it has been all week.",
            "You woke with a {N} of {v}{u}.",
            "{Nc} sat at {v}{u} overnight, which is a good sign after Saturday.",
            "Your {N} ({v}{u}) tells me the long run is behind you.",
            "{Nc}: {v}{u}.",
            "First, the {N}: {v}{u}, nothing to worry about.",
            "The watch logged a {N} of {v}{u} when you woke.",
            "With {N} at {v}{u}, your body is not fighting anything.",
            "I like seeing the {N} settle at {v}{u}.",
            "{v}{u} {N} on waking, nice and steady.",
            "\n• {Nc}: {v}{u}\n",
            "Overnight numbers: {N} {v}{u}, the rest steady.",
            "The {N} ({v}{u}) looks settled.",
            "{v}{u}: that is your {N} this morning.",
        ],
    ),
    Metric(
        "rhr_baseline",
        0,
        ["baseline", "resting baseline", "usual resting rate", "RHR baseline"],
        BPM,
        [
            "That compares with a {N} of {v}{u}.",
            "Your {N} is {v}{u} for context.",
            "The {N} is still {v}{u}.",
            "For reference, the {N} sits at {v}{u}.",
            "Keep in mind your {N} of {v}{u}.",
        ],
    ),
    Metric(
        "hrv",
        0,
        ["HRV", "heart rate variability", "your HRV", "overnight HRV"],
        [""],
        [
            "{Nc} is {v}, up from where it was on Tuesday.",
            "{Nc} is holding at {v}.",
            "Overnight, {N} landed at {v}.",
            "{Nc} reads {v} today.",
            "Your {N} of {v} is the number I care about most this week.",
            "The reading we got for {N} was {v}, which is solid.",
            "{Nc} bounced to {v}.",
            "The {N} number is {v}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (overnight average): {v}.",
            "{v} for {N} overnight, a solid one.",
            "The watch has {N} at {v}.",
        ],
    ),
    Metric(
        "hrv_baseline",
        0,
        ["HRV baseline", "usual HRV", "rolling HRV norm"],
        [""],
        [
            "Your {N} is {v}.",
            "That is against a {N} of {v}.",
            "The {N} sits at {v}.",
            "Compare it with the {N}, {v}.",
        ],
    ),
    Metric(
        "sleep_score",
        0,
        ["sleep score", "sleep rating", "overnight sleep score"],
        PCT,
        [
            "{Nc} was {v}{u}.",
            "The {N} you logged was {v}{u}.",
            "Last night's {N} came in at {v}{u}, not bad for a travel night.",
            "The {N} reads {v}{u}.",
            "{Nc}: {v}{u}, so sleep is not the limiter right now.",
            "\n• {Nc}: {v}{u}\n",
            "Your {N}'s {v}{u}, fine for a Monday.",
            "{v}{u} on the {N}, nothing to fix.",
        ],
    ),
    Metric(
        "sleep_duration",
        0,
        ["sleep", "time asleep", "total sleep"],
        MINUTES,
        [
            "You got {v}{u} of {N}.",
            "Sleep totalled {v}{u} on the tracker.",
            "The tracker logged {v}{u} of {N}.",
            "Your {N} came to {v}{u} last night.",
        ],
    ),
    Metric(
        "tsb",
        1,
        ["training stress balance", "TSB", "form", "your TSB", "stress balance"],
        [""],
        [
            "{Nc} is {v}.",
            "{Nc} sits at {v} after the weekend block.",
            "We are at a {N} of {v}.",
            "{Nc} came out at {v} on the dashboard.",
            "Your {N} is now {v}, which is the productive kind of tired.",
            "{Nc} reads {v} this morning.",
            "On the load side, {N} is {v}.",
            "With {N} at {v}, we keep the easy days honest.",
            "The model puts {N} at {v}.",
        ],
        signed=True,
        words=[
            ("{Nc} is minus {v}.", "{Nc} is plus {v}."),
            ("{Nc} sits {v} in the red.", "{Nc} sits {v} in the green."),
            ("{Nc} is down at {v} below zero.", "{Nc} is up at {v} above zero."),
            ("{Nc} dipped to negative {v}.", "{Nc} climbed to positive {v}."),
        ],
    ),
    Metric(
        "ctl",
        1,
        ["fitness", "CTL", "chronic training load", "fitness (CTL)"],
        [""],
        [
            "{Nc} is {v} and still climbing.",
            "{Nc} sits at {v}.",
            "Your {N} is at {v}, the highest of the cycle.",
            "{Nc} reads {v} on the chart.",
            "The {N} figure is {v}.",
        ],
    ),
    Metric(
        "atl",
        1,
        ["fatigue", "ATL", "acute load", "fatigue (ATL)"],
        [""],
        [
            "{Nc} is {v}.",
            "{Nc} has risen to {v}.",
            "Your {N} is sitting at {v}, high but fine.",
            "{Nc} reads {v}.",
        ],
    ),
    Metric(
        "distance",
        2,
        ["run", "distance", "session", "easy run", "outing"],
        MI,
        [
            "Yesterday's {N} covered {v}{u}.",
            "You ran {v}{u} yesterday.",
            "The {N} came out at {v}{u} on the watch.",
            "Yesterday was {v}{u} of steady running.",
            "You logged {v}{u} on the {N} yesterday.",
            "That {N} of {v}{u} was exactly what the plan asked for.",
            "Your {N} yesterday: {v}{u}.",
            "{v}{u} of {N} yesterday, all easy.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} was the {N}, all on the flat loop. Fine.",
        ],
        round_to=None,
    ),
    Metric(
        "duration",
        0,
        ["run", "session", "outing"],
        MINUTES,
        [
            "It took you {v}{u}.",
            "The {N} lasted {v}{u}.",
            "You were out for {v}{u}.",
            "Moving time on the {N} was {v}{u}.",
        ],
    ),
    Metric(
        "avg_hr",
        0,
        ["average heart rate", "average HR", "avg HR", "heart rate"],
        BPM,
        [
            "{Nc} was {v}{u}.",
            "You averaged {v}{u} for the whole run.",
            "The {N} came to {v}{u}, squarely aerobic.",
            "{Nc} on the session: {v}{u}.",
            "That {N} of {v}{u} says you kept it easy.",
            "{v}{u} was your {N} on the run.",
            "\n• {Nc}: {v}{u}\n",
            "The {N} ({v}{u}) stayed aerobic.",
        ],
    ),
    Metric(
        "weekly_mileage",
        1,
        ["weekly mileage", "week's total", "mileage for the week", "week-to-date total"],
        MI,
        [
            "Your {N} is {v}{u}.",
            "You are at {v}{u} for the week.",
            "The {N} stands at {v}{u}.",
            "That brings the {N} to {v}{u}.",
            "{Nc}: {v}{u} so far.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} is the {N} so far.",
            "The {N} ({v}{u}) is right on plan.",
        ],
    ),
    Metric(
        "readiness",
        0,
        ["readiness", "readiness score", "recovery score"],
        PCT,
        [
            "{Nc} sits at {v}{u}.",
            "Your {N} is {v}{u} today.",
            "The app puts {N} at {v}{u}.",
            "{Nc} came in at {v}{u}.",
        ],
    ),
    Metric(
        "steps",
        0,
        ["steps", "step count"],
        [" steps"],
        [
            "You walked {v}{u} yesterday on top of the run.",
            "Yesterday's count came to {v}{u}.",
            "The watch logged {v}{u}.",
            "Your {N} came to {v}{u}, plenty of easy movement.",
            "{Nc} for the day: {v}{u}.",
        ],
        comma=True,
    ),
    Metric(
        "runs_week",
        0,
        ["runs"],
        [" runs"],
        [
            "You have {v}{u} in the log this week.",
            "That is {v}{u} so far this week.",
            "This week's log shows {v}{u}.",
            "Counting yesterday, {v}{u} are done this week.",
        ],
        noun=True,
    ),
    Metric(
        "vo2max",
        1,
        ["VO2max estimate", "VO2max", "estimated VO2max"],
        [""],
        [
            "Your {N} is {v}.",
            "The {N} ticked to {v}.",
            "{Nc} is unchanged at {v}.",
            "The watch now puts your {N} at {v}.",
            "{Nc} crept up to {v} after the tempo block.",
        ],
    ),
]


def pool(rng: Random) -> Pool:
    rhr = rng.randint(44, 66)
    hrv = rng.randint(38, 95)
    ctl = round(rng.uniform(35, 80), 1)
    tsb = round(rng.choice([-1, -1, -1, 1]) * rng.uniform(2, 28), 1)
    distance = round(rng.uniform(3, 14), 2)
    entries: list[tuple[str, float, str]] = [
        ("rhr", rhr, "bpm"),
        ("rhr_baseline", rhr + rng.choice([-4, -3, -2, 2, 3, 4, 5]), "bpm"),
        ("hrv", hrv, "none"),
        ("hrv_baseline", hrv + rng.choice([-8, -5, -3, 3, 5, 8]), "none"),
        ("sleep_score", rng.randint(58, 94), "pct"),
        ("sleep_duration", rng.randint(360, 520), "min"),
        ("tsb", tsb, "none"),
        ("ctl", ctl, "none"),
        ("atl", round(ctl - tsb, 1), "none"),
        ("distance", distance, "mi"),
        ("duration", round(distance * rng.uniform(7.8, 10.5)), "min"),
        ("avg_hr", rng.randint(128, 162), "bpm"),
        ("weekly_mileage", round(rng.uniform(20, 65), 1), "mi"),
        ("readiness", rng.randint(45, 95), "pct"),
        ("steps", rng.randint(6000, 22000), "steps"),
        ("runs_week", rng.randint(3, 7), "none"),
        ("vo2max", round(rng.uniform(44, 62), 1), "none"),
    ]
    if rng.random() < 0.35:  # a coincidental unitless value near the form figure's magnitude
        entries.append(("sleep_debt", round(abs(tsb) * rng.uniform(0.985, 1.015), 1), "none"))
    keep = {"rhr", "hrv", "tsb", "distance"}
    return [
        {"name": n, "value": v, "unit": u}
        for n, v, u in entries
        if n in keep or rng.random() < 0.75
    ]


OPENERS = [
    "Good morning, {who}!",
    "Morning {who}.",
    "Hi {who}, here's today.",
    "{who}, quick check-in before you head out.",
    "Hey {who} — recovery first, then the plan.",
    "Status for {who}:",
    "Happy Thursday, {who}.",
    "Here is where you stand, {who}.",
]
CLOSERS = [
    "See you Sunday!",
    "Enjoy it and report back.",
    "Keep it easy and smile at somebody on the trail.",
    "Message me if anything feels off.",
    "Good work this week.",
    "Trust the process.",
    "That's it from me. Go get it.",
    "Fuel well tonight.",
]
ATHLETES = ["Maya", "Jonas", "Priya", "Tom", "Aiko", "Luis", "Sam", "Grace", "Olu", "Mei"]


def _has(ctx: Ctx, name: str) -> bool:
    return any(k["name"] == name for k in ctx.pool)


def plan_tomorrow(ctx: Ctx) -> None:
    base = ctx.value("distance")
    d = round(base * ctx.rng.uniform(0.85, 1.2))
    shape = ctx.voice.pick(
        [
            "Tomorrow: {d} mi easy, flat route.",
            "Next up: {d} mi at conversational pace.",
            "Plan for Friday is {d} miles with the last two a touch quicker.",
            "Aim for {d} mi tomorrow and not a step more.",
            "Keep tomorrow to {d} mi, no watch-checking.",
            "The goal on Saturday is {d} mi on trails.",
            "Pencil in {d} mi for the weekend long run.",
        ]
    )
    ctx.brief.say(shape, d=other(str(d), "plan", "9"))


def hold_below(ctx: Ctx) -> None:
    ref = ctx.value("avg_hr") if _has(ctx, "avg_hr") else ctx.value("rhr") * 2.6
    cap = int(round(ref * ctx.rng.uniform(0.97, 1.1) / 5) * 5)
    shape = ctx.voice.pick(
        [
            "On the climbs, hold it below {c} bpm.",
            "Keep your heart rate under {c} bpm today.",
            "Cap the effort at {c} bpm; walk the hills if you have to.",
            "If you see {c} bpm, back off.",
            "Target: stay below {c} bpm for the first half.",
            "Don't let it drift above {c} bpm.",
        ]
    )
    ctx.brief.say(shape, c=other(str(cap), "plan", "9"))


def target_pct(ctx: Ctx) -> None:
    p = ctx.rng.choice([70, 75, 80, 85, 90])
    shape = ctx.voice.pick(
        [
            "Target {p}% of max on the strides, no more.",
            "Run the tempo at about {p}% effort.",
            "Aim to finish feeling {p}% recovered.",
            "Keep the reps around {p}% of your best effort.",
        ]
    )
    ctx.brief.say(shape, p=other(str(p), "plan", "9"))


def planned_minutes(ctx: Ctx) -> None:
    m = ctx.rng.choice([20, 25, 30, 35, 40, 45, 50, 60])
    shape = ctx.voice.pick(
        [
            "A {m}-minute progression is planned for Friday.",
            "Thursday is a {m} minute easy spin on the bike.",
            "Do {m} minutes of mobility tonight.",
            "Then {m} min of easy jogging to cool down.",
            "Budget {m} minutes for the strength circuit.",
        ]
    )
    ctx.brief.say(shape, m=other(str(m), "plan", "9"))


def range_words(ctx: Ctx) -> None:
    d = ctx.value("distance")
    a = max(2, round(d * ctx.rng.uniform(0.6, 0.9)))
    b = a + ctx.rng.choice([1, 1, 2])
    shape = ctx.voice.pick(
        [
            "Today is {a} to {b} miles on soft ground.",
            "Go between {a} and {b} mi, whatever feels right.",
            "Somewhere from {a} to {b} mi is plenty.",
            "Recovery shuffle: {a}-{b} mi, conversational the whole way.",
            "Keep it to {a}–{b} miles.",
            "Run up to {b} mi, but {a} is fine too.",
        ]
    )
    cls = "2" if "-" in shape or "–" in shape else "10"
    ctx.brief.say(shape, a=other(str(a), "range", cls), b=other(str(b), "range", cls))


def range_minutes(ctx: Ctx) -> None:
    a = ctx.rng.choice([25, 30, 35, 40, 45])
    b = a + ctx.rng.choice([5, 10, 15])
    shape = ctx.voice.pick(
        [
            "Warm up for {a} to {b} minutes.",
            "The run should take {a}-{b} min.",
            "Expect to be out {a} to {b} minutes.",
            "Spend between {a} and {b} minutes on the bike instead if your calf complains.",
        ]
    )
    cls = "2" if "-" in shape else "10"
    ctx.brief.say(shape, a=other(str(a), "range", cls), b=other(str(b), "range", cls))


def hr_range(ctx: Ctx) -> None:
    ref = ctx.value("avg_hr") if _has(ctx, "avg_hr") else 140
    a = int(round(ref * ctx.rng.uniform(0.92, 1.0) / 5) * 5)
    b = a + 10
    shape = ctx.voice.pick(
        [
            "Easy pace means from {a} to {b} bpm.",
            "Keep the heart rate between {a} and {b} bpm.",
            "Your aerobic zone runs {a} to {b} bpm.",
            "Stay in the {a}–{b} bpm band.",
        ]
    )
    cls = "2" if "–" in shape else "10"
    ctx.brief.say(shape, a=other(str(a), "range", cls), b=other(str(b), "range", cls))


def n_of_m(ctx: Ctx) -> None:
    m = ctx.rng.randint(4, 7)
    k = m - ctx.rng.randint(0, 2)
    shape = ctx.voice.pick(
        [
            "You hit {k} of the {m} sessions as written.",
            "{k} of {m} runs this block were at the right effort.",
            "That makes {k} out of {m} planned workouts done.",
            "You nailed {k} of the {m} reps on pace.",
        ]
    )
    ctx.brief.say(shape, k=other(str(k), "count", "11"), m=other(str(m), "count", "11"))


def count_things(ctx: Ctx) -> None:
    n = ctx.rng.choice([6, 8, 10, 12, 21, 23, 30])
    shape, cls = ctx.voice.pick(
        [
            ("Finish with {n} strides on the grass.", "7"),
            ("Add {n} hill repeats if the legs feel springy.", "7"),
            ("Do {n} walking lunges each side after.", "11"),
            ("You did {n} strides last week and they looked sharp.", "7"),
            ("Throw in {n} push-ups between sets.", "11"),
            ("Cadence drills: {n} quick skips down the straight.", "11"),
            ("The session had {n} surges of twenty seconds.", "11"),
        ]
    )
    ctx.brief.say(shape, n=other(str(n), "count", cls))


def weather(ctx: Ctx) -> None:
    hrv = ctx.value("hrv")
    temp = round(hrv * ctx.rng.uniform(0.9, 1.1))
    shape = ctx.voice.pick(
        [
            "It will be {t}°F at the start, so dress light.",
            "Forecast says {t} °F and humid.",
            "Expect {t}°F by the time you finish.",
            "It's {t}°F and windy out there.",
        ]
    )
    ctx.brief.say(shape, t=other(str(temp), "foreign unit", "12"))


def foreign_units(ctx: Ctx) -> None:
    ctl = ctx.value("ctl") if _has(ctx, "ctl") else 60
    shape, value, dec = ctx.voice.pick(
        [
            ("You're carrying {x} kg right now; no need to cut.", ctl * ctx.rng.uniform(1, 1.2), 1),
            ("Drink {x} L of water before lunch.", ctx.rng.uniform(1, 2.5), 1),
            ("The warm-up loop is {x} km.", ctx.rng.uniform(2, 6), 1),
            ("Burned roughly {x} kcal on that one.", ctx.rng.uniform(500, 1100), 0),
            ("That climb gains {x} m over the first mile.", ctx.rng.uniform(40, 90), 0),
            ("Power averaged {x} W on the bike.", ctx.rng.uniform(150, 240), 0),
            ("Take {x} g of carbs per hour on the long run.", ctx.rng.choice([60, 75, 90]), 0),
            ("Rest {x} sec between reps.", ctx.rng.choice([45, 60, 75, 90]), 0),
        ]
    )
    ctx.brief.say(shape, x=other(fmt(value, dec), "foreign unit", "12"))


def past_value(ctx: Ctx) -> None:
    if _has(ctx, "ctl"):
        new = ctx.value("ctl")
        old = round(new * ctx.rng.uniform(0.82, 0.95), 1)
        shape = ctx.voice.pick(
            [
                "Fitness climbed from {o} to {n} over the block.",
                "CTL went from {o} a month ago to {n} now.",
                "Your fitness has gone up from {o} to {n}.",
                "Six weeks ago CTL was {o}; today it is {n}.",
            ]
        )
        ctx.brief.say(shape, o=other(fmt(old, 1), "past value", "14"), n=cite(fmt(new, 1), "ctl"))
        return
    new = ctx.value("rhr")
    old = new + ctx.rng.choice([2, 3, 4])
    shape = ctx.voice.pick(
        [
            "Resting HR dropped from {o} to {n} bpm.",
            "It was {o} bpm last week and is {n} bpm now.",
            "Resting heart rate has come down from {o} to {n} bpm over the block.",
            "From {o} bpm at the start of the month, you are down to {n} bpm.",
        ]
    )
    ctx.brief.say(shape, o=other(str(old), "past value", "14"), n=cite(str(int(new)), "rhr"))


def version(ctx: Ctx) -> None:
    shape = ctx.voice.pick(
        [
            "The watch updated to firmware {v} overnight, so check the GPS.",
            "App build {v} changed how sleep is scored.",
            "After the {v} update, HRV readings look smoother.",
            "If you're still on version {v}, update before Sunday.",
        ]
    )
    token = ctx.voice.pick(["12.2", "4.11", "22.3", "5.08", "19.1", "7.3"])
    ctx.brief.say(shape, v=other(token, "version", "14"))


def ordinal(ctx: Ctx) -> None:
    a = ctx.rng.randint(2, 4)
    b = a + ctx.rng.randint(0, 2)
    shape = ctx.voice.pick(
        [
            "We are in block {a} of {b}.",
            "This is week {a} of the {b}-week build.",
            "Rep {a} is the one that tells the truth.",
            "Day {a} of the taper.",
        ]
    )
    ctx.brief.say(shape, a=other(str(a), "ordinal", "14"), b=other(str(b), "ordinal", "14"))


def placing(ctx: Ctx) -> None:
    place = ctx.rng.choice(["2nd", "3rd", "4th", "5th", "7th", "11th"])
    field_size = ctx.rng.randint(18, 60)
    shape = ctx.voice.pick(
        [
            "You finished {a} in your age group out of {b}, on tired legs.",
            "Placing {a} of {b} at the parkrun is a nice bonus.",
            "That {a} place out of {b} runners came from pacing, not luck.",
            "A {a} out of {b} on a hilly course is a strong result.",
            "You crossed the line {a} of {b} in the club handicap.",
        ]
    )
    ctx.brief.say(shape, a=other(place, "ordinal", "14"), b=other(str(field_size), "count", "11"))


def clock_time(ctx: Ctx) -> None:
    h = ctx.rng.choice([5, 6, 6, 7])
    m = ctx.rng.choice([15, 30, 45, 50])
    shape = ctx.voice.pick(
        [
            "Start at {t} before the heat.",
            "Group run leaves at {t} from the usual spot.",
            "You were out the door at {t} yesterday, which is early.",
            "Sunrise is at {t}, so bring a light.",
        ]
    )
    ctx.brief.say(shape, t=other(f"{h}:{m:02d}", "time", "3"))


def pace(ctx: Ctx) -> None:
    mins = ctx.rng.randint(7, 10)
    secs = ctx.rng.choice([0, 10, 15, 30, 45])
    shape = ctx.voice.pick(
        [
            "Average pace was {p}/mi.",
            "Run the middle miles at {p}/mi.",
            "You held {p} per mile on the flats.",
            "Keep the easy pace slower than {p}/mi.",
        ]
    )
    ctx.brief.say(shape, p=other(f"{mins}:{secs:02d}", "pace", "3"))


def race_date(ctx: Ctx) -> None:
    day = ctx.rng.randint(1, 28)
    month = ctx.rng.choice([1, 2, 3, 4, 10, 11])
    shape = ctx.voice.pick(
        [
            "Race day is {d}, so there is time.",
            "Your half is on {d}.",
            "The next check-in is {d}.",
            "Registration for the marathon closes {d}.",
            "We reassess the plan on {d}.",
        ]
    )
    ctx.brief.say(shape, d=other(f"2027-{month:02d}-{day:02d}", "date", "3"))


def window(ctx: Ctx) -> None:
    n = ctx.rng.choice([7, 14, 28, 42])
    shape = ctx.voice.pick(
        [
            "The {n}-day trend is what matters, not one night.",
            "Over the last {n} days, things have been steady.",
            "Look at the {n} day average before you worry.",
            "Your {n}-week load ramp is gentle.",
        ]
    )
    ctx.brief.say(shape, n=other(str(n), "window"))


def sleep_clock(ctx: Ctx) -> None:
    if not _has(ctx, "sleep_duration"):
        return window(ctx)
    total = int(ctx.value("sleep_duration"))
    shape = ctx.voice.pick(
        [
            "You slept {d}, which is enough.",
            "Sleep came to {d} last night.",
            "The tracker shows {d} asleep.",
            "Total time asleep: {d}.",
            "Your night added up to {d}.",
        ]
    )
    h, m = divmod(total, 60)
    token = f"{h}h {m:02d}m" if ctx.voice.chance(0.7) else f"{h}h{m}m"
    ctx.brief.say(shape, d=cite(token, "sleep_duration", "3"))


def sleep_hours_goal(ctx: Ctx) -> None:
    h = ctx.rng.choice(["8", "8.5", "9", "7.5"])
    shape = ctx.voice.pick(
        [
            "Aim for {h} hours tonight.",
            "Try to get {h} hours of sleep before the long run.",
            "Bed early: {h} hours is the goal.",
            "Get {h} hours in tonight if you can.",
            "Protect {h} hours of sleep before Saturday.",
        ]
    )
    ctx.brief.say(shape, h=other(h, "plan", "9"))


def intervals(ctx: Ctx) -> None:
    reps = ctx.rng.choice([6, 8, 10, 12])
    dist = ctx.rng.choice([200, 400, 800])
    shape = ctx.voice.pick(
        [
            "Main set: {r} x {d} m at {k} effort.",
            "Today is {r} × {d} m with easy jog recoveries.",
            "Hit {r} reps of {d} m on the track.",
            "Session: {r} by {d} m at {k} effort, walk back between.",
            "Do {r} repeats of {d} m, smooth rather than fast.",
        ]
    )
    ctx.brief.say(
        shape,
        r=other(str(reps), "count", "11"),
        d=other(str(dist), "foreign unit", "12"),
        k=other(ctx.voice.pick(["5K", "10K", "3K"]), "foreign unit", "12"),
    )


def tsb_words_plan(ctx: Ctx) -> None:
    t = ctx.rng.choice([10, 15, 20])
    shape = ctx.voice.pick(
        [
            "If form drops below minus {t}, we pull Thursday.",
            "We want TSB no lower than −{t} before the race.",
            "Let form drift down to -{t} at most.",
            "Form can sit around −{t} for a few days; that is fine.",
            "Below minus {t} we back off, no debate.",
        ]
    )
    token = f"−{t}" if "−" in shape else (f"-{t}" if "-{t}" in shape else str(t))
    shape = shape.replace("−{t}", "{t}").replace("-{t}", "{t}")
    ctx.brief.say(shape, t=other(token, "plan", "9"))


EXTRAS = [
    plan_tomorrow,
    hold_below,
    target_pct,
    planned_minutes,
    range_words,
    range_minutes,
    hr_range,
    n_of_m,
    count_things,
    weather,
    foreign_units,
    past_value,
    version,
    ordinal,
    placing,
    clock_time,
    pace,
    race_date,
    window,
    sleep_clock,
    sleep_hours_goal,
    intervals,
    tsb_words_plan,
]

FILLERS = [
    "The legs will thank you later.",
    "Nothing else stands out.",
    "Listen to the body over the plan today.",
    "Consistency is doing the heavy lifting.",
]

DECOYS = {"none": ["sleep_debt_hours", "rpe_avg", "monotony"]}
