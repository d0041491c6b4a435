"""A brief with very many flags is stored a slice at a time: the same rows as in one go."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from typer.testing import CliRunner

import db
from db import writes
from reviewer import Flag
from reviewer.checks.registry import load_detector
from reviewer.cli import app
from reviewer.pipeline import workers as workers_module
from reviewer.pipeline.writer import ingest_files, run_detector
from tests.support.faults import good, snapshot, write_lines

runner = CliRunner()


def _flags(dbp, run_id):  # type: ignore[no-untyped-def]
    with closing(sqlite3.connect(dbp)) as conn:
        return conn.execute(
            'SELECT b.brief_id, c.start, c."end", c.token, f.kind, f.value FROM flagrecord f '
            "JOIN claim c ON c.id = f.claim_id JOIN brief b ON b.pk = f.brief_pk "
            "WHERE f.run_id = ? ORDER BY 1, 2",
            (run_id,),
        ).fetchall()


@pytest.mark.parametrize("slice_size", [1, 3, 7])
def test_a_big_brief_in_slices_stores_what_one_go_stores(tmp_path, monkeypatch, slice_size):
    text = " ".join(f"HR {53 + i % 4} bpm and TSB +22.4." for i in range(40))
    briefs = write_lines(tmp_path / "in.jsonl", [good("big", text), good("small")])
    whole, sliced = tmp_path / "whole.db", tmp_path / "sliced.db"
    assert runner.invoke(app, ["ingest", str(briefs), "--db", str(whole)]).exit_code == 0
    monkeypatch.setattr(writes, "BIG_BRIEF", slice_size)
    for _ in range(2):  # a first run makes the claims, a second finds them
        assert runner.invoke(app, ["ingest", str(briefs), "--db", str(sliced)]).exit_code == 0
        assert runner.invoke(app, ["flag", "--db", str(sliced)]).exit_code == 0
    assert len(_flags(whole, 1)) > 60
    assert _flags(sliced, 1) == _flags(whole, 1) == _flags(sliced, 3)
    with closing(sqlite3.connect(sliced)) as conn:  # claims are shared, never duplicated
        (claims,) = conn.execute("SELECT count(*) FROM claim").fetchone()
    assert claims == len(_flags(whole, 1))


def _counts(dbp, run_id):  # type: ignore[no-untyped-def]
    with closing(sqlite3.connect(dbp)) as conn:
        return conn.execute(
            "SELECT b.brief_id, s.checkable, s.flags FROM briefscan s "
            "JOIN brief b ON b.pk = s.brief_pk WHERE s.run_id = ? ORDER BY 1",
            (run_id,),
        ).fetchall()


@pytest.mark.parametrize("workers", [0, 2])
@pytest.mark.parametrize("slice_size", [1, 7])
def test_streamed_flags_store_what_a_list_stores(tmp_path, monkeypatch, slice_size, workers):
    """Every brief past BIG_TEXT has its flags streamed in chunks, in this process even when
    workers detect the others: the rows, counts and claims are those of one go."""
    big = " ".join(f"HR {53 + i % 4} bpm and TSB +22.4." for i in range(40))
    lines = [good("big", big), good("small"), good("big2", big + " HR 56 bpm"), good("tiny")]
    briefs = write_lines(tmp_path / "in.jsonl", lines)
    whole, streamed = tmp_path / "whole.db", tmp_path / "streamed.db"
    ingest_files(db.make_engine(str(whole)), [str(briefs)], detector=load_detector("default"))
    monkeypatch.setattr(writes, "BIG_BRIEF", slice_size)
    monkeypatch.setattr(workers_module, "BIG_TEXT", 500)  # the two long briefs stream
    engine = db.make_engine(str(streamed))
    report = ingest_files(engine, [str(briefs)], detector=load_detector("default"), workers=workers)
    assert report.run is not None
    run = run_detector(engine, load_detector("default"), workers=workers)
    engine.dispose()
    assert len(_flags(whole, 1)) > 80
    assert _flags(streamed, 1) == _flags(whole, 1) == _flags(streamed, run.run_id)
    assert _counts(streamed, 1) == _counts(whole, 1) == _counts(streamed, run.run_id)
    assert report.run.flags == run.flags == len(_flags(whole, 1))


class Scrambled:
    """A plugin yielding its flags out of text order (each span once: a span flagged twice
    is refused, tests/cli/test_faults_plugin_escapes.py)."""

    name = "scrambled"

    def flag(self, text, pool):  # type: ignore[no-untyped-def]
        starts = [at for at in range(0, len(text) - 1) if text[at] != " "][::-1]
        for at in starts[::2] + starts[1::2]:
            yield Flag(at, at + 1, text[at], 1.0, "none", "x", 2.0, -1.0, "value")


def test_a_stream_out_of_order_stores_each_span_once(tmp_path, monkeypatch):
    monkeypatch.setattr(writes, "BIG_BRIEF", 5)
    monkeypatch.setattr(workers_module, "BIG_TEXT", 10)
    text = "Resting HR 55 bpm and TSB +22.4 today."
    briefs = write_lines(tmp_path / "in.jsonl", [good("long", text)])
    engine = db.make_engine(str(tmp_path / "r.db"))
    report = ingest_files(engine, [str(briefs)], detector=Scrambled())
    engine.dispose()
    spans = [(start, end, token) for _, start, end, token, _, _ in _flags(tmp_path / "r.db", 1)]
    expected = sorted({(at, at + 1, text[at]) for at in range(len(text) - 1) if text[at] != " "})
    assert spans == expected and report.run is not None and report.run.flags == len(expected)


class FailsLate:
    """A plugin whose stream fails after many flags, on the brief that says so."""

    name = "fails-late"

    def flag(self, text, pool):  # type: ignore[no-untyped-def]
        for at in range(len(text)):
            if at == 30 and "boom" in text:
                raise ValueError("late failure")
            yield Flag(at, at + 1, text[at], 1.0, "none", "x", 2.0, -1.0, "value")


def test_a_stream_failing_part_way_stores_nothing_and_names_the_brief(tmp_path, monkeypatch):
    monkeypatch.setattr(writes, "BIG_BRIEF", 4)
    monkeypatch.setattr(workers_module, "BIG_TEXT", 10)
    before = write_lines(tmp_path / "a.jsonl", [good("kept")])
    engine = db.make_engine(str(tmp_path / "r.db"))
    ingest_files(engine, [str(before)], detector=None)
    engine.dispose()
    stored = snapshot(tmp_path / "r.db")
    bad = write_lines(tmp_path / "b.jsonl", [good("fine"), good("loud", "boom " * 20)])
    result = runner.invoke(
        app,
        [
            "ingest",
            str(bad),
            "--db",
            str(tmp_path / "r.db"),
            "-d",
            "tests.db.test_db_big_brief:FailsLate",
        ],
    )
    assert result.exit_code == 2, result.output
    assert "'fails-late'" in result.output and "'loud'" in result.output
    assert "late failure" in result.output and "Traceback" not in result.output
    assert snapshot(tmp_path / "r.db") == stored
