"""Waiting for a database another program has locked: a busy timeout, and a note meanwhile.

SQLite makes a writer wait (up to the busy timeout) while another connection holds the
write lock; from the outside that looks like a hang. The wait comes at a transaction's
first write, or at its start when it begins with BEGIN IMMEDIATE (every label write does,
db.writing). `watch(engine)` notices such a statement that has waited more than NOTE_AFTER
seconds while someone else holds the lock, and tells
whoever listens (`listen(note)`: the command line prints it, the app shows a notice).
When the timeout runs out, the statement fails with "database is locked", which the
commands report as a lock held by another program.
"""

from __future__ import annotations

import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # sqlalchemy only where an engine is watched: db.direct reads without it
    from sqlalchemy import Engine

BUSY_TIMEOUT = 60.0  # seconds a statement waits for a lock before it fails
NOTE_AFTER = 1.0  # seconds of waiting before anyone is told
POLL = 0.25

Note = Callable[[float, float], None]
"""note(waited seconds, timeout seconds): called about every second while waiting."""

_listeners: list[Note] = []


MAX_BUSY_TIMEOUT = 2_147_483.0  # SQLite takes milliseconds as a 32-bit integer


class BusyTimeoutError(ValueError):
    """$REVIEWER_BUSY_TIMEOUT is not a number of seconds SQLite can wait."""


def busy_timeout() -> float:
    """The busy timeout in seconds: $REVIEWER_BUSY_TIMEOUT, else BUSY_TIMEOUT. A value that
    is no finite number of seconds from 0 to MAX_BUSY_TIMEOUT is refused, never ignored."""
    given = os.environ.get("REVIEWER_BUSY_TIMEOUT")
    if given is None or not given.strip():
        return BUSY_TIMEOUT
    try:
        value = float(given)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_BUSY_TIMEOUT:  # nan and inf fail this too
        raise BusyTimeoutError(
            f"REVIEWER_BUSY_TIMEOUT={given!r}: not a number of seconds to wait for a locked "
            f"database (0 to {MAX_BUSY_TIMEOUT:,.0f}); unset it for the default of "
            f"{BUSY_TIMEOUT:g} s"
        )
    return value


def listen(note: Note | None) -> None:
    """Where notes go (None: nowhere). One listener at a time: the running command's."""
    _listeners[:] = [] if note is None else [note]


class _Watch:
    """The statement in progress on any connection of one engine, and a thread that looks
    at it twice a second: only a write on a connection that has not written yet in its
    transaction can be waiting for the lock, and a probe says whether someone holds it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.waiting: dict[int, float] = {}  # id(dbapi connection) -> when its write began
        self.thread: threading.Thread | None = None
        self.pid = os.getpid()

    def begin(self, key: int) -> None:
        with self.lock:
            self.waiting[key] = time.monotonic()
        if self.thread is None or self.pid != os.getpid():
            self.pid = os.getpid()
            self.thread = threading.Thread(target=self._run, name="db-busy", daemon=True)
            self.thread.start()

    def end(self, key: int) -> None:
        with self.lock:
            self.waiting.pop(key, None)

    def _run(self) -> None:
        told = 0.0
        while True:
            time.sleep(POLL)
            with self.lock:
                since = min(self.waiting.values(), default=None)
            if since is None:
                told = 0.0
                continue
            waited = time.monotonic() - since
            if waited < NOTE_AFTER or waited - told < 1.0 or not _listeners:
                continue
            if self._locked_by_another():
                told = waited
                for note in list(_listeners):
                    note(waited, busy_timeout())

    def _locked_by_another(self) -> bool:
        try:
            probe = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        except sqlite3.Error:
            return False
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
        except sqlite3.OperationalError:
            return True
        finally:
            probe.close()
        return False


_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")
_TAKES_LOCK = ("BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")  # the write lock first, before any write


def _may_wait(statement: str) -> bool:
    """Can this statement, on a connection that has not written yet, wait for the lock?"""
    head = " ".join(statement[:40].split()).upper()
    return head.startswith(_WRITES) or head.startswith(_TAKES_LOCK)


def watch(engine: Engine) -> None:
    """Note long waits for the lock on this SQLite engine (a no-op for other databases)."""
    from sqlalchemy import event

    if engine.dialect.name != "sqlite" or not engine.url.database:
        return
    if engine.url.database == ":memory:":
        return
    watcher = _Watch(engine.url.database)

    @event.listens_for(engine, "before_cursor_execute")
    def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        info = conn.info
        if not info.get("wrote") and _may_wait(statement):
            info["watched"] = True
            watcher.begin(id(conn.connection.dbapi_connection))

    @event.listens_for(engine, "after_cursor_execute")
    def after(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if conn.info.pop("watched", False):
            conn.info["wrote"] = True
            watcher.end(id(conn.connection.dbapi_connection))

    @event.listens_for(engine, "handle_error")
    def failed(context: Any) -> None:
        conn = context.connection
        if conn is not None and conn.info.pop("watched", False):
            watcher.end(id(conn.connection.dbapi_connection))

    def done(conn: Any) -> None:
        conn.info.pop("wrote", None)

    event.listen(engine, "commit", done)
    event.listen(engine, "rollback", done)
