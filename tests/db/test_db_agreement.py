"""Ratings for agreement and the list of disagreements, read from a real SQLite file."""

from __future__ import annotations

from sqlmodel import Session

import db
from db.agreement import disagreements, run_ratings
from tests.support.db_seed import add_run, flag, seed


def label(session, claim_id: int, reviewer: str, verdict: str) -> None:
    db.record_label(session=session, claim_id=claim_id, reviewer=reviewer, verdict=verdict)


def test_ratings_hold_only_doubly_rated_claims_of_the_run(tmp_path) -> None:
    engine, run_id, pks = seed(
        tmp_path / "r.db",
        [[flag(10, "55", 55.0), flag(20, "22.4", 22.4, "sign", "none")], [flag(10, "55", 55.0)]],
    )
    with Session(engine) as session:
        flags = [
            f
            for pk in pks
            for f in db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer="a")
        ]
        first, second, third = (f.claim_id for f in flags)
        label(session, first, "ann", "true_positive")
        label(session, first, "bob", "false_positive")
        label(session, second, "ann", "true_positive")
        label(session, second, "bob", "true_positive")
        label(session, second, "cy", "skip")  # cannot tell: not a rating
        label(session, third, "ann", "false_positive")  # one rating only
        label(session, third, "bob", "skip")
        ratings = run_ratings(session=session, run_id=run_id)
        assert ratings.verdicts == {
            first: {"ann": "true_positive", "bob": "false_positive"},
            second: {"ann": "true_positive", "bob": "true_positive"},
        }
        assert ratings.kinds == {first: "value", second: "sign"}

        (split,) = disagreements(session=session, run_id=run_id)
        assert (split.claim_id, split.brief_id, split.token, split.kind) == (
            first, "b0", "55", "value",
        )  # fmt: skip
        assert split.verdicts == {"ann": "true_positive", "bob": "false_positive"}

        # bob changes his mind: the disagreement is gone, the rating follows his newest label
        label(session, first, "bob", "true_positive")
        assert disagreements(session=session, run_id=run_id) == []
        db.undo_last_label(session=session, reviewer="bob")
        assert [d.claim_id for d in disagreements(session=session, run_id=run_id)] == [first]

        # a later run that no longer flags the first claim has no ratings on it
        later = add_run(engine, pks, [[flag(20, "22.4", 22.4, "sign", "none")], []])
        assert set(run_ratings(session=session, run_id=later).verdicts) == {second}
    engine.dispose()
