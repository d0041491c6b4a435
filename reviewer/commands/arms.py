"""`reviewer arms`: the four-arm control table; exit 1 when the arms fail to separate."""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from reviewer.arms import DEFAULT_DRIFT, DEFAULT_SEED, ArmsReport
from reviewer.commands.console import FAILED, OK, USAGE, input_error, open_db, stop
from reviewer.commands.console import streaming_progress as progress_bar
from reviewer.grounding.types import Detector
from reviewer.pipeline.arms_input import ArmsInput, arms_input_from_file, stored_arms_input
from reviewer.pipeline.arms_scoring import arms_analyzer, score_arms
from reviewer.pipeline.reader import InputError


def file_source(path: str) -> Callable[[], ArmsInput]:
    """Records from a pools or briefs file, read when the arms run."""
    return lambda: arms_input_from_file(path)


def stored_source(url_or_path: str) -> Callable[[], ArmsInput]:
    """Pools, briefs and the production rate from an existing database (else stop, 2)."""
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        stop(USAGE)
    return lambda: stored_arms_input(engine)


def arms(
    source: Callable[[], ArmsInput],
    detector: Detector,
    *,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
    citer: Detector | None = None,
    as_json: bool = False,
) -> int:
    """Run the arms and print them; exit code 0 when they separate, 1 when not, 2 on bad input."""
    try:
        found = source()
        with (
            arms_analyzer(detector, found, citer) as analyzer,
            progress_bar("arms", found.total) as advance,
        ):
            report = score_arms(analyzer, found, seed=seed, drift=drift, on_record=advance)
    except InputError as err:
        return input_error(err)
    if as_json:
        sys.stdout.write(report.to_json() + "\n")
    else:
        print_arms(report, Console(highlight=False))
    return OK if report.passed else FAILED


def arms_table(report: ArmsReport) -> Table:
    """The arms as a rich table (also for the review app's panel)."""
    table = Table(
        title=Text(f"four arms · {report.detector} · seed {report.seed} · drift {report.drift:g}"),
        box=box.SIMPLE_HEAD,
    )
    for name, justify in (("group", "left"), ("arm", "left"), ("mean", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("n", justify="right")
    table.add_column("expected")
    table.add_column("result")
    for row in report.rows:
        result = {True: Text("PASS", "green"), False: Text("FAIL", "bold red")}.get(
            row.passed, Text("")
        )
        if row.group == "production" and report.warnings:
            result = Text("WARN", "yellow")
        table.add_row(row.group, row.arm, f"{row.mean:.2f}", str(row.n), row.expected, result)
    return table


def print_arms(report: ArmsReport, console: Console) -> None:
    console.print(arms_table(report))
    for failure in report.failures:
        console.print(Text(f"FAIL: {failure}", "bold red"))
    for warning in report.warnings:
        console.print(Text(f"warning: {warning}", "yellow"))
    verdict = "the arms separate" if report.passed else "the arms do not separate"
    console.print(Text(f"{'PASS' if report.passed else 'FAIL'}: {verdict}"))
