"""Ctrl-C in the commands that write: `ingest` and `flag` stop at their next step, take
back what they stored and say so, exit 130; a second Ctrl-C ends them at once, and the
next command takes their work back. Pressed by the process itself after each commit in
turn (tests/support/interrupt_at_commit.py), so no timing is involved."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, snapshot, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
INTERRUPTER = ROOT / "tests" / "support" / "interrupt_at_commit.py"
STOPPING_INGEST = (
    "stopping: the ingest ends after the batch under way, and what it stored is taken back "
    "(Ctrl-C again stops at once)"
)
STOPPING_RUN = (
    "stopping: the run ends after the batch under way, and is kept as failed, without flags "
    "(Ctrl-C again stops at once)"
)
AT_ONCE = (
    "interrupted again: stopped at once: what it had stored is left unfinished, and the "
    "next reviewer ingest or flag takes it back"
)


def interrupted(at: int | str, counts: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(INTERRUPTER), str(at), str(counts), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(sql).fetchall()


def test_ctrl_c_during_ingest_exits_130_saying_what_was_kept(tmp_path: Path) -> None:
    stored = tmp_path / "stored.db"  # briefs stored without a run: the ingest flags them too
    first = write_lines(tmp_path / "first.jsonl", [good(f"a{i}") for i in range(5)])
    ingested = runner.invoke(app, ["ingest", str(first), "--no-flag", "--db", str(stored)])
    assert ingested.exit_code == 0
    lines = [good(f"m{i}", f"HR {40 + i} bpm") for i in range(9)]
    more = write_lines(tmp_path / "more.jsonl", lines)
    before = snapshot(stored)
    counts = tmp_path / "counts"
    probe = tmp_path / "probe.db"
    probe.write_bytes(stored.read_bytes())
    done = interrupted(0, counts, "ingest", str(more), "--db", str(probe))
    assert done.returncode == 0, done.stderr
    commits = int(counts.read_text())
    stopped_at = []
    for at in range(1, commits + 1):
        target = tmp_path / f"{at}.db"
        target.write_bytes(stored.read_bytes())
        pressed = interrupted(at, counts, "ingest", str(more), "--db", str(target))
        if pressed.returncode == 0:  # pressed after the last step: the ingest had finished
            assert pressed.stdout.startswith("9 briefs added"), at
            assert pressed.stderr.splitlines() == [
                STOPPING_INGEST,
                "the ingest had finished before it could stop: everything it stored is kept",
            ]
            continue
        assert pressed.returncode == 130, (at, pressed.stderr)
        assert pressed.stderr.splitlines() == [
            STOPPING_INGEST,
            "interrupted: nothing was stored: the database is as it was",
        ], at
        assert snapshot(target) == before, f"interrupted after commit {at}"
        stopped_at.append(at)
    # the ingest begun, its briefs committed, the flag stage begun: each stops it
    assert stopped_at[:3] == [1, 2, 3]


def test_ctrl_c_during_flag_keeps_the_run_failed_without_flags(tmp_path: Path) -> None:
    stored = tmp_path / "stored.db"
    ingested = runner.invoke(app, ["ingest", str(DEMO), "-d", "reference", "--db", str(stored)])
    assert ingested.exit_code == 0
    counts = tmp_path / "counts"
    probe = tmp_path / "probe.db"
    probe.write_bytes(stored.read_bytes())
    assert interrupted(0, counts, "flag", "--db", str(probe)).returncode == 0
    commits = int(counts.read_text())
    stopped = 0
    for at in range(1, commits + 1):
        target = tmp_path / f"{at}.db"
        target.write_bytes(stored.read_bytes())
        pressed = interrupted(at, counts, "flag", "--db", str(target))
        runs = rows(target, "SELECT id, status FROM detectorrun ORDER BY id")
        if pressed.returncode == 0:  # after the last step: the run is whole
            assert pressed.stderr.splitlines()[-1] == (
                "the run had finished before it could stop: it is kept whole"
            )
            assert runs == [(1, "finished"), (2, "finished")]
            continue
        assert pressed.returncode == 130, (at, pressed.stderr)
        assert pressed.stderr.splitlines() == [
            STOPPING_RUN,
            "interrupted: run 2 failed: it is kept as failed, without flags; the latest run "
            "is unchanged",
        ], at
        assert runs == [(1, "finished"), (2, "failed")], at
        assert rows(target, "SELECT count(*) FROM flagrecord WHERE run_id = 2") == [(0,)]
        assert rows(target, "SELECT count(*) FROM briefscan WHERE run_id = 2") == [(0,)]
        stopped += 1
    assert stopped >= commits - 2  # every step of the run, up to its last commits


@pytest.mark.parametrize("at", [2, 4, 6])  # its record written; its briefs; its flags
def test_a_second_ctrl_c_ends_an_ingest_at_once_and_the_next_takes_it_back(
    tmp_path: Path, at: int
) -> None:
    stored = tmp_path / "stored.db"
    first = write_lines(tmp_path / "first.jsonl", [good(f"a{i}") for i in range(5)])
    assert runner.invoke(app, ["ingest", str(first), "--db", str(stored)]).exit_code == 0
    more = write_lines(
        tmp_path / "more.jsonl", [good(f"m{i}", f"HR {40 + i} bpm") for i in range(9)]
    )
    briefs = "SELECT brief_id FROM brief ORDER BY brief_id"
    before = rows(stored, briefs)
    pressed = interrupted(f"{at}x2", tmp_path / "counts", "ingest", str(more), "--db", str(stored))
    assert pressed.returncode == 130, pressed.stderr
    assert pressed.stderr.splitlines() == [STOPPING_INGEST, "", AT_ONCE]
    if at >= 4:
        assert len(rows(stored, briefs)) > len(before)  # committed, and left unfinished
    after = runner.invoke(app, ["ingest", str(first), "--db", str(stored)])
    assert after.exit_code == 0, after.stderr
    assert rows(stored, briefs) == before
    assert rows(stored, "SELECT key FROM meta WHERE key = 'ingest'") == []
    if at >= 4:  # its run had begun: the next ingest says it failed it
        assert after.stderr.startswith("run 2: left unfinished by a process that ended; marked ")
        assert after.stderr.splitlines()[0].endswith("; what its ingest had stored taken back")
        statuses = rows(stored, "SELECT status FROM detectorrun ORDER BY id")
        assert statuses == [("finished",), ("failed",)]
    else:  # no run yet: the ingest alone
        assert after.stderr.splitlines()[0] == (
            "an ingest left unfinished by a process that ended: what it stored taken back"
        )


def test_a_second_ctrl_c_ends_a_run_at_once_and_the_next_command_fails_it(
    tmp_path: Path,
) -> None:
    stored = tmp_path / "stored.db"
    ingested = runner.invoke(app, ["ingest", str(DEMO), "-d", "reference", "--db", str(stored)])
    assert ingested.exit_code == 0
    pressed = interrupted("3x2", tmp_path / "counts", "flag", "--db", str(stored))
    assert pressed.returncode == 130, pressed.stderr
    assert pressed.stderr.splitlines() == [STOPPING_RUN, "", AT_ONCE]
    assert rows(stored, "SELECT id, status FROM detectorrun") == [(1, "finished"), (2, "running")]
    again = runner.invoke(app, ["flag", "-d", "reference", "--db", str(stored)])
    assert again.exit_code == 0, again.stderr
    assert again.stderr.splitlines()[0] == (
        "run 2: left unfinished by a process that ended; marked failed, flags removed"
    )  # and no word of an ingest: there was none
    assert rows(stored, "SELECT id, status FROM detectorrun") == [
        (1, "finished"), (2, "failed"), (3, "finished")
    ]  # fmt: skip
    assert rows(stored, "SELECT count(*) FROM flagrecord WHERE run_id = 2") == [(0,)]


def test_ctrl_c_as_an_ingest_makes_its_database_says_it_holds_no_briefs(tmp_path: Path) -> None:
    counts = tmp_path / "counts"
    for at in (1, 2):  # its schema made (inside the open), then its record
        made = tmp_path / f"new{at}.db"
        pressed = interrupted(at, counts, "ingest", str(DEMO), "--db", str(made))
        assert pressed.returncode == 130, pressed.stderr
        assert pressed.stderr.splitlines() == [
            STOPPING_INGEST,
            "interrupted: nothing was stored: the new database holds no briefs",
        ], at
        assert rows(made, "SELECT count(*) FROM brief") == [(0,)]
