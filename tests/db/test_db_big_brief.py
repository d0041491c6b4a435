"""A brief with very many flags is stored a slice at a time: the same rows as in one go."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest
from typer.testing import CliRunner

from db import writes
from reviewer.cli import app
from tests.support.faults import good, write_lines

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
