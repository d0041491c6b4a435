"""Search and modals as a newcomer meets them: escape clears a search (in the box or
after it), `1` (all briefs) clears it too, the note and miss dialogs say their keys, and
the help says what `o` does. Driven with the pilot; the note checked in the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from textual.pilot import Pilot
from textual.widgets import Static

from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.help import HelpScreen
from reviewer.tui.screens.review import ReviewScreen
from tests.support.tui_seed import seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


async def settle(pilot: Pilot) -> None:
    await workers_done(pilot.app)
    await pilot.pause()


def review(app: ReviewApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def search(pilot: Pilot, words: str) -> None:
    await pilot.press("slash", *words, "enter")
    await settle(pilot)


async def test_escape_and_all_clear_a_search(tmp_path: Path) -> None:
    app = ReviewApp(seed(tmp_path / "s.db"), reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        rows = review(app).brief_list.rows
        everything = rows.total
        await search(pilot, "calm")
        assert rows.search == "calm" and rows.total < everything
        await pilot.press("escape")  # after the search: escape clears it
        await settle(pilot)
        assert rows.search == "" and rows.total == everything
        await search(pilot, "calm")
        await pilot.press("1")  # all briefs: no search either
        await settle(pilot)
        assert rows.search == "" and rows.total == everything
        await pilot.press("slash", *"calm")  # typing, then escape: nothing kept
        await pilot.press("escape")
        await settle(pilot)
        assert rows.search == "" and rows.total == everything
        assert "/calm" not in str(review(app).query_one("#list-title", Static).render())


async def test_the_dialogs_say_their_keys_and_help_says_what_o_does(tmp_path: Path) -> None:
    engine = seed(tmp_path / "m.db")
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        hint = str(app.screen.query_one("#note-keys", Static).render())
        assert "enter saves" in hint and "escape cancels" in hint
        await pilot.press(*"why", "enter")
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        hint = str(app.screen.query_one("#miss-keys", Static).render())
        assert "enter" in hint and "escape" in hint
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        said = dict(app.screen.keys)
        assert said["o"].startswith("Walk only the new, gone or same flags")
        assert "Clear the search" in said["escape"]
    with engine.connect() as connection:
        notes = [n for (n,) in connection.execute(text("SELECT note FROM labelstate"))]
    assert "why" in notes
    engine.dispose()
