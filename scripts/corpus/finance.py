"""Finance summaries: a small company's weekly cash and revenue note to its founders."""

from __future__ import annotations

from random import Random

from corpus.engine import NBSP, Ctx, Pool, fmt, one, past, two
from corpus.metric import Metric

DOMAIN = "finance"

USD_AFTER = [" USD", " dollars", f"{NBSP}USD"]
PCT = ["%", "%", " %", " percent"]

METRICS = [
    Metric(
        "cash",
        2,
        ["cash on hand", "cash balance", "bank balance", "cash"],
        USD_AFTER,
        [
            "{Nc} closed the week at {v}{u}.",
            "We ended Friday with {v}{u} in {N}.",
            "{Nc} stands at {v}{u}.",
            "{Nc} is {v}{u} after payroll.",
            "Across both accounts, {N} comes to {v}{u}.",
            "Our {N} was {v}{u} at close.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (all accounts): {v}{u}.",
            "{v}{u} of {N} at the close of the day. Good.",
        ],
        prefix=["$", "$", "US$"],
        comma=True,
    ),
    Metric(
        "revenue_mtd",
        2,
        [
            "revenue month to date",
            "month-to-date revenue",
            "MTD revenue",
            "revenue so far this month",
        ],
        USD_AFTER,
        [
            "{Nc} is {v}{u}.",
            "We have booked {v}{u} of {N}.",
            "{Nc} reached {v}{u} on Thursday.",
            "{Nc} came in at {v}{u}, ahead of last month's pace.",
            "So far, {N} totals {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "The {N} figure ({v}{u}) is ahead of plan.",
        ],
        prefix=["$"],
        comma=True,
    ),
    Metric(
        "expenses_mtd",
        2,
        ["spend month to date", "operating expenses", "opex so far", "expenses"],
        USD_AFTER,
        [
            "{Nc} came to {v}{u}.",
            "We have spent {v}{u} in {N}.",
            "{Nc} is running at {v}{u}.",
            "{Nc} total {v}{u}, mostly payroll and hosting.",
        ],
        prefix=["$"],
        comma=True,
    ),
    Metric(
        "net_income",
        2,
        ["net income", "bottom line", "net result", "net profit"],
        USD_AFTER,
        [
            "{Nc} for the month so far is {v}{u}.",
            "That leaves the {N} at {v}{u}.",
            "{Nc}: {v}{u}.",
            "We're looking at {N} of {v}{u}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (after tax) is {v}{u}.",
        ],
        signed=True,
        prefix=["$"],
        comma=True,
        words=[
            ("{Nc} is a loss of {v}{u}.", "{Nc} is a profit of {v}{u}."),
            ("We are {v}{u} in the red on {N}.", "We are {v}{u} in the black on {N}."),
            ("{Nc} came out {v}{u} negative.", "{Nc} came out {v}{u} positive."),
            ("{Nc} shows a {v}{u} deficit.", "{Nc} shows a {v}{u} surplus."),
        ],
    ),
    Metric(
        "burn",
        2,
        ["monthly burn", "net burn", "burn rate", "burn"],
        USD_AFTER,
        [
            "{Nc} is {v}{u}.",
            "We are burning {v}{u} a month.",
            "{Nc} came down to {v}{u}.",
            "{Nc} sits at {v}{u} per month.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (net of revenue) is {v}{u}.",
        ],
        prefix=["$"],
        comma=True,
    ),
    Metric(
        "runway",
        1,
        ["runway", "cash runway"],
        [" months", " months", " mo"],
        [
            "{Nc} is {v}{u} at the current burn.",
            "That gives us {v}{u} of {N}.",
            "{Nc} works out to {v}{u}.",
            "At this pace, {N} is {v}{u}.",
        ],
    ),
    Metric(
        "gross_margin",
        1,
        ["gross margin", "margin", "gross margin this quarter"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} held at {v}{u}.",
            "We are running a {N} of {v}{u}.",
            "{Nc} came in at {v}{u}, helped by the hosting renegotiation.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (blended) is {v}{u}.",
        ],
    ),
    Metric(
        "margin_change",
        0,
        ["gross margin change", "margin versus last quarter", "margin move"],
        [" bps", " basis points", " bps"],
        [
            "The {N} is {v}{u}.",
            "On the {N}: {v}{u}.",
            "That puts the {N} at {v}{u}.",
            "Quarter on quarter, the {N} comes to {v}{u}.",
            "We record the {N} as {v}{u}.",
            "The {N} landed at {v}{u}.",
        ],
        signed=True,
        words=[
            ("Margin trailed last quarter by {v}{u}.", "Margin beat last quarter by {v}{u}."),
            ("Margin is down {v}{u} on the quarter.", "Margin is up {v}{u} on the quarter."),
            ("Margin contracted {v}{u}.", "Margin expanded {v}{u}."),
            (
                "We lost {v}{u} of margin versus last quarter.",
                "We gained {v}{u} of margin versus last quarter.",
            ),
        ],
    ),
    Metric(
        "mrr_growth",
        1,
        ["MRR growth", "month-over-month MRR growth", "recurring revenue growth"],
        PCT,
        [
            "{Nc} is {v}{u}.",
            "{Nc} came in at {v}{u} for November.",
            "We recorded {N} of {v}{u}.",
            "{Nc}: {v}{u}.",
        ],
        signed=True,
        words=[
            ("MRR slipped {v}{u} month over month.", "MRR grew {v}{u} month over month."),
            ("Recurring revenue fell {v}{u}.", "Recurring revenue rose {v}{u}."),
            ("MRR is down {v}{u} on October.", "MRR is up {v}{u} on October."),
            ("MRR shrank by {v}{u}.", "MRR expanded by {v}{u}."),
        ],
    ),
    Metric(
        "eu_revenue",
        2,
        ["European revenue", "EU sales", "revenue from the Berlin entity"],
        [" EUR", " euros"],
        [
            "{Nc} came to {v}{u}.",
            "{Nc} is {v}{u} month to date.",
            "We invoiced {v}{u} of {N}.",
            "{Nc} reached {v}{u} at Friday's rate.",
            "Berlin booked {v}{u}, which is our {N}.",
        ],
        prefix=["€", "€"],
        comma=True,
    ),
    Metric(
        "overdue_invoices",
        0,
        ["overdue invoices"],
        [" overdue invoices", " invoices past due", " invoices overdue"],
        [
            "We have {v}{u}.",
            "There are {v}{u} as of this morning.",
            "Collections is chasing {v}{u}.",
            "As of Friday we are carrying {v}{u}.",
            "Accounts receivable shows {v}{u}.",
        ],
        noun=True,
    ),
    Metric(
        "open_positions",
        0,
        ["open positions"],
        [" open positions", " open roles", " open reqs"],
        [
            "Hiring plan has {v}{u}.",
            "We still have {v}{u} budgeted.",
            "There are {v}{u} on the board.",
            "The org chart still shows {v}{u}.",
            "Recruiting is working on {v}{u}.",
        ],
        noun=True,
    ),
    Metric(
        "dso",
        0,
        ["days sales outstanding", "DSO", "collection period"],
        [""],
        [
            "{Nc} is {v}.",
            "{Nc} crept to {v}.",
            "Our {N} sits at {v}.",
            "{Nc} came in at {v}.",
            "{Nc} improved to {v}.",
            "\n• {Nc}: {v}{u}\n",
            "{Nc} (trailing) came to {v}{u}.",
        ],
    ),
]


def pool(rng: Random) -> Pool:
    revenue = round(rng.uniform(40_000, 400_000), 2)
    expenses = round(revenue * rng.uniform(0.6, 1.3), 2)
    burn = round(rng.uniform(30_000, 180_000), 2)
    cash = round(burn * rng.uniform(6, 30), 2)
    margin_change = rng.choice([-1, 1]) * rng.randint(15, 180)
    entries: list[tuple[str, float, str]] = [
        ("cash", cash, "usd"),
        ("revenue_mtd", revenue, "usd"),
        ("expenses_mtd", expenses, "usd"),
        ("net_income", round(revenue - expenses, 2), "usd"),
        ("burn", burn, "usd"),
        ("runway", round(cash / burn, 1), "months"),
        ("gross_margin", round(rng.uniform(38, 82), 1), "pct"),
        ("margin_change", margin_change, "bps"),
        ("mrr_growth", round(rng.choice([-1, 1, 1]) * rng.uniform(0.4, 9), 1), "pct"),
        ("eu_revenue", round(revenue * rng.uniform(0.1, 0.4), 2), "eur"),
        ("overdue_invoices", rng.randint(2, 30), "none"),
        ("open_positions", rng.randint(2, 14), "none"),
        ("dso", rng.randint(28, 75), "none"),
    ]
    keep = {"cash", "net_income", "mrr_growth", "gross_margin"}
    return [
        {"name": n, "value": v, "unit": u} for n, v, u in entries if n in keep or rng.random() < 0.7
    ]


OPENERS = [
    "Weekly finance note for {who}.",
    "Hi {who}, here's where the money is.",
    "{who} — the Friday numbers.",
    "Finance update, prepared for {who}.",
    "Morning {who}. Short one this week.",
    "Summary for {who} ahead of the board call.",
]
CLOSERS = [
    "Questions to me before Monday, please.",
    "Full ledger is in the shared drive.",
    "Nothing here needs a decision this week.",
    "Let's review the forecast on Tuesday.",
    "Talk soon.",
    "I'll send the reconciled version after close.",
]
ATHLETES = ["Rosa", "Karim", "Lena", "Theo", "Nadia", "Oskar", "Ines", "Marcus"]
FILLERS = [
    "Nothing unusual in the ledger.",
    "Payroll went out on schedule.",
    "The audit prep is on track.",
    "No surprises from the bank.",
]


def _usd(value: float, cents: bool = True) -> str:
    return fmt(value, 2 if cents else 0, comma=True)


def _near(ctx: Ctx, name: str, low: float, high: float, fallback: float) -> float:
    try:
        return ctx.value(name) * ctx.rng.uniform(low, high)
    except KeyError:
        return fallback


EXTRAS = [
    past(
        [
            "Cash went from ${o} to ${n} over the month.",
            "The balance moved from ${o} at the start of November to ${n} now.",
            "We started the quarter at ${o}; we are at ${n} today.",
            "Cash climbed from ${o} to ${n} after the Series A tranche.",
        ],
        "cash",
        2,
        0.85,
        0.97,
        "16",
        comma=True,
    ),
    past(
        [
            "Gross margin climbed from {o}% to {n}%.",
            "Margin moved from {o} to {n} percent over two quarters.",
            "Last year gross margin was {o}%; it is {n}% now.",
            "Margin has gone from {o}% in the spring to {n}% today.",
            "Gross margin improved from {o} to {n} percent after the vendor switch.",
        ],
        "gross_margin",
        1,
        0.88,
        0.97,
    ),
    one(
        [
            (
                "The target is ${x} in MRR by the end of the quarter.",
                lambda c: _usd(_near(c, "revenue_mtd", 1.03, 1.15, 90_000), False),
            ),
            (
                "Keep monthly burn below ${x}.",
                lambda c: _usd(round(_near(c, "burn", 0.9, 1.05, 80_000), -3), False),
            ),
            (
                "Budget for December is ${x} in opex.",
                lambda c: _usd(round(_near(c, "expenses_mtd", 0.95, 1.1, 60_000), -3), False),
            ),
            (
                "We aim to hold a cash floor of ${x}.",
                lambda c: _usd(round(_near(c, "cash", 0.85, 0.95, 500_000), -4), False),
            ),
            (
                "Next quarter's goal is gross margin of {x}%.",
                lambda c: fmt(_near(c, "gross_margin", 1.02, 1.08, 60), 0),
            ),
            (
                "Plan for next month assumes {x}% MRR growth.",
                lambda c: c.voice.pick(["3", "4", "5", "6"]),
            ),
            ("Keep DSO under {x} days.", lambda c: str(c.rng.choice([30, 40, 45]))),
        ],
        "plan",
        "9",
    ),
    two(
        [
            (
                "The forecast puts December revenue between ${a} and ${b}.",
                lambda c: _range_usd(c, "revenue_mtd"),
            ),
            ("Expect the tax bill to be ${a} to ${b}.", lambda c: ("18,000", "22,000")),
            ("Hosting should land in the ${a}–${b} range.", lambda c: ("9,500", "11,000")),
            ("Margin guidance is {a} to {b} percent.", lambda c: ("55", "60")),
            ("We expect churn of {a}-{b}% next quarter.", lambda c: ("2", "3")),
            ("Runway scenarios range from {a} to {b} months.", lambda c: ("14", "22")),
        ],
        "range",
        "10",
    ),
    two(
        [
            ("{a} of the {b} enterprise renewals have signed.", lambda c: ("7", "9")),
            ("We paid {a} of {b} vendor invoices early for the discount.", lambda c: ("12", "15")),
            ("Three reps closed {a} of the {b} deals in the pipeline.", lambda c: ("4", "11")),
            ("We collected on {a} of the {b} invoices we chased.", lambda c: ("6", "8")),
            ("{a} out of {b} pilot customers converted to paid.", lambda c: ("3", "5")),
        ],
        "count",
        "11",
    ),
    one(
        [
            ("We added {x} new customers this week.", lambda c: str(c.rng.randint(3, 40))),
            ("Procurement processed {x} purchase orders.", lambda c: str(c.rng.randint(5, 30))),
            (
                "There were {x} card transactions flagged for review.",
                lambda c: str(c.rng.randint(2, 12)),
            ),
            ("We signed {x} new contracts.", lambda c: str(c.rng.randint(2, 9))),
        ],
        "count",
        "11",
    ),
    one(
        [
            (
                "UK revenue came to £{x}.",
                lambda c: fmt(c.rng.uniform(5_000, 40_000), 2, comma=True),
            ),
            (
                "The Tokyo office spent ¥{x} on rent.",
                lambda c: fmt(c.rng.uniform(800_000, 2_000_000), 0, comma=True),
            ),
            (
                "We hold {x} CHF in the Zurich account.",
                lambda c: fmt(c.rng.uniform(10_000, 90_000), 0, comma=True),
            ),
            (
                "The warehouse lease covers {x} sq ft.",
                lambda c: fmt(c.rng.uniform(2_000, 9_000), 0, comma=True),
            ),
            (
                "The new office is {x} m² and costs less per seat.",
                lambda c: str(c.rng.randint(180, 600)),
            ),
        ],
        "foreign unit",
        "12",
    ),
    one(
        [
            (
                "The credit line carries a {x}% rate.",
                lambda c: c.voice.pick(["6.5", "7.25", "8.1"]),
            ),
            ("Sales tax is {x}% in the new state.", lambda c: c.voice.pick(["6", "7.25", "8.875"])),
            ("The processor takes {x}% per transaction.", lambda c: c.voice.pick(["2.9", "3.4"])),
            ("Treasury bills yield {x}% right now.", lambda c: c.voice.pick(["4.3", "4.6", "5.1"])),
        ],
        "other quantity",
        None,
    ),
    one(
        [
            (
                "This is the {x} close under the new process.",
                lambda c: c.voice.pick(["2nd", "3rd", "4th"]),
            ),
            ("Board meeting is on {x}.", lambda c: f"2026-12-{c.rng.randint(8, 19):02d}"),
            (
                "Invoices dated after {x} roll into next month.",
                lambda c: f"2026-11-{c.rng.randint(25, 30):02d}",
            ),
            (
                "We close the books by {x} on the last business day.",
                lambda c: c.voice.pick(["17:00", "18:30", "12:00"]),
            ),
        ],
        "date",
        "3",
    ),
    one(
        [
            (
                "The ledger sync moved to version {x}.",
                lambda c: c.voice.pick(["2.4", "3.1", "11.2"]),
            ),
            (
                "Reports now come from the {x} forecast model.",
                lambda c: c.voice.pick(["v3", "v4.2", "v12"]),
            ),
            (
                "The billing system upgrade to {x} went live Monday.",
                lambda c: c.voice.pick(["8.3.1", "9.0", "14.2"]),
            ),
            (
                "Payroll runs on release {x} of the provider's API.",
                lambda c: c.voice.pick(["2.1", "5.4"]),
            ),
            ("Expense reports moved to template {x}.", lambda c: c.voice.pick(["v2", "v3.1"])),
        ],
        "version",
        "14",
    ),
    one(
        [
            ("This covers {x} of the fiscal year.", lambda c: c.voice.pick(["Q3", "Q4", "H2"])),
            ("Our {x} plan is still the reference.", lambda c: c.voice.pick(["FY26", "FY27"])),
            ("Tax filings for {x} are done.", lambda c: c.voice.pick(["FY25", "FY2025"])),
            ("The {x} numbers close next week.", lambda c: c.voice.pick(["Q4", "H2"])),
            ("{x} guidance stays unchanged.", lambda c: c.voice.pick(["FY26", "Q1"])),
        ],
        "label",
        "14",
    ),
    one(
        [
            ("The {x}-day cash forecast looks stable.", lambda c: str(c.rng.choice([13, 30, 90]))),
            (
                "Over the last {x} weeks, collections improved.",
                lambda c: str(c.rng.choice([4, 6, 8])),
            ),
            (
                "Net terms are {x} days for new customers.",
                lambda c: str(c.rng.choice([30, 45, 60])),
            ),
            (
                "The {x}-week rolling forecast shows no dip.",
                lambda c: str(c.rng.choice([4, 8, 13])),
            ),
            (
                "Over the past {x} days, receipts outran payments.",
                lambda c: str(c.rng.choice([10, 14, 30])),
            ),
        ],
        "window",
        None,
    ),
    one(
        [
            (
                "Headcount costs rose {x}% after the raises.",
                lambda c: fmt(_near(c, "mrr_growth", 0.9, 1.1, 4), 1),
            ),
            ("AWS spend is up {x}% since the migration.", lambda c: str(c.rng.randint(4, 15))),
            ("Payroll taxes fell {x}% after the credit.", lambda c: str(c.rng.randint(2, 9))),
            ("Insurance premiums went up {x}% at renewal.", lambda c: str(c.rng.randint(3, 12))),
            (
                "Software subscriptions dropped {x}% after the audit.",
                lambda c: str(c.rng.randint(4, 18)),
            ),
        ],
        "change",
        "14",
    ),
]


def _range_usd(ctx: Ctx, name: str) -> tuple[str, str]:
    mid = _near(ctx, name, 0.95, 1.1, 120_000)
    low = round(mid * 0.95, -3)
    return _usd(low, False), _usd(low + round(mid * 0.1, -3), False)


DECOYS = {
    "usd": ["deferred_revenue", "unbilled_receivables", "prepaid_expenses"],
    "pct": ["discount_rate", "cac_payback_change"],
    "bps": ["spread_bps", "fx_impact_bps"],
}
