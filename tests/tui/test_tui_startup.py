"""What starting costs: `--help` imports neither the UI nor the database layer, and the
review app's first screen leaves the help, note, palette and arms code unimported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.support.tui_seed import seed

HEAVY = ("textual", "sqlmodel", "sqlalchemy", "db")  # pydantic: typer itself uses it
LATER = (
    "reviewer.tui.screens.help",
    "reviewer.tui.screens.note",
    "reviewer.tui.palette",
    "reviewer.arms",
    "alembic",  # opening compares a stored revision string; only `db upgrade` migrates
)


def run_python(code: str) -> dict[str, bool]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_help_imports_neither_textual_nor_the_database() -> None:
    code = f"""
import json, sys
from typer.testing import CliRunner
from reviewer.cli import app
for args in (["--help"], ["review", "--help"], ["demo", "--help"]):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
print(json.dumps({{name: name in sys.modules for name in {HEAVY!r}}}))
"""
    assert run_python(code) == dict.fromkeys(HEAVY, False)


def test_first_screen_leaves_later_code_unimported(tmp_path: Path) -> None:
    seed(tmp_path / "r.db").dispose()
    code = f"""
import asyncio, json, sys
from tests.support.workers import workers_done
import db
from reviewer.tui.app import ReviewApp

async def main():
    app = ReviewApp(db.make_engine({str(tmp_path / "r.db")!r}), reviewer="ann")
    async with app.run_test(size=(120, 40)) as pilot:
        await workers_done(app)
        await pilot.pause()
        assert app.screen.brief is not None
        print(json.dumps({{name: name in sys.modules for name in {LATER!r}}}))

asyncio.run(main())
"""
    assert run_python(code) == dict.fromkeys(LATER, False)
