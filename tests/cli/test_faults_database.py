"""The database and the disk as faults: a read-only database, one locked by another program,
a full disk. Each command ends with one clear message and exit 2 (or works, when it only
reads), and the database is unchanged row by row."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, event
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, one_message, snapshot, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _briefs(folder: Path, prefix: str, n: int) -> Path:
    lines = [good(f"{prefix}{i}", f"HR {50 + i % 9} bpm, TSB +22.4") for i in range(n)]
    return write_lines(folder / f"{prefix}.jsonl", lines)


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["ingest", str(_briefs(tmp_path, "a", 20)), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


WRITERS = {
    "ingest": lambda t: ["ingest", str(_briefs(t, "n", 5))],
    "flag": lambda t: ["flag", "-d", "reference"],
}


# ---------------------------------------------------------------- read-only


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[tuple[Path, list[str]]]:
    """A stored database its user cannot write, and the command prefix that runs as that
    user: as root (who may write anything) the commands run as `nobody`."""
    if os.geteuid() != 0:
        dbp = tmp_path / "r.db"
        assert (
            runner.invoke(
                app, ["ingest", str(_briefs(tmp_path, "a", 20)), "--db", str(dbp)]
            ).exit_code
            == 0
        )
        dbp.chmod(0o444)
        yield dbp, [sys.executable, "-m", "reviewer.cli"]
        dbp.chmod(0o644)
        return
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: no user who cannot write the file")
    folder = Path(tempfile.mkdtemp(prefix="reviewer-ro-"))
    try:
        folder.chmod(0o777)
        dbp = folder / "r.db"
        briefs = _briefs(folder, "a", 20)
        assert runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)]).exit_code == 0
        _briefs(folder, "n", 5)
        for path in folder.iterdir():
            path.chmod(0o644)
        os.chown(folder, 65534, 65534)  # nobody owns the folder (so -wal can be made), not the file
        nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        yield dbp, [*nobody, sys.executable, "-m", "reviewer.cli"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _as_user(prefix: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*prefix, *args], capture_output=True, text=True, cwd="/", env=env, timeout=120
    )


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_read_only_database_refuses_writes_with_one_message(read_only, command):
    dbp, prefix = read_only
    before = snapshot(dbp)
    args = (
        WRITERS[command](dbp.parent)
        if command == "flag"
        else ["ingest", str(dbp.parent / "n.jsonl")]
    )
    done = _as_user(prefix, *args, "--db", str(dbp))
    assert done.returncode == 2, done.stderr
    one_message(done.stderr)
    assert "cannot be written" in done.stderr and str(dbp) in done.stderr
    assert "nothing was stored" in done.stderr or "run" in done.stderr
    assert snapshot(dbp) == before


@pytest.mark.parametrize("args", [["stats"], ["runs"], ["arms"]])
def test_a_read_only_database_can_still_be_read(read_only, args):
    dbp, prefix = read_only
    done = _as_user(prefix, *args, "--db", str(dbp))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------- locked


@pytest.fixture
def locked(stored: Path, monkeypatch) -> Iterator[Path]:
    """Another program holds the write lock for as long as the test runs."""
    monkeypatch.setenv("REVIEWER_BUSY_TIMEOUT", "2")
    holder = sqlite3.connect(stored, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield stored
    holder.execute("ROLLBACK")
    holder.close()


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_locked_database_waits_says_so_then_gives_up_cleanly(tmp_path, locked, command):
    before = snapshot(locked)
    result = runner.invoke(app, [*WRITERS[command](tmp_path), "--db", str(locked)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"waiting for {locked}: another program holds its lock" in result.stderr
    assert "locked by another program (waited 2 s)" in result.stderr
    assert snapshot(locked) == before


def test_reading_a_locked_database_does_not_wait(locked):
    result = runner.invoke(app, ["stats", "--db", str(locked)])
    assert result.exit_code == 0, result.output
    assert "waiting for" not in result.stderr


# ---------------------------------------------------------------- full disk


class DiskFull:
    """Writes fail with SQLite's "database or disk is full" after `n` write statements."""

    def __init__(self) -> None:
        self.listening: list = []

    def after(self, n: int) -> None:
        seen = 0

        def before(conn, cursor, statement, *args):  # type: ignore[no-untyped-def]
            nonlocal seen
            if statement.lstrip()[:6].upper() in {"INSERT", "UPDATE", "DELETE"}:
                seen += 1
                if seen > n:
                    raise sqlite3.OperationalError("database or disk is full")

        event.listen(Engine, "before_cursor_execute", before)
        self.listening.append(before)

    def stop(self) -> None:
        while self.listening:
            event.remove(Engine, "before_cursor_execute", self.listening.pop())


@pytest.fixture
def disk_full() -> Iterator[DiskFull]:
    full = DiskFull()
    yield full
    full.stop()


@pytest.mark.parametrize("command", sorted(WRITERS))
@pytest.mark.parametrize("after", [0, 1, 3, 6, 12])
def test_a_full_disk_at_any_write_leaves_the_database_as_it_was(
    tmp_path, stored, disk_full, command, after
):
    args = WRITERS[command](tmp_path)
    before = snapshot(stored)
    disk_full.after(after)
    result = runner.invoke(app, [*args, "--db", str(stored)])
    disk_full.stop()
    if result.exit_code == 0:  # the command needed fewer writes than that
        return
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{stored}: the disk is full" in result.stderr
    after_rows = snapshot(stored)
    if command == "ingest" and after_rows != before:
        # while the disk stays full even the taking back cannot be written: the ingest's
        # record stays, and the next command takes its briefs and run back
        assert "the next reviewer ingest or flag takes it back" in result.stderr
        _the_next_flag_takes_the_ingest_back(stored, before)
        return
    # the run is kept as failed (flag), or gone (ingest); while the disk stays full even
    # that cannot be written, and the run stays unfinished, for the next command to clean
    runs, old = after_rows.pop("detectorrun"), before.pop("detectorrun")
    new = [r for r in runs if r not in old]
    assert len(new) <= 1
    if new and not (command == "flag" and "failed" in new[0]):
        assert "running" in new[0]
        assert "left unfinished; the next reviewer ingest or flag" in result.stderr
        _the_next_command_cleans_up(stored, run_id=new[0][0])
        return
    assert after_rows == before


def _the_next_flag_takes_the_ingest_back(dbp: Path, before: dict[str, list[tuple]]) -> None:
    """The briefs and pools as before the failed ingest, its record gone, no run left
    running, and the new run over exactly the briefs there were: none orphaned."""
    again = runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)])
    assert again.exit_code == 0, again.output
    rows = snapshot(dbp)
    for table in ("brief", "briefversion", "pool", "meta"):
        assert rows[table] == before[table], table
    with sqlite3.connect(dbp) as conn:
        statuses = conn.execute("SELECT status FROM detectorrun ORDER BY id").fetchall()
        assert ("running",) not in statuses
        (covered,) = conn.execute(
            "SELECT count(*) FROM briefscan WHERE run_id = (SELECT max(id) FROM detectorrun)"
        ).fetchone()
    assert covered == len(before["brief"])


def _the_next_command_cleans_up(dbp: Path, *, run_id: int) -> None:
    """Once the failed process has ended, the next flag marks its run failed, empty."""
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    with sqlite3.connect(dbp) as conn:
        (owner,) = conn.execute("SELECT owner FROM detectorrun WHERE id = ?", (run_id,)).fetchone()
        host = owner.rpartition(":")[0]
        conn.execute(
            "UPDATE detectorrun SET owner = ? WHERE id = ?",
            (f"{host}:{ended.stdout.strip()}", run_id),
        )
    again = runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)])
    assert again.exit_code == 0, again.output
    rows = snapshot(dbp)
    with sqlite3.connect(dbp) as conn:  # by name: the run table has grown columns since
        status = conn.execute("SELECT status FROM detectorrun WHERE id = ?", (run_id,)).fetchall()
    assert status == [("failed",)]
    assert not [r for r in rows["briefscan"] if r[0] == run_id]
    assert not [r for r in rows["flagrecord"] if r[1] == run_id]


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
    """A real 1 MiB file system (tmpfs), where the test may mount one."""
    folder = tmp_path / "disk"
    if not _tmpfs(folder, "1m"):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)  # -l: even if a file is open


def test_ingest_on_a_really_full_disk_says_so_and_keeps_the_database(tmp_path, small_disk):
    dbp = small_disk / "r.db"
    first = runner.invoke(
        app, ["ingest", str(_briefs(tmp_path, "a", 20)), "--db", str(dbp), "--no-flag"]
    )
    assert first.exit_code == 0, first.output
    before = snapshot(dbp)
    text = "HR 55 bpm and TSB +22.4, and a long day. " * 400
    big = write_lines(tmp_path / "big.jsonl", [good(f"big{i}", text) for i in range(200)])
    result = runner.invoke(app, ["ingest", str(big), "--db", str(dbp), "--no-flag"])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "the disk is full" in result.stderr
    assert snapshot(dbp) == before


def test_export_on_a_full_disk_names_the_file(tmp_path, stored, monkeypatch):
    labeled = runner.invoke(app, ["stats", "--db", str(stored)])
    assert labeled.exit_code == 0
    with sqlite3.connect(stored) as conn:  # one label, so there is a fixture to write
        (claim,) = conn.execute("SELECT claim_id FROM flagrecord LIMIT 1").fetchone()
    from sqlmodel import Session

    import db

    engine = db.make_engine(str(stored))
    with Session(engine) as session:
        db.record_label(session=session, claim_id=claim, verdict="false_positive", reviewer="ann")
        session.commit()
    engine.dispose()
    real_fdopen = os.fdopen

    def full(fd, *args, **kw):  # type: ignore[no-untyped-def]
        handle = real_fdopen(fd, *args, **kw)

        def write(text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        handle.write = write  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr("reviewer.regression.os.fdopen", full)
    out = tmp_path / "fixtures"
    result = runner.invoke(app, ["export", "--out", str(out), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{out}/" in result.stderr and "the disk is full" in result.stderr
    assert list(out.glob("*.json")) == [] and list(out.glob(".tmp-*")) == []
