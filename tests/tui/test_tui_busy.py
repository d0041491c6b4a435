"""The review app on a SQLite file another program holds the write lock of: the label's
write waits for the lock in a worker, the app says it is waiting, and the label is stored
once it is free."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
from sqlalchemy import text

import db
from reviewer.tui.app import ReviewApp
from tests.support.notices import said as said_by
from tests.support.tui_seed import seed

pytestmark = pytest.mark.asyncio


async def test_a_label_waiting_for_another_programs_lock_gets_a_notice(tmp_path, size):
    path = tmp_path / "r.db"
    seed(path).dispose()
    engine = db.open_existing(str(path))
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    app = ReviewApp(engine, reviewer="ana")
    try:
        async with app.run_test(size=size) as pilot:
            holder.execute("BEGIN IMMEDIATE")
            release = threading.Timer(2.5, holder.execute, ["ROLLBACK"])
            release.start()
            await pilot.press("t")  # its write waits at BEGIN IMMEDIATE, in a worker
            await pilot.pause()
            release.join()
            for _ in range(1200):  # until the worker has stored it (a minute at most)
                if not app.screen.waiting:
                    break
                await asyncio.sleep(0.05)
            await pilot.pause()
            said = said_by(app)
            # the write waits at the lock (db.busy's notice), or, when the app's read
            # transaction met the holder's first, SQLite refuses it at once and the label
            # is kept and retried: a loaded machine makes either, and both say so
            waited = ("another program holds its lock", "the label is kept and retried")
            assert any(w in m for m in said for w in waited), said
            await pilot.press("f")  # nothing in the way now
            await pilot.pause()
    finally:
        holder.close()
    with engine.connect() as connection:
        verdicts = connection.scalars(text("SELECT verdict FROM label ORDER BY id")).all()
    assert verdicts == ["true_positive", "false_positive"]
    engine.dispose()


async def test_the_lock_notices_of_a_long_wait_do_not_pile_up(tmp_path, size):
    # db.busy says each second how long a write has waited: each notice is gone when the
    # next comes, so the screen never holds a stack of them
    engine = seed(tmp_path / "r.db")
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=size) as pilot:
        for waited in (1, 2, 3, 4):
            if waited > 1:
                await pilot.pause(1.0)  # (at least: a loaded machine makes it longer)
            app._waiting_for_lock(waited, 60)
        await pilot.pause()  # the notice is posted: taken in, no time waited
        # read as the last comes: notices expire by the clock, so a slow pause cannot
        # have taken the last away, only earlier ones
        shown = [n.message for n in app._notifications if "holds its lock" in n.message]
        assert len(shown) <= 2 and "(4 s of at most 60 s)" in shown[-1]
    engine.dispose()
