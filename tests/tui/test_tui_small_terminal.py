"""The review app at 80x24: nothing collapses to an ellipsis, the panel leaves the prose
room, the footer shows whole keys, and the keys it leaves out still work."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from reviewer.tui.app import ReviewApp
from tests.support.tui_seed import seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SMALL = (80, 24)


async def settle(pilot: Pilot) -> None:
    await workers_done(pilot.app)
    await pilot.pause()


async def test_the_flag_facts_and_the_prose_keep_their_room(tmp_path: Path) -> None:
    engine = seed(tmp_path / "small.db")
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        facts = screen.query_one("#flag-facts")
        assert facts.region.width >= 40
        lines = str(facts.render()).splitlines()
        assert any(line.strip().startswith("token") for line in lines)
        assert not any(line.strip().endswith("…") and len(line.strip()) < 8 for line in lines)
        await pilot.press("p")  # the panel opens in the brief list's place
        await settle(pilot)
        assert not screen.query_one("#briefs").display
        assert screen.query_one("#prose").region.width >= 30
        keys = [key for key in screen.query(FooterKey) if key.display]
        assert keys and all(key.region.right <= SMALL[0] for key in keys)
        assert not any(key.has_class("-command-palette") for key in keys)
        await pilot.press("p")
        await settle(pilot)
        assert screen.query_one("#briefs").display
        await pilot.press("n")  # a key the narrow footer leaves out still works
        await settle(pilot)
        await pilot.press(*"kept", "enter")
        await settle(pilot)
    with engine.connect() as connection:
        notes = connection.execute(text("SELECT note FROM labelstate WHERE note IS NOT NULL"))
        assert [note for (note,) in notes] == ["kept"]
    engine.dispose()


@pytest.mark.parametrize(("key", "box"), [("question_mark", "#help-box"), ("n", "#note-box")])
async def test_a_dialog_fits_a_terminal_smaller_than_it(tmp_path: Path, key, box) -> None:
    engine = seed(tmp_path / "tiny.db")
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=(60, 15)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        region = app.screen.query_one(box).region
        assert region.x >= 0 and region.right <= 60  # its right border on screen
    engine.dispose()
