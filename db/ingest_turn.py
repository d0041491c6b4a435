"""One ingest at a time per database, and a record of the one under way, so that what an
ingest committed can always be taken back, even by the next command after a full disk or
a lost server kept it from taking it back itself.

An ingest takes its turn (`take_turn`): it waits while another ingest of the database is
under way (PostgreSQL: an advisory lock that ends with its session; SQLite: the record's
owner process still running), then writes a record, a `meta` row, of where the database
ended when it began: the highest brief, brief version and pool keys. Ingests never
overlap, so every brief above that key is its own, and every version above that key keeps
a text it replaced. The record is deleted in the transaction that finishes the ingest (or
takes it back); a record whose ingest is gone is taken back by the next ingest or flag
(`take_back_abandoned`), its run failed.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from db.tables import brief as B
from db.tables import briefversion as V
from db.tables import meta as M
from db.tables import pool as P
from db.undo import IngestUndo, fail_run, owner_alive, this_owner, undo_ingest

KEY = "ingest"  # the meta row of the ingest under way
# PostgreSQL advisory lock held by the ingest under way: (this number, the database's oid),
# as advisory locks are the whole server's, and it may serve several reviewer databases
INGEST_LOCK = 726_311_401
_THIS_DATABASE = "(SELECT oid::int FROM pg_database WHERE datname = current_database())"
_TRY_LOCK = f"SELECT pg_try_advisory_lock(:k, {_THIS_DATABASE})"
_UNLOCK = f"SELECT pg_advisory_unlock(:k, {_THIS_DATABASE})"
POLL = 0.5  # seconds between looks while another ingest is under way

Waiting = Callable[[str, float], None]
"""waiting(who, seconds waited): told about every POLL while another ingest is under way."""

_ours: set[str] = set()  # tokens of this process's ingests under way


@dataclass
class IngestRecord:
    """The meta row of an ingest under way: whose, and where the database ended before it."""

    owner: str
    token: str
    briefs: int
    versions: int
    pools: int
    run: int | None = None

    def dumps(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def loads(cls, value: str) -> IngestRecord | None:
        try:
            fields = json.loads(value)
            return cls(**fields) if isinstance(fields, dict) else None
        except (TypeError, ValueError):
            return None

    def gone(self, *, locked: bool) -> bool:
        """Whether its ingest has ended without ending the record: killed, or stopped by a
        failure it could not take back. `locked`: this process holds the PostgreSQL lock
        (no other ingest can be under way)."""
        if locked:
            return self.token not in _ours
        if self.owner == this_owner():
            return self.token not in _ours
        return not owner_alive(self.owner)


class IngestTurn:
    """This process's turn to ingest: its record, and the PostgreSQL lock holding it."""

    def __init__(self, engine: Engine, record: IngestRecord, lock: Connection | None) -> None:
        self.engine = engine
        self.record = record
        self.lock = lock
        _ours.add(record.token)

    def undo(self) -> IngestUndo:
        return IngestUndo(pool_floor=self.record.pools, version_floor=self.record.versions)

    def note_run(self, db: Any, run_id: int) -> None:
        """Add the run this ingest began to its record (in the caller's transaction)."""
        self.record.run = run_id
        db.execute(update(M).where(M.c.key == KEY).values(value=self.record.dumps()))

    def end(self, db: Any) -> None:
        """Delete the record (in the transaction that finishes or takes back the ingest)."""
        db.execute(delete(M).where(M.c.key == KEY, M.c.value == self.record.dumps()))

    def close(self) -> None:
        """The turn is over (whether or not the record could be deleted)."""
        _ours.discard(self.record.token)
        if self.lock is not None:
            _release(self.lock)
            self.lock = None


def take_turn(engine: Engine, *, waiting: Waiting | None = None) -> IngestTurn:
    """Wait while another ingest of this database is under way; take back the one a
    process that ended left behind; record this one (committed)."""
    lock = _advisory_lock(engine, waiting)
    started = time.monotonic()
    try:
        while True:
            with engine.connect() as connection:
                _begin(connection)
                found = _record(connection)
                if found is None or found.gone(locked=lock is not None):
                    if found is not None:
                        _take_back(connection, found)
                    record = _new_record(connection)
                    try:
                        _store(connection, record, replacing=found is not None)
                        connection.commit()
                        return IngestTurn(engine, record, lock)
                    except IntegrityError:  # another ingest recorded itself first
                        connection.rollback()
                        continue
                connection.rollback()
            if waiting is not None:
                waiting(found.owner, time.monotonic() - started)
            time.sleep(POLL)
    except BaseException:
        if lock is not None:
            _release(lock)
        raise


def take_back_abandoned(engine: Engine) -> int | None:
    """Take back the ingest whose process ended without ending its record (its briefs
    removed, the ones it replaced restored, its run failed); the run's id, or 0 for an
    ingest without a run, or None when there was none. For `flag` and `ingest`."""
    lock = _advisory_lock(engine, None, wait=False) if _postgres(engine) else None
    if _postgres(engine) and lock is None:
        return None  # an ingest is under way
    try:
        with engine.connect() as connection:
            _begin(connection)
            found = _record(connection)
            if found is None or not found.gone(locked=lock is not None):
                connection.rollback()
                return None
            _take_back(connection, found)
            connection.execute(delete(M).where(M.c.key == KEY))
            connection.commit()
            return found.run or 0
    finally:
        if lock is not None:
            _release(lock)


def _release(lock: Connection) -> None:
    """Unlock and give the connection back; one that cannot unlock (a lost server) is
    thrown away, never pooled still holding the lock."""
    try:
        lock.execute(text(_UNLOCK), {"k": INGEST_LOCK})
        lock.commit()
    except Exception:
        with suppress(Exception):
            lock.invalidate()
    finally:
        with suppress(Exception):
            lock.close()


def _postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def _advisory_lock(
    engine: Engine, waiting: Waiting | None, *, wait: bool = True
) -> Connection | None:
    """PostgreSQL: a connection holding the ingest lock (None elsewhere, or when `wait` is
    off and another session holds it)."""
    if not _postgres(engine):
        return None
    connection = engine.connect()
    started = time.monotonic()
    try:
        while True:
            got = connection.scalar(text(_TRY_LOCK), {"k": INGEST_LOCK})
            connection.commit()  # the lock is the session's: no transaction left open
            if got:
                return connection
            if not wait:
                connection.close()
                return None
            if waiting is not None:
                waiting("another ingest", time.monotonic() - started)
            time.sleep(POLL)
    except BaseException:
        connection.close()
        raise


def _begin(connection: Connection) -> None:
    """SQLite: take the write lock first, so the record read is the one replaced."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _record(connection: Connection) -> IngestRecord | None:
    value = connection.scalar(select(M.c.value).where(M.c.key == KEY))
    if value is None:
        return None
    found = IngestRecord.loads(value)
    return found or IngestRecord(owner="", token="", briefs=0, versions=0, pools=0)


def _new_record(connection: Connection) -> IngestRecord:
    def top(column: Any) -> int:
        return int(connection.scalar(select(func.max(column))) or 0)

    return IngestRecord(
        owner=this_owner(), token=uuid.uuid4().hex,
        briefs=top(B.c.pk), versions=top(V.c.id), pools=top(P.c.pk),
    )  # fmt: skip


def _store(connection: Connection, record: IngestRecord, *, replacing: bool) -> None:
    if replacing:
        connection.execute(update(M).where(M.c.key == KEY).values(value=record.dumps()))
    else:
        connection.execute(insert(M).values(key=KEY, value=record.dumps()))


def _take_back(connection: Connection, record: IngestRecord) -> None:
    """Undo an ingest that ended without ending its record (see the module docstring)."""
    if not record.token:  # a record that does not parse: nothing known to undo
        return
    added = list(connection.scalars(select(B.c.pk).where(B.c.pk > record.briefs)))
    replaced = list(
        connection.scalars(
            select(V.c.brief_pk)
            .where(V.c.id > record.versions, V.c.brief_pk <= record.briefs)
            .distinct()
        )
    )
    undo = IngestUndo(pool_floor=record.pools, version_floor=record.versions)
    undo.wrote(added=added, replaced=replaced)
    undo_ingest(session=connection, undo=undo)
    if record.run is not None:
        fail_run(session=connection, run_id=record.run)
