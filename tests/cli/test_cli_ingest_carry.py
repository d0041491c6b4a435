"""An ingest's run keeps the flags of the briefs unchanged since a run of the same code,
detector and config, and reads the rest: what it stores is what a run that reads every
brief stores (`reviewer flag`, which never carries), and a brief replaced since, a run of
other code or another config, is read again. Real commands on a real database file."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

import db
import db.writes
from db.queue import queue_rank
from reviewer.cli import app
from reviewer.pipeline import batch_writer
from tests.support.store_files import write_briefs

runner = CliRunner()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
FLAG = ('claim_id, brief_pk, start, "end", token, value, unit, nearest, nearest_value, delta, '
        "rel, kind, basis, rule, probability")  # fmt: skip
SCAN = "brief_pk, checkable, flags"


def demo_lines() -> list[str]:
    return DEMO.read_text(encoding="utf-8").splitlines()


def invoke(*args: str | Path) -> str:
    result = runner.invoke(app, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    return result.output


def read(where: str, sql: str, run_id: int) -> list[tuple]:
    """Rows of `sql` about one run (`:run`), on SQLite or PostgreSQL."""
    engine = db.make_engine(where)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql), {"run": run_id})]
    finally:
        engine.dispose()


RUN = "SELECT briefs, flags, checkable FROM detectorrun WHERE id = :run"


def rounded(value: object) -> object:
    """A value read from JSON, its floats to 12 places: PostgreSQL sums a mean over rows in
    the order it stores them, which moves the last digit."""
    if isinstance(value, float):
        return round(value, 12)
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rounded(item) for item in value]
    return value


def stored(where: str, run_id: int) -> dict[str, object]:
    """Everything a run stores of its briefs: flags, scans, totals, arms and tallies."""
    (arms,) = read(where, "SELECT arms FROM detectorrun WHERE id = :run", run_id)[0]
    tallies = read(where, "SELECT * FROM runtally WHERE run_id = :run", run_id)
    return {
        "flags": sorted(read(where, f"SELECT {FLAG} FROM flagrecord WHERE run_id = :run", run_id)),
        "scans": sorted(read(where, f"SELECT {SCAN} FROM briefscan WHERE run_id = :run", run_id)),
        "totals": read(where, RUN, run_id),
        "arms": rounded(json.loads(arms)),
        "tallies": sorted(tuple(row[1:]) for row in tallies),
    }


@pytest.mark.parametrize("sample", [20, None])
def test_an_append_keeps_the_flags_of_the_briefs_stored_and_reads_the_new(
    tmp_path, monkeypatch, database, sample
) -> None:
    """On a SQLite file and a PostgreSQL database. With an arms' sample of 20 briefs the
    first ingest fills it, and the run takes the arms too; with the sample of 500 the
    appended briefs join it, and the arms are scored again."""
    if sample is not None:
        monkeypatch.setattr(batch_writer, "ARM_SAMPLE", sample)
    where = database
    lines = demo_lines()
    invoke("ingest", write_briefs(tmp_path / "a.jsonl", lines[:50]), "--db", where)
    said = invoke("ingest", write_briefs(tmp_path / "b.jsonl", lines[50:]), "--db", where)
    kept = "flags and arms (the same sample):" if sample else "flags:"
    assert f"50 unchanged briefs kept run 1's {kept}" in said
    assert f"; {len(lines) - 50} read" in said
    full = invoke("flag", "--db", where)
    assert "kept run" not in full  # `reviewer flag` reads every brief
    carried, whole = stored(where, 2), stored(where, 3)
    assert carried["flags"] and carried == whole
    # the carried flags take their places in the new run's own queue
    (seed,) = read(where, "SELECT order_seed FROM detectorrun WHERE id = :run", 2)[0]
    ranks = read(where, "SELECT claim_id, queue_rank FROM flagrecord WHERE run_id = :run", 2)
    assert all(rank == queue_rank(seed, claim) for claim, rank in ranks)


def changed(lines: list[str], at: int, digit: str, to: str) -> list[str]:
    """The demo briefs with one digit of brief `at` changed (so are its flags)."""
    record = json.loads(lines[at])
    record["text"] = record["text"].replace(digit, to)
    return [*lines[:at], json.dumps(record), *lines[at + 1 :]]


@pytest.mark.parametrize("told_by", ["both", "its replacement time", "its version id"])
def test_a_brief_replaced_since_is_read_again(tmp_path, monkeypatch, told_by) -> None:
    """A brief replaced after the run carried from (here by an ingest without a run) is
    read again, told by either sign alone: its version's id past the run's mark, or its
    replacement after the run began (against a reused id, or a clock set back)."""
    where = str(tmp_path / "r.db")
    lines = demo_lines()
    invoke("ingest", write_briefs(tmp_path / "a.jsonl", lines), "--db", where)
    if told_by == "its version id":  # the clock set back as the brief is replaced
        monkeypatch.setattr(db.writes, "utcnow", lambda: datetime(2000, 1, 1, tzinfo=UTC))
    replaced = changed(lines, 3, "1", "7")
    invoke("ingest", write_briefs(tmp_path / "b.jsonl", replaced), "--replace", "--no-flag",
           "--db", where)  # fmt: skip
    monkeypatch.undo()
    if told_by == "its replacement time":  # as if the version's id were an old one's
        with sqlite3.connect(where) as connection:
            connection.execute("UPDATE detectorrun SET version_mark = 1000000 WHERE id = 1")
    added = json.loads(lines[0]) | {"id": "appended"}
    said = invoke("ingest", write_briefs(tmp_path / "c.jsonl", [json.dumps(added)]), "--db", where)
    assert f"{len(lines) - 1} unchanged briefs kept run 1's flags" in said
    assert "; 2 read" in said  # the brief replaced and the one appended
    invoke("flag", "--db", where)
    assert stored(where, 2) == stored(where, 3)
    assert stored(where, 2)["scans"] != stored(where, 1)["scans"]


def test_other_code_or_another_config_reads_every_brief(tmp_path) -> None:
    where = str(tmp_path / "r.db")
    lines = demo_lines()
    invoke("ingest", write_briefs(tmp_path / "a.jsonl", lines[:50]), "--db", where)
    with sqlite3.connect(where) as connection:  # run 1 as rules of other code made it
        connection.execute("UPDATE detectorrun SET code_digest = 'other' WHERE id = 1")
    said = invoke("ingest", write_briefs(tmp_path / "b.jsonl", lines[50:60]), "--db", where)
    assert "kept run" not in said
    config = tmp_path / "c.toml"
    config.write_text("[thresholds]\nfaithful = 0.02\n", encoding="utf-8")
    said = invoke("ingest", write_briefs(tmp_path / "c.jsonl", lines[60:]), "--config", config,
                  "--db", where)  # fmt: skip
    assert "kept run" not in said
    (briefs,) = read(where, "SELECT briefs FROM detectorrun WHERE id = :run", 3)[0]
    assert briefs == len(lines)
