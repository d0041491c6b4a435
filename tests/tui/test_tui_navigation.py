"""Pilot tests: `]` and `[` walk the brief list as filtered, in order, after a search or filter."""

from __future__ import annotations

from pathlib import Path

import pytest

from reviewer.tui.app import ReviewApp
from reviewer.tui.widgets.brief_list import BriefRows
from tests.support.tui_seed import POOL, make_flag, seed, shown
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
LENA = {"brief-003", "brief-005", "brief-006"}


@pytest.fixture
def engine(tmp_path: Path):
    briefs = []
    for n in range(1, 8):
        bid = f"brief-{n:03d}"
        who = "Lena" if bid in LENA else "Omar"
        text = f"{who} logged rhr 50 bpm."
        briefs.append((bid, text, [make_flag(text, "50", POOL[0])]))
    engine = seed(tmp_path / "review.db", briefs)
    yield engine
    engine.dispose()


async def test_after_search_next_brief_is_first_match_when_current_is_not_listed(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right_square_bracket")
        assert shown(app) == "brief-002"
        await pilot.press("slash", *"Lena", "enter")
        await workers_done(app)  # a searched list is fetched by a worker
        rows = app.screen.query_one(BriefRows)
        assert rows.total == 3 and rows.cursor == 0
        seen = []
        for _ in range(3):
            await pilot.press("right_square_bracket")
            seen.append(shown(app))
        assert seen == ["brief-003", "brief-005", "brief-006"]
        await pilot.press("left_square_bracket")
        assert shown(app) == "brief-005"


async def test_after_search_cursor_stays_on_current_brief_when_listed(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["right_square_bracket"] * 4)
        assert shown(app) == "brief-005"
        await pilot.press("slash", *"Lena", "enter")
        await workers_done(app)  # a searched list is fetched by a worker
        rows = app.screen.query_one(BriefRows)
        assert rows.cursor == 1 and rows.row(1).brief_id == "brief-005"
        await pilot.press("right_square_bracket")
        assert shown(app) == "brief-006"
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert shown(app) == "brief-003"


async def test_clearing_the_search_keeps_the_cursor_on_the_current_brief(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", *"Lena", "enter")
        await workers_done(app)  # a searched list is fetched by a worker
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert shown(app) == "brief-005"
        await pilot.press("slash", *["backspace"] * 4, "enter")
        await workers_done(app)
        rows = app.screen.query_one(BriefRows)
        assert rows.total == 7 and rows.cursor == 4
        await pilot.press("right_square_bracket")
        assert shown(app) == "brief-006"
