"""Missed contradictions, fully reviewed briefs and recall, on real SQLite files."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

import db
from db import misses
from db.tables import flagrecord as F
from db.tables import miss as M
from reviewer.cli import app
from tests.support.db_seed import add_run, flag, seed

# seed's brief text: "Brief {i}: rhr 55 bpm, tsb 22.4 today." -> "55" at 13, "22.4" at 25
TEXT_55, TEXT_TSB = (13, 15, "55"), (25, 29, "22.4")
runner = CliRunner()


def mark(c, brief_pk: int, span=TEXT_TSB, reviewer: str = "ana", run_id: int = 1):  # type: ignore[no-untyped-def]
    start, end, token = span
    return misses.record_miss(
        session=c, brief_pk=brief_pk, reviewer=reviewer, start=start, end=end, token=token,
        value=float(token), unit="none", known="tsb", known_value=-22.4, run_id=run_id,
    )  # fmt: skip


def test_a_miss_needs_the_words_it_names(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, _, pks = seed(tmp_path / "m.db", [[flag(13, "55", 55.0)]])
    with engine.connect() as c:
        with pytest.raises(ValueError, match=r"no '23\.4'"):
            mark(c, pks[0], (25, 29, "23.4"))
        assert c.scalar(select(M.c.id)) is None
        row = mark(c, pks[0])
        assert (row.token, row.known, row.reviewer) == ("22.4", "tsb", "ana")
        assert [m.id for m in misses.brief_misses(session=c, brief_pk=pks[0])] == [row.id]


def test_undo_takes_back_the_newest_of_labels_and_misses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, _, pks = seed(tmp_path / "m.db", [[flag(13, "55", 55.0)]])
    with engine.connect() as c:
        claim_id = c.scalar(select(F.c.claim_id))
        db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict="true_positive")
        miss = mark(c, pks[0])
        kind, undone = misses.undo_last(session=c, reviewer="ana")
        assert (kind, undone.id) == ("miss", miss.id) and undone.undone_at is not None
        assert misses.brief_misses(session=c, brief_pk=pks[0]) == []
        kind, undone = misses.undo_last(session=c, reviewer="ana")
        assert kind == "label" and undone.claim_id == claim_id
        assert misses.undo_last(session=c, reviewer="ana") is None


def test_recall_over_fully_reviewed_briefs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, pks = seed(tmp_path / "m.db", [[flag(13, "55", 55.0)], [flag(13, "55", 55.0)]])
    with engine.connect() as c:
        for claim_id in c.scalars(select(F.c.claim_id)).all():
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict="true_positive")
        mark(c, pks[0])
        mark(c, pks[1])
        assert db.precision_stats(session=c)["recall"]["recall"] is None  # nothing read in full
        misses.set_reviewed(session=c, brief_pk=pks[0], reviewer="ana", run_id=run_id)
        assert misses.is_reviewed(session=c, brief_pk=pks[0], reviewer="ana")
        recall = misses.run_recall(session=c, run_id=run_id)
        assert (recall.caught, recall.missed) == (1, 1)  # the brief's one true flag, one miss
        misses.set_reviewed(session=c, brief_pk=pks[1], reviewer="ana")
        recall = misses.run_recall(session=c, run_id=run_id, reviewer="ana")
        assert (recall.caught, recall.missed) == (2, 2)
        assert misses.run_recall(session=c, run_id=run_id, reviewer="bob").n == 0
        misses.set_reviewed(session=c, brief_pk=pks[1], reviewer="ana", reviewed=False)
        assert misses.run_recall(session=c, run_id=run_id).n == 2
        stats = db.precision_stats(session=c)
        assert stats["recall"]["caught"] == 1 and stats["recall"]["missed"] == 1


def test_two_runs_reading_one_number_differently_are_one_contradiction(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Run 1 flags "22.4" and run 2 only "2.4" inside it: two claims, both labeled true,
    are one contradiction, caught by each run."""
    wide, narrow = flag(25, "22.4", 22.4, unit="none"), flag(27, "2.4", 2.4, unit="none")
    engine, first, pks = seed(tmp_path / "m.db", [[wide]])
    second = add_run(engine, pks, [[narrow]])
    third = add_run(engine, pks, [[flag(13, "55", 55.0)]])
    with engine.connect() as c:
        for claim_id in c.scalars(select(F.c.claim_id).where(F.c.run_id < third)).all():
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict="true_positive")
        misses.set_reviewed(session=c, brief_pk=pks[0], reviewer="ana")
        for run_id in (first, second):
            recall = misses.run_recall(session=c, run_id=run_id)
            assert (recall.caught, recall.missed) == (1, 0)
        recall = misses.run_recall(session=c, run_id=third)
        assert (recall.caught, recall.missed) == (0, 1)


def test_a_miss_exports_as_a_must_flag_fixture_that_regress_fails(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, _, pks = seed(tmp_path / "m.db", [[flag(13, "55", 55.0)]])
    with engine.connect() as c:
        mark(c, pks[0])
    engine.dispose()
    out = tmp_path / "fixtures"
    result = runner.invoke(app, ["export", "--out", str(out), "--db", str(tmp_path / "m.db")])
    assert result.exit_code == 0, result.output
    (path,) = out.glob("*.json")
    fixture = json.loads(path.read_text())
    assert (fixture["verdict"], fixture["expect"], fixture["token"]) == (
        "true_positive",
        "flagged",
        "22.4",
    )
    assert fixture["note"].startswith("missed: contradicts tsb -22.4")
    # "tsb 22.4" against a known -22.4: the detector with the abs() bug cannot see the sign
    # flip and fails the fixture; the reference reads it as a sign flag and passes it
    mutant = "tests.support.plugins:abs_mutant"
    failing = runner.invoke(app, ["regress", str(out), "--detector", mutant])
    assert failing.exit_code == 1 and "true positive missed" in failing.output
    passing = runner.invoke(app, ["regress", str(out), "--detector", "reference"])
    assert passing.exit_code == 0, passing.output
