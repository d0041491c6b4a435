"""A resized terminal keeps the current flag in view: the prose rewraps and scrolls to it.
A pilot test on a long brief whose last flag is far below the first screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from reviewer.tui.app import ReviewApp
from reviewer.tui.widgets.prose import Prose
from tests.support.tui_seed import POOL, make_flag, seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio


async def test_a_resize_keeps_the_current_flag_in_view(tmp_path: Path) -> None:
    text = " ".join(f"Day {n} went by quietly and nothing much happened." for n in range(300))
    text += " Resting HR was 58 bpm."
    engine = seed(tmp_path / "r.db", [("long", text, [make_flag(text, "58", POOL[0])])])
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=(160, 50)) as pilot:
        await workers_done(app)
        await pilot.pause()
        prose = app.screen.query_one(Prose)
        assert prose.scroll_y > 0  # the flag is at the end: the view went down to it
        await pilot.resize_terminal(80, 24)  # narrower: more lines, the flag further down
        await pilot.pause()
        await pilot.pause()
        share = text.index("58") / len(text)
        line = share * prose.virtual_size.height
        assert prose.scroll_y <= line <= prose.scroll_y + prose.size.height
    engine.dispose()
