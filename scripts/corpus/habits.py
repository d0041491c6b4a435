"""More dev-only shapes: how other authors lay out the same facts (see corpus.widen).

`SHAPES` adds sentence shapes to a domain's metrics, for the dev split alone: bullets and
table rows, the number before the metric's name, parentheses, quotes, abbreviations,
several clauses. `EXTRAS` are dev-only sentences of numbers that are not citations,
written in those habits too.
"""

from __future__ import annotations

from types import ModuleType

from corpus.engine import Dev, dev
from corpus.widen import around, near

SHAPES: dict[str, dict[str, list[str]]] = {
    "training": {
        "rhr": [
            "- {Nc}: {v}{u}",
            "{Nc} {v}{u} (steady).",
            "{v}{u} resting this morning, which is fine.",
            "Your {N} this morning, {v}{u}, is right on trend.",
            "Morning check: {N} {v}{u}, legs fine, no soreness.",
            'The watch says "{N} {v}{u}".',
            "| {N} | {v}{u} |",
            "Woke up, checked the strap: {N} {v}{u}.",
        ],
        "hrv": [
            "- {Nc}: {v}",
            "{Nc} {v} this morning.",
            "Today's {N}: {v} (higher is better).",
            "Readiness inputs: {N} {v}, sleep OK.",
            "| {N} | {v} |",
            "{Nc} came back at {v}, so the cold is gone.",
        ],
        "tsb": [
            "- {Nc}: {v}",
            "{Nc} today: {v}, and that's expected in a build.",
            "Load summary: {N} {v}.",
            "| {N} | {v} |",
        ],
        "distance": [
            "- Yesterday: {v}{u} easy",
            "{v}{u} yesterday, all easy.",
            "Distance: {v}{u}.",
            "| {N} | {v}{u} |",
        ],
        "avg_hr": ["Avg HR {v}{u}.", "- {Nc}: {v}{u}", "HR averaged {v}{u} on the {N}."],
    },
    "sleep": {
        "deep_sleep": ["- {Nc}: {v}{u}", "{v}{u} of {N}, a solid block.", "| {N} | {v}{u} |"],
        "rem_sleep": ["- {Nc}: {v}{u}", "{Nc} ({v}{u}) came late in the night."],
        "hrv": ["- {Nc}: {v}", "{Nc} {v} overnight.", "| {N} | {v} |"],
        "sleep_score": [
            "- {Nc}: {v}{u}",
            'The app gave it "{v}{u}".',
            "{Nc} {v}{u}, a good night.",
        ],
        "efficiency": ["{Nc} {v}{u}.", "- {Nc}: {v}{u}"],
    },
    "finance": {
        "cash": ["- {Nc}: {v}{u}", "| {N} | {v}{u} |", "{Nc} ({v}{u}) covers the next payroll."],
        "burn": ["- {Nc}: {v}{u}", "{Nc} {v}{u}, flat on last month."],
        "gross_margin": ["- {Nc}: {v}{u}", "GM {v}{u}.", "| {N} | {v}{u} |"],
        "dso": ["- {Nc}: {v}", "{Nc} {v}, which is fine for now."],
    },
    "ops": {
        "p95_latency": ["- {Nc}: {v}{u}", "| {N} | {v}{u} |", "{Nc} {v}{u}, inside the SLO."],
        "error_rate": ["- {Nc}: {v}{u}", "{Nc} {v}{u} over the day."],
        "cpu": ["- {Nc}: {v}{u}", "{Nc} {v}{u} at peak."],
        "alerts": ["- Alerts: {v}{u}"],
    },
    "product": {
        "dau": ["- {Nc}: {v}{u}", "| {N} | {v}{u} |", "{Nc} {v}{u} on the week."],
        "conversion": ["- {Nc}: {v}{u}", "{Nc} {v}{u}, flat."],
        "churn": ["- {Nc}: {v}{u}", "{Nc} {v}{u} for the month."],
        "retention_d7": ["- {Nc}: {v}{u}", "{Nc} ({v}{u}) is the one to watch."],
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
        near(
            "avg_hr",
            [
                "| Target HR | {x} bpm |",
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
                "| Goal | {x} min deep |",
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
                "| Burn target | ${x} |",
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
        near(
            "p95_latency",
            [
                "| p95 SLO | {x} ms |",
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
        near(
            "dau",
            [
                "| DAU goal | {x} |",
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
