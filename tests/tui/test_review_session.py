"""The review session without the app: labels, undo, the cursor and the run's counts,
checked against the database it writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine

import db
from reviewer.tui.session import ReviewSession
from tests.support.tui_seed import seed


@pytest.fixture
def review(tmp_path: Path):
    engine = seed(tmp_path / "session.db")
    connection = engine.connect()
    run = db.latest_run(session=connection)
    yield ReviewSession(connection, run.id, "ann"), engine
    connection.close()
    engine.dispose()


def brief_named(review: ReviewSession, brief_id: str) -> int:
    rows = db.list_briefs(session=review.connection, run_id=review.run_id, reviewer="ann")
    return next(row.brief_pk for row in rows if row.brief_id == brief_id)


def stored_verdicts(engine: Engine, run_id: int, brief_pk: int) -> list[str | None]:
    with engine.connect() as other:  # what another connection sees: committed labels
        flags = db.brief_flags(session=other, run_id=run_id, brief_pk=brief_pk, reviewer="ann")
    return [f.verdict for f in flags]


def test_starts_at_the_first_unlabeled_flag(review) -> None:
    session, _ = review
    first = session.first_unlabeled()
    session.open(first.brief_pk, claim_id=first.claim_id)
    assert session.brief.brief_id == "brief-a"
    assert (session.index, session.current.token) == (0, "50")


def test_a_label_is_committed_and_the_cursor_moves_on(review) -> None:
    session, engine = review
    pk = brief_named(session, "brief-a")
    session.open(pk)
    before = session.label("true_positive")
    assert before is not None and before.verdict is None
    assert stored_verdicts(engine, session.run_id, pk) == ["true_positive", None, None]
    assert session.next_unlabeled() == "here"
    assert session.current.token == "22.4"
    assert session.labeled_here == 1
    row = session.brief_row()
    assert (row.flags, row.labeled, row.true_positives, row.false_positives) == (3, 1, 1, 0)


def test_the_next_unlabeled_flag_opens_the_next_brief_then_says_done(review) -> None:
    session, _ = review
    session.open(brief_named(session, "brief-a"), last=True)
    assert session.current.token == "5.3"
    assert session.next_unlabeled() == "opened"
    assert session.brief.brief_id == "brief-b"
    for _ in range(20):  # label everything that is left
        if session.label("skip") is None or session.next_unlabeled() == "done":
            break
    assert session.next_unlabeled() == "done"


def test_stepping_stays_inside_the_brief(review) -> None:
    session, _ = review
    session.open(brief_named(session, "brief-a"))
    assert session.step(-1) is False and session.index == 0
    assert session.step(1) and session.step(1) and session.index == 2
    assert session.step(1) is False and session.index == 2


def test_no_flag_no_label(review) -> None:
    session, _ = review
    session.open(brief_named(session, "brief-c"))
    assert session.current is None and session.index is None
    assert session.label("true_positive") is None
    assert session.set_note("why") is False


def test_undo_reopens_the_flag_and_keeps_the_counts(review) -> None:
    session, engine = review
    pk = brief_named(session, "brief-a")
    session.open(pk)
    session.set_totals(session.count_totals(session.connection))
    assert session.totals["labeled"] == 0
    session.label("false_positive")
    assert session.totals["labeled"] == 1 and session.totals["false_positive"] == 1
    session.open(brief_named(session, "brief-b"))
    _, label, token = session.undo()
    assert (label.verdict, token) == ("false_positive", "50")
    assert session.brief.brief_pk == pk and session.current.token == "50"
    assert session.totals["labeled"] == 0 and session.totals["false_positive"] == 0
    assert stored_verdicts(engine, session.run_id, pk) == [None, None, None]
    assert session.undo() is None


def test_counts_taken_while_a_label_landed_are_counted_again(review) -> None:
    session, _ = review
    session.open(brief_named(session, "brief-a"))
    counted = session.count_totals(session.connection)
    session.label("true_positive")  # before the totals arrive
    assert session.set_totals(counted) is False and session.totals is None
    assert session.set_totals(session.count_totals(session.connection)) is True
    assert session.totals["true_positive"] == 1


def test_a_note_is_saved_on_the_current_flag(review) -> None:
    session, engine = review
    pk = brief_named(session, "brief-a")
    session.open(pk)
    assert session.set_note("unit mix-up")
    assert session.current.note == "unit mix-up"
    with engine.connect() as other:
        flags = db.brief_flags(session=other, run_id=session.run_id, brief_pk=pk, reviewer="ann")
    assert flags[0].note == "unit mix-up"
