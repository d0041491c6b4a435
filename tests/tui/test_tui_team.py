"""Review apps on a shared database: two at once label a whole run with exact counts, no
transaction stays open between keys, and a lost connection or a held lock is retried with a
notice while the label waits, never lost."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from sqlalchemy import create_engine, make_url, text

import db
from db import tally
from db.engine import to_url
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.notices import said as said_by
from tests.support.tui_seed import seed

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


def count(where: str, sql: str, **params: object) -> int:
    engine = create_engine(to_url(where))
    try:
        with engine.connect() as connection:
            return int(connection.scalar(text(sql), params) or 0)
    finally:
        engine.dispose()


async def test_two_apps_at_once_label_every_flag_with_exact_counts(database):
    seed(database).dispose()
    flags = count(database, "SELECT count(*) FROM flagrecord")
    one, two = (db.open_existing(database) for _ in range(2))
    ana, ben = ReviewApp(one, reviewer="ana"), ReviewApp(two, reviewer="ben")
    async with ana.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
        for n in range(flags):
            await pa.press("tf"[n % 2])
            await pb.press("f")
            if n == 2:
                await pa.press("u")  # an undo in the middle, then the flag again
                await pa.press("t")
            await pa.pause()
            await pb.pause()
            if one.dialect.name == "postgresql":  # between keys: nothing left open
                idle = (
                    "SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in%' "
                    "AND datname = current_database() AND pid <> pg_backend_pid()"
                )
                assert count(database, idle) == 0
    for who in ("ana", "ben"):
        live = "SELECT count(*) FROM labelstate WHERE reviewer = :w AND verdict IS NOT NULL"
        assert count(database, live, w=who) == flags, who
    with one.connect() as connection:
        run_id = db.latest_run(session=connection).id
        for who in ("ana", "ben", None):
            counts = tally.read(connection, [run_id], who)[run_id]
            labeled = sum(n for c in counts.values() for v, n in c.items() if v is not None)
            assert labeled == flags, who
        stats = db.precision_stats(session=connection, run_id=run_id, reviewer="ben")
        assert stats["false_positives"] == flags and stats["coverage"] == 1.0
    one.dispose()
    two.dispose()


def server(where: str):  # type: ignore[no-untyped-def]
    """An autocommit engine on the server's maintenance database."""
    url = make_url(where).set(database="postgres")
    return create_engine(url, isolation_level="AUTOCOMMIT")


def terminate_others(where: str) -> int:
    """Drop every connection to the test's database, as a server restart would."""
    sql = (
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = :name AND pid <> pg_backend_pid()"
    )
    engine = server(where)
    with engine.connect() as connection:
        killed = int(connection.scalar(text(sql), {"name": make_url(where).database}) or 0)
    engine.dispose()
    return killed


def labels_on(where: str, who: str) -> int:
    return count(where, "SELECT count(*) FROM label WHERE reviewer = :w", w=who)


async def test_a_dropped_connection_is_reconnected_and_the_label_stored_once(pg_url):
    seed(pg_url).dispose()
    engine = db.open_existing(pg_url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert terminate_others(pg_url) >= 1  # the app's pooled connections are gone
        await pilot.press("f")
        await pilot.pause()
        assert labels_on(pg_url, "ana") == 2
        assert app.is_running
    engine.dispose()


async def test_a_held_lock_gets_a_notice_and_the_label_is_stored_when_released(pg_url):
    seed(pg_url).dispose()
    engine = db.open_existing(pg_url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.current is not None
        claim_id = screen.current.claim_id
        holder = create_engine(to_url(pg_url)).connect()
        holder.execute(text("SELECT 1 FROM claim WHERE id = :c FOR UPDATE"), {"c": claim_id})
        release = threading.Timer(4.0, holder.rollback)
        release.start()
        await pilot.press("t")  # fails in place, then retries aside
        await pilot.pause()
        assert screen.waiting
        said = said_by(app)
        assert any("kept and retried" in m for m in said), said
        await pilot.press("f")  # kept while the first waits, done after it: order is kept
        assert labels_on(pg_url, "ana") == 0
        deadline = time.monotonic() + 60  # (a loaded machine starves the retry thread)
        while screen.waiting and time.monotonic() < deadline:
            await pilot.pause(0.1)
        release.join()
        holder.close()
        assert not screen.waiting
        assert labels_on(pg_url, "ana") == 2
        await pilot.press("f")  # and the next key works as ever
        await pilot.pause()
        assert labels_on(pg_url, "ana") == 3
    engine.dispose()


async def test_an_unusable_database_stops_the_app_with_its_reason(pg_url):
    seed(pg_url).dispose()
    engine = db.open_existing(pg_url)
    app = ReviewApp(engine, reviewer="ana")
    name = engine.url.database
    admin = server(pg_url)
    try:
        async with app.run_test(size=SIZE):
            with admin.connect() as connection:
                connection.exec_driver_sql(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            terminate_others(pg_url)
            app.simulate_key("t")  # the app stops while handling it: nothing left to wait for
            for _ in range(1200):  # a minute at most: a loaded machine is slow to stop it
                if app.failure is not None:
                    break
                await asyncio.sleep(0.05)
        assert app.return_code == 2
        # The retry meets either the closed database or, first, a pooled connection the
        # server cut off; each is the database's own reason, never a bare crash.
        reason = str(app.failure)
        assert "not currently accepting connections" in reason or "server closed" in reason
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        admin.dispose()
    assert labels_on(pg_url, "ana") == 0
    engine.dispose()
