"""What `reviewer ingest`, `flag` and `stats` do and print, so the CLI stays a few lines.

Ids and messages come from input files: they are printed as `rich.text.Text`, never markup.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from sqlalchemy import Engine, func, make_url, select
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session

import db
from reviewer.ingest import InputError, count_lines
from reviewer.store import IngestReport, RunReport, Stage, ingest_files, run_detector
from reviewer.wording import counted

SHOWN_REJECTS = 20


def out() -> Console:
    return Console(highlight=False, soft_wrap=True)


def err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def say(console: Console, message: str) -> None:
    console.print(Text(message))


def open_db(url_or_path: str, *, must_exist: bool = False) -> Engine | None:
    """The engine, or None after printing why the database cannot be used. Commands that
    only read (flag, stats, arms) pass must_exist so a typo never creates an empty file."""
    if must_exist and not _exists(url_or_path):
        say(err(), f"{url_or_path}: no such database (reviewer ingest FILE creates one)")
        return None
    try:
        return db.make_engine(url_or_path)
    except db.SchemaError as problem:
        say(err(), str(problem))
    except ImportError as missing:
        say(
            err(),
            f"{url_or_path}: the database driver is not installed ({missing.name or missing})",
        )
    return None


def _exists(url_or_path: str) -> bool:
    """A SQLite file (by path or sqlite:/// URL) must be there; other servers are asked later."""
    if "://" not in url_or_path:
        return Path(url_or_path).expanduser().is_file()
    try:
        url = make_url(url_or_path)
    except ArgumentError:
        return True  # make_engine words the problem
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return True
    return Path(url.database).expanduser().is_file()


@contextmanager
def progress(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """`advance(n)`; a bar on stderr only when stderr is a terminal."""
    console = err()
    if not console.is_terminal:
        yield lambda n: None
        return
    columns = [
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ]
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


STAGE_WORDS = {"check": "checking", "store": "storing", "flag": "flagging"}


@contextmanager
def stages(files: Sequence[str]) -> Iterator[tuple[Callable[[int], None], Stage]]:
    """`(advance, stage)` for an ingest: one bar per stage, each labelled and counting
    from zero to its own total (checking a file, storing it, flagging older briefs), so
    it never reads 200% or starts over unannounced. Drawn only when stderr is a terminal."""
    console = err()
    if not console.is_terminal:
        yield (lambda n: None), (lambda kind, path, total: None)
        return
    columns = [
        TextColumn("{task.description}", markup=False),  # file names are data, not markup
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ]
    with Progress(*columns, console=console, transient=True) as bar:
        current = bar.add_task("ingest", total=None)
        number = 0  # of the file being read

        def stage(kind: str, path: str | None, total: int | None) -> None:
            nonlocal current, number
            bar.refresh()  # the finished stage as it ended
            bar.remove_task(current)
            label = STAGE_WORDS.get(kind, kind)
            if path is None:
                label += " the briefs stored before"
            else:
                number += kind == "check" or path == "-"  # stdin is stored as it is read
                label += " standard input" if path == "-" else f" {path}"
                if len(files) > 1:
                    label += f" (file {number} of {len(files)})"
            current = bar.add_task(label, total=total)
            bar.refresh()

        yield (lambda n: bar.advance(current, n)), stage


def run_line(run: RunReport) -> str:
    line = (
        f"run {run.run_id} ({run.detector} {run.version}): {counted(run.flags, 'flag')} "
        f"over {counted(run.briefs, 'brief')} ({counted(run.checkable, 'checkable number')})"
    )
    if run.diff is not None:
        d = run.diff
        line += (
            f"; against run {run.previous_run}: {d.new:,} new, {d.gone:,} gone, "
            f"{d.same:,} same (labels carry over to the same spans)"
        )
    return line


def ingest(
    url_or_path: str,
    files: Sequence[str],
    *,
    pools: str | None,
    skip_invalid: bool,
    replace: bool,
    detector: Any,
) -> int:
    """Exit code 0 on success; 2 on bad input (a refused file, a bad pools file) or an
    unusable database, as for a usage error. Exit 1 is left to checks that fail."""
    existed = _exists(url_or_path)
    engine = open_db(url_or_path)
    if engine is None:
        return 2
    lines = [count_lines(f) for f in files]
    total = None if None in lines else sum(n or 0 for n in lines)
    try:
        with stages(files) as (advance, stage):
            report = ingest_files(
                engine,
                files,
                pools_path=pools,
                skip_invalid=skip_invalid,
                replace=replace,
                detector=detector,
                advance=advance,
                stage=stage,
                lines=lines,
                expected=total,
            )
    except InputError as problem:  # the pools file
        say(err(), str(problem))
        say(err(), f"nothing was stored: the pools file was refused; {_unchanged(existed)}")
        return 2
    finally:
        engine.dispose()
    print_ingest(report, new_db=not existed)
    return 2 if report.failed else 0


def _unchanged(existed: bool) -> str:
    return "the database is unchanged" if existed else "the new database holds no briefs"


def refusal(report: IngestReport, *, new_db: bool = False) -> str:
    """What a refused file means for the database, said after its `FILE:LINE: problem`."""
    failed = report.failed
    assert failed is not None
    where = f" at line {failed.line}" if failed.line else ""
    name = "standard input" if failed.path == "-" else failed.path
    if report.stored_anything:
        said = f"nothing of {name} was stored: it was refused{where}"
    else:
        said = f"nothing was stored: {name} was refused{where}; {_unchanged(not new_db)}"
    if report.unread == 1:
        said += "; the file after it was not read"
    elif report.unread:
        said += f"; the {report.unread:,} files after it were not read"
    if failed.line:
        said += ". Fix that line, or --skip-invalid stores the good lines and reports the bad ones"
    return said


def print_ingest(report: IngestReport, *, new_db: bool = False) -> None:
    """Rejected lines and any refused file on stderr; what was stored on stdout, unless
    nothing was (a table of zeros would read as a success)."""
    console = err()
    for problem in report.rejected_lines[:SHOWN_REJECTS]:
        say(console, f"rejected {problem}")
    if report.rejected > SHOWN_REJECTS:
        more = counted(report.rejected - SHOWN_REJECTS, "more rejected line")
        say(console, f"... and {more}")
    if report.failed:
        say(console, str(report.failed))
        say(console, refusal(report, new_db=new_db))
        if not report.stored_anything:
            return
    parts = [f"{counted(report.added, 'brief')} added", f"{report.unchanged:,} unchanged"]
    if report.replaced:
        parts.append(f"{report.replaced:,} replaced")
    parts.append(f"{report.rejected:,} rejected")
    say(out(), ", ".join(parts))
    if report.run is not None:
        say(out(), run_line(report.run))
    elif not report.failed:
        say(out(), "no new detector run: nothing changed")


def flag(url_or_path: str, detector: Any) -> int:
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return 2
    try:
        with Session(engine) as session:
            total = session.scalar(select(func.count()).select_from(db.Brief)) or 0
        if not total:  # nothing to work on is a usage error, like bad input (2)
            say(err(), "no briefs stored yet (reviewer ingest FILE first)")
            return 2
        with progress("flag", total) as advance:
            run = run_detector(engine, detector, advance=advance)
    finally:
        engine.dispose()
    say(out(), run_line(run))
    return 0


def stats(url_or_path: str, *, run_id: int | None, reviewer: str | None, as_json: bool) -> int:
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return 2
    try:
        with Session(engine) as session:
            result = db.precision_stats(session=session, run_id=run_id, reviewer=reviewer)
    except ValueError as problem:  # e.g. no such run: a usage error (2), not a failed check
        say(err(), str(problem))
        return 2
    finally:
        engine.dispose()
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    else:
        print_stats(result, out())
    return 0


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _interval(low: float, high: float) -> str:
    """`20.8–93.9`: the interval in percentage points, compact enough for 80 columns."""
    return f"{100 * low:.1f}–{100 * high:.1f}"


def _row(name: str, s: dict[str, Any]) -> list[Text]:
    low, high = s["precision_ci"]
    return [
        Text(name),
        Text(f"{s['flags']:,}"),
        Text(f"{s['labeled']:,}"),
        Text(f"{s['true_positives']:,}"),
        Text(f"{s['false_positives']:,}"),
        Text(f"{s['skipped']:,}"),
        Text(_pct(s["precision"])),
        Text(_interval(low, high) if s["true_positives"] + s["false_positives"] else "—"),
        Text(_pct(s["coverage"])),
    ]


def _table(title: str) -> Table:
    table = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
        collapse_padding=True,
    )
    for name in ("", "flags", "labeled", "TP", "FP", "skip", "precision", "95% CI", "coverage"):
        table.add_column(name, justify="right" if name else "left", no_wrap=not name)
    return table


def print_stats(s: dict[str, Any], console: Console) -> None:
    if s["run_id"] is None:
        say(console, "no detector run yet (reviewer ingest FILE, or reviewer flag)")
        return
    who = s["reviewer"] or "all reviewers"
    table = _table(f"run {s['run_id']} · {s['detector']} {s['version']} · {who}")
    table.add_row(*_row("overall", s), style="bold")
    for kind, part in s["by_kind"].items():
        table.add_row(*_row(f"kind {kind}", part))
    for unit, part in s["by_unit"].items():
        table.add_row(*_row(f"unit {unit}", part))
    console.print(table)
    if len(s["by_run"]) > 1:
        runs = _table("by run")
        for part in s["by_run"]:
            runs.add_row(*_row(f"run {part['run_id']} {part['detector']} {part['version']}", part))
        console.print(runs)
    needed = s["labels_needed"]
    left = s["flags"] - s["labeled"]
    if needed:
        more = f"about {counted(needed, 'more label')} would bring the interval to ±5 points"
        if needed > left:
            more += f", more than the {counted(left, 'flag')} left unlabeled: ingest more briefs"
        say(console, more)
    else:
        say(console, "the interval is within ±5 points")
