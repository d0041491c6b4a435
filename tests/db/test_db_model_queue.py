"""The random queue of a run made with a learned model gives first the flags nobody has
labeled since the model was learned, so the estimate from labels made after training
fills up first; a run of the rules alone keeps its plain random order. On a real database
(SQLite and PostgreSQL) made by the real commands: learn, then flag --model."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text
from sqlmodel import Session

import db
from db.queue import is_next_in_queue, next_in_queue
from tests.cli.test_cli_model_probability import made_with_model


def queue_order(where: str, run_id: int) -> list[tuple[int, int]]:
    """(flag pk, claim id) of the run's flags in its random order."""
    engine = db.make_engine(where)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT pk, claim_id FROM flagrecord WHERE run_id = :run "
                 "ORDER BY queue_rank, pk"), {"run": run_id},
        ).all()  # fmt: skip
    engine.dispose()
    return [tuple(row) for row in rows]


def label(where: str, claim_ids: list[int], reviewer: str, run_id: int) -> None:
    engine = db.make_engine(where)
    with Session(engine) as session:
        for claim_id in claim_ids:
            db.record_label(session=session, claim_id=claim_id, reviewer=reviewer,
                            verdict="true_positive", run_id=run_id)  # fmt: skip
    engine.dispose()


def test_a_model_runs_queue_gives_the_flags_unlabeled_since_training_first(
    database: str, tmp_path: Path
) -> None:
    made_with_model(database, tmp_path)
    model_run, rules_run = queue_order(database, 2), queue_order(database, 1)
    # carla labels, after the model was learned, the first three of the model run's queue
    # and the first of the rules' run (a claim both runs flag is then labeled in both)
    carla = {claim for _, claim in model_run[:3]} | {rules_run[0][1]}
    label(database, sorted(carla), "carla", 2)
    fresh = [pk for pk, claim in model_run if claim not in carla]
    engine = db.make_engine(database)
    with engine.connect() as connection:
        first = next_in_queue(session=connection, run_id=2, reviewer="bob")
        after = next_in_queue(session=connection, run_id=2, reviewer="bob",
                              after=(10**12, model_run[-1][0]))  # fmt: skip
        rules = next_in_queue(session=connection, run_id=1, reviewer="bob")
        offered = {
            pk: is_next_in_queue(session=connection, run_id=2, reviewer="bob", flag_pk=pk)
            for pk, _ in model_run
        }
    engine.dispose()
    assert first is not None and first.flag_pk == fresh[0] != model_run[0][0]  # past carla's
    assert after is not None and after.flag_pk == fresh[0]  # wrapping around
    assert rules is not None and rules.flag_pk == rules_run[0][0]  # the rules' run: as it was
    assert offered == {pk: pk == fresh[0] for pk, _ in model_run}
