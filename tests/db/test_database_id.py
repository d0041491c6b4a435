"""A database's own id, which a learned model names: made once, kept, read back the same,
and what store_model makes of a model learned elsewhere. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

from sqlalchemy import text
from sqlmodel import Session

import db
from db.learned import database_id, store_model


def model_body(database: str | None, run: int | None = None, last_label: int = 7) -> str:
    trained = {"run": run, "last_label": last_label, "last_miss": None, "examples": 10,
               "contradictions": 5, "briefs": 4, "detector": "default"}  # fmt: skip
    if database is not None:
        trained["database"] = database
    return json.dumps({"format": "reviewer-model/1", "trained_on": trained})


def test_the_id_is_made_once_and_a_foreign_model_keeps_no_run_of_ours(database) -> None:
    engine = db.make_engine(database)
    try:
        with Session(engine) as session:
            assert database_id(session=session) is None  # not made by reading it
            made = database_id(session=session, create=True)
            session.commit()
            assert made and database_id(session=session, create=True) == made
            here = store_model(session=session, name="here", body=model_body(made))
            away = store_model(session=session, name="away", body=model_body("elsewhere"))
            older = store_model(session=session, name="older", body=model_body(None))
        with engine.connect() as connection:
            rows = dict(
                (name, (run, last))
                for name, run, last in connection.execute(
                    text("SELECT name, run_id, last_label FROM learnedmodel")
                )
            )
            (kept,) = connection.execute(
                text("SELECT value FROM meta WHERE key = 'database_id'")
            ).one()
    finally:
        engine.dispose()
    assert kept == made and len({here, away, older}) == 3
    assert rows["here"] == (None, 7)  # learned in this database: its labels are ours
    assert rows["away"] == rows["older"] == (None, None)  # no label here yet to hold back
