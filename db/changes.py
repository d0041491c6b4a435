"""The review app's view of a change set: a run's flags as new or same against its previous
run, the previous run's gone flags, and the next unlabeled flag of one class.

"new" flags are the run's own flags whose claim the previous run did not flag; "same"
the ones it did; "gone" flags are the *previous* run's flags whose claim this run does not
flag: they are shown faintly where they were and can be labeled like any other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import ColumnElement, Select, exists, func, select, tuple_

from db.queries import _flag_select, _flag_view, _verdicts
from db.runs import CHANGES, Change
from db.tables import Db
from db.tables import briefscan as BS
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import runtally as T
from db.views import FlagView


def _in_run(run_id: int) -> ColumnElement[bool]:
    """The claim of the flag row F is flagged by `run_id` too."""
    twin = F.alias()
    return exists().where(twin.c.run_id == run_id, twin.c.claim_id == F.c.claim_id)


def _class_of(change: Change, run_id: int, previous: int) -> tuple[int, ColumnElement[bool]]:
    """Which run's flag rows hold a class, and the condition that picks them."""
    if change not in CHANGES:
        raise ValueError(f"change must be one of {', '.join(CHANGES)}, got {change!r}")
    if change == "gone":
        return previous, ~_in_run(run_id)
    return run_id, _in_run(previous) if change == "same" else ~_in_run(previous)


def check_shareable(change: Change) -> None:
    """A class of the run's own flags, new or same: gone flags are the previous run's."""
    if change not in CHANGES:
        raise ValueError(f"change must be one of {', '.join(CHANGES)}, got {change!r}")
    if change == "gone":
        raise ValueError("gone flags are the previous run's own: they are not this run's to share")


def class_condition(*, run_id: int, previous: int, change: Change) -> ColumnElement[bool]:
    """Whether a flag row of the run is of one class, new or same (what a shared review of
    that class walks)."""
    check_shareable(change)
    return _class_of(change, run_id, previous)[1]


def claim_in_class(
    claim: ColumnElement[int], *, run_id: int, previous: int, change: Change
) -> ColumnElement[bool]:
    """Whether `claim` (a column of another table: a label's claim) is one of the run's
    flags of a class, new or same: two lookups in the flags' index per claim, so a count
    from the labels' side costs what the labels number, not the run's flags."""
    check_shareable(change)
    own = exists().where(F.c.run_id == run_id, F.c.claim_id == claim)
    before = exists().where(F.c.run_id == previous, F.c.claim_id == claim)
    return own & (before if change == "same" else ~before)


def class_size(*, db: Db, run_id: int, previous: int, change: Change) -> int:
    """How many of the run's flags are of a class, new or same: from the count stored when
    the run finished against its previous run, else counted."""
    stored = db.execute(
        select(R.c.same_as, R.c.same_flags, R.c.status).where(R.c.id == run_id)
    ).first()
    if (
        stored is not None
        and stored.status == "finished"
        and stored.same_as == previous
        and stored.same_flags is not None
    ):
        same = int(stored.same_flags)
        if change == "same":
            return same
        # the run's flags as its tallies keep them (the "" rows), else counted
        kept = (T.c.run_id == run_id, T.c.reviewer == "", T.c.verdict == "")
        flags = db.scalar(select(func.sum(T.c.n)).where(*kept))
        if flags is None:
            flags = db.scalar(select(func.count()).where(F.c.run_id == run_id))
        return int(flags or 0) - same
    condition = class_condition(run_id=run_id, previous=previous, change=change)
    return int(db.scalar(select(func.count()).where(F.c.run_id == run_id, condition)) or 0)


def brief_changes(
    *, db: Db, run_id: int, previous: int | None, brief_pk: int, reviewer: str | None
) -> list[FlagView]:
    """A brief's flags as the app shows them against the previous run: the run's own,
    each marked new or same, and the previous run's gone flags, by position."""
    query = _flag_select(reviewer).where(F.c.run_id == run_id, F.c.brief_pk == brief_pk)
    if previous is None:
        return [_flag_view(r) for r in db.execute(query.order_by(F.c.start, F.c.pk))]
    seen = _in_run(previous).label("seen")
    flags = [
        replace(_flag_view(row[:-1]), change="same" if row[-1] else "new")
        for row in db.execute(query.add_columns(seen).order_by(F.c.start, F.c.pk))
    ]
    gone = _flag_select(reviewer).where(
        F.c.run_id == previous, F.c.brief_pk == brief_pk, ~_in_run(run_id)
    )
    flags += [replace(_flag_view(row), change="gone") for row in db.execute(gone)]
    flags.sort(key=lambda f: (f.start, f.change == "gone", f.flag_pk))
    return flags


def briefs_with(run_id: int, previous: int, change: Change) -> Select[Any]:
    """The brief pks holding a flag of this class (a brief list filter)."""
    holder, condition = _class_of(change, run_id, previous)
    return select(F.c.brief_pk).where(F.c.run_id == holder, condition)


def next_unlabeled_change(
    *,
    db: Db,
    run_id: int,
    previous: int,
    change: Change,
    reviewer: str | None,
    after: tuple[int, int] | None = None,
) -> FlagView | None:
    """The first flag of one class without a current verdict after (brief_pk, start),
    wrapping around: what `review --only new|gone|same` walks."""
    holder, condition = _class_of(change, run_id, previous)
    _, verdict, _ = _verdicts(reviewer)
    base = _flag_select(reviewer).where(F.c.run_id == holder, condition, verdict.is_(None))
    base = base.order_by(F.c.brief_pk, F.c.start, F.c.pk).limit(1)
    if holder != run_id:  # gone flags: only on briefs this run covers
        covered = exists().where(BS.c.run_id == run_id, BS.c.brief_pk == F.c.brief_pk)
        base = base.where(covered)
    if after is not None:
        row = db.execute(base.where(tuple_(F.c.brief_pk, F.c.start) > tuple_(*after))).first()
        if row is not None:
            return replace(_flag_view(row), change=change)
    row = db.execute(base).first()
    return replace(_flag_view(row), change=change) if row is not None else None
