"""Two ingests of one database at once, as two real processes, on SQLite and PostgreSQL:
the second waits for the first to end (saying so), then stores its own briefs; both exit
0 and every brief of both files is stored once, under one pool per distinct pool. Before,
the shared pool made the second crash (UniqueViolation, exit 70) or fail (exit 2)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.support.faults import good, write_lines

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 120.0  # seconds a step may take before the test gives up (never asserted on)


def _start(args: list[str], db: str, log: Path, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "reviewer.cli", *args, "--db", db],
        stdout=subprocess.DEVNULL, stderr=log.open("w"), cwd=ROOT, env=env,
    )  # fmt: skip


def _until(found, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + PATIENCE
    while not found():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)


def _scalar(db: str, sql: str) -> object:
    url = db if "://" in db else f"sqlite:///{db}"
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.scalar(text(sql))
    except Exception:
        return None  # not made yet
    finally:
        engine.dispose()


@pytest.mark.parametrize("same_file", [False, True], ids=["shared-pool", "same-file"])
def test_a_second_ingest_waits_for_the_first_and_both_are_stored(tmp_path, database, same_file):
    first = write_lines(
        tmp_path / "a.jsonl", [good(f"a{i}", f"HR {50 + i} bpm, TSB +22.4") for i in range(40)]
    )
    second = first if same_file else write_lines(
        tmp_path / "b.jsonl", [good(f"b{i}", f"HR {60 + i} bpm today") for i in range(40)]
    )  # fmt: skip
    gate = tmp_path / "gate"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REVIEWER_TEST_GATE": str(gate)}
    slow = ["ingest", str(first), "--detector", "tests.support.gated_detector:Gated"]
    a = _start(slow, database, tmp_path / "a.log", env)
    try:
        # the first holds its turn until the gate opens: its record is there
        _until(lambda: _scalar(database, "SELECT value FROM meta WHERE key = 'ingest'"), "a")
        b = _start(["ingest", str(second)], database, tmp_path / "b.log", env)
        try:
            _until(lambda: "another ingest" in (tmp_path / "b.log").read_text(), "b waits")
            gate.touch()
            assert a.wait(PATIENCE) == 0, (tmp_path / "a.log").read_text()
            assert b.wait(PATIENCE) == 0, (tmp_path / "b.log").read_text()
        finally:
            b.kill()
    finally:
        gate.touch()
        a.kill()
    for log in ("a.log", "b.log"):
        said = (tmp_path / log).read_text()
        assert "Traceback" not in said and "UNIQUE" not in said, said
    briefs = 40 if same_file else 80
    assert _scalar(database, "SELECT count(*) FROM brief") == briefs
    assert _scalar(database, "SELECT count(DISTINCT brief_id) FROM brief") == briefs
    assert _scalar(database, "SELECT count(*) FROM pool") == 1
    assert _scalar(database, "SELECT count(*) FROM meta WHERE key = 'ingest'") == 0
    assert _scalar(database, "SELECT count(*) FROM detectorrun WHERE status <> 'finished'") == 0
    latest = "(SELECT max(id) FROM detectorrun)"
    covered = f"SELECT count(*) FROM briefscan WHERE run_id = {latest}"
    assert _scalar(database, covered) == briefs
