"""Operations dashboards: an on-call engineer's morning summary of a service's health."""

from __future__ import annotations

from random import Random

from corpus.engine import NBSP, Ctx, Pool, fmt, one, past, two
from corpus.metric import Metric

DOMAIN = "ops"

MS = [" ms", " ms", "ms", f"{NBSP}ms", " milliseconds"]
PCT = ["%", "%", " %", " percent"]

METRICS = [
    Metric(
        "p95_latency",
        0,
        ["p95 latency", "95th percentile latency", "tail latency (p95)", "p95"],
        MS,
        [
            "{Nc} is {v}{u}.",
            "{Nc} sat at {v}{u} through the night.",
            "We saw {N} of {v}{u} at peak.",
            "{Nc} held at {v}{u} after the deploy.",
            "Checkout {N}: {v}{u}.",
            "The dashboard shows {N} at {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (edge to origin) held at {v}{u}.",
            "{v}{u} at {N}, well under the alert line.",
        ],
    ),
    Metric(
        "p50_latency",
        0,
        ["median latency", "p50 latency", "p50"],
        MS,
        [
            "{Nc} is {v}{u}.",
            "{Nc} stayed flat at {v}{u}.",
            "Requests are served in {v}{u} at the {N}.",
            "{Nc} came in at {v}{u}.",
            "The {N} barely moved: {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "The {N} ({v}{u}) barely moved.",
        ],
    ),
    Metric(
        "error_rate",
        2,
        ["error rate", "5xx rate", "server error rate", "HTTP error rate"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} peaked at {v}{u} around two.",
            "The {N} settled at {v}{u} after the rollback.",
            "{Nc} across all endpoints: {v}{u}.",
            "The {N} we are running is {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (all endpoints) came to {v}{u}.",
        ],
    ),
    Metric(
        "availability",
        2,
        ["availability", "uptime", "30-day availability", "availability this month"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} came in at {v}{u}.",
            "We are at {v}{u} {N}.",
            "{Nc} stands at {v}{u}, inside the SLO.",
        ],
    ),
    Metric(
        "throughput",
        0,
        ["throughput", "request rate", "traffic"],
        [" req/s", " requests per second", " rps", f"{NBSP}req/s"],
        [
            "{Nc} peaked at {v}{u}.",
            "{Nc} averaged {v}{u} over the day.",
            "We served {v}{u} at the busiest minute, which is our {N} high.",
            "{Nc}: {v}{u}.",
        ],
        comma=True,
    ),
    Metric(
        "cpu",
        0,
        ["CPU", "CPU utilisation", "average CPU", "cluster CPU"],
        PCT,
        [
            "{Nc} is at {v}{u}.",
            "{Nc} hovered around {v}{u}.",
            "{Nc} climbed to {v}{u} during the batch window.",
            "{Nc}: {v}{u}.",
        ],
    ),
    Metric(
        "memory",
        0,
        ["memory", "memory use", "heap usage"],
        PCT,
        [
            "{Nc} is at {v}{u}.",
            "{Nc} sits at {v}{u} on the busiest node.",
            "{Nc}: {v}{u}.",
            "{Nc} peaked at {v}{u} before the GC settled.",
            "{Nc} is holding at {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (cluster average) is {v}{u}.",
        ],
    ),
    Metric(
        "queue_depth",
        0,
        ["queue depth", "backlog", "jobs queued"],
        [" jobs", " messages", " jobs"],
        [
            "The {N} is {v}{u}.",
            "{Nc} peaked at {v}{u}.",
            "There are {v}{u} waiting in the {N}.",
            "The {N} came down to {v}{u} by morning.",
            "Workers drained the {N} to {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (all workers) stands at {v}{u}.",
        ],
        comma=True,
    ),
    Metric(
        "incidents",
        0,
        ["incidents"],
        [" incidents", " open incidents", " incidents this week"],
        [
            "We had {v}{u}.",
            "On-call handled {v}{u}.",
            "There were {v}{u}, all minor.",
            "The week closed with {v}{u}.",
            "We logged {v}{u} in the tracker.",
        ],
        noun=True,
    ),
    Metric(
        "alerts",
        0,
        ["alerts"],
        [" alerts", " alerts", " pages"],
        [
            "Overnight we got {v}{u}.",
            "The pager sent {v}{u}.",
            "There are {v}{u} right now.",
            "Monitoring raised {v}{u} overnight.",
            "The dashboard lists {v}{u}.",
        ],
        noun=True,
    ),
    Metric(
        "error_budget",
        1,
        ["error budget remaining", "remaining error budget", "error budget"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "We have {v}{u} of {N}.",
            "{Nc}: {v}{u} for the month.",
            "We are down to {v}{u} of {N}.",
            "The {N} left this month is {v}{u}.",
        ],
    ),
    Metric(
        "latency_change",
        1,
        ["p95 change week over week", "latency change", "p95 trend"],
        PCT,
        [
            "The {N} is {v}{u}.",
            "{Nc}: {v}{u}.",
            "We measure the {N} at {v}{u}.",
            "On the {N}, we are at {v}{u}.",
            "The weekly report shows the {N} at {v}{u}.",
        ],
        signed=True,
        words=[
            ("p95 improved by {v}{u} on last week.", "p95 regressed by {v}{u} on last week."),
            ("Latency is down {v}{u} week over week.", "Latency is up {v}{u} week over week."),
            ("Tail latency fell {v}{u}.", "Tail latency rose {v}{u}."),
            (
                "p95 dropped {v}{u} since the cache fix.",
                "p95 climbed {v}{u} since the cache change.",
            ),
        ],
    ),
    Metric(
        "disk_free",
        0,
        ["free disk", "disk headroom", "free space on the primary"],
        [" GB", " GB", " gigabytes"],
        [
            "{Nc} is {v}{u}.",
            "We have {v}{u} of {N}.",
            "{Nc} dropped to {v}{u}.",
            "Only {v}{u} of {N} left.",
            "{Nc} is at {v}{u} after the cleanup.",
            "\n• {Nc}: {v}{u}\n",
            "{v}{u} of {N} is left on the volume. Good.",
        ],
    ),
]


def pool(rng: Random) -> Pool:
    p50 = rng.randint(35, 220)
    entries: list[tuple[str, float, str]] = [
        ("p95_latency", round(p50 * rng.uniform(2.2, 4.5)), "ms"),
        ("p50_latency", p50, "ms"),
        ("error_rate", round(rng.uniform(0.05, 3.5), 2), "pct"),
        ("availability", round(rng.uniform(99.5, 99.99), 2), "pct"),
        ("throughput", rng.randint(300, 25_000), "rps"),
        ("cpu", rng.randint(22, 88), "pct"),
        ("memory", rng.randint(35, 91), "pct"),
        ("queue_depth", rng.randint(0, 4_000), "none"),
        ("incidents", rng.randint(1, 9), "none"),
        ("alerts", rng.randint(2, 40), "none"),
        ("error_budget", round(rng.uniform(5, 95), 1), "pct"),
        ("latency_change", round(rng.choice([-1, 1]) * rng.uniform(1.5, 25), 1), "pct"),
        ("disk_free", rng.randint(40, 900), "gb"),
    ]
    keep = {"p95_latency", "error_rate", "latency_change", "incidents"}
    return [
        {"name": n, "value": v, "unit": u} for n, v, u in entries if n in keep or rng.random() < 0.7
    ]


OPENERS = [
    "Morning summary for {who}.",
    "Handover from the night shift, {who}:",
    "{who}, here's the service health check.",
    "On-call digest for {who}.",
    "Hi {who} — dashboard recap.",
    "Status as of this morning, {who}.",
]
CLOSERS = [
    "Nothing else is on fire.",
    "Runbook links are in the channel.",
    "Ping me if the pager goes off again.",
    "Next review at standup.",
    "All other panels are green.",
    "Handing over to the day shift.",
]
ATHLETES = ["Priya", "Arjun", "Kate", "Mateo", "Noor", "Sven", "Yuki", "Dana"]
FILLERS = [
    "No customer reports so far.",
    "The status page is green.",
    "Nothing unusual in the logs.",
    "The canary looks healthy.",
]


def _near(ctx: Ctx, name: str, low: float, high: float, fallback: float) -> float:
    try:
        return ctx.value(name) * ctx.rng.uniform(low, high)
    except KeyError:
        return fallback


def _round5(value: float) -> str:
    return str(int(round(value / 10) * 10))


EXTRAS = [
    past(
        [
            "p95 dropped from {o} ms to {n} ms after the index change.",
            "Tail latency went from {o} to {n} ms overnight.",
            "Yesterday p95 was {o} ms; today it is {n} ms.",
            "p95 improved from {o} ms to {n} ms once the cache warmed.",
        ],
        "p95_latency",
        0,
        1.06,
        1.2,
    ),
    past(
        [
            "Error rate fell from {o}% to {n}% after the rollback.",
            "Errors went from {o} percent to {n} percent.",
            "We were at {o}% errors at midnight and are at {n}% now.",
            "The error rate dropped from {o}% overnight to {n}% this morning.",
            "Before the fix we saw {o}% errors; now it is {n}%.",
        ],
        "error_rate",
        2,
        1.05,
        1.4,
    ),
    one(
        [
            ("Keep p99 under {x} ms.", lambda c: _round5(_near(c, "p95_latency", 1.02, 1.15, 800))),
            (
                "The SLO target is {x}% availability.",
                lambda c: c.voice.pick(["99.9", "99.95", "99.5"]),
            ),
            ("Alert threshold for errors is {x}%.", lambda c: c.voice.pick(["1", "2", "2.5", "5"])),
            (
                "Scale out if CPU goes above {x}%.",
                lambda c: _round5(_near(c, "cpu", 1.03, 1.12, 80)),
            ),
            (
                "Goal for Q1 is a p95 below {x} ms.",
                lambda c: _round5(_near(c, "p95_latency", 0.88, 0.97, 400)),
            ),
            (
                "Keep the backlog below {x} jobs.",
                lambda c: _round5(_near(c, "queue_depth", 0.9, 1.1, 1000)),
            ),
            ("Aim to page no more than {x} times a week.", lambda c: str(c.rng.randint(3, 10))),
        ],
        "plan",
        "9",
    ),
    two(
        [
            ("Normal p95 is between {a} and {b} ms.", lambda c: _band(c, "p95_latency")),
            ("Expect CPU in the {a}–{b}% range during the batch.", lambda c: ("60", "75")),
            ("Error rate usually sits from {a} to {b}%.", lambda c: ("0.1", "0.5")),
            ("The new nodes handle {a}-{b} req/s each.", lambda c: ("800", "1,200")),
            ("Deploys take {a} to {b} minutes end to end.", lambda c: ("12", "18")),
        ],
        "range",
        "10",
    ),
    two(
        [
            (
                "{a} of {b} nodes were drained for patching.",
                lambda c: (str(c.rng.randint(2, 5)), "12"),
            ),
            ("{a} out of the {b} regions are fully green.", lambda c: ("5", "6")),
            ("We rolled {a} of {b} canaries.", lambda c: ("3", "4")),
            ("{a} out of {b} brokers are back in rotation.", lambda c: ("5", "6")),
            ("We rebooted {a} of the {b} hosts in the pool.", lambda c: ("3", "10")),
        ],
        "count",
        "11",
    ),
    one(
        [
            (
                "Kubernetes restarted {x} pods in the payments namespace.",
                lambda c: str(c.rng.randint(3, 20)),
            ),
            ("We shipped {x} deploys yesterday.", lambda c: str(c.rng.randint(4, 30))),
            ("The sweep found {x} stale feature flags.", lambda c: str(c.rng.randint(5, 25))),
            ("{x} customers opened tickets about login.", lambda c: str(c.rng.randint(2, 15))),
            ("We added {x} shards to the cluster.", lambda c: str(c.rng.choice([2, 4, 8]))),
        ],
        "count",
        "11",
    ),
    one(
        [
            (
                "The spike started at {x} UTC.",
                lambda c: f"{c.rng.randint(0, 23):02d}:{c.rng.randint(0, 59):02d}",
            ),
            ("Maintenance window is {x}.", lambda c: f"2026-12-{c.rng.randint(5, 20):02d}"),
            (
                "The failover finished at {x}.",
                lambda c: f"{c.rng.randint(1, 5):02d}:{c.rng.randint(0, 59):02d}",
            ),
            (
                "Paging started at {x} and stopped an hour later.",
                lambda c: f"{c.rng.randint(0, 6):02d}:{c.rng.randint(0, 59):02d}",
            ),
            ("The next change window opens {x}.", lambda c: f"2026-12-{c.rng.randint(5, 20):02d}"),
        ],
        "time",
        "3",
    ),
    one(
        [
            (
                "We are on release {x} since last night.",
                lambda c: c.voice.pick(["v2.14.3", "v3.0.1", "4.12.0"]),
            ),
            (
                "Postgres {x} is now on all replicas.",
                lambda c: c.voice.pick(["16.4", "15.8", "17.2"]),
            ),
            ("The agent was bumped to {x}.", lambda c: c.voice.pick(["7.52", "1.31.2", "0.98"])),
            ("Build {x} is the one in production.", lambda c: str(c.rng.randint(4_000, 9_999))),
        ],
        "version",
        "3",
    ),
    one(
        [
            (
                "Most errors are {x}s from the gateway.",
                lambda c: c.voice.pick(["503", "502", "504"]),
            ),
            (
                "Health checks on port {x} are failing on one host.",
                lambda c: c.voice.pick(["8080", "9090", "443"]),
            ),
            (
                "The {x} errors came from one bad client.",
                lambda c: c.voice.pick(["429", "401", "404"]),
            ),
            (
                "Clients are getting {x} responses from the old endpoint.",
                lambda c: c.voice.pick(["410", "404"]),
            ),
            (
                "The load balancer forwards port {x} to the new pool.",
                lambda c: c.voice.pick(["8443", "3000"]),
            ),
        ],
        "label",
        "14",
    ),
    one(
        [
            (
                "The primary has {x} TB left on the archive volume.",
                lambda c: fmt(c.rng.uniform(1, 9), 1),
            ),
            ("Payload size averages {x} KB.", lambda c: str(c.rng.randint(4, 90))),
            ("Rack inlet temperature is {x} °C.", lambda c: str(c.rng.randint(21, 29))),
            ("Egress was {x} MB/s at peak.", lambda c: str(c.rng.randint(40, 400))),
            (
                "Cold starts take {x} sec on the new runtime.",
                lambda c: fmt(c.rng.uniform(0.8, 4), 1),
            ),
        ],
        "foreign unit",
        "12",
    ),
    one(
        [
            ("The {x}-day error budget burn looks fine.", lambda c: str(c.rng.choice([7, 28, 30]))),
            (
                "Over the last {x} hours, traffic was flat.",
                lambda c: str(c.rng.choice([6, 12, 24])),
            ),
            (
                "Looking at the {x}-minute window, the spike was brief.",
                lambda c: str(c.rng.choice([5, 15])),
            ),
            ("The {x}-week trend on latency is flat.", lambda c: str(c.rng.choice([2, 4]))),
            (
                "Across the last {x} days, no SLO was breached.",
                lambda c: str(c.rng.choice([7, 14])),
            ),
        ],
        "window",
        None,
    ),
    one(
        [
            (
                "This is incident number {x} on the payments service this quarter.",
                lambda c: str(c.rng.randint(2, 6)),
            ),
            ("We are on day {x} of the freeze.", lambda c: str(c.rng.randint(2, 9))),
            ("Step {x} of the runbook fixed it.", lambda c: str(c.rng.randint(2, 7))),
            ("Phase {x} of the migration starts tonight.", lambda c: str(c.rng.randint(2, 4))),
            ("Retry attempt {x} finally went through.", lambda c: str(c.rng.randint(2, 5))),
        ],
        "ordinal",
        "14",
    ),
    one(
        [
            (
                "Disk usage grew {x}% overnight.",
                lambda c: fmt(_near(c, "latency_change", 0.9, 1.1, 6), 1).lstrip("-−"),
            ),
            ("Traffic is down {x}% because of the holiday.", lambda c: str(c.rng.randint(5, 30))),
            ("Cache hit ratio slipped {x} points.", lambda c: str(c.rng.randint(1, 6))),
            (
                "Log volume climbed {x}% with the debug flag on.",
                lambda c: str(c.rng.randint(5, 40)),
            ),
            (
                "Cost per request fell {x}% after the cache change.",
                lambda c: str(c.rng.randint(3, 15)),
            ),
        ],
        "change",
        "14",
    ),
]


def _band(ctx: Ctx, name: str) -> tuple[str, str]:
    mid = _near(ctx, name, 0.95, 1.05, 400)
    return _round5(mid * 0.85), _round5(mid * 1.1)


DECOYS = {"pct": ["cache_miss_rate", "retry_rate", "disk_growth"]}
