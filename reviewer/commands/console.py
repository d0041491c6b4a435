"""Output for every command: the consoles, messages, progress bars and exit codes.

Ids, file names and messages come from input files: they are printed as `rich.text.Text`
(control characters made visible where a line is written raw), never markup.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer.core import TyperGroup

from reviewer.tui.literal import literal, one_line

if TYPE_CHECKING:
    from rich.console import Console
    from sqlalchemy import Engine

    from db.undo import Abandoned
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


# rich is imported where a console is made: a command whose output is piped and that
# has nothing to report (`reviewer scan FILE > out`) never loads it


PIPED_WIDTH = 200  # a table's width at most when stdout is a file or a pipe


def out(*, columns: bool = True) -> Console:
    """Standard output. Piped with no COLUMNS given (or `columns=False`: whatever it says),
    its tables keep their natural width up to PIPED_WIDTH, where a console would squeeze
    them into 80 columns and wrap a rule's or a run's name onto a second line of the row:
    a file has no screen to fit."""
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    if console.is_terminal or (columns and "COLUMNS" in os.environ):
        return console
    return Console(highlight=False, soft_wrap=True, width=PIPED_WIDTH)


def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def say(console: Console, message: str) -> None:
    """A message line; text from input, config or plugins in it is shown, never obeyed."""
    from rich.text import Text

    console.print(Text(visible(message)))


def _surely_not_a_terminal() -> bool:
    """Whether rich would find stderr no terminal, known without loading rich: no
    TTY_COMPATIBLE=1 or FORCE_COLOR says otherwise, and stderr is no tty."""
    if os.environ.get("TTY_COMPATIBLE") == "1" or os.environ.get("FORCE_COLOR") is not None:
        return False
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed stream: let rich decide
        return False


def echo(message: str, *, error: bool = False) -> None:
    """A plain line on stdout (stderr with `error`), as typer writes it: no rich layout.
    Control characters from file names, plugins or briefs are shown, never acted on."""
    typer.echo(visible(message), err=error)


# control characters shown as their Unicode pictures (a bidirectional override as U+FFFD),
# one for one, so spans hold: the app's rule, for every line the CLI prints
visible = literal
# and for a name, an id or a token in a table's cell or a line of its own, newlines and
# tabs too: data cannot make a line of output look like another row
cell = one_line


def db_option(where: str) -> str:
    """`--db WHERE` as a command to type: a URL's password masked (SQLAlchemy imported
    only then), quoted for the shell."""
    if "://" in where:
        from db.engine import display

        where = display(where)
    return f"--db {shlex.quote(where)}"


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
    from reviewer.checks.registry import DetectorLoadError
    from reviewer.checks.registry import load_detector as load
    from reviewer.grounding.config import load_config

    try:
        return load(spec, load_config(config) if config else None)
    except (DetectorLoadError, OSError, ValueError) as problem:
        echo(str(problem), error=True)
        stop(USAGE)


def open_db(
    url_or_path: str, *, must_exist: bool = False, read_only: bool = False
) -> Engine | None:
    """The engine, or None after printing why the database cannot be used. Commands that
    need a database pass must_exist, so a typo never creates an empty file; commands that
    only read pass read_only too, so a read-only file, folder or mount can still be read."""
    import db

    using_database(url_or_path)
    try:
        if read_only:
            return db.open_to_read(url_or_path)
        engine = db.open_existing(url_or_path) if must_exist else db.make_engine(url_or_path)
        return _intact(engine, url_or_path)
    except db.SchemaError as problem:
        say(err(), visible(str(problem)))
    except ImportError as missing:
        where = db.display(url_or_path)  # never a password
        say(err(), f"{where}: {missing_driver(missing)}")
    return None


def _intact(engine: Engine, url_or_path: str) -> Engine:
    """The engine of a database a command will write, once SQLite finds it undamaged."""
    from db.engine import check_intact

    try:
        check_intact(engine, url_or_path)
    except BaseException:
        engine.dispose()
        raise
    return engine


def missing_driver(missing: ImportError) -> str:
    """What to install for a database URL whose driver is missing."""
    name = missing.name or str(missing)
    hint = "; pip install 'grounding-reviewer[postgres]'" if "psycopg" in name else ""
    return f"the database driver is not installed ({name}){hint}"


def _columns(label: str, *, markup: bool = True, remaining: bool = True) -> list[Any]:
    """A bar's columns: its label, the bar, done of total, time taken (and time left)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn(label, markup=markup), BarColumn(), MofNCompleteColumn()]
    return [*columns, TimeElapsedColumn(), *([TimeRemainingColumn()] if remaining else [])]


@contextmanager
def progress(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """`advance(n)`; a bar on stderr only when stderr is a terminal."""
    if _surely_not_a_terminal():
        yield lambda n: None
        return
    from rich.progress import Progress

    console = err()
    if not console.is_terminal:
        yield lambda n: None
        return
    with Progress(*_columns(label), console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


@contextmanager
def streaming_progress(label: str, total: int | None) -> Iterator[Callable[[], None]]:
    """An `advance()` for a command that streams results to stdout (scan, arms): a bar on
    stderr only when stderr is a terminal, with the output above it on a terminal."""
    if _surely_not_a_terminal():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield lambda: None
        return
    columns = _columns(label, remaining=False)
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


STAGE_WORDS = {"check": "checking", "store": "storing", "stream": "storing", "flag": "flagging",
               "arms": "scoring the four arms"}  # fmt: skip


@contextmanager
def stages(files: Sequence[str]) -> Iterator[tuple[Callable[[int], None], Stage]]:
    """`(advance, stage)` for an ingest or a run: one bar per stage, each labelled and
    counting from zero to its own total (checking a file, storing it, flagging its briefs
    or older ones, scoring the arms), so it never reads 200%, starts over unannounced or
    stands full while work goes on. Drawn only when stderr is a terminal."""
    if _surely_not_a_terminal():
        yield (lambda n: None), (lambda kind, path, total: None)
        return
    from rich.progress import Progress

    console = err()
    if not console.is_terminal:
        yield (lambda n: None), (lambda kind, path, total: None)
        return
    columns = _columns("{task.description}", markup=False)  # file names are data, not markup
    with Progress(*columns, console=console, transient=True) as bar:
        current = bar.add_task("ingest", total=None)
        number = 0  # of the file being read

        def stage(kind: str, path: str | None, total: int | None) -> None:
            nonlocal current, number
            bar.refresh()  # the finished stage as it ended
            bar.remove_task(current)
            label = STAGE_WORDS.get(kind, kind)
            if kind == "arms":
                pass  # of the run: no file to name
            elif path is None:
                label += " the briefs stored before"
            else:
                number += kind in ("check", "stream")  # a stream is stored as it is read
                label += " standard input" if path == "-" else f" {visible(path)}"
                if len(files) > 1:
                    label += f" (file {number} of {len(files)})"
            current = bar.add_task(label, total=total)
            bar.refresh()

        yield (lambda n: bar.advance(current, n)), stage


Stage = Callable[[str, str | None, int | None], None]  # as reviewer.pipeline.batch_writer.Stage


# ---------------------------------------------------------------- the one error path
#
# Every command runs inside `Guarded.invoke`: an expected failure (bad input, config or
# plugin, the database, the disk, permissions, a lock) ends with one message saying what,
# where and what to do, and exit 2; anything else is a bug: its traceback, said to be one.

BUG = 70  # sysexits' EX_SOFTWARE: distinct from 1, which means a check failed
_DATABASE: list[str] = []  # the database the command opened, for messages about it


def using_database(url_or_path: str) -> None:
    """Remember which database the command works on, so a failure can name it, and say on
    stderr when it waits for another program's lock."""
    from db import busy

    _DATABASE[:] = [url_or_path]
    busy.busy_timeout()  # a bad REVIEWER_BUSY_TIMEOUT is refused before anything is opened
    busy.listen(_waiting_note)


def shown_database(url_or_path: str) -> str:
    """A database as messages name it: a URL with its passwords hidden, or the path."""
    if "://" not in url_or_path:
        return url_or_path
    from db.engine import display

    return display(url_or_path)


def explain(error: BaseException) -> str | None:
    """The message for an expected failure (notes added on the way included); None for a bug."""
    text = _expected(error)
    if text is None:
        return None
    return "\n".join([text, *getattr(error, "__notes__", ())])


def _expected(error: BaseException) -> str | None:
    import sqlite3

    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    from db import SchemaError
    from db.busy import BusyTimeoutError
    from db.tables import StoredTimeError
    from db.writing import DatabaseUnavailable
    from reviewer.checks.registry import DetectorFault, DetectorLoadError
    from reviewer.grounding.config import ConfigError
    from reviewer.pipeline.reader import InputError

    if isinstance(error, DatabaseUnavailable):  # retried for a while; never holds the URL
        where = shown_database(_DATABASE[0]) if _DATABASE else "the database"
        return f"{where}: {error}; run the command again when the database is back"
    if isinstance(error, DetectorFault):
        return f"{error}; fix the detector, or choose another with --detector"
    if isinstance(error, InputError | SchemaError | DetectorLoadError | ConfigError):
        return str(error)
    if isinstance(error, StoredTimeError) or _unreadable_time(error):
        return _stored_time_problem(error)
    if isinstance(error, BusyTimeoutError):
        return str(error)
    if isinstance(error, DBAPIError | sqlite3.Error):
        return _database_problem(error)
    if isinstance(error, SQLAlchemyError):
        return None  # a query the code got wrong
    if isinstance(error, OSError):
        return _os_problem(error)
    if isinstance(error, MemoryError):
        return "out of memory: the input is too large for this machine; split it into files"
    return None


def _database_problem(error: BaseException) -> str | None:
    from sqlalchemy.exc import DBAPIError

    from db.busy import busy_timeout
    from db.writing import server_away

    orig = getattr(error, "orig", None) or error
    reason = (str(orig).splitlines() or [type(orig).__name__])[0]
    said = reason.lower()
    where = shown_database(_DATABASE[0]) if _DATABASE else "the database"
    away = server_away(error) if isinstance(error, DBAPIError) else None
    if away == "lost":  # the server's words vary with timing; this sentence does not
        return (
            f"{where}: the connection to the database server was lost ({reason}); "
            "run the command again when the server is back"
        )
    if away == "down":
        return (
            f"{where}: the database server cannot be reached ({reason}); "
            "run the command again when it is up"
        )
    if "locked" in said or "busy" in said:
        return (
            f"{where}: the database is locked by another program (waited "
            f"{busy_timeout():g} s); run the command again when it has finished, or wait "
            "longer with REVIEWER_BUSY_TIMEOUT=seconds"
        )
    if "readonly" in said or "read-only" in said:
        return (
            f"{where}: the database cannot be written (a read-only file, folder or disk); "
            "make it writable, or work on a copy (--db)"
        )
    if "unable to open" in said:
        return (
            f"{where}: the database file cannot be opened; the file and its folder must be "
            "readable and writable (SQLite keeps -wal and -shm files beside it)"
        )
    if "full" in said:
        return f"{where}: the disk is full; free some space and run the command again"
    if "disk i/o" in said:
        return f"{where}: the disk failed to read or write ({reason}); check it and try again"
    if "not a database" in said or "malformed" in said:
        return f"{where}: not a reviewer database, or a damaged one ({reason})"
    if "syntax error" in said or "no such function" in said:
        return None  # SQL the code got wrong
    return f"{where}: database error ({reason}); check the database and try again"


def _unreadable_time(error: BaseException) -> bool:
    """A ValueError of SQLAlchemy's reading of a stored time (the ORM's own columns)."""
    said = str(error)
    return isinstance(error, ValueError) and said.startswith(
        ("Invalid isoformat string", "Couldn't parse datetime string")
    )


def _stored_time_problem(error: BaseException) -> str:
    """A stored time that is no time: which table and row hold it, looked up now."""
    where = shown_database(_DATABASE[0]) if _DATABASE else "the database"
    rows: list[str] = []
    if _DATABASE:
        try:
            import db
            from db.damage import unreadable_times

            engine = db.open_to_read(_DATABASE[0])
            try:
                rows = unreadable_times(engine)
            finally:
                engine.dispose()
        except Exception:  # the message still names the value
            rows = []
    said = "; ".join(rows) if rows else str(error)
    return (
        f"{where}: a stored date and time cannot be read ({said}); the database was changed "
        "outside reviewer or is damaged: correct or remove that row, or restore a backup"
    )


def _os_problem(error: OSError) -> str:
    import errno

    where = f"{error.filename}: " if error.filename is not None else ""
    code = error.errno
    if code == errno.ENOSPC:
        return f"{where}the disk is full; free some space and run the command again"
    if code in (errno.EACCES, errno.EPERM):
        return f"{where}permission denied; make it readable (and writable, to write it)"
    if code == errno.EROFS:
        return f"{where}the file system is read-only; choose a writable place"
    if code == errno.ENOENT:
        return f"{where}no such file or folder"
    reason = error.strerror or type(error).__name__
    return f"{where}{reason}"


def fail(error: BaseException) -> int:
    """Report a failure on stderr (control characters made visible); its exit code."""
    import traceback

    message = explain(error)
    if message is None:
        traceback.print_exception(error)
        message = (
            "this is a bug in reviewer, not a problem with your input or setup: please "
            "report it with the traceback above"
        )
        code = BUG
    else:
        code = USAGE
    for line in message.splitlines():
        sys.stderr.write(visible(line) + "\n")
    sys.stderr.flush()
    return code


class Guarded(TyperGroup):
    """The command group: every command's failure goes through `fail`, whoever raised it."""

    def invoke(self, ctx: typer.Context) -> object:
        import errno

        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise
        except Exception as error:
            if _command_line_exit(error):
                _suggest_synonym(error)
                raise  # an exit code, a usage error: the command line's own business
            if isinstance(error, OSError) and error.errno == errno.EPIPE:
                _quiet_stdout()  # `reviewer scan FILE | head`: the reader has all it wants
                raise typer.Exit(OK) from None
            raise typer.Exit(fail(error)) from None
        finally:
            if "db.busy" in sys.modules:  # --help never loads the database layer
                sys.modules["db.busy"].listen(None)


# options people reach for by another word: click suggests only look-alike spellings
SYNONYMS = {"--user": "--reviewer", "--database": "--db", "--output": "--out"}


def _suggest_synonym(error: BaseException) -> None:
    """`--user` on a command that takes `--reviewer`: say so, instead of click's guesses."""
    meant = SYNONYMS.get(getattr(error, "option_name", None) or "")
    command = getattr(getattr(error, "ctx", None), "command", None)
    if meant is None or command is None:
        return
    if any(meant in getattr(param, "opts", ()) for param in command.params):
        error.message = f"No such option: {error.option_name} (did you mean {meant}?)"  # type: ignore[attr-defined]
        error.possibilities = None  # type: ignore[attr-defined]


def _command_line_exit(error: BaseException) -> bool:
    """typer's own exceptions (exit codes, usage errors, aborts; typer carries its own click)."""
    if isinstance(error, typer.Exit | typer.Abort):
        return True
    return type(error).__module__.split(".")[0] in {"typer", "click"}


def _quiet_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _waiting_note(waited: float, timeout: float) -> None:
    """While a write waits for another program's lock: one line on stderr each second."""
    where = shown_database(_DATABASE[0]) if _DATABASE else "the database"
    line = (
        f"waiting for {where}: another program holds its lock "
        f"({waited:.0f} s of at most {timeout:g} s)"
    )
    sys.stderr.write(visible(line) + "\n")
    sys.stderr.flush()


NOTE_EVERY = 5.0  # seconds between notes while an ingest waits for another


def waiting_for_ingest(url_or_path: str) -> Callable[[str, float], None]:
    """A note on stderr every NOTE_EVERY seconds while another ingest of the database is
    under way: this one waits for it to end (one ingest at a time)."""
    told = [-NOTE_EVERY]

    def note(who: str, waited: float) -> None:
        if waited - told[0] < NOTE_EVERY:
            return
        told[0] = waited
        line = (
            f"waiting for {shown_database(url_or_path)}: another ingest ({who}) is under way; "
            f"this one starts when it ends ({waited:.0f} s so far)"
        )
        sys.stderr.write(visible(line) + "\n")
        sys.stderr.flush()

    return note


def say_abandoned(left: Abandoned) -> None:
    """What processes that ended mid-work had left, finished off by this command."""
    ingest = "; what its ingest had stored taken back" if left.ingest else ""
    if left.runs:
        which = ", ".join(f"run {run}" for run in left.runs)
        say(
            err(),
            f"{which}: left unfinished by a process that ended; marked failed, flags "
            f"removed{ingest}",
        )
    elif left.ingest:
        say(err(), "an ingest left unfinished by a process that ended: what it stored taken back")
