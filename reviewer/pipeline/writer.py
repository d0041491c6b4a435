"""Ingest and detector runs: what the `ingest` and `flag` commands do to the database.

Ingest checks a whole file before writing any of it (checking.py), then writes it in
batches, one transaction each (batch_writer.py), so the review app can keep labeling
meanwhile; with a detector, a run then covers every stored brief, so runs compare. A
failure takes back what was committed (recovery.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.ingest_turn import Waiting
from reviewer.grounding.types import Detector
from reviewer.pipeline import recovery
from reviewer.pipeline.batch_writer import BatchWriter, IngestReport, RunReport, Stage
from reviewer.pipeline.checking import (
    Advance,
    check_file,
    in_batches,
    preparer,
    raise_error,
    spooled,
)
from reviewer.pipeline.parallel import fewer_collections
from reviewer.pipeline.reader import InputError, is_stream, iter_briefs, read_pools
from reviewer.pipeline.workers import BatchAnalyzer, default_workers

__all__ = ["IngestReport", "RunReport", "ingest_files", "run_detector"]


def _previous_run(engine: Engine) -> int | None:
    with Session(engine) as session:
        run = db.latest_run(session=session)
        return run.id if run else None


def _stored_count(engine: Engine) -> int:
    with Session(engine) as session:
        return db.count_stored_briefs(session=session)


@fewer_collections()
def ingest_files(
    engine: Engine,
    paths: Sequence[str],
    *,
    pools_path: str | None = None,
    skip_invalid: bool = False,
    replace: bool = False,
    detector: Detector | None = None,
    workers: int | None = None,
    advance: Advance | None = None,
    stage: Stage | None = None,
    lines: Sequence[int | None] | None = None,
    expected: int | None = None,
    name: str | None = None,
    spec: str | None = None,
    waiting: Waiting | None = None,
) -> IngestReport:
    """Store briefs from JSON Lines files; with a detector, then run it over every stored
    brief (a new run only when something changed or no run exists yet).

    Progress: `stage` announces each stage (check a file, store it, flag the briefs stored
    before) and `advance` counts within it; `lines` (per file, when the caller counted
    them) gives the check stages their totals; `waiting` is told while another ingest of
    the database is under way (this one waits for it to end)."""
    report = IngestReport()
    advance = advance or (lambda n: None)
    stage = stage or (lambda kind, path, total: None)
    pools = read_pools(pools_path) if pools_path else None
    on_error = report.reject if skip_invalid else None
    if workers is None and detector is not None:
        # the run reads every stored brief, not only the file's: five briefs appended to
        # 20,000 are a run of 20,005
        briefs = None if expected is None else expected + _stored_count(engine)
        workers = default_workers(briefs, detector)
    report.abandoned = recovery.clean_abandoned(engine)
    analyzer = BatchAnalyzer(detector, workers) if detector is not None else None
    writer = BatchWriter(engine, analyzer, advance)
    writer.stage = stage
    try:
        _take_turn(writer, waiting)
        previous = _previous_run(engine)  # after waiting: another ingest may have made one
        if analyzer is not None:
            writer.start(name=name, spec=spec)
        _ingest_each(writer, paths, report, pools, on_error, replace, stage, advance, lines)
        if analyzer is not None:
            # a run over every stored brief when this ingest wrote any, or when the latest
            # run misses some (stored with --no-flag); not after input that was refused, or
            # whose every line was rejected
            refused = report.failed is not None or report.all_rejected
            if writer.scanned or (not refused and recovery.needs_run(engine)):
                # the briefs unchanged since a run of the same code, detector and config
                # keep its flags: an append to 100,000 briefs reads the new ones
                writer.cover_the_rest(advance, stage, carry=True)
                writer.score_arms()
                report.run = writer.finish(previous)
            else:
                writer.discard()
        else:
            writer.end_turn()
    except BaseException as error:
        if writer.undo is not None:  # the turn was taken: there may be something to undo
            _took_back(error, engine, writer, keep_run=False)
        raise
    finally:
        writer.close_turn()
        if analyzer is not None:
            analyzer.close()
    return report


def _take_turn(writer: BatchWriter, waiting: Waiting | None) -> None:
    """Wait for any other ingest of the database to end, then record this one."""
    try:
        writer.turn = recovery.take_turn(writer.engine, waiting)
    except Exception as error:  # its first write: a read-only or full disk, a lost server
        error.add_note("nothing was stored: the database is as it was")
        raise
    writer.undo = writer.turn.undo()


def _took_back(
    error: BaseException, engine: Engine, writer: BatchWriter, *, keep_run: bool
) -> None:
    writer.forget_queued()
    recovery.took_back(
        error, engine, undo=writer.undo, run_id=writer.run_id, keep_run=keep_run,
        turn=writer.turn,
    )  # fmt: skip


def _ingest_each(
    writer: BatchWriter,
    paths: Sequence[str],
    report: IngestReport,
    pools: Mapping[str, Any] | None,
    on_error: Callable[[InputError], None] | None,
    replace: bool,
    stage: Stage,
    advance: Advance,
    lines: Sequence[int | None] | None,
) -> None:
    """Check and store each file in turn; a refused file ends the loop (report.failed)."""
    engine = writer.engine
    for index, path in enumerate(paths):
        try:
            if is_stream(path):  # stdin, a pipe: cannot be read twice; one transaction
                stage("stream", path, None)
                read = iter_briefs(path, pools=pools, on_error=on_error)
                batches = in_batches(map(preparer(writer.detection is not None), read))
                writer.write_file(
                    path, batches, report, replace=replace, on_error=on_error,
                    commit_each_batch=False,
                )  # fmt: skip
                continue
            stage("check", path, lines[index] if lines else None)
            spool, good = check_file(
                engine, path, pools=pools, replace=replace, on_error=on_error,
                advance=advance, detection=writer.detection,
            )  # fmt: skip
            stage("store", path, good)
            with spool:
                writer.write_file(
                    path, spooled(spool), report, replace=replace, on_error=raise_error,
                    commit_each_batch=True, queued=True,
                )  # fmt: skip
        except InputError as err:
            writer.forget_queued()
            report.failed = err
            report.unread = len(paths) - index - 1
            break


@fewer_collections()
def run_detector(
    engine: Engine,
    detector: Detector,
    *,
    workers: int | None = None,
    advance: Advance | None = None,
    name: str | None = None,
    spec: str | None = None,
    stage: Stage | None = None,
) -> RunReport:
    """A new run of `detector` over every stored brief, compared with the previous run;
    its four arms are scored by the same workers and stored with it. `stage` announces
    the stages of the progress (flagging, then the arms), `advance` counts within each."""
    abandoned = recovery.clean_abandoned(engine)
    previous = _previous_run(engine)
    if workers is None:
        workers = default_workers(_stored_count(engine), detector)
    with BatchAnalyzer(detector, workers) as analyzer:
        writer = BatchWriter(engine, analyzer, advance or (lambda n: None))
        writer.stage = stage
        try:
            writer.start(name=name, spec=spec)
            writer.cover_the_rest(advance or (lambda n: None), stage)
            writer.score_arms()
            run = writer.finish(previous)
        except BaseException as error:
            _took_back(error, engine, writer, keep_run=True)
            raise
    run.abandoned = abandoned
    return run
