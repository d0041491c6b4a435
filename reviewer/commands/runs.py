"""`reviewer runs` and `reviewer arms --run N`: the runs as versions of the check, and one
run's stored four arms, read back without recomputing them."""

from __future__ import annotations

import json
import sys
from typing import Any

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from db.runs import (
    RunSummary,
    arm_means,
    config_summary,
    find_run,
    run_summaries,
    run_title,
    stored_arms,
)
from reviewer.arms import ARMS, MESSAGES, ArmsReport
from reviewer.commands.arms import print_arms
from reviewer.commands.charts import runs_chart
from reviewer.commands.console import FAILED, OK, USAGE, cell, err, open_db, out, say, visible


def _precision(summary: RunSummary) -> tuple[str, str]:
    """The run's precision and 95% interval as `stats` estimates them; while a stratum is
    unmeasured, only the bounds (marked *)."""
    low, high = summary.precision_ci
    if summary.unmeasured:
        return "—", f"{100 * low:.1f}–{100 * high:.1f}*"
    if summary.precision is None:
        return "—", "—"
    return f"{100 * summary.precision:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}"


def arms_cell(arms: dict[str, Any] | None) -> Text:
    """`PASS 0.00 0.90 1.00 0.07 · 0.00 0.85 0.92 0.10 · 0.18`: the one verdict over both
    groups, the four template means, the four rewrite means (when stored), production."""
    if arms is None:
        return Text("not stored", style="dim")
    means = arm_means(arms)
    passed = not arms.get("failures")
    cell = Text("PASS " if passed else "FAIL ", style="green" if passed else "bold red")
    cell.append(" ".join(f"{means.get(arm, 0.0):.2f}" for arm in ARMS))
    rewrite = arm_means(arms, "rewrite")
    if any(arm in rewrite for arm in ARMS):
        cell.append(" · ")
        for arm in ARMS:
            failed = any(f == f"rewrite arms: {MESSAGES[arm]}" for f in arms.get("failures", []))
            cell.append(f"{rewrite.get(arm, 0.0):.2f}", style="bold red" if failed else "")
            cell.append(" " if arm != ARMS[-1] else "")
    else:
        cell.append(" · " + " ".join(["  —"] * len(ARMS)), style="dim")
    if "production" in means:
        style = "yellow" if arms.get("warnings") else ""
        cell.append(f" · {means['production']:.2f}", style=style)
    return cell


ARMS_HEADER = "arms: faith corr sign unrel (template) · the same (rewrite) · prod"
RIGHT = ("flags", "labeled", "precision")
# the tables a terminal too narrow for one row a run gets instead, widest first
LAYOUTS = (
    (("run", "detector", "config", "made", "flags", "labeled", "precision", "95% CI", "arms"),),
    (("run", "detector", "config", "made", "flags", "labeled", "precision", "95% CI"),
     ("run", "arms")),
    (("run", "detector", "config", "made"), ("run", "flags", "labeled", "precision", "95% CI"),
     ("run", "arms")),
)  # fmt: skip


def _cells(s: RunSummary) -> dict[str, Text]:
    run = s.run
    digest = (run.config_digest or "")[:8] or "—"
    made = run.created_at.strftime("%Y-%m-%d %H:%M") if run.created_at else "—"
    if run.status == "failed":
        made += " FAILED"
    elif run.status != "finished":
        made += " running"  # or killed: the next ingest or flag marks it failed
    precision, interval = _precision(s)
    return {
        "run": Text(cell(f"#{run.id} {run.name}" if run.name else f"#{run.id}")),
        "detector": Text(cell(f"{run.detector} {run.version}")),
        "config": Text(visible(f"{digest} {config_summary(run.config)}")),
        "made": Text(made),
        "flags": Text(f"{run.flags:,}"),
        "labeled": Text(f"{s.labeled:,}"),
        "precision": Text(precision),
        "95% CI": Text(interval),
        "arms": arms_cell(s.arms),
    }


def runs_table(summaries: list[RunSummary], columns: tuple[str, ...] = LAYOUTS[0][0]) -> Table:
    """One row a run, of `columns` (every one by default, the stored arms last)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for name in columns:
        justify = "right" if name in RIGHT else "left"
        table.add_column(ARMS_HEADER if name == "arms" else name, justify=justify,  # type: ignore[arg-type]
                         no_wrap=name != "config")  # fmt: skip
    for s in summaries:
        cells = _cells(s)
        table.add_row(*(cells[name] for name in columns))
    return table


def print_runs(summaries: list[RunSummary], console: Console) -> None:
    """The runs table; on a terminal too narrow for it, the first of `LAYOUTS` whose
    tables fit (the last, where none does), so that no column is cut to an ellipsis."""
    options = console.options.update_width(10_000)
    for layout in LAYOUTS:
        tables = [runs_table(summaries, columns) for columns in layout]
        if not console.is_terminal or all(
            Measurement.get(console, options, table).maximum <= console.width for table in tables
        ):
            break
    for table in tables:
        console.print(table)


def runs(url_or_path: str, *, reviewer: str | None, as_json: bool) -> int:
    """List every run; exit 2 when the database cannot be used."""
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with engine.connect() as connection:
            summaries = run_summaries(db=connection, reviewer=reviewer)
    finally:
        engine.dispose()
    if as_json:
        sys.stdout.write(json.dumps([s.to_dict() for s in summaries], indent=2) + "\n")
        return 0
    if not summaries:
        say(out(), "no detector run yet (reviewer ingest FILE, or reviewer flag)")
        return 0
    console = out(columns=False)  # piped: the table at its natural width, never squeezed
    print_runs(summaries, console)
    for line in runs_chart(summaries):
        console.print(line, overflow="ellipsis", no_wrap=True)
    if any(s.unmeasured for s in summaries):
        say(console, "* bounds, not an interval: a stratum of that run has no true or false "
                     "verdict from its random queue yet (reviewer stats --run N shows "
                     "which)")  # fmt: skip
    return 0


def stored_run_arms(url_or_path: str, ref: str, *, as_json: bool) -> int:
    """Print a run's stored arms: exit 0 when they separate, 1 when not, 2 when the run is
    unknown or was made before arms were stored."""
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with engine.connect() as connection:
            run = find_run(db=connection, ref=ref, finished=True)
    except ValueError as problem:
        say(err(), str(problem))
        return USAGE
    finally:
        engine.dispose()
    arms = stored_arms(run)
    if arms is None:
        spec = getattr(run, "spec", None) or ""
        why = (
            f"its flags were loaded from a file ({spec}): it has no detector to re-run"
            if spec.startswith("from:")
            else "it was made before runs stored them"
        )
        say(
            err(),
            f"run {run_title(run)} has no stored arms ({why}); `reviewer arms --detector D` "
            "computes them afresh (D may be the check itself: cmd:PROGRAM ARGS)",
        )
        return USAGE
    report = ArmsReport.from_dict(arms)
    if as_json:
        sys.stdout.write(json.dumps({"run_id": run.id, **arms}, indent=2) + "\n")
    else:
        console = Console(highlight=False)
        console.print(Text(visible(f"run {run_title(run)}: arms stored when it was made")))
        print_arms(report, console)
    return OK if report.passed else FAILED


def other_detectors_arms(url_or_path: str, measured: str) -> None:
    """After `reviewer arms` measured `measured` over the stored pools: when the latest run
    was made by another detector, say what its own stored arms said and how to see them
    (its FAIL beside this PASS is no contradiction: two detectors were measured)."""
    from db.queries import latest_run

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return
    try:
        with engine.connect() as connection:
            run = latest_run(session=connection)
    finally:
        engine.dispose()
    arms = stored_arms(run) if run is not None else None
    if run is None or arms is None or run.detector == measured:
        return
    verdict = "PASS" if ArmsReport.from_dict(arms).passed else "FAIL"
    see = f"reviewer arms --run {run.id}"
    said = (f"these are {measured}'s arms; the latest run, {run_title(run)}, was made by "
            f"another detector: its own arms say {verdict} ({see})")  # fmt: skip
    say(err(), said)
