"""The review app when the database fails under it: it stops with exit code 2 and the
command line's one message, and keeps every label made before."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Engine, event
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.commands.console import explain
from reviewer.tui.app import ReviewApp
from tests.support.faults import snapshot
from tests.support.tui_seed import seed


def _full_disk_for_labels(conn, cursor, statement, *args):  # type: ignore[no-untyped-def]
    if statement.lstrip().upper().startswith(
        'INSERT INTO "LABEL"'
    ) or statement.lstrip().upper().startswith("INSERT INTO LABEL"):
        raise sqlite3.OperationalError("database or disk is full")


@pytest.mark.asyncio
async def test_a_label_the_database_cannot_take_stops_the_app_with_a_message(tmp_path: Path):
    path = tmp_path / "r.db"
    seed(path).dispose()
    engine = db.make_engine(str(path))
    app = ReviewApp(engine, reviewer="ann", where=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        kept = snapshot(path)["label"]
        assert len(kept) == 1
        event.listen(Engine, "before_cursor_execute", _full_disk_for_labels)
        try:
            app.simulate_key("f")  # the app stops while handling it: nothing left to wait for
            for _ in range(1200):  # a minute at most: a loaded machine is slow to stop it
                if app.failure is not None:
                    break
                await asyncio.sleep(0.05)
        finally:
            event.remove(Engine, "before_cursor_execute", _full_disk_for_labels)
    engine.dispose()
    assert app.return_code == 2
    assert app.failure is not None
    message = explain(app.failure)
    assert message is not None and "the disk is full" in message
    assert snapshot(path)["label"] == kept  # the first label stays, nothing half-written


def test_review_on_a_database_it_cannot_open_is_one_message(tmp_path: Path):
    bad = tmp_path / "not.db"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    result = CliRunner().invoke(cli, ["review", "--db", str(bad)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert str(bad) in result.stderr
