"""`reviewer flag`: a new detector run over every stored brief, compared with the last."""

from __future__ import annotations

from sqlmodel import Session

import db
from db.runs import run_named
from reviewer.commands.console import (
    OK,
    USAGE,
    counted,
    err,
    open_db,
    out,
    progress,
    say,
    say_abandoned,
)
from reviewer.grounding.types import Detector
from reviewer.pipeline.writer import RunReport, run_detector


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


def say_unread_units(run: RunReport) -> None:
    """Warn of pool units the detector never reads in prose: their values are checked only
    where a name points at them, which a new user's "%" for "pct" should not rely on."""
    for warning in run.unread_units:
        say(err(), warning)


def flag(
    url_or_path: str, detector: Detector, *, name: str | None = None, spec: str | None = None
) -> int:
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            total = db.count_stored_briefs(session=session)
        if not total:  # nothing to work on is a usage error, like bad input (2)
            say(err(), "no briefs stored yet (reviewer ingest FILE first)")
            return USAGE
        if name is not None:
            holder = run_named(session=session, name=name)
            if holder is not None:  # a name picks one run: `--run v0.40` must stay sure
                say(err(), f"run {holder} is already named {name!r}: give this run another name")
                return USAGE
        with progress("flag", total) as advance:
            run = run_detector(engine, detector, advance=advance, name=name, spec=spec)
    finally:
        engine.dispose()
    say_abandoned(run.abandoned)
    say(out(), run_line(run))
    say_unread_units(run)
    return OK
