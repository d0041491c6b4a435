"""Stored data and settings a command cannot use: a bad REVIEWER_BUSY_TIMEOUT, a stored time
that is no time, an empty file, a damaged SQLite file. Each ends with one message naming
the problem and exit 2, and the database (or file) is left exactly as it was."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, one_message, snapshot, write_lines

runner = CliRunner()


def _briefs(folder: Path, prefix: str, n: int) -> Path:
    lines = [good(f"{prefix}{i}", f"HR {50 + i % 9} bpm, TSB +22.4") for i in range(n)]
    return write_lines(folder / f"{prefix}.jsonl", lines)


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["ingest", str(_briefs(tmp_path, "a", 12)), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


# ---------------------------------------------------------------- REVIEWER_BUSY_TIMEOUT


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "abc", "-1", "1e300", "5s"])
@pytest.mark.parametrize("command", ["ingest", "stats", "flag"])
def test_a_busy_timeout_that_is_no_number_of_seconds_is_refused(
    tmp_path, stored, monkeypatch, value, command
):
    monkeypatch.setenv("REVIEWER_BUSY_TIMEOUT", value)
    args = {
        "ingest": ["ingest", str(_briefs(tmp_path, "n", 3))],
        "stats": ["stats"],
        "flag": ["flag", "-d", "reference"],
    }[command]
    before = snapshot(stored)
    result = runner.invoke(app, [*args, "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"REVIEWER_BUSY_TIMEOUT={value!r}: not a number of seconds" in result.stderr
    assert snapshot(stored) == before


def test_a_busy_timeout_in_seconds_is_taken(tmp_path, stored, monkeypatch):
    monkeypatch.setenv("REVIEWER_BUSY_TIMEOUT", "2.5")
    result = runner.invoke(app, ["ingest", str(_briefs(tmp_path, "n", 3)), "--db", str(stored)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(stored) as conn:
        assert conn.execute("SELECT count(*) FROM brief").fetchone() == (15,)


# ---------------------------------------------------------------- a stored time that is no time


READERS = [["runs"], ["arms", "--run", "1"], ["diff"], ["agreement"]]
WRITERS = [["flag", "-d", "reference"], ["ingest", "{briefs}"]]


@pytest.mark.parametrize("args", READERS + WRITERS, ids=lambda a: a[0])
def test_a_stored_time_that_is_no_time_names_its_table_and_row(tmp_path, stored, args):
    with sqlite3.connect(stored) as conn:
        conn.execute("UPDATE detectorrun SET created_at = 'garbage' WHERE id = 1")
    before = snapshot(stored)
    briefs = str(_briefs(tmp_path, "n", 3))
    result = runner.invoke(app, [*(a.format(briefs=briefs) for a in args), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "a stored date and time cannot be read" in result.stderr
    assert "detectorrun row (id=1): created_at holds 'garbage'" in result.stderr
    assert str(stored) in result.stderr
    assert snapshot(stored) == before


def test_runs_names_a_bad_time_in_a_stored_run(stored):
    """`runs` reads every run's times: a bad one there is named, exit 2 (was a traceback)."""
    with sqlite3.connect(stored) as conn:
        conn.execute("UPDATE detectorrun SET finished_at = '2026-13-45 99:00' WHERE id = 1")
    result = runner.invoke(app, ["runs", "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "detectorrun row (id=1): finished_at holds '2026-13-45 99:00'" in result.stderr


# ---------------------------------------------------------------- an empty file


@pytest.mark.parametrize(
    "args", [["stats"], ["runs"], ["flag", "-d", "reference"], ["review"], ["export"]],
    ids=lambda a: a[0],
)  # fmt: skip
def test_an_empty_file_is_refused_and_left_empty(tmp_path, args):
    empty = tmp_path / "empty.db"
    empty.touch()
    extra = ["--out", str(tmp_path / "out")] if args[0] == "export" else []
    result = runner.invoke(app, [*args, *extra, "--db", str(empty)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{empty}: no reviewer database here yet (it is empty)" in result.stderr
    assert empty.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]


# ---------------------------------------------------------------- a damaged file


def _damaged(stored: Path) -> Path:
    """A copy whose index pages nothing refers to any more: SQLite's quick_check fails,
    while every query still works (so a command would otherwise write to it, exit 0)."""
    copy = stored.with_name("damaged.db")
    shutil.copy(stored, copy)
    conn = sqlite3.connect(copy)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("DELETE FROM sqlite_master WHERE name = 'ix_claim_verdict'")
    conn.commit()
    conn.close()
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone() != ("ok",)
        assert conn.execute("SELECT count(*) FROM brief").fetchone() == (12,)
    return copy


@pytest.mark.parametrize("command", ["ingest", "flag"])
def test_a_damaged_database_is_not_written_to(tmp_path, stored, command):
    damaged = _damaged(stored)
    args = ["ingest", str(_briefs(tmp_path, "n", 3))] if command == "ingest" else ["flag"]
    before = damaged.read_bytes()
    result = runner.invoke(app, [*args, "--db", str(damaged)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{damaged}: the database is damaged" in result.stderr
    assert "is never used" in result.stderr and "nothing was written" in result.stderr
    assert damaged.read_bytes() == before


def test_a_damaged_database_can_still_be_read(stored):
    damaged = _damaged(stored)
    result = runner.invoke(app, ["runs", "--db", str(damaged)])
    assert result.exit_code == 0, result.output
