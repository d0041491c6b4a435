"""The ingest/run glue: worker processes give the same run; arms read the database."""

from __future__ import annotations

import gc
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select
from typer.testing import CliRunner

import db
from db.views import pool_to_json
from db.writes import stored_pool
from reviewer import Known
from reviewer.checks.registry import analyze, load_detector
from reviewer.cli import app
from reviewer.pipeline.parallel import encode_pool
from reviewer.pipeline.reader import count_lines
from reviewer.pipeline.workers import BatchAnalyzer, OrderedScans
from reviewer.pipeline.writer import ingest_files, run_detector
from tests.support.store_files import TEXTS, brief_line, write_briefs

runner = CliRunner()


def stored_flags(path):
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT b.brief_id, f.start, f.end, f.token, f.kind, f.nearest FROM flagrecord f "
            "JOIN brief b ON b.pk = f.brief_pk ORDER BY b.brief_id, f.start"
        ).fetchall()


def test_worker_processes_store_the_same_run_as_in_process(tmp_path):
    lines = [brief_line(f"{i}-{n}", t) for n in range(30) for i, t in TEXTS.items()]
    briefs = write_briefs(tmp_path / "b.jsonl", lines)
    results = []
    for workers in (0, 2):
        engine = db.make_engine(str(tmp_path / f"w{workers}.db"))
        report = ingest_files(
            engine, [str(briefs)], detector=load_detector("default"), workers=workers
        )
        engine.dispose()
        assert report.added == len(lines) and report.run is not None
        results.append(stored_flags(tmp_path / f"w{workers}.db"))
    assert results[0] == results[1] and len(results[0]) > 30


def test_ingest_adds_to_a_run_covering_older_briefs(tmp_path, database):
    dbp = database
    runner.invoke(app, ["ingest", str(write_briefs(tmp_path / "a.jsonl")), "--db", str(dbp)])
    more = write_briefs(tmp_path / "more.jsonl", [brief_line("new", "HR 57 bpm today.")])
    result = runner.invoke(app, ["ingest", str(more), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    assert "run 2 (default" in result.stdout and f"over {len(TEXTS) + 1} briefs" in result.stdout
    assert "against run 1: 1 new, 0 gone" in result.stdout


# the abs() mutant misses the sign flip that reference and default flag
ARMS_TEXT = "HR 53 bpm, TSB +22.4."


def test_arms_without_pools_reads_the_database(tmp_path, database):
    dbp = database
    seeds = tmp_path / "seed.jsonl"
    records = Path(__file__).parents[2] / "fixtures" / "seed_records.jsonl"
    with seeds.open("w") as out:
        for line in records.read_text().splitlines():
            record = json.loads(line)
            out.write(json.dumps({"id": record["id"], "text": ARMS_TEXT, "pool": record["pool"]}))
            out.write("\n")
    assert runner.invoke(app, ["ingest", str(seeds), "--db", str(dbp)]).exit_code == 0
    result = runner.invoke(app, ["arms", "--json", "-d", "reference", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    means = {(r["group"], r["arm"]): r["mean"] for r in report["rows"]}
    # the stored pools give the published template table
    template = [
        round(means[("template", a)], 2)
        for a in ("faithful", "corrupted", "sign-flip", "unrelated")
    ]
    assert template == [0.0, 0.75, 1.0, 0.08]
    assert report["passed"] is True
    # the production row is the stored briefs' mean invention rate under the detector
    # being measured, even when the latest stored run is another detector's
    mutant = ["flag", "-d", "tests.support.plugins:abs_mutant", "--db", str(dbp)]
    assert runner.invoke(app, mutant).exit_code == 0
    for spec in ("reference", "default"):
        result = runner.invoke(app, ["arms", "--json", "-d", spec, "--db", str(dbp)])
        rows = {(r["group"], r["arm"]): r["mean"] for r in json.loads(result.stdout)["rows"]}
        detector = load_detector(spec)
        rates = [
            analyze(detector, ARMS_TEXT, [Known(**k) for k in json.loads(line)["pool"]])
            for line in records.read_text().splitlines()
        ]
        expected = sum(a.invention_rate for a in rates) / len(rates)
        assert rows[("production", "production")] == pytest.approx(expected), spec


def test_ingest_writes_rows_as_the_orm_reads_them(tmp_path):
    # bulk inserts skip the ORM: timestamps must still be stored in SQLAlchemy's format,
    # and keys taken from the rowid must match the rows
    dbp = tmp_path / "r.db"
    engine = db.make_engine(str(dbp))
    lines = [brief_line(f"{i}-{n}", t) for n in range(3) for i, t in TEXTS.items()]
    report = ingest_files(
        engine, [str(write_briefs(tmp_path / "b.jsonl", lines))], detector=load_detector("default")
    )
    assert report.added == len(lines)
    with Session(engine) as session:
        # the bulk load switched the reference checks off on its connection: on again
        assert session.connection().exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        for brief in session.exec(select(db.Brief)):
            assert brief.created_at.year >= 2024
            view = db.get_brief(session=session, brief_pk=brief.pk)
            assert view.brief_id == brief.brief_id and view.text == TEXTS[brief.brief_id[:2]]
        flags = session.exec(select(db.FlagRecord)).all()
        assert flags
        for f in flags:
            claim = session.get(db.Claim, f.claim_id)
            assert (claim.brief_pk, claim.start, claim.end, claim.token) == (
                f.brief_pk, f.start, f.end, f.token,
            )  # fmt: skip
    engine.dispose()
    with sqlite3.connect(dbp) as conn:
        stamps = [r[0] for r in conn.execute("SELECT created_at FROM brief")]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}", s) for s in stamps)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.builds(
            Known,
            st.one_of(st.text(max_size=5), st.sampled_from(["m1e5", "0.00001", "rhr"])),
            st.one_of(
                st.floats(allow_nan=False, allow_infinity=False),
                st.sampled_from(
                    [
                        1e16,
                        1e17,
                        12345678901234567.0,
                        9.999e15,
                        -1e22,
                        1e-4,
                        9.9e-5,
                        5e-5,
                        1e-10,
                        10.00001,
                        -0.0,
                        123.4,
                    ]
                ),
            ),
            st.sampled_from(["bpm", "none", "\x7f", "é"]),
        ),
        max_size=5,
    )
)
def test_stored_pool_is_the_stored_json_byte_for_byte(pool: list[Known]) -> None:
    # the fast encoding keys pools and brief digests: it must equal pool_to_json exactly,
    # or re-ingesting a file into an older database would report every brief as changed
    assert stored_pool(pool) == pool_to_json(pool)


def test_ordered_scans_hand_back_batches_in_order_through_the_spill():
    analyzer = BatchAnalyzer(load_detector("default"))
    scans = OrderedScans(analyzer, in_flight=1)
    texts = ["HR 57 bpm.", "HR 52 bpm.", "TSB 22.4 today.", "Nothing here."]
    pool = encode_pool([Known("rhr", 52.0, "bpm"), Known("tsb", -22.4, "none")])
    scans.queue([("a", texts[0], pool)])
    assert not scans.has_room()
    scans.queue(lambda: [("b", texts[1], pool), ("c", texts[2], pool)])  # read when sent
    scans.queue([])
    scans.pump(spill=True)  # inline analyzer: every batch is back, so all go to the spill
    assert scans.spilled and len(scans) == 3
    got = [scans.take(wait=True) for _ in range(3)]
    assert [[key for key, _, _ in batch] for batch in got] == [["a"], ["b", "c"], []]
    assert [len(flags) for _, _, flags in got[0] + got[1]] == [1, 0, 1]
    # flag tuples end with kind, basis, rule and a learned model's probability (none here)
    assert got[1][1][2][0][-4:] == ("sign", "name", "name:tsb", None)
    assert scans.take(wait=True) is None
    scans.queue([("d", texts[3], pool)])
    scans.close()  # a refused file: queued work is forgotten
    assert len(scans) == 0 and scans.take(wait=True) is None


def test_refused_file_with_workers_stores_nothing_and_the_next_ingest_works(tmp_path):
    engine = db.make_engine(str(tmp_path / "r.db"))
    lines = [brief_line(f"{i}-{n}", t) for n in range(400) for i, t in TEXTS.items()]
    bad = write_briefs(tmp_path / "bad.jsonl", [*lines, '{"id": "x", "text": ""}'])
    report = ingest_files(engine, [str(bad)], detector=load_detector("default"), workers=2)
    assert report.failed is not None and report.failed.line == len(lines) + 1
    assert report.added == 0 and report.run is None
    good = write_briefs(tmp_path / "good.jsonl", lines)
    report = ingest_files(engine, [str(good)], detector=load_detector("default"), workers=2)
    assert report.added == len(lines) and report.run is not None
    assert report.run.briefs == len(lines)
    engine.dispose()
    assert len(stored_flags(tmp_path / "r.db")) == report.run.flags > 0


def test_a_failed_bulk_write_leaves_reference_checks_on(tmp_path, monkeypatch):
    engine = db.make_engine(str(tmp_path / "r.db"))
    ingest_files(engine, [str(write_briefs(tmp_path / "a.jsonl"))], detector=None)
    changed = write_briefs(tmp_path / "b.jsonl", [brief_line("d1", "Changed, 58 bpm.")])
    # blind the id lookups so the insert itself fails, mid-transaction
    monkeypatch.setattr("reviewer.pipeline.checking.stored_briefs", lambda session, ids: {})
    with pytest.raises(IntegrityError):
        ingest_files(engine, [str(changed)], detector=load_detector("default"))
    with Session(engine) as session:
        assert session.connection().exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        stored = session.exec(select(db.Brief).where(db.Brief.brief_id == "d1")).one()
        assert stored.text == TEXTS["d1"]
    engine.dispose()


def test_stdin_with_workers_stores_the_same_flags_as_a_file(tmp_path, monkeypatch):
    lines = [brief_line(f"{i}-{n}", t) for n in range(600) for i, t in TEXTS.items()]
    briefs = write_briefs(tmp_path / "b.jsonl", lines)
    results = []
    for name, source in (("file", str(briefs)), ("stdin", "-")):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(briefs.read_bytes())))
        engine = db.make_engine(str(tmp_path / f"{name}.db"))
        report = ingest_files(engine, [source], detector=load_detector("default"), workers=2)
        engine.dispose()
        assert report.added == len(lines) and report.run.briefs == len(lines)
        results.append(stored_flags(tmp_path / f"{name}.db"))
    assert results[0] == results[1] and len(results[0]) > 1000


class StageLog:
    """What an ingest's progress display is told: each stage, and what it counted."""

    def __init__(self) -> None:
        self.stages: list[list] = []  # [kind, file name, total, counted]

    def stage(self, kind: str, path: str | None, total: int | None) -> None:
        self.stages.append([kind, path and Path(path).name, total, 0])

    def advance(self, n: int) -> None:
        self.stages[-1][3] += n  # an advance before any stage would be an IndexError


def test_each_progress_stage_counts_exactly_to_its_own_total(tmp_path):
    engine = db.make_engine(str(tmp_path / "r.db"))
    first = write_briefs(tmp_path / "a.jsonl")
    log = StageLog()
    ingest_files(
        engine, [str(first)], detector=None, stage=log.stage, advance=log.advance, lines=[5]
    )
    assert log.stages == [["check", "a.jsonl", 5, 5], ["store", "a.jsonl", 5, 5]]

    lines = [brief_line("m1", "HR 57 bpm."), "{bad", brief_line("m2", "HR 50 bpm."), "[1]"]
    mixed = write_briefs(tmp_path / "mixed.jsonl", lines)
    paths = [str(mixed), str(first)]
    log = StageLog()
    report = ingest_files(
        engine,
        paths,
        skip_invalid=True,
        detector=load_detector("default"),
        workers=0,  # the detector inline: each scan back before its file is stored
        stage=log.stage,
        advance=log.advance,
        lines=[count_lines(p) for p in paths],
    )
    engine.dispose()
    assert report.added == 2 and report.rejected == 2 and report.run is not None
    assert log.stages == [
        ["check", "mixed.jsonl", 4, 4],  # bad lines are read too
        ["store", "mixed.jsonl", 2, 2],  # only the good ones are stored
        ["check", "a.jsonl", 5, 5],
        ["store", "a.jsonl", 5, 5],
        ["flag", None, 5, 5],  # the briefs stored without a run, which the new run covers
        ["arms", None, 32, 32],  # four texts per pool and per brief, at most
    ]


class _PaceSeen:
    """A plugin detector that notes the collector's first threshold at each brief."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def flag(self, text, pool):
        self.seen.append(gc.get_threshold()[0])
        return []


def test_ingest_and_a_run_collect_cycles_less_often_and_give_the_pace_back(tmp_path):
    # a collection walks every object the process holds: with a pool of 20,000 values,
    # collecting every 700 allocations cost an ingest a sixth of its time
    before = gc.get_threshold()
    detector = _PaceSeen()
    engine = db.make_engine(str(tmp_path / "pace.db"))
    try:
        ingest_files(engine, [str(write_briefs(tmp_path / "b.jsonl"))], detector=detector,
                     workers=0)  # fmt: skip
        assert detector.seen and set(detector.seen) == {100_000}
        assert gc.get_threshold() == before
        detector.seen.clear()
        run_detector(engine, detector, workers=0)
        assert detector.seen and set(detector.seen) == {100_000}
        assert gc.get_threshold() == before
    finally:
        engine.dispose()
