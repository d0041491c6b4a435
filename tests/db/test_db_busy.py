"""A label write that waits for another program's SQLite write lock says so while it waits
(BEGIN IMMEDIATE is where it waits), then stores the label once the lock is free."""

from __future__ import annotations

import sqlite3
import threading
import time

from sqlalchemy import text

import db
from db import busy
from tests.support.tui_seed import seed


def test_a_label_write_waiting_at_begin_immediate_is_noted_then_stored(tmp_path):
    path = tmp_path / "r.db"
    engine = seed(path)
    with engine.connect() as connection:
        claim_id = connection.scalar(text("SELECT min(claim_id) FROM flagrecord"))
    notes: list[tuple[float, float]] = []
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program's write lock
    busy.listen(lambda waited, timeout: notes.append((waited, timeout)))
    try:
        with engine.connect() as connection:
            writer = threading.Thread(
                target=db.record_label,
                kwargs={"session": connection, "claim_id": claim_id, "reviewer": "ana",
                        "verdict": "true_positive"},
            )  # fmt: skip
            writer.start()
            deadline = time.monotonic() + 10
            while not notes and time.monotonic() < deadline:
                time.sleep(0.05)
            assert notes, "no note while the label write waited for the lock"
            assert writer.is_alive()  # still waiting: the note came during the wait
            holder.execute("ROLLBACK")
            writer.join(timeout=10)
            assert not writer.is_alive()
    finally:
        busy.listen(None)
        holder.close()
    waited, timeout = notes[0]
    assert busy.NOTE_AFTER <= waited < 10 and timeout == busy.busy_timeout()
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT reviewer, verdict FROM label")).all()
    assert stored == [("ana", "true_positive")]
    engine.dispose()
