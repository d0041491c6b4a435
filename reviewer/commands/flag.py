"""`reviewer flag`: a new detector run over every stored brief, compared with the last."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlmodel import Session

import db
from db.learned import set_run_model
from db.runs import run_named
from reviewer.checks.registry import spec_of
from reviewer.commands.console import (
    OK,
    USAGE,
    counted,
    err,
    input_error,
    open_db,
    out,
    progress,
    say,
    say_abandoned,
    stages,
)
from reviewer.commands.interrupt import interrupted, stopping_at_steps
from reviewer.grounding.types import Detector
from reviewer.pipeline.writer import RunReport, run_detector

_STOPPING = "the run ends after the batch under way, and is kept as failed, without flags"
_KEPT = "the run had finished before it could stop: it is kept whole"


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


def _refused(session: Session, name: str | None) -> bool:
    """Whether there is nothing to flag, or the name is taken (said on stderr)."""
    if not db.count_stored_briefs(session=session):  # nothing to work on: a usage error (2)
        say(err(), "no briefs stored yet (reviewer ingest FILE first)")
        return True
    if name is not None:
        holder = run_named(session=session, name=name)
        if holder is not None:  # a name picks one run: `--run v0.40` must stay sure
            say(err(), f"run {holder} is already named {name!r}: give this run another name")
            return True
    return False


def flag(
    url_or_path: str,
    detector: Detector,
    *,
    name: str | None = None,
    spec: str | None = None,
    model: str | None = None,
) -> int:
    """A run of `detector` (with `model`, a learned model's verdict after it: the run
    records which model)."""
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            if _refused(session, name):
                return USAGE
        learned = _learned(url_or_path, engine, detector, model)
        if learned is not None:  # the run's spec loads the rules alone, as learn reads them
            spec, detector = spec_of(detector, spec), learned[0]
        with (
            stopping_at_steps(stopping=_STOPPING, kept=_KEPT) as steps,
            stages([]) as (drawn, announced),  # flagging, then the arms: a bar each
        ):
            run = run_detector(
                engine, detector, advance=steps.advancing(drawn), name=name, spec=spec,
                stage=steps.staging(announced),
            )  # fmt: skip
        if learned is not None:
            with Session(engine) as session:
                set_run_model(session=session, run_id=run.run_id, model_id=learned[1])
    except KeyboardInterrupt as stopped:  # Ctrl-C: one line on what became of the run
        return interrupted(stopped, "no run was made")
    finally:
        engine.dispose()
    say_abandoned(run.abandoned)
    say(out(), run_line(run))
    say_unread_units(run)
    return OK


def _learned(
    url_or_path: str, engine: Any, detector: Detector, ref: str | None
) -> tuple[Detector, int] | None:
    """The detector with the model, and the model's id (a model file is stored first,
    under its file name, so the run can name what it was made with)."""
    if ref is None:
        return None
    from db.learned import store_model
    from reviewer.commands.model_option import load_model
    from reviewer.learn.model import ModelDetector

    model, model_id, body = load_model(ref, url_or_path, detector)
    if model_id is None:
        with Session(engine) as session:
            model_id = store_model(session=session, name=Path(ref).name, body=body)
    return ModelDetector(detector, model), model_id


def flag_from(url_or_path: str, path: str, *, name: str | None = None) -> int:
    """A run of the flags in `path`, made elsewhere: checked line by line against the stored
    briefs, stored whole or not at all."""
    from reviewer.pipeline.from_file import load_run
    from reviewer.pipeline.reader import InputError

    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            if _refused(session, name):
                return USAGE
            total = db.count_stored_briefs(session=session)
        with progress("load", total) as advance:
            run = load_run(engine, path, name=name, advance=advance)
    except InputError as problem:
        return input_error(problem)
    finally:
        engine.dispose()
    say_abandoned(run.abandoned)
    say(out(), run_line(run))
    return OK
