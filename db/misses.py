"""Missed contradictions, briefs read in full, and the recall they measure.

A miss is a number the detector checked but did not flag, which a reviewer says
contradicts a known value. Once a brief is marked fully reviewed, its contradictions are
known: the claims labeled true plus its misses. A run's recall over those briefs is the
share of them it flags (a miss counts as caught by a run that flags its span).
Every write commits before returning, like a label.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import Row, delete, insert, select, update

from db.labels import LabelRow, undo_last_label
from db.strata import run_recall
from db.tables import Db, utcnow
from db.tables import brief as B
from db.tables import label as L
from db.tables import miss as M
from db.tables import pool as P
from db.tables import reviewedbrief as RB
from db.views import pool_from_json
from reviewer.regression import Fixture

# A miss as stored: a row with the columns of db.tables.miss as attributes
MissRow = Row[Any]

__all__ = ["run_recall"]  # with the functions below


def record_miss(
    *,
    session: Db,
    brief_pk: int,
    reviewer: str,
    start: int,
    end: int,
    token: str,
    value: float,
    unit: str,
    known: str,
    known_value: float,
    run_id: int | None = None,
    note: str | None = None,
) -> MissRow:
    """Mark a checked, unflagged number as a contradiction of the known value `known`."""
    if not reviewer:
        raise ValueError("a miss needs a reviewer name")
    text = session.scalar(select(B.c.text).where(B.c.pk == brief_pk))
    if text is None:
        raise ValueError(f"no brief {brief_pk}")
    if text[start:end] != token:
        raise ValueError(f"brief {brief_pk} has no {token!r} at {start}-{end}")
    added = session.execute(
        insert(M).values(
            brief_pk=brief_pk,
            run_id=run_id,
            reviewer=reviewer,
            start=start,
            end=end,
            token=token,
            value=value,
            unit=unit,
            known=known,
            known_value=known_value,
            note=note,
            created_at=utcnow(),
        )
    )
    session.commit()
    return session.execute(select(M).where(M.c.id == added.inserted_primary_key[0])).one()


def brief_misses(*, session: Db, brief_pk: int, reviewer: str | None = None) -> list[MissRow]:
    """The live misses marked in a brief (by one reviewer, or anyone), by position."""
    query = select(M).where(M.c.brief_pk == brief_pk, M.c.undone_at.is_(None))
    if reviewer is not None:
        query = query.where(M.c.reviewer == reviewer)
    return list(session.execute(query.order_by(M.c.start, M.c.id)))


def undo_last(*, session: Db, reviewer: str, **wait: Any) -> tuple[str, LabelRow | MissRow] | None:
    """Undo the reviewer's newest live label or miss, whichever came last:
    ("label", the label) or ("miss", the miss); None when there is nothing to undo. `wait`
    (patience, on_retry) goes to db.labels.undo_last_label."""
    newest_miss = session.execute(
        select(M.c.id, M.c.created_at)
        .where(M.c.reviewer == reviewer, M.c.undone_at.is_(None))
        .order_by(M.c.id.desc())
        .limit(1)
    ).first()
    newest_label = session.execute(
        select(L.c.created_at)
        .where(L.c.reviewer == reviewer, L.c.undone_at.is_(None))
        .order_by(L.c.id.desc())
        .limit(1)
    ).first()
    if newest_miss is not None and (
        newest_label is None or newest_miss.created_at >= newest_label.created_at
    ):
        session.execute(update(M).where(M.c.id == newest_miss.id).values(undone_at=utcnow()))
        session.commit()
        return "miss", session.execute(select(M).where(M.c.id == newest_miss.id)).one()
    label = undo_last_label(session=session, reviewer=reviewer, **wait)
    return None if label is None else ("label", label)


def set_reviewed(
    *, session: Db, brief_pk: int, reviewer: str, reviewed: bool = True, run_id: int | None = None
) -> None:
    """Mark (or unmark) a brief as read in full by the reviewer."""
    session.execute(delete(RB).where(RB.c.brief_pk == brief_pk, RB.c.reviewer == reviewer))
    if reviewed:
        session.execute(
            insert(RB).values(
                brief_pk=brief_pk, reviewer=reviewer, run_id=run_id, created_at=utcnow()
            )
        )
    session.commit()


def is_reviewed(*, session: Db, brief_pk: int, reviewer: str) -> bool:
    found = select(RB.c.brief_pk).where(RB.c.brief_pk == brief_pk, RB.c.reviewer == reviewer)
    return session.scalar(found) is not None


def miss_fixtures(*, session: Db, reviewer: str | None = None) -> list[Fixture]:
    """Live misses as must-flag fixtures (a true positive the detector has yet to flag)."""
    query = (
        select(M, B.c.brief_id, B.c.text, P.c.knowns)
        .select_from(M.join(B, B.c.pk == M.c.brief_pk).join(P, P.c.pk == B.c.pool_pk))
        .where(M.c.undone_at.is_(None))
        .order_by(M.c.brief_pk, M.c.start, M.c.id)
    )
    if reviewer is not None:
        query = query.where(M.c.reviewer == reviewer)
    fixtures: dict[tuple[str, int, int, str], Fixture] = {}
    for row in session.execute(query):
        if row.text[row.start : row.end] != row.token:
            continue  # the brief was replaced since: the words are gone
        said = f"missed: contradicts {row.known} {row.known_value:g}"
        note = f"{said}; {row.note}" if row.note else said
        key = (row.brief_id, row.start, row.end, row.token)
        if key in fixtures:  # marked by several reviewers: one fixture
            kept = fixtures[key]
            fixtures[key] = replace(kept, reviewer=f"{kept.reviewer}, {row.reviewer}")
            continue
        fixtures[key] = Fixture(
            brief_id=row.brief_id, text=row.text, pool=pool_from_json(row.knowns),
            start=row.start, end=row.end, token=row.token, verdict="true_positive",
            reviewer=row.reviewer, note=note,
        )  # fmt: skip
    return list(fixtures.values())
