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
import reviewer.tui.screens.review
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.notices import said as said_by
from tests.support.pg_server import Cluster, new_database
from tests.support.pg_server import label_verdicts as verdicts
from tests.support.tui_seed import seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
IDLE_CUT = "terminating connection due to idle-in-transaction timeout"


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
        deadline = time.monotonic() + 120  # a loaded machine restarts a server slowly
        while screen.waiting and time.monotonic() < deadline:
            await pilot.pause(0.1)
        back.join()
        await pilot.pause()  # a notice is a message: the one said as the wait ended, too
        said = said_by(app)
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


def open_transactions(url: str) -> list[str]:
    """The statements of the database's other sessions that sit idle inside a transaction."""
    engine = create_engine(url)
    with engine.connect() as connection:
        found = connection.scalars(text(
            "SELECT query FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'"
        )).all()  # fmt: skip
    engine.dispose()
    return list(found)


async def test_an_idle_transaction_timeout_never_catches_the_app(
    pg_cluster: Cluster, size, monkeypatch: pytest.MonkeyPatch
):
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
    deadline = time.monotonic() + 60
    while IDLE_CUT not in log.read_text():
        assert time.monotonic() < deadline, "the idle transaction was never cut off"
        time.sleep(0.05)
    with pytest.raises(DBAPIError, match="idle-in-transaction"):
        connection.execute(text("SELECT 1"))
    connection.invalidate()
    control.dispose()

    # Between keys, once its workers are done, the app holds no transaction open: each key
    # is checked at rest, which does not depend on how fast a loaded machine runs it. (The
    # server's own cut-off would also catch a client merely starved for 300 ms mid-write.)
    # The periodic count is put off, or it could be caught reading mid-check.
    monkeypatch.setattr(reviewer.tui.screens.review, "RECOUNT_EVERY", 3600.0)
    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=size) as pilot:
        for key in "tfutsf":
            await pilot.press(key)
            await pilot.pause()
            await workers_done(app)
            await pilot.pause()
            assert open_transactions(url) == [], key
            await asyncio.sleep(0.8)  # a reviewer reading: longer than the timeout
        assert app.is_running
    live = [v for _, v in verdicts(url)]
    assert live == ["true_positive", "false_positive", "true_positive", "skip", "false_positive"]
    engine.dispose()


async def test_the_stats_panel_computes_outside_any_transaction(
    pg_cluster: Cluster, size, monkeypatch: pytest.MonkeyPatch
):
    """The panel reads, ends its transaction, then resamples: a server's idle timeout
    can never cut it while it computes, however long a loaded machine takes."""
    import reviewer.agreement

    url = new_database(pg_cluster)
    seed(url).dispose()  # type: ignore[arg-type]
    seen: list[list[str]] = []
    original = reviewer.agreement.run_report

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(open_transactions(url))
        return original(*args, **kwargs)

    monkeypatch.setattr(reviewer.agreement, "run_report", watched)
    # nothing else reads while the panel computes: the label's count is done before the
    # panel opens and the periodic count put off (a loaded machine can be slow mid-read)
    monkeypatch.setattr(reviewer.tui.screens.review, "RECOUNT_EVERY", 3600.0)
    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=size) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await workers_done(app)
        await pilot.press("p")
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        shown = app.screen.query_one("#stats-text").render()
        assert "overall   1.00 [0.21, 1.00]" in str(shown), shown
    assert seen == [[]]
    assert [v for _, v in verdicts(url)] == ["true_positive"]
    engine.dispose()
