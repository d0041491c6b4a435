"""All or nothing when an ingest cannot finish: a database that is full (SQLite's own
`max_page_count`, and a real full tmpfs where one may be mounted), and an ingest killed at
any commit, so that nothing could be taken back. The next command leaves no brief of the
failed ingest behind (before, they were flagged into the next run as if ingested)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, event
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, one_message, snapshot, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
KILLER = ROOT / "tests" / "support" / "kill_at_commit.py"


def _briefs(folder: Path, prefix: str, n: int, words: int = 1) -> Path:
    text = "HR {hr} bpm and TSB +22.4, a long day. " * words
    lines = [good(f"{prefix}{i}", text.format(hr=50 + i % 30)) for i in range(n)]
    return write_lines(folder / f"{prefix}.jsonl", lines)


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["ingest", str(_briefs(tmp_path, "a", 20)), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


def _no_orphans(dbp: Path, expected_ids: set[str]) -> None:
    """Exactly these briefs, no run left running, no ingest record, the latest run over
    every brief and nothing else."""
    with sqlite3.connect(dbp) as conn:
        ids = {row[0] for row in conn.execute("SELECT brief_id FROM brief")}
        running = conn.execute("SELECT id FROM detectorrun WHERE status = 'running'").fetchall()
        record = conn.execute("SELECT value FROM meta WHERE key = 'ingest'").fetchall()
        (covered,) = conn.execute(
            "SELECT count(*) FROM briefscan WHERE run_id = "
            "(SELECT max(id) FROM detectorrun WHERE status = 'finished')"
        ).fetchone()
    assert ids == expected_ids
    assert running == [] and record == []
    assert covered == len(expected_ids)


@pytest.fixture
def page_limit() -> Iterator[list[int]]:
    """Every SQLite connection this process opens may grow its file by at most limit[0]
    pages: SQLite itself then says "database or disk is full"."""
    limit = [0]

    def cap(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        (pages,) = dbapi_connection.execute("PRAGMA page_count").fetchone()
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages + limit[0]}")

    event.listen(Engine, "connect", cap)
    yield limit
    event.remove(Engine, "connect", cap)


@pytest.mark.parametrize("pages", [0, 2, 8, 30, 80])
def test_an_ingest_that_fills_the_database_leaves_it_as_it_was(tmp_path, stored, page_limit, pages):
    page_limit[0] = pages
    before = snapshot(stored)
    big = _briefs(tmp_path, "big", 400, words=12)
    result = runner.invoke(app, ["ingest", str(big), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{stored}: the disk is full" in result.stderr
    assert "nothing was stored: the database is as it was" in result.stderr
    page_limit[0] = 10_000
    assert snapshot(stored) == before


def _killed(at: int, counts: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(KILLER), str(at), "after", str(counts), *args],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("flagging", [True, False], ids=["flag", "no-flag"])
def test_an_ingest_that_could_not_take_itself_back_is_taken_back_by_the_next(
    tmp_path, stored, flagging
):
    """Killed just after each of its commits (as a full disk or a lost server stops the
    taking back), the ingest's briefs are gone after the next ingest of another file."""
    more = _briefs(tmp_path, "m", 30 if flagging else 4100)  # without a run: 3 batches
    other = _briefs(tmp_path, "o", 3)
    first = {f"a{i}" for i in range(20)}
    args = ["ingest", str(more), *([] if flagging else ["--no-flag"])]
    count = tmp_path / "count.db"
    shutil.copy(stored, count)
    done = _killed(0, tmp_path / "counts", *args, "--db", str(count))
    assert done.returncode == 0, done.stderr
    total = int((tmp_path / "counts").read_text())
    assert total >= 3  # several commits to kill the ingest after
    for at in range(1, total):  # the last commit ends the ingest: then it is all stored
        dbp = tmp_path / f"{at}.db"
        shutil.copy(stored, dbp)
        assert _killed(at, tmp_path / "counts", *args, "--db", str(dbp)).returncode == -9
        again = runner.invoke(app, ["ingest", str(other), "--db", str(dbp)])
        assert again.exit_code == 0, (at, again.output)
        _no_orphans(dbp, first | {f"o{i}" for i in range(3)})


def _tmpfs(folder: Path, size: str) -> bool:
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True
    )
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "disk"
    if not _tmpfs(folder, "2m"):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def test_after_a_really_full_disk_the_next_ingest_stores_only_its_own(tmp_path, small_disk):
    dbp = small_disk / "r.db"
    first = runner.invoke(app, ["ingest", str(_briefs(tmp_path, "a", 20)), "--db", str(dbp)])
    assert first.exit_code == 0, first.output
    filler = small_disk / "filler"
    filler.write_bytes(b"\0" * 600_000)
    big = _briefs(tmp_path, "big", 3000, words=40)
    full = runner.invoke(app, ["ingest", str(big), "--db", str(dbp)])
    assert full.exit_code == 2, full.output
    one_message(full.stderr)
    assert "the disk is full" in full.stderr
    filler.unlink()  # space freed
    other = _briefs(tmp_path, "o", 3)
    again = runner.invoke(app, ["ingest", str(other), "--db", str(dbp)])
    assert again.exit_code == 0, again.output
    _no_orphans(dbp, {f"a{i}" for i in range(20)} | {f"o{i}" for i in range(3)})
