"""`reviewer labels export` and `reviewer labels import`: a team's labels as JSON Lines,
to move between databases, keep beside the briefs, or learn from elsewhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reviewer.commands.console import OK, USAGE, counted, echo, fail, open_db


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


def _read(path: str) -> list[tuple[int, str]] | None:
    """The file's non-blank lines, each at most the reader's line limit (a line without
    end, as /dev/zero gives, is refused with its number rather than read whole)."""
    from reviewer.pipeline.reader import InputError, bounded_lines

    lines: list[tuple[int, str]] = []
    try:
        with open(path, "rb") as handle:
            for number, raw in bounded_lines(handle, path):
                try:
                    lines.append((number, raw.decode("utf-8")))
                except UnicodeDecodeError:
                    raise InputError(path, number, "not valid UTF-8") from None
    except OSError as problem:
        echo(f"{path}: cannot read it: {problem.strerror or problem}", error=True)
    except InputError as problem:
        echo(str(problem), error=True)
    else:
        return lines
    return None


def import_(url_or_path: str, path: str, *, reviewer: str | None) -> int:
    """Check every line first; write only when all are good (exit 2 naming the first bad
    line, the database as it was). Importing the same file again changes nothing."""
    from sqlmodel import Session

    from db.label_io import import_lines
    from db.label_lines import LabelLineError, check

    raw = _read(path)
    if raw is None:
        return USAGE
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            try:
                lines = check(session, raw, reviewer or _login())
            except LabelLineError as problem:
                echo(f"{path}:{problem.line}: {problem.problem}", error=True)
                return USAGE
            counts = import_lines(session=session, lines=lines)
    finally:
        engine.dispose()
    said = [counted(counts["labels"], "label"), counted(counts["misses"], "miss", "misses")]
    said += [counted(counts["reviewed"], "brief") + " read in full"]
    echo(f"imported {', '.join(said)}; {counts['unchanged']} already there", error=True)
    return OK
