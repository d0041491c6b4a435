"""A stored run's flags read back from the database, to compare two runs field by field."""

from __future__ import annotations

from sqlalchemy import select

import db
from db.tables import brief as B
from db.tables import detectorrun as R
from db.tables import flagrecord as F

FIELDS = ("start", "end", "token", "value", "unit", "nearest", "nearest_value", "delta", "kind")


def run_flags(url_or_path: str, run_id: int) -> list[tuple]:
    """(brief id, *FIELDS, basis) of every flag of the run, sorted."""
    engine = db.open_existing(url_or_path)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                select(B.c.brief_id, *(F.c[name] for name in FIELDS), F.c.basis)
                .select_from(F.join(B, B.c.pk == F.c.brief_pk))
                .where(F.c.run_id == run_id)
            )
            return sorted(tuple(row) for row in rows)
    finally:
        engine.dispose()


def run_row(url_or_path: str, run_id: int) -> dict:
    engine = db.open_existing(url_or_path)
    try:
        with engine.connect() as connection:
            row = connection.execute(select(R).where(R.c.id == run_id)).one()
            return dict(row._mapping)
    finally:
        engine.dispose()
