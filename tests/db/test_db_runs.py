"""db.runs: claims new, gone and same between two runs against a direct computation, their
labels and counts, run lookup, summaries, and the columns added to older databases."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlmodel import Session

import db
from db import runs
from db.engine import engine_for
from db.migrations import HEAD
from db.schema import upgrade
from reviewer.checks.registry import DetectorLoadError, load_detector, load_run_detector
from reviewer.grounding.config import DetectorConfig, config_digest
from reviewer.pipeline.writer import ingest_files, run_detector
from tests.support.runs_seed import BRIEFS, flagged
from tests.support.store_files import brief_line, write_briefs


@pytest.fixture
def two_runs(tmp_path, database):  # type: ignore[no-untyped-def]
    """On a SQLite file and on PostgreSQL (the `database` fixture)."""
    engine = db.make_engine(database)
    lines = [brief_line(i, text, pool) for i, (text, pool) in BRIEFS.items()]
    briefs = write_briefs(tmp_path / "b.jsonl", lines)
    ingest_files(engine, [str(briefs)], detector=load_detector("reference"), spec="reference")
    run_detector(engine, load_detector("default"), name="v2", workers=0)
    yield engine
    engine.dispose()


def test_claim_changes_are_exactly_the_direct_set_differences(two_runs) -> None:  # type: ignore[no-untyped-def]
    old, new = flagged(load_detector("reference")), flagged(load_detector("default"))
    assert old - new and new - old and old & new  # the fixtures make every class occur
    with two_runs.connect() as connection:
        changes = list(runs.claim_changes(db=connection, run_a=1, run_b=2))
        counts = runs.change_counts(db=connection, run_a=1, run_b=2)
    got = {c.change: set() for c in changes} | {}
    for c in changes:
        got.setdefault(c.change, set()).add((c.brief_id, c.start, c.end, c.token))
    assert got["new"] == new - old
    assert got["gone"] == old - new
    assert got["same"] == old & new
    assert len(changes) == len(old | new)  # each claim once
    assert {k: sum(v.values()) for k, v in counts.items()} == {
        "new": len(new - old), "gone": len(old - new), "same": len(old & new),
    }  # fmt: skip
    order = [(c.brief_pk, c.start) for c in changes]
    assert order == sorted(order)
    for c in changes:  # each side read as that run flagged it
        assert (c.a is None) == (c.change == "new") and (c.b is None) == (c.change == "gone")


def test_labels_mark_recall_regressions_fixes_and_unreviewed(two_runs) -> None:  # type: ignore[no-untyped-def]
    with Session(two_runs) as session:
        gone = [c for c in runs.claim_changes(db=session, run_a=1, run_b=2) if c.change == "gone"]
        assert len(gone) >= 2
        db.record_label(session=session, claim_id=gone[0].claim_id, reviewer="ana",
                        verdict="true_positive")  # fmt: skip
        db.record_label(session=session, claim_id=gone[1].claim_id, reviewer="bo",
                        verdict="false_positive")  # fmt: skip
        changes = {c.claim_id: c for c in runs.claim_changes(db=session, run_a=1, run_b=2)}
        assert changes[gone[0].claim_id].recall_regression
        assert changes[gone[0].claim_id].labels == (("ana", "true_positive", "reviewer"),)
        assert changes[gone[1].claim_id].fix and not changes[gone[1].claim_id].recall_regression
        new = [c for c in changes.values() if c.change == "new"]
        assert new and all(c.unreviewed for c in new)
        counts = runs.change_counts(db=session, run_a=1, run_b=2)
        assert counts["gone"]["true_positive"] == 1 and counts["gone"]["false_positive"] == 1
        # one reviewer's view: bo's labels only
        mine = runs.change_counts(db=session, run_a=1, run_b=2, reviewer="bo")
        assert mine["gone"]["true_positive"] == 0 and mine["gone"]["false_positive"] == 1
        bo = {c.claim_id: c for c in runs.claim_changes(db=session, run_a=1, run_b=2,
                                                          reviewer="bo")}  # fmt: skip
        assert bo[gone[0].claim_id].verdict is None and bo[gone[1].claim_id].fix


def test_only_and_briefs_narrow_the_stream(two_runs) -> None:  # type: ignore[no-untyped-def]
    with two_runs.connect() as connection:
        every = list(runs.claim_changes(db=connection, run_a=1, run_b=2))
        gone = list(runs.claim_changes(db=connection, run_a=1, run_b=2, only=["gone"]))
        assert gone == [c for c in every if c.change == "gone"]
        pk = every[0].brief_pk
        one = list(runs.claim_changes(db=connection, run_a=1, run_b=2, brief_pks=[pk]))
        assert one == [c for c in every if c.brief_pk == pk]


def test_runs_are_found_by_id_or_name_and_paired_by_default(two_runs) -> None:  # type: ignore[no-untyped-def]
    with two_runs.connect() as connection:
        assert runs.find_run(db=connection, ref="#2").id == 2
        assert runs.find_run(db=connection, ref="v2").id == 2
        with pytest.raises(ValueError, match="no detector run named 'v9'"):
            runs.find_run(db=connection, ref="v9")
        with pytest.raises(ValueError, match="no detector run 7"):
            runs.find_run(db=connection, ref="7")
        assert [r.id for r in runs.run_pair(db=connection)] == [1, 2]
        assert [r.id for r in runs.run_pair(db=connection, a="2")] == [1, 2]
        assert [r.id for r in runs.run_pair(db=connection, a="2", b="1")] == [2, 1]
        with pytest.raises(ValueError, match="no finished run before it"):
            runs.run_pair(db=connection, a="1")
        assert runs.previous_run(db=connection, run_id=2).id == 1


def test_runs_store_name_spec_digest_and_their_own_arms(two_runs) -> None:  # type: ignore[no-untyped-def]
    with two_runs.connect() as connection:
        first, second = (s.run for s in runs.run_summaries(db=connection))
    assert (first.name, first.spec, second.name, second.spec) == (
        None,
        "reference",
        "v2",
        "default",
    )
    assert second.config_digest == config_digest(second.config)
    assert len(second.config_digest) == 12
    assert runs.run_title(second) == f"#2 v2 (default 2.0, cfg {second.config_digest[:8]})"
    # each run's arms are its own detector's: the reference misses sign flips past 50%
    ref, default = runs.arm_means(runs.stored_arms(first)), runs.arm_means(runs.stored_arms(second))
    assert set(ref) == {"faithful", "corrupted", "sign-flip", "unrelated", "production"}
    assert json.loads(first.arms)["detector"] == "reference"
    assert json.loads(second.arms)["detector"] == "default"
    assert ref != default


def test_config_digest_ignores_key_order_and_names_changed_thresholds() -> None:
    a = DetectorConfig(value=0.2).to_json()
    shuffled = json.dumps(json.loads(a), sort_keys=False, indent=3)
    assert config_digest(a) == config_digest(shuffled) != config_digest(DetectorConfig().to_json())
    assert runs.config_summary(a) == "value=0.2"
    assert runs.config_summary(DetectorConfig().to_json()) == "built-in"


def test_a_run_detector_loads_with_its_config_or_says_why_not() -> None:
    config = DetectorConfig(value=0.2).to_json()
    found, note = load_run_detector(spec="default", detector="default", version="2.0",
                                    config=config)  # fmt: skip
    assert found.config.value == 0.2 and note is None
    with pytest.raises(DetectorLoadError, match="pass --detector gone_plugin:Det to load it"):
        load_run_detector(spec="gone_plugin:Det", detector="x", version="1", config="{}")
    with pytest.raises(DetectorLoadError, match="cannot be loaded any more"):
        load_run_detector(spec="gone_plugin:Det", detector="x", version="1", config="{}",
                          named="gone_plugin:Det")  # fmt: skip
    with pytest.raises(DetectorLoadError, match="stored without the spec"):
        load_run_detector(spec=None, detector="my-plugin", version="1", config="{}")
    _, note = load_run_detector(spec="tests.support.plugins:abs_mutant", detector="abs-mutant",
                                version="old", config="{}",
                                named="tests.support.plugins:abs_mutant")  # fmt: skip
    assert note is not None and "abs-mutant 0" in note


def test_a_database_made_before_run_names_gets_the_columns_by_upgrading(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "old.db"
    db.make_engine(str(path)).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO detectorrun (detector, version, config, created_at, briefs, "
            "flags, checkable) VALUES ('default', '1.0', '{}', '2026-01-01', 0, 0, 0)"
        )
        for column in ("name", "spec", "config_digest", "arms"):
            conn.execute(f"ALTER TABLE detectorrun DROP COLUMN {column}")
        conn.execute("UPDATE alembic_version SET version_num = '0003'")
    with pytest.raises(db.SchemaError, match="reviewer db upgrade"):
        db.make_engine(str(path))
    engine = engine_for(str(path))
    assert upgrade(engine) == ("0003", HEAD)
    engine.dispose()
    engine = db.make_engine(str(path))
    with engine.connect() as connection:
        (summary,) = runs.run_summaries(db=connection)
        assert summary.run.detector == "default" and summary.run.name is None
        assert summary.arms is None
    engine.dispose()


def test_the_app_view_marks_new_and_same_and_adds_gone_flags(two_runs) -> None:  # type: ignore[no-untyped-def]
    from db import changes as app_view

    with two_runs.connect() as connection:
        every = list(runs.claim_changes(db=connection, run_a=1, run_b=2))
        by_brief: dict[int, set[tuple[int, str]]] = {}
        for c in every:
            by_brief.setdefault(c.brief_pk, set()).add((c.claim_id, c.change))
        for brief_pk, expected in by_brief.items():
            shown = app_view.brief_changes(db=connection, run_id=2, previous=1,
                                           brief_pk=brief_pk, reviewer=None)  # fmt: skip
            assert {(f.claim_id, f.change) for f in shown} == expected
            assert [f.start for f in shown] == sorted(f.start for f in shown)
        for change in ("new", "gone", "same"):
            walked, after = [], None
            while (found := app_view.next_unlabeled_change(
                db=connection, run_id=2, previous=1, change=change, reviewer=None, after=after
            )) is not None and found.claim_id not in walked:  # fmt: skip
                walked.append(found.claim_id)
                after = (found.brief_pk, found.start)
            assert sorted(walked) == sorted(c.claim_id for c in every if c.change == change)
            listed = set(connection.execute(app_view.briefs_with(2, 1, change)).scalars())
            assert listed == {c.brief_pk for c in every if c.change == change}
