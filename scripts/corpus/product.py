"""Product analytics: a product manager's weekly metrics digest for the team."""

from __future__ import annotations

from random import Random

from corpus.engine import NBSP, Ctx, Pool, fmt, one, past, two
from corpus.metric import Metric

DOMAIN = "product"

PCT = ["%", "%", " %", " percent", f"{NBSP}%"]

METRICS = [
    Metric(
        "dau",
        0,
        ["daily active users", "DAU", "daily actives"],
        [""],
        [
            "{Nc} came in at {v}.",
            "{Nc} averaged {v} this week.",
            "We hit {v} {N} on Tuesday.",
            "{Nc}: {v}, the best week since launch.",
            "The {N} number is {v}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (all platforms) came to {v}{u}.",
        ],
        comma=True,
    ),
    Metric(
        "wau",
        0,
        ["weekly active users", "WAU", "weekly actives"],
        [""],
        [
            "{Nc} reached {v}.",
            "{Nc} is {v}.",
            "We ended the week with {v} {N}.",
            "{Nc} came to {v}.",
            "The {N} count stands at {v}.",
        ],
        comma=True,
    ),
    Metric(
        "signups",
        0,
        ["signups", "new accounts"],
        [" signups", " new signups", " sign-ups"],
        [
            "We got {v}{u} this week.",
            "Marketing drove {v}{u}.",
            "The funnel produced {v}{u}.",
            "There were {v}{u}, mostly from the webinar.",
        ],
        comma=True,
        noun=True,
    ),
    Metric(
        "conversion",
        1,
        ["trial-to-paid conversion", "conversion", "conversion rate", "checkout conversion"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} came in at {v}{u}.",
            "{Nc} held steady at {v}{u}.",
            "We converted {v}{u} of trials, which is our {N}.",
            "{Nc} for the week: {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (paid plans only) is {v}{u}.",
        ],
    ),
    Metric(
        "retention_d7",
        1,
        ["D7 retention", "day-7 retention", "week-one retention", "seven-day retention"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} for the new cohort is {v}{u}.",
            "{Nc} came in at {v}{u}.",
            "{Nc} sits at {v}{u}.",
        ],
    ),
    Metric(
        "churn",
        1,
        ["monthly churn", "churn", "logo churn"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} ticked to {v}{u}.",
            "{Nc} for November: {v}{u}.",
            "{Nc} came in at {v}{u}.",
            "We lost {v}{u} of accounts, our {N}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (paying accounts) came to {v}{u}.",
        ],
    ),
    Metric(
        "arpu",
        2,
        ["ARPU", "average revenue per user", "revenue per user"],
        [" USD", " dollars"],
        [
            "{Nc} is {v}{u}.",
            "{Nc} rose to {v}{u}.",
            "{Nc} came in at {v}{u} a month.",
            "We are at {v}{u} in {N}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (paying users) came to {v}{u}.",
        ],
        prefix=["$", "$"],
    ),
    Metric(
        "nps",
        0,
        ["NPS", "net promoter score", "NPS score"],
        [""],
        [
            "{Nc} is {v}.",
            "{Nc} came back at {v}.",
            "Our {N} landed at {v}.",
            "{Nc}: {v}.",
        ],
        signed=True,
        words=[
            ("{Nc} is minus {v} this round.", "{Nc} is plus {v} this round."),
            ("{Nc} sits at negative {v}.", "{Nc} sits at positive {v}."),
            ("{Nc} went negative, at minus {v}.", "{Nc} stayed positive, at plus {v}."),
            ("{Nc} fell below zero to {v} under.", "{Nc} held above zero at {v} over."),
        ],
    ),
    Metric(
        "session_length",
        1,
        ["average session length", "session length", "time in app per session", "median session"],
        [" min", " minutes", " mins"],
        [
            "{Nc} is {v}{u}.",
            "{Nc} came to {v}{u}.",
            "People spend {v}{u} per visit, our {N}.",
            "{Nc} grew to {v}{u}.",
        ],
    ),
    Metric(
        "dau_change",
        1,
        ["DAU change week over week", "change in daily actives", "DAU trend"],
        PCT,
        [
            "The {N} is {v}{u}.",
            "{Nc}: {v}{u}.",
            "We logged a {N} of {v}{u}.",
            "The dashboard has the {N} at {v}{u}.",
            "On the {N}: {v}{u}.",
        ],
        signed=True,
        words=[
            ("DAU slipped {v}{u} week over week.", "DAU grew {v}{u} week over week."),
            ("Daily actives fell {v}{u}.", "Daily actives rose {v}{u}."),
            ("DAU is down {v}{u} on last week.", "DAU is up {v}{u} on last week."),
            ("We lost {v}{u} of daily actives.", "We gained {v}{u} in daily actives."),
        ],
    ),
    Metric(
        "crash_free",
        2,
        ["crash-free rate", "crash-free session rate", "stability"],
        PCT,
        [
            "{Nc} is at {v}{u}.",
            "{Nc} came in at {v}{u}.",
            "We hit {v}{u} on {N}.",
            "{Nc} held at {v}{u}.",
            "Our {N} is {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (iOS and Android) is {v}{u}.",
        ],
    ),
    Metric(
        "experiments",
        0,
        ["experiments"],
        [" experiments", " live experiments", " A/B tests"],
        [
            "We are running {v}{u}.",
            "There are {v}{u} in flight.",
            "Growth has {v}{u} going.",
            "We have {v}{u} running.",
            "The experiment board shows {v}{u}.",
        ],
        noun=True,
    ),
]


def pool(rng: Random) -> Pool:
    dau = rng.randint(2_000, 90_000)
    entries: list[tuple[str, float, str]] = [
        ("dau", dau, "none"),
        ("wau", round(dau * rng.uniform(2.4, 4.2)), "none"),
        ("signups", rng.randint(80, 4_000), "none"),
        ("conversion", round(rng.uniform(1.5, 9), 1), "pct"),
        ("retention_d7", round(rng.uniform(18, 55), 1), "pct"),
        ("churn", round(rng.uniform(1, 7), 1), "pct"),
        ("arpu", round(rng.uniform(3, 60), 2), "usd"),
        ("nps", rng.choice([-1, 1, 1, 1]) * rng.randint(4, 62), "none"),
        ("session_length", round(rng.uniform(2, 22), 1), "min"),
        ("dau_change", round(rng.choice([-1, 1]) * rng.uniform(0.5, 12), 1), "pct"),
        ("crash_free", round(rng.uniform(98.5, 99.95), 2), "pct"),
        ("experiments", rng.randint(2, 12), "none"),
    ]
    keep = {"dau", "conversion", "nps", "dau_change"}
    return [
        {"name": n, "value": v, "unit": u} for n, v, u in entries if n in keep or rng.random() < 0.7
    ]


OPENERS = [
    "Weekly product digest for {who}.",
    "Hi {who}, the numbers from this week.",
    "{who}, here's how the app did.",
    "Product metrics recap, prepared for {who}.",
    "Morning {who} — growth update.",
    "Friday metrics for {who}:",
]
CLOSERS = [
    "Dashboards are linked in the doc.",
    "Happy to walk through any of this at the sync.",
    "Next digest on Friday.",
    "Questions in the channel, please.",
    "Thanks, all.",
    "More detail in the Looker board.",
]
ATHLETES = ["Alex", "Bea", "Chen", "Dario", "Esme", "Femi", "Gia", "Hugo"]
FILLERS = [
    "No regressions in the funnel.",
    "Support volume was normal.",
    "The redesign is still in review.",
    "Nothing blocked on engineering.",
]


def _near(ctx: Ctx, name: str, low: float, high: float, fallback: float) -> float:
    try:
        return ctx.value(name) * ctx.rng.uniform(low, high)
    except KeyError:
        return fallback


EXTRAS = [
    past(
        [
            "Conversion climbed from {o}% to {n}% after the pricing page change.",
            "Trial conversion went from {o} to {n} percent.",
            "We moved conversion from {o}% last month to {n}% now.",
            "Checkout conversion rose from {o}% to {n}% with the one-page flow.",
            "In October conversion was {o}%; now it is {n}%.",
        ],
        "conversion",
        1,
        0.8,
        0.94,
    ),
    past(
        [
            "DAU went from {o} to {n} since the launch.",
            "Daily actives climbed from {o} to {n}.",
            "A month ago DAU was {o}; this week it is {n}.",
            "Daily actives grew from {o} before the campaign to {n} now.",
            "We were at {o} daily actives in September and are at {n} this week.",
        ],
        "dau",
        0,
        0.8,
        0.95,
        comma=True,
    ),
    one(
        [
            (
                "The goal for Q1 is {x}% conversion.",
                lambda c: fmt(_near(c, "conversion", 1.04, 1.15, 5), 1),
            ),
            (
                "We want D7 retention above {x}% by launch.",
                lambda c: str(round(_near(c, "retention_d7", 1.04, 1.12, 40))),
            ),
            (
                "Target: {x} daily actives by March.",
                lambda c: fmt(round(_near(c, "dau", 1.05, 1.2, 50_000), -3), 0, comma=True),
            ),
            ("Keep churn below {x}%.", lambda c: c.voice.pick(["3", "4", "5"])),
            (
                "Next sprint aims for {x} signups a week.",
                lambda c: fmt(round(_near(c, "signups", 1.05, 1.2, 1_000), -1), 0, comma=True),
            ),
            (
                "Hold crash-free sessions above {x}%.",
                lambda c: c.voice.pick(["99.5", "99.8", "99"]),
            ),
        ],
        "plan",
        "9",
    ),
    two(
        [
            ("The benchmark for our category is {a} to {b}% conversion.", lambda c: ("2", "5")),
            ("We expect between {a} and {b} signups from the campaign.", lambda c: ("500", "800")),
            ("Onboarding takes {a}-{b} minutes for most people.", lambda c: ("3", "5")),
            ("Healthy D7 retention is {a}–{b}% for consumer apps.", lambda c: ("25", "35")),
            ("We plan to test prices from ${a} to ${b}.", lambda c: ("9", "15")),
        ],
        "range",
        "10",
    ),
    two(
        [
            (
                "{a} of the {b} experiments reached significance.",
                lambda c: ("3", str(c.rng.randint(5, 9))),
            ),
            ("{a} out of {b} onboarding steps have drop-off above average.", lambda c: ("2", "7")),
            ("Design shipped {a} of the {b} planned screens.", lambda c: ("4", "6")),
            ("{a} out of {b} beta testers renewed.", lambda c: ("9", "12")),
            ("We shipped {a} of the {b} roadmap items for the quarter.", lambda c: ("5", "8")),
        ],
        "count",
        "11",
    ),
    one(
        [
            ("Support closed {x} tickets.", lambda c: str(c.rng.randint(40, 400))),
            ("We interviewed {x} customers this sprint.", lambda c: str(c.rng.randint(4, 14))),
            ("The release fixed {x} bugs.", lambda c: str(c.rng.randint(6, 40))),
            ("{x} enterprise accounts asked for SSO.", lambda c: str(c.rng.randint(3, 20))),
            (
                "The survey had {x} responses.",
                lambda c: fmt(c.rng.randint(200, 2_500), 0, comma=True),
            ),
        ],
        "count",
        "11",
    ),
    one(
        [
            (
                "App build {x} is rolling out to all users.",
                lambda c: c.voice.pick(["12.2", "4.18", "7.3.1", "22.1"]),
            ),
            ("Android {x} users see the old paywall.", lambda c: c.voice.pick(["12", "13", "14"])),
            ("The {x} release added dark mode.", lambda c: c.voice.pick(["v3.4", "v5.0", "2.11"])),
            (
                "Crashes are concentrated on iOS {x}.",
                lambda c: c.voice.pick(["17.1", "16.7", "18.0"]),
            ),
        ],
        "version",
        "14",
    ),
    one(
        [
            ("The launch is set for {x}.", lambda c: f"2027-01-{c.rng.randint(5, 28):02d}"),
            ("Data runs through {x}.", lambda c: f"2026-11-{c.rng.randint(20, 30):02d}"),
            ("The experiment ends {x}.", lambda c: f"2026-12-{c.rng.randint(10, 24):02d}"),
            ("The pricing change goes live {x}.", lambda c: f"2027-02-{c.rng.randint(1, 28):02d}"),
            (
                "The holdout group was frozen on {x}.",
                lambda c: f"2026-10-{c.rng.randint(1, 31):02d}",
            ),
        ],
        "date",
        "3",
    ),
    one(
        [
            (
                "The week {x} cohort is the first with the new onboarding.",
                lambda c: str(c.rng.randint(40, 48)),
            ),
            ("Step {x} of onboarding is where we lose people.", lambda c: str(c.rng.randint(2, 5))),
            ("This is sprint {x} of the growth squad.", lambda c: str(c.rng.randint(10, 30))),
            (
                "Variant {x} of the paywall is winning so far.",
                lambda c: c.voice.pick(["2", "3", "B2"]),
            ),
            ("Release train {x} carries the widget.", lambda c: str(c.rng.randint(30, 60))),
        ],
        "ordinal",
        "14",
    ),
    one(
        [
            (
                "The {x}-day retention curve flattens nicely.",
                lambda c: str(c.rng.choice([14, 30, 90])),
            ),
            (
                "Over the past {x} weeks, activation has improved.",
                lambda c: str(c.rng.choice([3, 4, 6])),
            ),
            ("We use a {x}-day attribution window.", lambda c: str(c.rng.choice([7, 28]))),
            ("The {x}-week cohort chart looks healthier.", lambda c: str(c.rng.choice([4, 8, 12]))),
            (
                "Across the last {x} days, activation held steady.",
                lambda c: str(c.rng.choice([14, 28])),
            ),
        ],
        "window",
        None,
    ),
    one(
        [
            (
                "Average order weight was {x} kg in the grocery vertical.",
                lambda c: fmt(c.rng.uniform(4, 12), 1),
            ),
            ("Users uploaded {x} GB of photos.", lambda c: fmt(c.rng.randint(120, 900), 0)),
            ("Deliveries averaged {x} km.", lambda c: fmt(_near(c, "conversion", 0.9, 1.1, 4), 1)),
            ("Page weight is down to {x} KB.", lambda c: str(c.rng.randint(300, 900))),
            ("Time to first render is {x} ms.", lambda c: str(c.rng.randint(300, 1_400))),
        ],
        "foreign unit",
        "12",
    ),
    one(
        [
            ("Email open rate was {x}%.", lambda c: fmt(_near(c, "retention_d7", 0.9, 1.1, 30), 1)),
            (
                "The paywall shows to {x}% of new users in the test.",
                lambda c: c.voice.pick(["50", "20", "10"]),
            ),
            ("Push opt-in is {x}% on iOS.", lambda c: str(c.rng.randint(35, 65))),
            (
                "Notification click-through came to {x}%.",
                lambda c: fmt(_near(c, "conversion", 0.9, 1.1, 4), 1),
            ),
            ("Survey completion was {x}% this round.", lambda c: str(c.rng.randint(20, 60))),
        ],
        "other quantity",
        None,
    ),
    one(
        [
            (
                "Sessions per user rose {x}% after the widget launch.",
                lambda c: fmt(abs(_near(c, "dau_change", 0.9, 1.1, 5)), 1),
            ),
            ("Refund requests fell {x}%.", lambda c: str(c.rng.randint(3, 20))),
            ("Paid search spend is up {x}% on last month.", lambda c: str(c.rng.randint(5, 35))),
            (
                "Support tickets per user fell {x}% after the help center redesign.",
                lambda c: str(c.rng.randint(5, 25)),
            ),
            ("Ad spend climbed {x}% for the holiday push.", lambda c: str(c.rng.randint(10, 40))),
        ],
        "change",
        "14",
    ),
]

DECOYS = {
    "none": ["feature_adoption_index", "support_backlog"],
    "pct": ["bounce_rate", "refund_rate"],
}
