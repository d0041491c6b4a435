"""`reviewer ingest`: store briefs and pools, then run the detector; print what changed."""

from __future__ import annotations

import os
from collections.abc import Sequence

from reviewer.commands.console import (
    OK,
    USAGE,
    counted,
    err,
    open_db,
    out,
    say,
    say_abandoned,
    stages,
    waiting_for_ingest,
)
from reviewer.commands.flag import run_line, say_unread_units
from reviewer.commands.interrupt import interrupted, stopping_at_steps
from reviewer.grounding.types import Detector
from reviewer.pipeline.batch_writer import RunReport
from reviewer.pipeline.reader import InputError, count_lines, is_stream
from reviewer.pipeline.writer import IngestReport, ingest_files

SHOWN_REJECTS = 20
_STOPPING = "the ingest ends after the batch under way, and what it stored is taken back"
_KEPT = "the ingest had finished before it could stop: everything it stored is kept"


def ingest(
    url_or_path: str,
    files: Sequence[str],
    *,
    pools: str | None,
    skip_invalid: bool,
    replace: bool,
    detector: Detector | None,
) -> int:
    """Exit code 0 on success; 2 on bad input (a refused file, a bad pools file, input of
    which --skip-invalid rejected every line) or an unusable database, as for a usage
    error. Exit 1 is left to checks that fail."""
    import db

    existed = db.database_exists(url_or_path)
    unopenable = _first_unopenable(files)
    if unopenable is not None:  # before the database is made: no empty file left behind
        say(err(), str(unopenable))
        gone = "the database is unchanged" if existed else "no database was made"
        say(err(), f"nothing was stored: {unopenable.path} was refused; {gone}")
        return USAGE
    try:
        with stopping_at_steps(stopping=_STOPPING, kept=_KEPT) as steps:
            engine = open_db(url_or_path)  # (a Ctrl-C there: said after, never inside it)
            if engine is None:
                return USAGE
            try:
                steps.step()
                lines = [count_lines(f) for f in files]
                total = None if None in lines else sum(n or 0 for n in lines)
                with stages(files) as (drawn, announced):
                    report = ingest_files(
                        engine,
                        files,
                        pools_path=pools,
                        skip_invalid=skip_invalid,
                        replace=replace,
                        detector=detector,
                        advance=steps.advancing(drawn),
                        stage=steps.staging(announced),
                        lines=lines,
                        expected=total,
                        waiting=waiting_for_ingest(url_or_path),
                    )
            finally:
                engine.dispose()
    except InputError as problem:  # the pools file
        say(err(), str(problem))
        say(err(), f"nothing was stored: the pools file was refused; {_unchanged(existed)}")
        return USAGE
    except KeyboardInterrupt as stopped:  # Ctrl-C: one line on what was kept
        nothing = f"nothing was stored: {_as_it_was(existed)}"
        return interrupted(stopped, nothing, nothing="nothing was stored")
    say_abandoned(report.abandoned)
    print_ingest(report, new_db=not existed, flagged=detector is not None)
    return USAGE if report.failed or report.all_rejected else OK


def _first_unopenable(files: Sequence[str]) -> InputError | None:
    """The first named file that cannot be opened for reading (stdin aside). A stream is
    not opened here: opening a FIFO and closing it again would end its writer's stream."""
    for path in files:
        if path == "-":
            continue
        if is_stream(path):
            if not os.access(path, os.R_OK):
                return InputError(path, 0, "cannot open: Permission denied")
            continue
        try:
            with open(path, "rb"):
                pass
        except OSError as exc:
            return InputError(path, 0, f"cannot open: {exc.strerror or exc}")
    return None


def _as_it_was(existed: bool) -> str:
    """Said when an ingest stopped before it wrote a brief."""
    return "the database is as it was" if existed else _unchanged(existed)


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
    if failed.line and failed.skippable:
        said += ". Fix that line, or --skip-invalid stores the good lines and reports the bad ones"
    return said


def say_carried(run: RunReport) -> None:
    """How many briefs kept an earlier run's flags rather than being read again."""
    if run.carried and run.carried_from is not None:
        read = run.briefs - run.carried
        kept = "flags and arms (the same sample)" if run.arms_from else "flags"
        say(out(), f"{counted(run.carried, 'unchanged brief')} kept run {run.carried_from}'s "
                   f"{kept}: the same code, detector and config; {read:,} read")  # fmt: skip


def print_ingest(report: IngestReport, *, new_db: bool = False, flagged: bool = True) -> None:
    """Rejected lines and any refused file on stderr; what was stored on stdout, unless
    nothing was (a table of zeros would read as a success), as when every line was
    rejected. `flagged`: whether a detector was to run (not with --no-flag)."""
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
    elif report.all_rejected:  # no table of zeros: a script must not read it as a success
        lines = counted(report.rejected, "line")
        say(
            console,
            f"nothing was stored: every line was rejected ({lines}); {_unchanged(not new_db)}",
        )
        return
    parts = [f"{counted(report.added, 'brief')} added", f"{report.unchanged:,} unchanged"]
    if report.replaced:
        parts.append(f"{report.replaced:,} replaced")
    parts.append(f"{report.rejected:,} rejected")
    say(out(), ", ".join(parts))
    if report.run is not None:
        say(out(), run_line(report.run))
        say_carried(report.run)
        say_unread_units(report.run)
    elif not report.failed and not flagged and (report.added or report.replaced):
        say(out(), "no detector run (--no-flag): `reviewer flag` flags the briefs stored")
    elif not report.failed:
        say(out(), "no new detector run: nothing changed (`reviewer flag --detector D` makes a "
                   "run of the stored briefs with any detector)")  # fmt: skip
