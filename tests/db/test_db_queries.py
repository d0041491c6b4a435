"""Brief pages, the next unlabeled flag and precision on a real SQLite file."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlmodel import Session

import db
from db.progress import ensure_progress
from db.writes import start_run
from reviewer.metrics import wilson_interval
from tests.support.db_seed import add_run, flag, seed


@pytest.fixture
def four_briefs(database):
    """On a SQLite file and on PostgreSQL (the `database` fixture)."""
    flags = [
        [flag(20, "55", 55.0), flag(31, "22.4", 22.4, "sign", "none")],
        [],
        [flag(20, "55", 55.0)],
        [flag(8, "50", 50.0), flag(20, "55", 55.0), flag(31, "22.4", 22.4, "sign", "none")],
    ]
    engine, run_id, pks = seed(database, flags)
    yield engine, run_id, pks
    engine.dispose()


def label(session, run_id, brief_pk, index, verdict, reviewer="ana"):
    f = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer=reviewer)[index]
    db.record_label(session=session, claim_id=f.claim_id, reviewer=reviewer, verdict=verdict)


def test_list_briefs_pages_with_counts_for_the_page(four_briefs):
    engine, run_id, pks = four_briefs
    with Session(engine) as session:
        label(session, run_id, pks[0], 0, "true_positive")
        label(session, run_id, pks[0], 1, "false_positive")
        label(session, run_id, pks[3], 2, "skip")
        rows = db.list_briefs(session=session, run_id=run_id, reviewer="ana")
        assert [
            (r.brief_id, r.flags, r.labeled, r.true_positives, r.false_positives) for r in rows
        ] == [
            ("b0", 2, 2, 1, 1),
            ("b1", 0, 0, 0, 0),
            ("b2", 1, 0, 0, 0),
            ("b3", 3, 1, 0, 0),
        ]
        page = db.list_briefs(session=session, run_id=run_id, reviewer="ana", offset=1, limit=2)
        assert [r.brief_id for r in page] == ["b1", "b2"]
        assert db.count_briefs(session=session, run_id=run_id, reviewer="ana") == 4
        # another reviewer has labeled nothing
        assert all(
            r.labeled == 0 for r in db.list_briefs(session=session, run_id=run_id, reviewer="bob")
        )


@pytest.mark.parametrize(
    ("filter", "expected"),
    [
        ("unlabeled", ["b2", "b3"]),
        ("false_positive", ["b0"]),
        ("true_positive", ["b0", "b3"]),
        ("all", ["b0", "b1", "b2", "b3"]),
    ],
)
def test_list_briefs_filters_match_count_briefs(four_briefs, filter, expected):
    engine, run_id, pks = four_briefs
    with Session(engine) as session:
        label(session, run_id, pks[0], 0, "true_positive")
        label(session, run_id, pks[0], 1, "false_positive")
        label(session, run_id, pks[3], 1, "true_positive")
        rows = db.list_briefs(session=session, run_id=run_id, reviewer="ana", filter=filter)
        assert [r.brief_id for r in rows] == expected
        assert db.count_briefs(
            session=session, run_id=run_id, reviewer="ana", filter=filter
        ) == len(expected)
        for built in (False, True):  # with the reviewer's progress kept, the list hops
            if built:
                ensure_progress(session=session, run_id=run_id, reviewer="ana")
            listed = db.list_briefs(session=session, run_id=run_id, reviewer="ana", filter=filter)
            assert [r.brief_id for r in listed] == expected
            for name, pk in zip(["b0", "b1", "b2", "b3"], pks, strict=True):
                at = db.brief_position(
                    session=session, run_id=run_id, reviewer="ana", brief_pk=pk, filter=filter
                )
                assert at == (expected.index(name) if name in expected else None), (name, built)


def test_search_matches_id_or_text_literally(four_briefs):
    engine, run_id, pks = four_briefs
    with Session(engine) as session:
        assert [
            r.brief_id
            for r in db.list_briefs(session=session, run_id=run_id, reviewer="ana", search="B3")
        ] == ["b3"]
        assert [
            r.brief_id
            for r in db.list_briefs(
                session=session, run_id=run_id, reviewer="ana", search="Brief 2:"
            )
        ] == ["b2"]
        assert db.count_briefs(session=session, run_id=run_id, reviewer="ana", search="%") == 0
        found = {
            pk: db.brief_position(
                session=session, run_id=run_id, reviewer="ana", brief_pk=pk, search="Brief"
            )
            for pk in pks
        }
        assert list(found.values()) == [0, 1, 2, 3]
        assert (
            db.brief_position(
                session=session, run_id=run_id, reviewer="ana", brief_pk=pks[2], search="B3"
            )
            is None
        )


def test_unknown_filter_is_refused(four_briefs):
    engine, run_id, _ = four_briefs
    with Session(engine) as session, pytest.raises(ValueError, match="filter must be one of"):
        db.list_briefs(session=session, run_id=run_id, reviewer="ana", filter="maybe")


def test_next_unlabeled_follows_position_and_wraps(four_briefs):
    engine, run_id, pks = four_briefs
    with Session(engine) as session:
        nxt = db.next_unlabeled(session=session, run_id=run_id, reviewer="ana")
        assert (nxt.brief_pk, nxt.start) == (pks[0], 20)
        nxt = db.next_unlabeled(session=session, run_id=run_id, reviewer="ana", after=(pks[0], 20))
        assert (nxt.brief_pk, nxt.start) == (pks[0], 31)
        nxt = db.next_unlabeled(session=session, run_id=run_id, reviewer="ana", after=(pks[0], 31))
        assert (nxt.brief_pk, nxt.start) == (pks[2], 20)
        label(session, run_id, pks[0], 0, "true_positive")
        # after the last flag it wraps to the first one still open
        nxt = db.next_unlabeled(session=session, run_id=run_id, reviewer="ana", after=(pks[3], 31))
        assert (nxt.brief_pk, nxt.start) == (pks[0], 31)
        for pk, n in ((pks[0], 2), (pks[2], 1), (pks[3], 3)):
            for i in range(n):
                label(session, run_id, pk, i, "skip")
        assert db.next_unlabeled(session=session, run_id=run_id, reviewer="ana") is None
        assert db.next_unlabeled(session=session, run_id=run_id, reviewer="bob") is not None


def test_next_unlabeled_walks_an_index(four_briefs):
    engine, run_id, pks = four_briefs
    if engine.dialect.name != "sqlite":
        pytest.skip("reads SQLite's query plan")
    statements = []

    def capture(conn, cursor, statement, parameters, context, executemany):
        statements.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", capture)
    with Session(engine) as session:
        db.next_unlabeled(session=session, run_id=run_id, reviewer="ana", after=(pks[0], 20))
    event.remove(engine, "before_cursor_execute", capture)
    statement, parameters = next((s, p) for s, p in statements if "flagrecord" in s)
    with engine.connect() as conn:
        plan = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters).all()
    details = " ".join(str(r[-1]) for r in plan)
    assert "ix_flag_run_brief_start" in details
    assert "TEMP B-TREE" not in details


def test_get_brief_returns_text_pool_and_meta(four_briefs):
    engine, _, pks = four_briefs
    with Session(engine) as session:
        view = db.get_brief(session=session, brief_pk=pks[1])
        assert view.brief_id == "b1" and view.text.startswith("Brief 1:")
        assert [(k.name, k.value, k.unit) for k in view.pool] == [
            ("rhr", 52.0, "bpm"),
            ("tsb", -22.4, "none"),
        ]
        assert view.meta is None
        assert db.get_brief(session=session, brief_pk=999) is None


def test_latest_run_ignores_an_unfinished_run(four_briefs):
    engine, run_id, _ = four_briefs
    with Session(engine) as session:
        start_run(session, detector="test", version="9", config="{}")
        session.commit()
        assert db.latest_run(session=session).id == run_id


def test_precision_stats_counts_interval_and_breakdowns(four_briefs):
    engine, run_id, pks = four_briefs
    with Session(engine) as session:
        label(session, run_id, pks[0], 0, "true_positive")
        label(session, run_id, pks[0], 1, "false_positive")
        label(session, run_id, pks[2], 0, "true_positive")
        label(session, run_id, pks[3], 0, "skip")
        stats = db.precision_stats(session=session, reviewer="ana")
        assert stats["run_id"] == run_id
        assert (
            stats["flags"],
            stats["labeled"],
            stats["true_positives"],
            stats["false_positives"],
            stats["skipped"],
        ) == (6, 4, 2, 1, 1)
        # labels chosen by hand are no sample: the two flags without one are unmeasured,
        # so precision has bounds (all false .. all true), not an interval
        assert stats["precision"] is None and stats["unmeasured"] == ["new"]
        # ...and the skip is no verdict: unknown too, so 2 to 5 of the 6 may be true
        assert stats["precision_ci"] == pytest.approx([2 / 6, 5 / 6])
        assert stats["labeled_precision"]["precision"] == pytest.approx(2 / 3)
        assert stats["labeled_precision"]["precision_ci"] == pytest.approx(
            list(wilson_interval(2, 3))
        )
        assert stats["coverage"] == pytest.approx(4 / 6)
        assert stats["labels_needed"] == 2  # the two left, with the correction
        assert stats["by_kind"]["sign"]["false_positives"] == 1
        assert stats["by_kind"]["value"]["true_positives"] == 2
        assert stats["by_unit"]["bpm"]["flags"] == 4
        # a second run flagging only one labeled span: by_run shows both, side by side
        run2 = add_run(engine, pks[:1], [[flag(20, "55", 55.0)]])
        stats = db.precision_stats(session=session, reviewer="ana")
        assert stats["run_id"] == run2 and stats["flags"] == 1 and stats["true_positives"] == 1
        assert [(r["run_id"], r["flags"], r["labeled"]) for r in stats["by_run"]] == [
            (run_id, 6, 4),
            (run2, 1, 1),
        ]
        assert db.precision_stats(session=session, run_id=run_id, reviewer="bob")["labeled"] == 0
        with pytest.raises(ValueError, match="no detector run"):
            db.precision_stats(session=session, run_id=99)


def test_production_rate_is_the_mean_invention_rate(four_briefs):
    engine, run_id, _ = four_briefs
    with Session(engine) as session:
        # seed: 3 checkable tokens per brief, flags 2, 0, 1, 3
        assert db.production_rate(session=session, run_id=run_id) == pytest.approx(
            (2 + 0 + 1 + 3) / 3 / 4
        )
