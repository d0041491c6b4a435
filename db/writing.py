"""Short write transactions that many reviewers can run at once, retried when the database
says "try again" (a deadlock, a serialization failure, a lock or busy timeout, a dropped
connection, a server restart).

Every write that moves a label runs in `transaction`: on SQLite it begins with BEGIN
IMMEDIATE (one writer at a time, waiting its turn instead of failing at once with
"database is locked"); on PostgreSQL it holds the labels' advisory lock in shared mode, so
that a recount of derived rows (`recount_lock`) sees no label half-written.

Lock order inside a label write, the same for every writer so none can wait in a circle:
the claim row (SELECT … FOR UPDATE), then the reviewer's progress rows by run id, then
the tally rows by key.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Literal, TypeVar

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

from db.busy import busy_timeout

T = TypeVar("T")

LABELS_LOCK = 7_263_114_012  # PostgreSQL advisory lock: labels share it, recounts own it
# SQLSTATEs worth another try: serialization failure, deadlock, lock not available,
# idle-in-transaction timeout, admin shutdown / crash shutdown / cannot connect now,
# and the connection exceptions (class 08)
RETRY_STATES = {"40001", "40P01", "55P03", "25P03", "57P01", "57P02", "57P03"}
SQLITE_BUSY = ("database is locked", "database is busy", "database table is locked")
# a server that is away for now. Lost: it ended a connection in use (a restart, a crash, an
# administrator's kill); psycopg says so with SQLSTATE 57P01 admin_shutdown or 57P02
# crash_shutdown when the server's last word arrived, and with a bare message when only the
# closed socket did. Down: it cannot be reached now (restarting: "the database system is
# shutting down", "… is starting up", "… in recovery mode"; stopped: its Unix socket gone,
# "No such file or directory", or over TCP "Connection refused").
LOST_STATES = {"57P01", "57P02"}
DOWN_STATES = {"57P03", "08001", "08004"}  # cannot connect now; refused; rejected
SERVER_LOST = ("server closed the connection", "terminating connection", "connection is lost")
SERVER_DOWN = (
    "the database system is", "no such file or directory", "connection refused",
    "connection reset by peer",  # a socket the server closes as it stops or starts
)  # fmt: skip
LOCK_TIMEOUT_MS = 2000  # PostgreSQL: a lock wait longer than this is a retry (and a notice)
PATIENCE = 60.0  # seconds of retrying before a write gives up and says why

# told of each retry: (the error, the attempt number, seconds waited so far)
OnRetry = Callable[[DBAPIError, int, float], None]


class DatabaseUnavailable(Exception):
    """A write kept failing for reasons that usually pass; the message says which (and
    never holds a password: only the driver's words, without the URL)."""


def retryable(err: DBAPIError) -> bool:
    """Is this failure one that the same write can succeed after?"""
    if err.connection_invalidated:
        return True
    orig = err.orig
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state is not None:
        return state in RETRY_STATES or state.startswith("08")
    message = str(orig).lower()
    if any(word in message for word in SQLITE_BUSY):
        return True
    return server_away(err) is not None


def server_away(err: DBAPIError) -> Literal["lost", "down"] | None:
    """Whether a PostgreSQL server ended this connection ("lost") or cannot be reached now
    ("down"), by its SQLSTATE or, when psycopg gives none, by its words; None otherwise
    (and always for SQLite, which has no server)."""
    orig = err.orig
    if isinstance(orig, sqlite3.Error):
        return None
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state is not None:
        if state in DOWN_STATES:
            return "down"
        if state in LOST_STATES or state.startswith("08"):
            return "lost"
        return None
    message = str(orig).lower()
    if any(word in message for word in SERVER_DOWN):
        return "down"
    if err.connection_invalidated or any(word in message for word in SERVER_LOST):
        return "lost"
    return None


def reason(err: BaseException) -> str:
    """The driver's first line, which names the cause and not the URL."""
    orig = getattr(err, "orig", None) or err
    lines = str(orig).strip().splitlines()
    return lines[0] if lines else type(orig).__name__


def begin(connection: Connection, *, exclusive: bool = False, wait: float | None = None) -> None:
    """Start a label write on a fresh connection (see the module docstring); `exclusive`
    for a recount, which keeps every label write out until it commits. On PostgreSQL a lock
    held elsewhere makes the write fail after `wait` seconds (else LOCK_TIMEOUT_MS), to be
    retried."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    if connection.dialect.name == "postgresql":
        ms = LOCK_TIMEOUT_MS if wait is None else max(1, round(wait * 1000))
        connection.exec_driver_sql(f"SET LOCAL lock_timeout = '{ms}ms'")
    if exclusive:
        recount_lock(connection)
    elif connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock_shared(:k)"), {"k": LABELS_LOCK})


def recount_lock(connection: Connection) -> None:
    """Inside a transaction that recounts derived rows from the labels: wait for the label
    writes under way and keep new ones out until it commits (SQLite: its write lock does)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LABELS_LOCK})


def transaction(
    engine: Engine,
    body: Callable[[Connection], T],
    *,
    on_retry: OnRetry | None = None,
    patience: float = PATIENCE,
    exclusive: bool = False,
    busy: float | None = None,
) -> T:
    """Run `body` in a short transaction of its own and commit; on a retryable failure roll
    back and run it again (after a growing, jittered pause) until `patience` runs out, then
    raise DatabaseUnavailable. `body` must be safe to run again after a failed commit.
    `busy`: seconds an attempt may wait for a lock another program holds (SQLite's write
    lock, else the engine's busy timeout; a PostgreSQL row or advisory lock, else
    LOCK_TIMEOUT_MS), so that a caller who must not block can try and go on."""
    started = time.monotonic()
    attempt = 0
    while True:
        try:
            with engine.connect() as connection, _busy_for(connection, busy):
                begin(connection, exclusive=exclusive, wait=busy)
                result = body(connection)
                connection.commit()
                return result
        except DBAPIError as err:
            waited = time.monotonic() - started
            if not retryable(err):
                raise
            if waited >= patience:
                raise DatabaseUnavailable(
                    f"the database kept refusing the write for {waited:.0f} s ({reason(err)})"
                ) from err
            attempt += 1
            if on_retry is not None:
                on_retry(err, attempt, waited)
            if err.connection_invalidated or not _is_lock_failure(err):
                engine.dispose()  # dead pooled connections after a restart: start afresh
            time.sleep(min(0.02 * 2**attempt, 2.0) * random.uniform(0.5, 1.0))


@contextmanager
def _busy_for(connection: Connection, seconds: float | None) -> Iterator[None]:
    """SQLite: this connection waits at most `seconds` for the lock, then as before."""
    if seconds is None or connection.dialect.name != "sqlite":
        yield
        return
    raw = connection.connection.driver_connection
    raw.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")  # type: ignore[union-attr]
    try:
        yield
    finally:
        with suppress(Exception):  # a connection that broke meanwhile is discarded anyway
            raw.execute(f"PRAGMA busy_timeout={int(busy_timeout() * 1000)}")  # type: ignore[union-attr]


def _is_lock_failure(err: DBAPIError) -> bool:
    state = getattr(err.orig, "sqlstate", None)
    if state is not None:
        return state in {"40001", "40P01", "55P03"}
    return any(word in str(err.orig).lower() for word in SQLITE_BUSY)
