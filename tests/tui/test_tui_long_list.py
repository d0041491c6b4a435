"""Pilot tests on a list longer than one page: a search or filter is fetched off the UI
thread, and the cursor finds the brief under review however far down the list it is."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlmodel import Session

import db
from reviewer.tui.app import ReviewApp
from reviewer.tui.widgets.brief_list import PAGE, BriefRows
from tests.support.tui_seed import POOL, make_flag, seed, shown
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
BRIEFS = 2 * PAGE + 50
LABELED = PAGE + 79  # the reviewer has finished the first 179 briefs


@pytest.fixture
def engine(tmp_path: Path):
    briefs = []
    for n in range(BRIEFS):
        text = f"Day {n}: logged rhr 50 bpm."
        briefs.append((f"brief-{n:04d}", text, [make_flag(text, "50", POOL[0])]))
    engine = seed(tmp_path / "long.db", briefs)
    with Session(engine) as session:
        run = db.latest_run(session=session)
        assert run is not None
        for row in db.list_briefs(
            session=session, run_id=run.id, reviewer="ann", offset=0, limit=LABELED
        ):
            (flag,) = db.brief_flags(
                session=session, run_id=run.id, brief_pk=row.brief_pk, reviewer="ann"
            )
            db.record_label(session=session, claim_id=flag.claim_id, reviewer="ann", verdict="skip")
    yield engine
    engine.dispose()


async def settle(app: ReviewApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await workers_done(app)
    await pilot.pause()


async def test_the_cursor_finds_the_current_brief_beyond_the_first_page(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        rows = app.screen.query_one(BriefRows)
        assert shown(app) == f"brief-{LABELED:04d}"  # the first unlabeled flag
        assert rows.cursor == LABELED and rows.row(rows.cursor).brief_id == shown(app)
        await pilot.press("slash", *"logged", "enter")  # every brief matches
        await settle(app, pilot)
        assert rows.total == BRIEFS and rows.cursor == LABELED
        await pilot.press("slash", *"Day 1", "enter")  # 1, 10-19, 100-199
        await settle(app, pilot)
        assert rows.total == 1 + 10 + 100
        assert rows.row(rows.cursor).brief_id == shown(app) and rows.cursor == 1 + 10 + 79
        await pilot.press("right_square_bracket")
        assert shown(app) == f"brief-{LABELED + 1:04d}"
        await pilot.press("slash", *["backspace"] * 5, "enter")  # back to the plain list
        await settle(app, pilot)
        assert rows.total == BRIEFS and rows.cursor == LABELED + 1


async def test_a_late_answer_never_moves_a_cursor_the_user_has_moved(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        rows = app.screen.query_one(BriefRows)
        gate = threading.Event()
        position = rows.pages.position  # type: ignore[union-attr]

        def slow_position(*args):  # type: ignore[no-untyped-def]
            gate.wait(5)
            return position(*args)

        rows.pages.position = slow_position  # type: ignore[union-attr,method-assign]
        await pilot.press("slash", *"logged", "enter")
        await pilot.pause()
        await pilot.press("down", "down")  # while the list is still looking for the brief
        gate.set()
        await settle(app, pilot)
        assert rows.cursor == 2


async def test_search_and_filters_fetch_their_rows_off_the_ui_thread(engine, monkeypatch) -> None:
    threads: list[tuple[str, str, int, bool]] = []
    list_briefs = db.list_briefs

    def spy(**kwargs):  # type: ignore[no-untyped-def]
        main = threading.current_thread() is threading.main_thread()
        what = (kwargs.get("filter", "all"), kwargs.get("search", ""), kwargs["offset"], main)
        threads.append(what)
        return list_briefs(**kwargs)

    monkeypatch.setattr(db, "list_briefs", spy)
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert ("all", "", 0, True) in threads  # the plain list's first page: painted at once
        threads.clear()
        await pilot.press("slash", *"logged", "enter")
        await settle(app, pilot)
        await pilot.press("end")  # scroll a searched list: later pages come from workers
        await settle(app, pilot)
        await pilot.press("3")  # has false positives (within the search): none
        await settle(app, pilot)
        assert all(not main for *_, main in threads), threads
        fetched = {what[:3] for what in threads}
        assert fetched >= {("all", "logged", 0), ("all", "logged", 2 * PAGE)}
        assert ("false_positive", "logged", 0) in fetched
