"""Review progress (finished stretches of briefs) agrees with a plain recount after any
sequence of labels and undos, on a real SQLite file, for two runs and two reviewers."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text
from sqlmodel import Session

import db
from db import progress
from db.models import DoneSpan, ReviewProgress
from tests.support.db_seed import add_run, flag, seed

STARTS = (8, 20, 31)


def brief_flags(layout: list[int]) -> list[list]:
    """Brief i gets the first layout[i] of three flag positions (0 = an unflagged brief)."""
    return [[flag(s, str(s), float(s)) for s in STARTS[:n]] for n in layout]


def open_flags(session: Session, run_id: int, pks: list[int], reviewer: str) -> list[tuple]:
    found = []
    for pk in pks:
        for f in db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer=reviewer):
            if f.verdict is None:
                found.append((f.brief_pk, f.start))
    return sorted(found)


def expected_next(opened: list[tuple], after: tuple[int, int] | None) -> tuple | None:
    later = [f for f in opened if after is None or f > after]
    return (later or opened or [None])[0]


def check(session: Session, run_id: int, pks: list[int], reviewer: str) -> None:
    """Hops give what a recount gives: next flag from anywhere, count, pages; and the stored
    spans are exactly the maximal ones a fresh build would make."""
    opened = open_flags(session, run_id, pks, reviewer)
    positions = [None, (pks[0] - 1, 0)] + [(pk, s) for pk in pks for s in (0, 20, 99)]
    for after in positions:
        found = db.next_unlabeled(session=session, run_id=run_id, reviewer=reviewer, after=after)
        got = None if found is None else (found.brief_pk, found.start)
        assert got == expected_next(opened, after), after
    open_briefs = sorted({pk for pk, _ in opened})
    kw = {"session": session, "run_id": run_id, "reviewer": reviewer, "filter": "unlabeled"}
    assert db.count_briefs(**kw) == len(open_briefs)
    for offset in range(0, len(open_briefs) + 2, 2):
        page = db.list_briefs(**kw, offset=offset, limit=2)
        assert [r.brief_pk for r in page] == open_briefs[offset : offset + 2]
    stored = session.execute(
        select(DoneSpan.lo, DoneSpan.hi, DoneSpan.briefs)
        .where(DoneSpan.run_id == run_id, DoneSpan.reviewer == reviewer)
        .order_by(DoneSpan.lo)
    ).all()
    assert [tuple(r) for r in stored] == progress.compute_spans(session, run_id, reviewer)
    done = session.get(ReviewProgress, (run_id, reviewer)).done
    assert done == sum(r.briefs for r in stored)


operation = st.one_of(
    st.tuples(
        st.just("label"),
        st.integers(0, 9),
        st.integers(0, 2),
        st.sampled_from(["true_positive", "false_positive", "skip"]),
        st.sampled_from(["ana", "bob"]),
    ),
    st.tuples(st.just("finish"), st.integers(0, 9)),
    st.tuples(st.just("undo"), st.sampled_from(["ana", "bob"])),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    layout=st.lists(st.integers(0, 3), min_size=1, max_size=8),
    ops=st.lists(operation, max_size=30),
    build_at=st.integers(0, 6),
)
def test_progress_matches_a_recount_after_any_labels_and_undos(layout, ops, build_at):
    with tempfile.TemporaryDirectory() as folder:
        engine, run1, pks = seed(Path(folder) / "p.db", brief_flags(layout))
        # a second run flags the same spans of every other brief, so labels count in both
        run2 = add_run(engine, pks, brief_flags([n if i % 2 else 0 for i, n in enumerate(layout)]))
        built = False
        with Session(engine) as session:
            for step, op in enumerate(ops):
                if step == build_at:
                    for run_id in (run1, run2):
                        db.progress.ensure_progress(session=session, run_id=run_id, reviewer="ana")
                    built = True
                if op[0] == "finish":  # every flag of one brief, as ana
                    pk = pks[op[1] % len(pks)]
                    for f in db.brief_flags(
                        session=session, run_id=run1, brief_pk=pk, reviewer="ana"
                    ):
                        db.record_label(
                            session=session, claim_id=f.claim_id, reviewer="ana", verdict="skip"
                        )
                elif op[0] == "undo":
                    db.undo_last_label(session=session, reviewer=op[1])
                else:
                    _, i, j, verdict, reviewer = op
                    pk = pks[i % len(pks)]
                    flags = db.brief_flags(
                        session=session, run_id=run1, brief_pk=pk, reviewer=reviewer
                    )
                    if flags:
                        claim = flags[j % len(flags)].claim_id
                        db.record_label(
                            session=session, claim_id=claim, reviewer=reviewer, verdict=verdict
                        )
                if built:
                    check(session, run1, pks, "ana")
                    check(session, run2, pks, "ana")
            for run_id in (run1, run2):
                db.progress.ensure_progress(session=session, run_id=run_id, reviewer="ana")
                check(session, run_id, pks, "ana")
        engine.dispose()


def test_next_unlabeled_hops_instead_of_scanning(tmp_path):
    """With all but the last brief finished, the hop path reads a handful of rows."""
    engine, run_id, pks = seed(tmp_path / "h.db", brief_flags([3] * 60))
    with Session(engine) as session:
        progress.ensure_progress(session=session, run_id=run_id, reviewer="ana")
        for pk in pks[:-1]:
            for f in db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer="ana"):
                db.record_label(
                    session=session, claim_id=f.claim_id, reviewer="ana", verdict="skip"
                )
        assert session.execute(text("SELECT count(*) FROM donespan")).scalar() == 1
        steps = []
        connection = session.connection().connection.driver_connection
        connection.set_progress_handler(lambda: steps.append(1), 100)
        found = db.next_unlabeled(session=session, run_id=run_id, reviewer="ana", after=(1, 0))
        connection.set_progress_handler(None, 100)
        assert (found.brief_pk, found.start) == (pks[-1], 8)
        # a scan of the 177 labeled flags, each probed, takes thousands of VM steps
        assert len(steps) < 40
    engine.dispose()
