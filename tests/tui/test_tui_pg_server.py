"""The review app on a real PostgreSQL server of its own that is restarted under it, and
that cuts off sessions left idle in a transaction: every key is stored once, in order, with
a notice while the server is away, and the app never holds a transaction between keys."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import DBAPIError

import db
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.pg_server import Cluster, new_database
from tests.support.tui_seed import seed

pytestmark = pytest.mark.asyncio
IDLE_CUT = "terminating connection due to idle-in-transaction timeout"


def verdicts(url: str) -> list[tuple[int, str]]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT claim_id, verdict FROM label ORDER BY id")).all()
    engine.dispose()
    return [tuple(r) for r in rows]  # type: ignore[misc]


async def test_a_server_restart_and_an_outage_lose_and_double_no_label(pg_cluster: Cluster, size):
    url = new_database(pg_cluster)
    seed(url).dispose()  # type: ignore[arg-type]
    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("t")
        await pilot.pause()
        pg_cluster.pg_ctl("restart", "-m", "fast")  # the app's pooled connections die
        await pilot.press("f")
        await pilot.pause()
        assert [v for _, v in verdicts(url)] == ["true_positive", "false_positive"]

        pg_cluster.pg_ctl("stop", "-m", "fast")  # away for longer than a key may wait
        back = threading.Timer(4.0, pg_cluster.pg_ctl, ["start"])
        back.start()
        await pilot.press("t")  # ~2 s in place, then retried aside
        await pilot.pause()
        assert screen.waiting
        deadline = time.monotonic() + 30
        while screen.waiting and time.monotonic() < deadline:
            await pilot.pause(0.1)
        back.join()
        said = [n.message for n in app._notifications]
        assert any("kept and retried" in m for m in said), said
        assert any("The database is back" in m for m in said), said
        await pilot.press("f")
        await pilot.pause()
        assert app.is_running
    stored = verdicts(url)
    assert [v for _, v in stored] == [
        "true_positive", "false_positive", "true_positive", "false_positive"
    ]  # fmt: skip
    assert len({claim for claim, _ in stored}) == 4  # each on the next flag: none twice
    engine.dispose()


async def test_an_idle_transaction_timeout_never_catches_the_app(pg_cluster: Cluster, size):
    url = new_database(pg_cluster)
    seed(url).dispose()  # type: ignore[arg-type]
    admin = create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(
            f'ALTER DATABASE "{make_url(url).database}" '
            "SET idle_in_transaction_session_timeout = '300ms'"
        )
    admin.dispose()
    log = pg_cluster.log

    # the timeout is live: a connection left in a transaction is cut off, and the log says so
    control = create_engine(url)
    connection = control.connect()
    connection.execute(text("SELECT 1"))
    time.sleep(1.0)
    with pytest.raises(DBAPIError, match="idle-in-transaction"):
        connection.execute(text("SELECT 1"))
    connection.invalidate()
    control.dispose()
    cut = log.read_text().count(IDLE_CUT)
    assert cut >= 1

    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=size) as pilot:
        for key in "tfutsf":
            await pilot.press(key)
            await pilot.pause()
            await asyncio.sleep(0.8)  # a reviewer reading: longer than the timeout
        assert app.is_running
    assert log.read_text().count(IDLE_CUT) == cut  # none of the app's sessions was cut off
    live = [v for _, v in verdicts(url)]
    assert live == ["true_positive", "false_positive", "true_positive", "skip", "false_positive"]
    engine.dispose()
