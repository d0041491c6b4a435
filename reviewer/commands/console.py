"""Output for every command: the consoles, messages, progress bars and exit codes.

Ids, file names and messages come from input files: they are printed as `rich.text.Text`
(control characters made visible where a line is written raw), never markup.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

import click
import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from reviewer.grounding.types import Detector
    from reviewer.pipeline.reader import InputError

OK = 0
FAILED = 1  # a check that fails: the arms do not separate, a fixture regresses
USAGE = 2  # bad input, a missing or unusable database, nothing to work on


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` with thousands separators and the noun in the number it needs.

    `noun` may be several words ("checkable number"); only the last one is made plural,
    by adding "s" unless `plural` gives the whole plural phrase.
    """
    if n == 1:
        return f"{n:,} {noun}"
    return f"{n:,} {plural or noun + 's'}"


def out() -> Console:
    return Console(highlight=False, soft_wrap=True)


def err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def say(console: Console, message: str) -> None:
    console.print(Text(message))


def echo(message: str, *, error: bool = False) -> None:
    """A plain line on stdout (stderr with `error`), as click writes it: no rich layout."""
    click.echo(message, err=error)


_VISIBLE = {
    **{code: 0x2400 + code for code in range(0x20) if chr(code) not in "\n\t"},
    0x7F: 0x2421,
    **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
}


def visible(text: str) -> str:
    """Control characters shown as their Unicode pictures; same length, so spans hold."""
    if text.isascii() and text.isprintable():
        return text
    return text.translate(_VISIBLE)


def input_error(problem: InputError) -> int:
    """Report a bad input line on stderr, unwrapped; the exit code for bad input."""
    sys.stderr.write(visible(str(problem)) + "\n")
    sys.stderr.flush()
    return USAGE


def stop(code: int) -> NoReturn:
    """End the command now with `code` (its message already printed)."""
    raise typer.Exit(code)


def load_detector(spec: str, config: str | None) -> Detector:
    """The detector a command asked for; a bad spec or config file stops with its message."""
    from reviewer.grounding.config import load_config
    from reviewer.grounding.registry import DetectorLoadError
    from reviewer.grounding.registry import load_detector as load

    try:
        return load(spec, load_config(config) if config else None)
    except (DetectorLoadError, OSError, ValueError) as problem:
        echo(str(problem), error=True)
        stop(USAGE)


def open_db(url_or_path: str, *, must_exist: bool = False) -> Engine | None:
    """The engine, or None after printing why the database cannot be used. Commands that
    only read pass must_exist, so a typo never creates an empty file."""
    import db

    try:
        if must_exist:
            return db.open_existing(url_or_path)
        return db.make_engine(url_or_path)
    except db.SchemaError as problem:
        say(err(), str(problem))
    except ImportError as missing:
        say(
            err(),
            f"{url_or_path}: the database driver is not installed ({missing.name or missing})",
        )
    return None


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


@contextmanager
def streaming_progress(label: str, total: int | None) -> Iterator[Callable[[], None]]:
    """An `advance()` for a command that streams results to stdout (scan, arms): a bar on
    stderr only when stderr is a terminal, with the output above it on a terminal."""
    console = Console(stderr=True, highlight=False)
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
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


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


Stage = Callable[[str, str | None, int | None], None]  # as reviewer.pipeline.writer.Stage
