"""Brief text is data: markup and escape sequences show as characters and never act."""

from __future__ import annotations

import html
import re
from collections import defaultdict
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlmodel import Session
from textual.widgets import DataTable, Input

from db.models import Label, LabelState
from reviewer.tui.app import ReviewApp
from reviewer.tui.literal import literal
from reviewer.tui.screens.review import ReviewScreen
from reviewer.tui.widgets.prose import prose_content
from tests.support.notices import heard
from tests.support.tui_seed import HOSTILE, seed_hostile

SIZE = (120, 40)
TEXT_RUN = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>')


@pytest.fixture
def engine(tmp_path: Path):
    engine = seed_hostile(tmp_path / "hostile.db")
    yield engine
    engine.dispose()


def screen_text(app: ReviewApp) -> str:
    """What the terminal shows: the screenshot's text runs joined line by line."""
    lines: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for x, y, text in TEXT_RUN.findall(app.export_screenshot()):
        lines[float(y)].append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join("".join(t for _, t in sorted(lines[y])) for y in sorted(lines))


def test_literal_makes_escapes_visible_one_for_one() -> None:
    assert literal("a\x1b[31mb\x07\x7f\x9b") == "a␛[31mb␇␡\ufffd"
    assert literal("line\nnext\ttab") == "line\nnext\ttab"


def test_prose_content_keeps_markup_as_text_and_offsets_intact() -> None:
    class F:
        start, end = HOSTILE.index("50"), HOSTILE.index("50") + 2
        kind, nearest, nearest_value, verdict, note = "value", "[b]n[/b]", 52.0, None, None

    content = prose_content(HOSTILE, [F()], 0)
    assert "[bold]rhr 50‹[b]n[/b] 52 · value› bpm[/]" in content.plain
    assert "[@click=app.quit]tsb 22.4[/]" in content.plain
    assert "␛[31mred␛[0m" in content.plain and "\x1b" not in content.plain
    assert all("click" not in str(span.style) for span in content.spans)


@pytest.mark.asyncio
async def test_hostile_text_is_shown_literally_everywhere(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        # prose
        assert "[bold]rhr 50" in shown and "[@click=app.quit]tsb 22.4[/]" in shown
        assert "␛[31mred␛[0m." in shown
        # brief list and title
        assert "[@click=app.quit]id[/]" in shown
        # annotation and pool table on screen; the detail panel's text
        assert "‹[red]rhr[/red][@click=app.quit]x[/] 52 · value›" in shown
        assert shown.count("[red]rhr[/red][@click=a") >= 3  # prose, detail, pool table
        pool = app.screen.query_one("#pool", DataTable)
        assert pool.get_cell("0", "known").plain == "[red]rhr[/red][@click=a…"
        facts = str(app.screen.query_one("#flag-facts").render())
        assert "nearest [red]rhr[/red][@click=app.quit]x[/] = 52" in facts


@pytest.mark.asyncio
async def test_clicking_hostile_text_does_nothing(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        for x in range(0, 80, 3):
            await pilot.click("#prose-text", offset=(x, 0))
            await pilot.click("#prose-text", offset=(x, 1))
            await pilot.click("#flag-facts", offset=(x, 2))
        await pilot.click("#rows", offset=(5, 0))
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, ReviewScreen)
    with Session(engine) as session:
        assert session.scalars(select(Label)).all() == []


@pytest.mark.asyncio
async def test_hostile_note_is_stored_and_shown_literally(engine) -> None:
    note = "[bold]loud[/] [@click=app.quit]bye[/] \x1b[2J"
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n")
        app.screen.query_one(Input).value = note
        await pilot.press("enter")
        await pilot.pause()
        (notice,) = heard(app)
        assert notice.markup is False and literal(note) in notice.message
        facts = str(app.screen.query_one("#flag-facts").render())
        assert "note [bold]loud[/] [@click=app.quit]bye[/] ␛[2J" in facts
        toast = " ".join(str(t.render()) for t in app.screen.query("Toast"))
        assert "Note saved: [bold]loud[/] [@click=app.quit]bye[/] ␛[2J" in toast
        assert "[@click=app.quit]bye[/]" in screen_text(app)  # the toast, on screen
        assert app.is_running
    with Session(engine) as session:
        assert session.scalars(select(LabelState.note)).one() == note.strip()


@pytest.mark.asyncio
async def test_notifications_never_parse_markup(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")  # the only flag: "every flag is labeled"
        await pilot.press("u")  # "Undid true positive on 50"
        await pilot.pause()
        notices = heard(app)
        assert len(notices) == 2 and all(n.markup is False for n in notices)
