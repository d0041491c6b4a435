"""Labels on a real SQLite file: append-only history, undo, notes, carry-over between runs."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlmodel import Session

import db
from tests.support.db_seed import add_run, flag, seed


@pytest.fixture
def one_brief(database):
    """On a SQLite file and on PostgreSQL (the `database` fixture)."""
    engine, run_id, pks = seed(
        database, [[flag(20, "55", 55.0), flag(31, "22.4", 22.4, "sign", "none")]]
    )
    yield database, engine, run_id, pks[0]
    engine.dispose()


def verdicts(session, run_id, brief_pk, reviewer="ana"):
    return [
        f.verdict
        for f in db.brief_flags(
            session=session, run_id=run_id, brief_pk=brief_pk, reviewer=reviewer
        )
    ]


def test_latest_label_is_current_and_undo_walks_back_history(one_brief):
    _, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first, second = db.brief_flags(
            session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana"
        )
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="false_positive"
        )
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="true_positive"
        )
        db.record_label(session=session, claim_id=second.claim_id, reviewer="ana", verdict="skip")
        assert verdicts(session, run_id, brief_pk) == ["true_positive", "skip"]

        undone = db.undo_last_label(session=session, reviewer="ana")
        assert undone.claim_id == second.claim_id and undone.undone_at is not None
        assert verdicts(session, run_id, brief_pk) == ["true_positive", None]
        db.undo_last_label(session=session, reviewer="ana")
        assert verdicts(session, run_id, brief_pk) == ["false_positive", None]
        db.undo_last_label(session=session, reviewer="ana")
        assert verdicts(session, run_id, brief_pk) == [None, None]
        assert db.undo_last_label(session=session, reviewer="ana") is None
        # nothing was deleted: the three labels are all there, all marked undone
        assert session.scalar(select(func.count()).select_from(db.Label)) == 3


def test_undo_history_survives_reopening_the_file(one_brief):
    path, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        db.record_label(
            session=session,
            claim_id=first.claim_id,
            reviewer="ana",
            verdict="false_positive",
            note="clock time",
        )
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="true_positive"
        )
    engine.dispose()
    reopened = db.make_engine(str(path))
    with Session(reopened) as session:
        assert verdicts(session, run_id, brief_pk) == ["true_positive", None]
        db.undo_last_label(session=session, reviewer="ana")
        view = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        assert (view.verdict, view.note) == ("false_positive", "clock time")
    reopened.dispose()


def test_unknown_verdict_is_refused(one_brief):
    _, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        with pytest.raises(ValueError, match="verdict must be one of"):
            db.record_label(
                session=session, claim_id=first.claim_id, reviewer="ana", verdict="maybe"
            )
        assert session.scalar(select(func.count()).select_from(db.Label)) == 0


def test_notes_are_per_reviewer_and_kept_across_relabels(one_brief):
    _, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        db.set_note(session=session, claim_id=first.claim_id, reviewer="ana", note="pace, not rhr")
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="false_positive"
        )
        label = db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="skip"
        )
        assert label.note == "pace, not rhr"
        ana = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        bob = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="bob")[0]
        assert (ana.verdict, ana.note) == ("skip", "pace, not rhr")
        assert (bob.verdict, bob.note) == (None, None)
        db.set_note(session=session, claim_id=first.claim_id, reviewer="ana", note="")
        ana = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        assert ana.note is None and ana.verdict == "skip"


def test_reviewer_none_sees_the_team_verdict(one_brief):
    """Reviewers who differ leave the claim in dispute (it used to take the newest verdict
    of anyone, so the last to label won); an adjudicator's verdict settles it."""
    _, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer=None)[0]
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="false_positive"
        )
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="bob", verdict="true_positive"
        )
        assert verdicts(session, run_id, brief_pk, None) == ["disputed", None]
        db.record_label(session=session, claim_id=first.claim_id, reviewer="cy",
                        verdict="true_positive", role="adjudicator")  # fmt: skip
        assert verdicts(session, run_id, brief_pk, None) == ["true_positive", None]
        db.undo_last_label(session=session, reviewer="cy")
        assert verdicts(session, run_id, brief_pk, None) == ["disputed", None]
        db.undo_last_label(session=session, reviewer="bob")
        assert verdicts(session, run_id, brief_pk, None) == ["false_positive", None]
        assert verdicts(session, run_id, brief_pk, "bob") == [None, None]
        with pytest.raises(ValueError, match="role must be one of"):
            db.record_label(session=session, claim_id=first.claim_id, reviewer="cy",
                            verdict="true_positive", role="boss")  # fmt: skip


def test_labels_carry_over_to_a_new_run_flagging_the_same_span(one_brief):
    _, engine, run_id, brief_pk = one_brief
    with Session(engine) as session:
        first = db.brief_flags(session=session, run_id=run_id, brief_pk=brief_pk, reviewer="ana")[0]
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="false_positive"
        )
    # the new run flags the same first span, drops the second and adds a third
    run2 = add_run(engine, [brief_pk], [[flag(20, "55", 55.0), flag(8, "52", 50.0)]])
    with Session(engine) as session:
        flags = db.brief_flags(session=session, run_id=run2, brief_pk=brief_pk, reviewer="ana")
        assert [(f.start, f.verdict) for f in flags] == [(8, None), (20, "false_positive")]
        assert flags[1].claim_id == first.claim_id
        assert db.latest_run(session=session).id == run2
