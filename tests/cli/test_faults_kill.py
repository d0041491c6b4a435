"""`ingest` and `flag` killed (SIGKILL) at each commit point, just before or just after it:
the next `ingest` or `flag` completes the work, and the database then holds exactly what an
uninterrupted run would have stored (briefs and the latest run's flags, row by row)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
KILLER = ROOT / "tests" / "support" / "kill_at_commit.py"


def _killed(at: int, when: str, counts: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(KILLER), str(at), when, str(counts), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def _content(dbp: Path) -> tuple[list[tuple], list[tuple]]:
    """The briefs, and the latest finished run's flags keyed by brief id: what a user sees."""
    with sqlite3.connect(dbp) as conn:
        briefs = conn.execute(
            "SELECT brief_id, text, digest FROM brief ORDER BY brief_id"
        ).fetchall()
        (latest,) = conn.execute(
            "SELECT max(id) FROM detectorrun WHERE status = 'finished'"
        ).fetchone()
        flags = conn.execute(
            'SELECT b.brief_id, f.start, f."end", f.token, f.kind, f.nearest FROM flagrecord f '
            "JOIN brief b ON b.pk = f.brief_pk WHERE f.run_id = ? ORDER BY 1, 2",
            (latest,),
        ).fetchall()
    return briefs, flags


def _consistent(dbp: Path) -> None:
    """No run left running; failed runs hold no rows; the latest run covers every brief."""
    with sqlite3.connect(dbp) as conn:
        running = conn.execute("SELECT id FROM detectorrun WHERE status = 'running'").fetchall()
        assert running == []
        dead = conn.execute(
            "SELECT count(*) FROM flagrecord WHERE run_id IN "
            "(SELECT id FROM detectorrun WHERE status = 'failed')"
        ).fetchone()[0]
        assert dead == 0
        uncovered = conn.execute(
            "SELECT count(*) FROM brief WHERE pk NOT IN (SELECT brief_pk FROM briefscan WHERE "
            "run_id = (SELECT max(id) FROM detectorrun WHERE status = 'finished'))"
        ).fetchone()[0]
        assert uncovered == 0


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A stored database of 30 briefs, 12 more briefs to ingest, and the reference results."""
    base = tmp_path_factory.mktemp("kill")
    first = write_lines(
        base / "first.jsonl", [good(f"a{i}", f"HR {50 + i} bpm, TSB +22.4") for i in range(30)]
    )
    more = write_lines(
        base / "more.jsonl", [good(f"m{i}", f"HR {40 + i} bpm today") for i in range(12)]
    )
    stored = base / "stored.db"
    assert runner.invoke(app, ["ingest", str(first), "--db", str(stored)]).exit_code == 0
    ingested = base / "ingested.db"
    shutil.copy(stored, ingested)
    assert runner.invoke(app, ["ingest", str(more), "--db", str(ingested)]).exit_code == 0
    flagged = base / "flagged.db"
    shutil.copy(stored, flagged)
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(flagged)]).exit_code == 0
    return {"stored": stored, "more": more, "ingested": ingested, "flagged": flagged}


def _commits(tmp_path: Path, files: dict[str, Path], *args: str) -> int:
    dbp = tmp_path / "count.db"
    shutil.copy(files["stored"], dbp)
    counts = tmp_path / "counts"
    done = _killed(0, "before", counts, *args, "--db", str(dbp))
    assert done.returncode == 0, done.stderr
    return int(counts.read_text())


COMMANDS = {
    "ingest": (lambda f: ["ingest", str(f["more"])], "ingested"),
    "flag": (lambda f: ["flag", "-d", "reference"], "flagged"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_kill_at_any_commit_is_completed_by_the_next_command(tmp_path, files, command, when):
    make_args, reference = COMMANDS[command]
    args = make_args(files)
    total = _commits(tmp_path, files, *args)
    assert total >= 3  # start the run, a batch, finish: each a commit point
    for at in range(1, total + 1):
        dbp = tmp_path / f"{at}.db"
        shutil.copy(files["stored"], dbp)
        killed = _killed(at, when, tmp_path / "counts", *args, "--db", str(dbp))
        assert killed.returncode == -9, (at, killed.stderr)
        again = runner.invoke(app, [*args, "--db", str(dbp)])
        assert again.exit_code == 0, (at, again.output)
        assert "Traceback" not in again.output
        _consistent(dbp)
        assert _content(dbp) == _content(files[reference]), f"killed {when} commit {at}"
