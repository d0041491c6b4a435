"""What `reviewer scan` and `reviewer arms` do and print, so the CLI stays a few lines.

Brief text and ids are data: they become `rich.text.Text` objects with control
characters made visible, never markup.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from reviewer.grounding import registry
from reviewer.grounding.arms import DEFAULT_DRIFT, DEFAULT_SEED, ArmsReport, run_arms
from reviewer.grounding.types import Analysis, Flag, Known
from reviewer.ingest import (
    BriefRecord,
    InputError,
    count_lines,
    iter_briefs,
    iter_pool_records,
    read_pools,
    sniff_kind,
)
from reviewer.wording import counted

KIND_STYLE = {"sign": "bold red", "value": "bold yellow"}
TABLE_CHUNK = 50  # briefs per printed table: the table format keeps memory flat too


# ---------------------------------------------------------------- shared pieces


def visible(text: str) -> str:
    """Control characters shown as their Unicode pictures; same length, so spans hold."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in "\n\t":
            out.append(ch)
        elif code < 0x20:
            out.append(chr(0x2400 + code))
        elif code == 0x7F:
            out.append("\u2421")
        elif 0x80 <= code < 0xA0:
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def input_error(err: InputError) -> int:
    """Report a bad input line on stderr, unwrapped; the exit code for bad input."""
    sys.stderr.write(visible(str(err)) + "\n")
    sys.stderr.flush()
    return 2


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Callable[[], None]]:
    """An `advance()` callable; draws a bar on stderr only when stderr is a terminal."""
    console = err_console()
    if not console.is_terminal:
        yield lambda: None
        return
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    # Output on a terminal goes above the bar; piped output must stay on stdout.
    to_terminal = sys.stdout.isatty()
    with Progress(
        *columns,
        console=console,
        transient=True,
        redirect_stdout=to_terminal,
        redirect_stderr=False,
    ) as progress:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)


# ---------------------------------------------------------------- scan


def flag_line(record_id: str, analysis: Analysis) -> str:
    """One JSON line per brief: id, invention rate and its flags."""
    return json.dumps(
        {
            "id": record_id,
            "invention_rate": analysis.invention_rate,
            "flags": [flag.to_dict() for flag in analysis.flags],
        },
        ensure_ascii=False,
    )


CONTEXT = 36  # characters of prose shown on each side of a flagged token


def in_context(text: str, flag: Flag) -> Text:
    """The flagged token with a little prose either side, on one line, token styled by kind."""
    left = max(0, flag.start - CONTEXT)
    right = min(len(text), flag.end + CONTEXT)

    def flat(part: str) -> str:
        return visible(part).replace("\n", " ").replace("\t", " ")

    shown = Text("…" if left else "", style="dim")
    shown.append(flat(text[left : flag.start]))
    shown.append(flat(text[flag.start : flag.end]), style=KIND_STYLE.get(flag.kind, "bold"))
    shown.append(flat(text[flag.end : right]))
    shown.append("…" if right < len(text) else "", style="dim")
    return shown


def _scan_table(header: bool) -> Table:
    table = Table(box=box.SIMPLE, show_header=header, expand=True, pad_edge=False)
    table.add_column("brief", max_width=16, overflow="fold")
    table.add_column("flagged in context", ratio=1, min_width=30, overflow="fold")
    table.add_column("read as", no_wrap=True)
    table.add_column("nearest known", max_width=24, overflow="ellipsis", no_wrap=True)
    table.add_column("delta", justify="right", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    return table


def scan(path: str, detector: Any, *, pools_path: str | None = None, fmt: str = "jsonl") -> int:
    """Stream a briefs file through a detector; returns the exit code (2 on bad input)."""
    try:
        pools = read_pools(pools_path) if pools_path else None
        # no database, so a repeated id is harmless: forgetting ids keeps memory flat
        records = iter_briefs(path, pools=pools, check_duplicates=False)
        with progress_bar("scanning", count_lines(path)) as advance:
            if fmt == "table":
                _scan_to_table(records, detector, advance)
            else:
                _scan_to_jsonl(records, detector, advance)
    except InputError as err:
        return input_error(err)
    return 0


def _scan_to_jsonl(
    records: Iterable[BriefRecord], detector: Any, advance: Callable[[], None]
) -> None:
    out = sys.stdout
    for record in records:
        out.write(flag_line(record.id, registry.analyze(detector, record.text, record.pool)))
        out.write("\n")
        out.flush()
        advance()


def _scan_to_table(
    records: Iterable[BriefRecord], detector: Any, advance: Callable[[], None]
) -> None:
    """One row per flag, printed in chunks so memory stays flat; a summary line at the end."""
    console = Console(highlight=False)
    table = _scan_table(header=True)
    briefs = flags = 0
    rate_sum = 0.0
    for record in records:
        analysis = registry.analyze(detector, record.text, record.pool)
        briefs += 1
        flags += len(analysis.flags)
        rate_sum += analysis.invention_rate
        for flag in analysis.flags:
            unit = "" if flag.unit == "none" else f" {flag.unit}"
            table.add_row(
                Text(visible(record.id)),
                in_context(record.text, flag),
                Text(f"{flag.value:g}{unit}"),
                Text(f"{visible(flag.nearest)} {flag.nearest_value:g}"),
                Text(f"{flag.delta:+.4g}"),
                Text(flag.kind, KIND_STYLE.get(flag.kind, "bold")),
            )
        advance()
        if table.row_count >= TABLE_CHUNK:
            console.print(table)
            table = _scan_table(header=False)
    if table.row_count:
        console.print(table)
    mean = rate_sum / briefs if briefs else 0.0
    summary = (
        f"{counted(briefs, 'brief')}, {counted(flags, 'flag')}, mean invention rate {mean:.3f}"
    )
    console.print(Text(summary, style="bold"))


# ---------------------------------------------------------------- arms


@dataclass
class ArmsInput:
    """Where the arms get their records: pools, briefs ((text, pool) pairs), or both.

    A file gives one of them; the database gives both plus a stored production rate.
    """

    pools: Iterable[Sequence[Known]] | None = None
    briefs: Iterable[tuple[str, Sequence[Known]]] | None = None
    production_rate: float | None = None
    total: int | None = None


def arms_input_from_file(path: str) -> ArmsInput:
    """A pools file feeds the template arms; a briefs file also the rewrite and production."""
    if path == "-":
        raise InputError(path, 0, "the arms read a file, not stdin (pools or briefs)")
    kind = sniff_kind(path)
    if kind == "briefs":
        briefs = ((r.text, r.pool) for r in iter_briefs(path))
        return ArmsInput(briefs=briefs, total=count_lines(path))
    if kind == "empty":
        raise InputError(path, 0, "no records")
    return ArmsInput(pools=(r.pool for r in iter_pool_records(path)), total=count_lines(path))


def arms(
    source: Callable[[], ArmsInput],
    detector: Any,
    *,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
    citer: Any = None,
    as_json: bool = False,
) -> int:
    """Run the arms and print them; exit code 0 when they separate, 1 when not, 2 on bad input."""
    try:
        found = source()
        with progress_bar("arms", found.total) as advance:
            report = run_arms(
                detector,
                pools=found.pools,
                briefs=found.briefs,
                production_rate=found.production_rate,
                seed=seed,
                drift=drift,
                citer=citer,
                on_record=advance,
            )
    except InputError as err:
        return input_error(err)
    if as_json:
        sys.stdout.write(report.to_json() + "\n")
    else:
        print_arms(report, Console(highlight=False))
    return 0 if report.passed else 1


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
