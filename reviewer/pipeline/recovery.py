"""All or nothing for ingest and detector runs: take back a failed command's committed work,
and finish off runs a killed process left behind.

The writer commits batch by batch. When a command fails partway (a detector fault, a full
disk, a lock held too long, Ctrl-C), `take_back` removes what it committed: an ingest
leaves the database as it found it; a `flag` run is kept, marked failed, without its flags.
A process killed outright cannot clean up, so every ingest and flag begins with
`clean_abandoned`, and an ingest also runs the detector when the latest run does not cover
every stored brief (the briefs a killed ingest had committed get their flags).
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.ingest_turn import IngestTurn, Waiting, take_back_abandoned
from db.ingest_turn import take_turn as _take_turn
from db.undo import (
    Abandoned,
    IngestUndo,
    abandoned_runs,
    brief_id_of,
    fail_run,
    forget_run,
    undo_ingest,
)
from db.writes import covers_every_brief
from reviewer.checks.registry import DetectorFault


def clean_abandoned(engine: Engine) -> Abandoned:
    """Mark every run whose process is gone failed, removing its rows, and take back the
    ingest such a process left unfinished (its briefs removed)."""
    with Session(engine) as session:
        found = abandoned_runs(session=session)
        for run_id in found:
            fail_run(session=session, run_id=run_id)
        session.commit()
    ingest_run = take_back_abandoned(engine)
    if ingest_run and ingest_run not in found:
        found.append(ingest_run)
    return Abandoned(found, ingest=ingest_run is not None)


def take_turn(engine: Engine, waiting: Waiting | None = None) -> IngestTurn:
    """Wait for any other ingest of the database to end, then record this one."""
    return _take_turn(engine, waiting=waiting)


def needs_run(engine: Engine) -> bool:
    """Whether stored briefs lack flags of the latest run: none yet, or one that a killed
    ingest's committed briefs never reached."""
    with Session(engine) as session:
        if not db.count_stored_briefs(session=session):
            return False
        latest = db.latest_run(session=session)
        return latest is None or not covers_every_brief(session, latest.id)


def take_back(
    engine: Engine,
    *,
    undo: IngestUndo | None,
    run_id: int | None,
    keep_run: bool,
    turn: IngestTurn | None = None,
) -> str:
    """Undo a failed command's committed work in one transaction (ending an ingest's
    record with it); what became of it, said for the user. When the undo itself cannot be
    written, the record stays, and the next command takes the ingest back."""
    if run_id is None and (undo is None or not undo.anything) and turn is None:
        return "nothing was stored: the database is as it was"
    try:
        with Session(engine) as session:
            if undo is not None:
                undo_ingest(session=session, undo=undo)
            if run_id is not None:
                if keep_run:
                    fail_run(session=session, run_id=run_id)
                else:
                    forget_run(session=session, run_id=run_id)
            if turn is not None:
                turn.end(session)
            session.commit()
    except Exception as problem:
        reason = str(getattr(problem, "orig", None) or problem).splitlines()[0]
        left = f"run {run_id} is left unfinished" if run_id is not None else "it is left as is"
        return (
            f"what was stored before the failure could not be taken back ({reason}): {left}; "
            "the next reviewer ingest or flag takes it back"
        )
    if undo is not None or turn is not None:
        return "nothing was stored: the database is as it was"
    return f"run {run_id} failed: it is kept as failed, without flags; the latest run is unchanged"


def name_brief(engine: Engine, fault: DetectorFault) -> DetectorFault:
    """A fault on a stored brief names it by its id, not its database key."""
    if not isinstance(fault.brief, int):
        return fault
    try:
        with Session(engine) as session:
            found = brief_id_of(session=session, brief_pk=fault.brief)
    except Exception:
        return fault
    return fault.on(found) if found is not None else fault


def took_back(
    error: BaseException,
    engine: Engine,
    *,
    undo: IngestUndo | None,
    run_id: int | None,
    keep_run: bool,
    turn: IngestTurn | None = None,
) -> None:
    """Take back what a failed command committed, and say so on the error it raised (the
    message the user sees names the brief a detector failed on by its id)."""
    note = take_back(engine, undo=undo, run_id=run_id, keep_run=keep_run, turn=turn)
    if isinstance(error, DetectorFault):
        error.brief = name_brief(engine, error).brief
    if isinstance(error, Exception | KeyboardInterrupt):  # Ctrl-C: said by the command
        error.add_note(note)
