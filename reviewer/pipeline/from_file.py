"""A run from flags made elsewhere (`reviewer flag --from FLAGS.jsonl`): a production log
in `reviewer scan --format jsonl`'s shape, stored as a run like any other.

The whole file is checked before any of it is stored: every line names a stored brief, once,
and its flags hold in that brief's text and pool (reviewer.checks.flag_json); a run
covers every stored brief, so every stored brief needs a line. The checked scans wait in a
temporary file, then are stored batch by batch into an unfinished run, finished last.
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any

from sqlalchemy import Engine, select
from sqlmodel import Session

import db
from db.tables import brief as B
from db.tables import pool as P
from db.views import pool_from_json
from db.writes import diff_runs, finish_run, flag_row, start_run, store_scan_rows
from reviewer.checks.flag_json import FlagJsonError, read_answer
from reviewer.checks.registry import FROM_FILE, load_detector
from reviewer.grounding.types import Detector
from reviewer.jsonlimits import JsonLimitError
from reviewer.jsonlimits import loads as limited_loads
from reviewer.pipeline import recovery
from reviewer.pipeline.batch_writer import RunReport
from reviewer.pipeline.reader import InputError, bounded_lines

BATCH = 500  # lines looked up and stored at a time
Advance = Callable[[int], None]  # counts the briefs stored
Scan = tuple[int, int, list[Any]]  # (brief pk, checkable, flag rows), as the writer stores


def load_run(
    engine: Engine, path: str, *, name: str | None = None, advance: Advance | None = None
) -> RunReport:
    """Store the flags of `path` as a new run; InputError (nothing stored) on a bad line."""
    abandoned = recovery.clean_abandoned(engine)
    with tempfile.TemporaryFile() as spool:
        batches = _check_file(engine, path, spool)
        spool.seek(0)
        run = _store(engine, path, name, _unspooled(spool, batches), advance)
    run.abandoned = abandoned
    return run


def _check_file(engine: Engine, path: str, spool: IO[bytes]) -> int:
    """Check every line, spooling the scans; how many batches were spooled."""
    seen: dict[str, int] = {}  # brief id -> the line that gave it
    counter = _Counter()
    batches = 0
    with Session(engine) as session, _lines(path) as lines:
        batch: list[tuple[int, bytes]] = []
        for number, raw in lines:
            batch.append((number, raw))
            if len(batch) >= BATCH:
                pickle.dump(_check_batch(session, path, batch, seen, counter), spool)
                batches, batch = batches + 1, []
        if batch:
            pickle.dump(_check_batch(session, path, batch, seen, counter), spool)
            batches += 1
        _check_coverage(session, path, seen)
    return batches


def _check_batch(
    session: Session,
    path: str,
    batch: list[tuple[int, bytes]],
    seen: dict[str, int],
    counter: _Counter,
) -> list[Scan]:
    answers = [(number, _answer(path, number, raw)) for number, raw in batch]
    stored = _briefs(session, [str(obj["id"]) for _, obj in answers])
    scans: list[Scan] = []
    for number, obj in answers:
        brief_id = obj["id"]
        if brief_id in seen:
            raise InputError(path, number, f"brief {brief_id!r} was given on line {seen[brief_id]}")
        seen[brief_id] = number
        found = stored.get(brief_id)
        if found is None:
            raise InputError(path, number, f"unknown brief id {brief_id!r} (not stored)")
        pk, text, pool = found
        try:
            flags, checkable = read_answer(obj, text, pool)
        except FlagJsonError as err:
            raise InputError(path, number, f"brief {brief_id!r}: {err}") from None
        if checkable is None:
            checkable = counter.count(text, pool)
        scans.append((pk, checkable, [flag_row(flag) for flag in flags]))
    return scans


def _answer(path: str, number: int, raw: bytes) -> dict[str, Any]:
    try:
        obj = limited_loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(path, number, "not UTF-8 text") from None
    except json.JSONDecodeError as err:  # (its own "line 1" is this line)
        raise InputError(path, number, f"not JSON: {err.msg} at column {err.colno}") from None
    except (ValueError, JsonLimitError) as err:
        raise InputError(path, number, f"not JSON: {err}") from None
    if not isinstance(obj, dict):
        raise InputError(path, number, "expected a JSON object with 'id' and 'flags'")
    if not isinstance(obj.get("id"), str) or not obj["id"]:
        raise InputError(path, number, "missing field 'id' (the stored brief's id)")
    return obj


def _briefs(session: Session, ids: list[str]) -> dict[str, tuple[int, str, tuple]]:
    """brief id -> (pk, text, pool) of the stored ones among `ids`."""
    found: dict[str, tuple[int, str, tuple]] = {}
    query = select(B.c.brief_id, B.c.pk, B.c.text, P.c.knowns).select_from(
        B.join(P, P.c.pk == B.c.pool_pk)
    )
    for brief_id, pk, text, knowns in session.execute(query.where(B.c.brief_id.in_(ids))):
        found[brief_id] = (pk, text, pool_from_json(knowns))
    return found


def _check_coverage(session: Session, path: str, seen: dict[str, int]) -> None:
    """Every stored brief needs a line: a run covers every stored brief, so runs compare."""
    stored = db.count_stored_briefs(session=session)
    if len(seen) == stored:
        return
    if not stored:
        raise InputError(path, 0, "no briefs stored yet (reviewer ingest BRIEFS first)")
    missing = None
    for (brief_id,) in session.execute(select(B.c.brief_id).order_by(B.c.pk)):
        if brief_id not in seen:
            missing = brief_id
            break
    raise InputError(
        path, 0,
        f"{stored - len(seen):,} of the {stored:,} stored briefs have no line (the first: "
        f"{missing!r}); a run covers every stored brief: give each a line, with \"flags\": [] "
        "when it has none",
    )  # fmt: skip


class _Counter:
    """The checkable count of a brief whose line gives none: the default detector's, as
    for a plugin without checkable()."""

    def __init__(self) -> None:
        self.detector: Detector | None = None

    def count(self, text: str, pool: tuple) -> int:
        if self.detector is None:
            self.detector = load_detector("default")
        return int(self.detector.checkable(text, pool))  # type: ignore[attr-defined]


@contextmanager
def _lines(path: str) -> Iterator[Iterator[tuple[int, bytes]]]:
    """(line number, bytes) of each line with something on it; `-` is stdin."""
    try:
        handle: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as err:
        raise InputError(path, 0, f"cannot read it: {err.strerror}") from None
    try:
        yield bounded_lines(handle, path)  # a line without end is refused, not held
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()


def _unspooled(spool: IO[bytes], batches: int) -> Iterator[list[Scan]]:
    for _ in range(batches):
        yield pickle.load(spool)


def _store(
    engine: Engine,
    path: str,
    name: str | None,
    batches: Iterator[list[Scan]],
    advance: Advance | None,
) -> RunReport:
    spec = FROM_FILE + path
    shown = FROM_FILE + ("stdin" if path == "-" else os.path.basename(path))
    run_id = None
    with Session(engine) as session:
        latest = db.latest_run(session=session)
        previous = latest.id if latest else None
    try:
        with Session(engine) as session:
            run_id = start_run(
                session, detector=shown, version="unversioned", config="{}", name=name, spec=spec
            )
            session.commit()
            for scans in batches:
                store_scan_rows(session, run_id, scans)
                session.commit()
                if advance is not None:
                    advance(len(scans))
            run = finish_run(session, run_id)
            session.commit()
            diff = diff_runs(session, previous, run.id) if previous is not None else None
            return RunReport(
                run.id, run.detector, run.version, run.briefs, run.flags, run.checkable,
                previous, diff,
            )  # fmt: skip
    except BaseException as error:
        recovery.took_back(error, engine, undo=None, run_id=run_id, keep_run=False)
        raise
