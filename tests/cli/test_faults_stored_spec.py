"""A detector spec stored in a database is data, never code: opening the database with any
reading command, the review app or `serve` never imports it. A plugin loads only when the
user names it with --detector; otherwise the command says which option would load it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.widgets.stats_panel import StatsPanel
from tests.support.faults import good, write_lines
from tests.support.workers import workers_done

runner = CliRunner()
MARKER_MODULE = "stored_spec_marker"
HOSTILE = [f"{MARKER_MODULE}:Det", "os:abort"]


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A module that leaves a marker file when imported, on a folder of the import path."""
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / f"{MARKER_MODULE}.py").write_text(
        "import pathlib\n"
        f"pathlib.Path({str(tmp_path / 'imported')!r}).write_text('ran')\n"
        "class Det:\n"
        "    def flag(self, text, pool):\n"
        "        return []\n"
    )
    sys.path.insert(0, str(plugins))
    yield plugins
    sys.path.remove(str(plugins))
    sys.modules.pop(MARKER_MODULE, None)


def database(tmp_path: Path, spec: str) -> Path:
    """Two runs of the default detector, then both runs' stored spec changed to `spec` and
    their stored arms removed (so the stats panel would have to score them now)."""
    path = tmp_path / "r.db"
    briefs = write_lines(tmp_path / "in.jsonl", [good("b1"), good("b2", "HR 57 bpm today.")])
    assert runner.invoke(cli, ["ingest", str(briefs), "--db", str(path)]).exit_code == 0
    assert runner.invoke(cli, ["flag", "--db", str(path)]).exit_code == 0
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE detectorrun SET spec = ?, arms = NULL", (spec,))
    return path


def reviewer(*args: str, plugins: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugins), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "reviewer", *args], capture_output=True, text=True, env=env,
        timeout=120, check=False,
    )  # fmt: skip


READING = [
    ["stats"],
    ["stats", "--json", "--run", "1"],
    ["stats", "--by-reviewer"],
    ["stats", "--by-rule"],
    ["runs"],
    ["runs", "--json"],
    ["arms", "--run", "2"],
    ["diff"],
    ["diff", "1", "2", "--json"],
    ["agreement"],
]


@pytest.mark.parametrize("spec", HOSTILE)
@pytest.mark.parametrize("command", READING, ids=" ".join)
def test_reading_commands_never_import_a_stored_spec(tmp_path, planted, spec, command):
    path = database(tmp_path, spec)
    result = reviewer(*command, "--db", str(path), plugins=planted)
    assert result.returncode in (0, 2), result.stderr  # 2: arms --run on a run without arms
    assert "Traceback" not in result.stderr
    assert result.returncode >= 0  # no signal: os.abort never ran
    assert not (tmp_path / "imported").exists()


@pytest.mark.parametrize("spec", HOSTILE)
def test_export_never_imports_a_stored_spec(tmp_path, planted, spec):
    path = database(tmp_path, spec)
    result = reviewer("export", "--out", str(tmp_path / "fx"), "--db", str(path), plugins=planted)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "imported").exists()


async def _open_stats(app: ReviewApp) -> str:
    """Open the app, let it load the run's detector and the stats panel: the panel's text."""
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await workers_done(app)
        await pilot.press("p")
        await pilot.pause()
        await workers_done(app)
        await pilot.pause()
        screen = app.screen
        note = str(getattr(screen, "detector_note", None))
        panel = screen.query_one(StatsPanel)
        shown = " ".join(str(widget.render()) for widget in panel.query("*"))
    return note + "\n" + shown


@pytest.mark.asyncio
@pytest.mark.parametrize("spec", HOSTILE)
async def test_the_review_app_says_which_option_loads_the_run_detector(tmp_path, planted, spec):
    path = database(tmp_path, spec)
    engine = db.make_engine(str(path))
    try:
        text = await _open_stats(ReviewApp(engine, reviewer="ann", where=str(path)))
    finally:
        engine.dispose()
    assert not (tmp_path / "imported").exists()
    assert f"run 2 used detector '{spec}'; pass --detector {spec} to load it" in text


@pytest.mark.asyncio
async def test_a_plugin_named_with_detector_is_loaded(tmp_path, planted):
    spec = f"{MARKER_MODULE}:Det"
    path = database(tmp_path, spec)
    engine = db.make_engine(str(path))
    try:
        text = await _open_stats(ReviewApp(engine, reviewer="ann", where=str(path), detector=spec))
    finally:
        engine.dispose()
    assert (tmp_path / "imported").read_text() == "ran"
    assert "pass --detector" not in text
