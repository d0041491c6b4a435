"""More dev-only shapes: how other authors lay out the same facts (see corpus.widen).

`SHAPES` adds sentence shapes to a domain's metrics, for the dev split alone: bullets and
table rows, the number before the metric's name, parentheses, quotes, abbreviations,
several clauses. `EXTRAS` are dev-only sentences of numbers that are not citations,
written in those habits too.
"""

from __future__ import annotations

from types import ModuleType

from corpus.engine import Dev, dev
from corpus.widen import around, near, was_now

SHAPES: dict[str, dict[str, list[str]]] = {
    "training": {
        "rhr": [
            "\n- {Nc}: {v}{u}\n",
            "{Nc} {v}{u} (steady).",
            "{v}{u} resting this morning, which is fine.",
            "Your {N} this morning, {v}{u}, is right on trend.",
            "Morning check: {N} {v}{u}, legs fine, no soreness.",
            'The watch says "{N} {v}{u}".',
            "\n| {N} | {v}{u} |\n",
            "Woke up, checked the strap: {N} {v}{u}.",
        ],
        "hrv": [
            "\n- {Nc}: {v}\n",
            "{Nc} {v} this morning.",
            "Today's {N}: {v} (higher is better).",
            "Readiness inputs: {N} {v}, sleep OK.",
            "\n| {N} | {v} |\n",
            "{Nc} came back at {v}, so the cold is gone.",
        ],
        "tsb": [
            "\n- {Nc}: {v}\n",
            "{Nc} today: {v}, and that's expected in a build.",
            "Load summary: {N} {v}.",
            "\n| {N} | {v} |\n",
        ],
        "distance": [
            "\n- Yesterday: {v}{u} easy\n",
            "{v}{u} yesterday, all easy.",
            "Distance: {v}{u}.",
            "\n| {N} | {v}{u} |\n",
        ],
        "avg_hr": ["Avg HR {v}{u}.", "\n- {Nc}: {v}{u}\n", "HR averaged {v}{u} on the {N}."],
        "steps": [
            "\n- {Nc}: {v}{u}\n",
            "{v}{u} yesterday, most of them before lunch.",
            "Counting the walk home, {N} reached {v}{u}.",
            "({v}{u} in all.)",
        ],
    },
    "sleep": {
        "deep_sleep": [
            "\n- {Nc}: {v}{u}\n",
            "{v}{u} of {N}, a solid block.",
            "\n| {N} | {v}{u} |\n",
        ],
        "rem_sleep": ["\n- {Nc}: {v}{u}\n", "{Nc} ({v}{u}) came late in the night."],
        "hrv": ["\n- {Nc}: {v}\n", "{Nc} {v} overnight.", "\n| {N} | {v} |\n"],
        "sleep_score": [
            "\n- {Nc}: {v}{u}\n",
            'The app gave it "{v}{u}".',
            "{Nc} {v}{u}, a good night.",
        ],
        "efficiency": ["{Nc} {v}{u}.", "\n- {Nc}: {v}{u}\n"],
    },
    "finance": {
        "cash": [
            "\n- {Nc}: {v}{u}\n",
            "\n| {N} | {v}{u} |\n",
            "{Nc} ({v}{u}) covers the next payroll.",
        ],
        "burn": ["\n- {Nc}: {v}{u}\n", "{Nc} {v}{u}, flat on last month."],
        "gross_margin": ["\n- {Nc}: {v}{u}\n", "GM {v}{u}.", "\n| {N} | {v}{u} |\n"],
        "dso": ["\n- {Nc}: {v}\n", "{Nc} {v}, which is fine for now."],
        "revenue_mtd": [
            "\n- {Nc}: {v}{u}\n",
            "{v}{u} of {N} so far, with two renewals still to land.",
            "Sales booked {v}{u} ({N}).",
            "\n| {N} | {v}{u} |\n",
            "We're at {v}{u} {N}, which is on plan.",
        ],
        "expenses_mtd": [
            "\n- {Nc}: {v}{u}\n",
            "{Nc}, at {v}{u}, are mostly payroll.",
            "Spend so far: {v}{u} ({N}).",
        ],
        "net_income": [
            "\n- {Nc}: {v}{u}\n",
            "\n| {N} | {v}{u} |\n",
            "{Nc} lands at {v}{u} for now.",
        ],
    },
    "ops": {
        "p95_latency": [
            "\n- {Nc}: {v}{u}\n",
            "\n| {N} | {v}{u} |\n",
            "{Nc} {v}{u}, inside the SLO.",
        ],
        "error_rate": ["\n- {Nc}: {v}{u}\n", "{Nc} {v}{u} over the day."],
        "cpu": ["\n- {Nc}: {v}{u}\n", "{Nc} {v}{u} at peak."],
        "alerts": ["\n- Alerts: {v}{u}\n"],
        "throughput": [
            "\n- {Nc}: {v}{u}\n",
            "\n| {N} | {v}{u} |\n",
            "{v}{u} at the peak minute ({N}).",
            "We served {v}{u} through the launch, and the {N} held.",
        ],
        "queue_depth": ["\n- {Nc}: {v}\n", "{Nc} {v} at the morning check.", "({Nc}: {v}.)"],
    },
    "product": {
        "dau": ["\n- {Nc}: {v}{u}\n", "\n| {N} | {v}{u} |\n", "{Nc} {v}{u} on the week."],
        "conversion": ["\n- {Nc}: {v}{u}\n", "{Nc} {v}{u}, flat."],
        "churn": ["\n- {Nc}: {v}{u}\n", "{Nc} {v}{u} for the month."],
        "retention_d7": ["\n- {Nc}: {v}{u}\n", "{Nc} ({v}{u}) is the one to watch."],
        "wau": ["\n- {Nc}: {v}{u}\n", "{v}{u} {N} this week.", "\n| {N} | {v}{u} |\n"],
        "signups": [
            "\n- {Nc}: {v}{u}\n",
            "{v}{u} {N} came in, most from the newsletter.",
            "The week brought {v}{u} {N} (organic and paid).",
        ],
    },
}


def widen_metrics(domain: ModuleType) -> None:
    """Give `domain`'s metrics their dev-only shapes, once."""
    for metric in domain.METRICS:
        extra = SHAPES.get(domain.DOMAIN, {}).get(metric.name, [])
        if extra and not any(isinstance(shape, Dev) for shape in metric.shapes):
            metric.shapes = [*metric.shapes, *dev(*extra)]


EXTRAS = {
    "training": [
        was_now(
            "rhr",
            ["Resting HR {o} → {n} bpm over the block.", "RHR: {o} bpm → {n} bpm."],
            low=1.04,
            high=1.1,
        ),
        near(
            "avg_hr",
            [
                "{x} bpm is your ceiling on the climbs.",
                "{x} bpm or so should feel easy.",
                "As much as {x} bpm is fine on the last rep.",
                "No fewer than {x} bpm on the strides, or they're too easy.",
            ],
            "plan",
            "9",
            low=0.95,
            high=1.08,
        ),
        near(
            "avg_hr",
            [
                "\n| Target HR | {x} bpm |\n",
                "Max HR allowed: {x} bpm.",
                'The plan reads "{x} bpm max".',
                "Threshold HR for the tempo, {x} bpm, is the ceiling.",
                "Est. {x} bpm on the climbs tomorrow.",
                "HR cap ~{x} bpm for the long run.",
            ],
            "plan",
            "9",
            low=0.95,
            high=1.08,
        ),
        near(
            "hrv",
            [
                "HRV was {x} in the spring.",
                "Back in October, HRV was {x}.",
                "Two weeks ago HRV was {x}.",
                "HRV: {x} last week, better now.",
                "Three days ago your HRV read {x}.",
            ],
            "past value",
            "14",
            low=0.9,
            high=1.1,
        ),
        near(
            "tsb",
            [
                "Form improved by {x} overnight.",
                "TSB rose {x} points since Sunday.",
                "Form slid {x} over the weekend block.",
                "TSB swung by {x} in two days.",
            ],
            "change",
            "13",
            dec=1,
            low=0.92,
            high=1.08,
        ),
        around(
            "runs_week",
            [
                "{a}/{b} sessions done this week.",
                "{a} out of the last {b} runs felt easy.",
                "You ran {a} days in {b}.",
            ],
            "count",
            "11",
            spread=0.4,
        ),
        near(
            "hrv",
            [
                "Your bottle holds {x} oz.",
                "You dropped {x} lbs since the summer.",
                "The bike split averaged {x} kph.",
                "Glucose sat at {x} mg/dL after breakfast.",
            ],
            "foreign unit",
            "12",
        ),
    ],
    "sleep": [
        near(
            "deep_sleep",
            [
                "\n| Goal | {x} min deep |\n",
                "Deep sleep target: ~{x} min.",
                'Your plan says "{x} min of deep sleep".',
                "Est. {x} min of deep sleep if you're in bed by ten.",
            ],
            "plan",
            "9",
        ),
        near(
            "hrv",
            [
                "HRV was {x} in the spring.",
                "Two weeks ago HRV was {x}.",
                "Back in October your HRV was {x}.",
                "HRV: {x} last week.",
            ],
            "past value",
            "14",
        ),
        near(
            "hrv",
            [
                "HRV rose {x} points since Sunday.",
                "HRV improved by {x} over the week.",
            ],
            "change",
            "13",
            low=0.92,
            high=1.08,
        ),
    ],
    "finance": [
        near(
            "burn",
            [
                "\n| Burn target | ${x} |\n",
                "Est. burn next month: ${x}.",
                'The model says "${x} a month".',
                "Burn cap ~${x} through spring.",
            ],
            "plan",
            "9",
            step=1000,
            comma=True,
        ),
        near(
            "dso",
            [
                "DSO was {x} in the spring.",
                "Two quarters ago DSO was {x}.",
                "Back in June, DSO was {x}.",
            ],
            "past value",
            "14",
        ),
    ],
    "ops": [
        was_now(
            "p95_latency",
            ["p95 {o} → {n} ms after the fix.", "p95: {o} ms → {n} ms."],
            low=1.05,
            high=1.12,
        ),
        near(
            "cpu",
            [
                "{x}% CPU is where we scale out.",
                "{x}% CPU or so is normal for a weekday.",
                "As much as {x}% CPU is fine during the backup.",
            ],
            "plan",
            "9",
            low=0.93,
            high=1.08,
            step=5,
        ),
        near(
            "p95_latency",
            [
                "\n| p95 SLO | {x} ms |\n",
                "p95 budget ~{x} ms.",
                'The SLO doc says "{x} ms at p95".',
                "Est. {x} ms once the cache is warm.",
            ],
            "plan",
            "9",
            step=10,
        ),
        near(
            "p95_latency",
            [
                "p95 was {x} ms in the spring.",
                "Two weeks ago p95 was {x} ms.",
                "Back in October, p95 was {x} ms.",
            ],
            "past value",
            "14",
        ),
    ],
    "product": [
        was_now(
            "dau",
            ["DAU {o} → {n} after the launch.", "DAU: {o} → {n} week on week."],
            low=0.9,
            high=0.96,
            comma=True,
        ),
        near(
            "dau",
            [
                "\n| DAU goal | {x} |\n",
                "Est. {x} DAU after launch.",
                'The plan says "{x} DAU by Q2".',
                "DAU target ~{x}.",
            ],
            "plan",
            "9",
            step=100,
            comma=True,
        ),
        near(
            "dau",
            [
                "DAU was {x} in the spring.",
                "Two months ago DAU was {x}.",
                "Back in October, DAU was {x}.",
            ],
            "past value",
            "14",
            comma=True,
        ),
    ],
}


# units the vocabulary lacks, written the ways people write them, with decimals
FOREIGN = [
    "It was {x} ° F at the start.",
    "The bedroom sat at {x} deg F.",
    "You drank {x} litres yesterday.",
    "That bottle is {x}L.",
    "Tyres at {x} psi.",
    "Blood pressure was {x} mmHg systolic.",
    "You lifted {x} kilos on the bar.",
    "The snack was {x} cals.",
    "Torque on the trainer read {x} Nm.",
    "Ambient noise was {x} dBA.",
]


def _foreign(name: str, dec: int = 1) -> object:
    return near(name, FOREIGN, "foreign unit", "12", dec=dec, low=0.92, high=1.08)


# a change told with a word, near a signed value's magnitude: not the value itself
def _changed(name: str, shapes: list[str], dec: int = 1, comma: bool = False) -> object:
    return near(name, shapes, "change", "13", dec=dec, low=0.93, high=1.07, comma=comma)


for _domain, _extra in {
    "training": [
        _foreign("hrv"),
        _changed(
            "tsb",
            [
                "Form dropped {x} points over the weekend.",
                "TSB is down {x} on last week.",
                "Form gained {x} since Sunday's rest.",
                "TSB fell by {x} after the long run.",
            ],
        ),
        near(
            "tsb",
            [
                "The watch is on firmware {x}.",
                "Training plan v{x} is loaded.",
                "Connect IQ {x} broke the data field.",
            ],
            "version",
            "14",
            dec=1,
        ),
    ],
    "sleep": [
        _foreign("hrv"),
        _changed(
            "skin_temp",
            [
                "The room cooled {x} °C overnight.",
                "The room warmed {x} °C after midnight.",
                "The thermostat dropped {x} °C at night.",
            ],
        ),
    ],
    "finance": [
        _foreign("dso"),
        _changed(
            "net_income",
            [
                "Net income fell ${x} versus October.",
                "The loss narrowed by ${x}.",
                "Profit dropped ${x} on the quarter.",
                "Net income improved by ${x} after the price change.",
            ],
            dec=0,
            comma=True,
        ),
    ],
    "ops": [
        _foreign("alerts"),
        _changed(
            "latency_change",
            [
                "Build times dropped {x}% after the cache change.",
                "Deploy duration fell {x}% with the new runners.",
                "Cold starts rose {x}% on the new image.",
            ],
        ),
        near(
            "error_rate",
            [
                "We run Python {x} on the workers.",
                "The API moved to v{x}.",
                "Helm chart {x} is live.",
            ],
            "version",
            "14",
            dec=1,
            low=0.95,
            high=1.05,
        ),
    ],
    "product": [
        _foreign("nps"),
        _changed(
            "dau_change",
            [
                "Web sessions fell {x}% after the redesign.",
                "Trial starts dropped {x}% week over week.",
                "Android installs rose {x}% on the campaign.",
            ],
        ),
        near(
            "conversion",
            [
                "iOS {x} users see the old paywall.",
                "SDK v{x} fixed the crash.",
                "Web client {x} shipped Monday.",
            ],
            "version",
            "14",
            dec=1,
            low=0.95,
            high=1.05,
        ),
    ],
}.items():
    EXTRAS[_domain] = [*EXTRAS[_domain], *_extra]
