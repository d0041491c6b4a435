"""Fixtures every layer's tests share: a fresh database, the app's terminal size, and a
steady text cursor (a blinking one makes screenshots differ from run to run)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

SIZE = (120, 40)  # columns, lines: the terminal every app test and snapshot runs in


@pytest.fixture
def size() -> tuple[int, int]:
    return SIZE


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    """A new, empty reviewer database in a real SQLite file."""
    import db

    made = db.make_engine(str(tmp_path / "reviewer.db"))
    yield made
    made.dispose()


@pytest.fixture(autouse=True)
def steady_cursor(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Text inputs of the app tests start with the cursor blink off."""
    if "tui" not in request.path.parts:
        return
    from textual.widgets import Input

    monkeypatch.setattr(Input.cursor_blink, "_default", False)
