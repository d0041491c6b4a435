"""`reviewer labels export` and `reviewer labels import`: a team's labels as JSON Lines,
to move between databases, keep beside the briefs, or learn from elsewhere."""

from __future__ import annotations

import json
import os
import pickle
import stat
import sys
import tempfile
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

from reviewer.commands.console import OK, USAGE, counted, echo, fail, open_db

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine


def export(url_or_path: str, *, run: str | None, out: Path | None) -> int:
    """Write every current verdict, miss and brief read in full (of one run, with `run`)."""
    from sqlmodel import Session

    from db.label_io import export_lines
    from db.runs import find_run

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            run_id = None
            if run is not None:
                try:
                    run_id = find_run(db=session, ref=run).id
                except ValueError as problem:
                    echo(str(problem), error=True)
                    return USAGE
            lines = export_lines(session=session, run_id=run_id)
    finally:
        engine.dispose()
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    if out is None:
        sys.stdout.write(text)
        return OK
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as problem:
        return fail(problem)
    echo(f"{counted(len(lines), 'line')} written to {out}", error=True)
    return OK


def _login() -> str:
    """Who imports when neither the line nor --reviewer says: the login name, as the app."""
    import getpass

    try:
        return getpass.getuser() or "reviewer"
    except Exception:  # no login name on this platform
        return "reviewer"


class _Unreadable(Exception):
    """The labels file cannot be read (again): what to tell the user."""


Lines = Callable[[], Iterable[tuple[int, str]]]


def _lines(path: str) -> Iterator[tuple[int, str]]:
    """The file's non-blank lines, each at most the reader's line limit (a line without
    end, as /dev/zero gives, is refused with its number rather than read whole)."""
    from reviewer.pipeline.reader import InputError, bounded_lines

    try:
        with open(path, "rb") as handle:
            for number, raw in bounded_lines(handle, path):
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise InputError(path, number, "not valid UTF-8") from None
                yield number, text
    except OSError as problem:
        raise _Unreadable(f"{path}: cannot read it: {problem.strerror or problem}") from None
    except InputError as problem:
        raise _Unreadable(str(problem)) from None


def _read(path: str) -> Lines | None:
    """The whole file read before the database is opened, so that a file that cannot be
    read is refused first; then its lines to read at each pass: a regular file's read
    anew (memory stays flat however long it is), any other's (a pipe) kept, as it can be
    read once."""
    try:
        if _regular(path):
            deque(_lines(path), maxlen=0)
            return lambda: _lines(path)
        kept = list(_lines(path))
    except _Unreadable as problem:
        echo(str(problem), error=True)
        return None
    return lambda: kept


def _regular(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # (opening it says why)
        return False


def import_(url_or_path: str, path: str, *, reviewer: str | None) -> int:
    """Check every line first; write only when all are good (exit 2 naming the first bad
    line, the database as it was). Importing the same file again changes nothing."""
    from db.label_lines import LabelLineError

    lines = _read(path)
    if lines is None:
        return USAGE
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        counts = _import(engine, lines, reviewer or _login())
    except LabelLineError as problem:
        echo(f"{path}:{problem.line}: {problem.problem}", error=True)
        return USAGE
    except _Unreadable as problem:  # changed or gone since it was first read: nothing written
        echo(str(problem), error=True)
        return USAGE
    finally:
        engine.dispose()
    said = [counted(counts["labels"], "label"), counted(counts["misses"], "miss", "misses")]
    said += [counted(counts["reviewed"], "brief") + " read in full"]
    echo(f"imported {', '.join(said)}; {counts['unchanged']} already there", error=True)
    return OK


def _import(engine: Engine, lines: Lines, reviewer: str) -> Counter[str]:
    """Every line checked before anything is written, and those that would write something
    kept in an anonymous file (memory stays flat however long the file is); then those
    written in one write transaction (a label write's, db.writing), a chunk at a time."""
    from db.label_io import import_lines
    from db.writing import transaction
    from reviewer.pipeline.checking import spooled

    with tempfile.TemporaryFile() as spool:
        there = _check(engine, lines, reviewer, spool)
        if not spool.tell():
            return Counter({"unchanged": there})

        def write(connection: Connection) -> Counter[str]:
            spool.seek(0)
            return import_lines(session=connection, chunks=spooled(spool))

        return transaction(engine, write) + Counter({"unchanged": there})


def _check(engine: Engine, lines: Lines, reviewer: str, spool: IO[bytes]) -> int:
    """Check every line (LabelLineError: the first bad one); keep in `spool` those that
    would write something, CHUNK at a time. How many are there already."""
    from db.label_io import set_aside
    from db.label_lines import CHUNK, checked

    there, pending = 0, []
    with engine.connect() as connection:
        for chunk in checked(connection, lines(), reviewer):
            new, found = set_aside(session=connection, lines=chunk)
            there, pending = there + found, pending + new
            if len(pending) >= CHUNK:
                pickle.dump(pending, spool)
                pending = []
    if pending:
        pickle.dump(pending, spool)
    return there
