"""Review progress: stretches of briefs a reviewer has finished, so that the next unlabeled
flag, the unlabeled filter and its count hop over finished work instead of scanning flags.

A flagged brief is *done* for a reviewer when every flag of the run on it has a current
verdict (a skip counts). DoneSpan rows cover maximal stretches of done briefs among the
run's flagged briefs, in brief order, so a flagged brief outside every span has at least
one unlabeled flag. `ensure_progress` builds the rows once per run and reviewer; from then
on `moved`, called by the label functions, keeps them in step with every label and undo.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, text, update

from db.tables import Db, engine_of
from db.tables import briefscan as BS
from db.tables import donespan as DS
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import reviewprogress as RP
from db.writing import transaction

# The reviewer's finished briefs of a run, each with the run's next flagged brief after it:
# driven by the reviewer's labels (CROSS JOIN keeps SQLite from walking every flag of the
# run instead), so a new reviewer costs nothing.
FINISHED = text("""
WITH labeled AS (
    SELECT f.brief_pk, count(*) AS n
    FROM labelstate ls CROSS JOIN flagrecord f
    WHERE ls.reviewer = :reviewer AND ls.verdict IS NOT NULL
    AND f.claim_id = ls.claim_id AND f.run_id = :run
    GROUP BY f.brief_pk
)
SELECT b.brief_pk,
       (SELECT n.brief_pk FROM briefscan n WHERE n.run_id = :run AND n.flags > 0
        AND n.brief_pk > b.brief_pk ORDER BY n.brief_pk LIMIT 1) AS next_pk
FROM labeled JOIN briefscan b ON b.run_id = :run AND b.brief_pk = labeled.brief_pk
WHERE b.flags > 0 AND labeled.n >= b.flags
ORDER BY b.brief_pk
""")

# The open (not done) briefs in order: from each position, the next flagged brief, or the
# end of the span it falls in (a `hop` row, not counted). Hops never chain on maximal
# spans, and stay correct (only slower) on any others.
_NEXT = (
    "(SELECT b.brief_pk FROM briefscan b WHERE b.run_id = :run AND b.flags > 0 "
    "AND b.brief_pk > walk.pk ORDER BY b.brief_pk LIMIT 1)"
)
_HI = (
    "(SELECT s.hi FROM donespan s WHERE s.run_id = :run AND s.reviewer = :reviewer "
    f"AND s.lo <= {_NEXT} ORDER BY s.lo DESC LIMIT 1)"
)
_HOP = f"(CASE WHEN {_HI} >= {_NEXT} THEN 1 ELSE 0 END)"  # an integer on every backend
OPEN_WALK = text(f"""
WITH RECURSIVE walk(pk, n, hop) AS (
    SELECT CAST(:after AS INTEGER), 0, 1
    UNION ALL
    SELECT CASE WHEN {_HOP} = 1 THEN {_HI} ELSE {_NEXT} END,
           walk.n + 1 - {_HOP},
           {_HOP}
    FROM walk WHERE walk.pk IS NOT NULL AND walk.n < :stop
)
SELECT pk FROM walk WHERE hop = 0 AND pk IS NOT NULL AND n > :offset ORDER BY n
""")


def is_built(session: Db, run_id: int, reviewer: str) -> bool:
    """Are spans kept for this run and reviewer (else callers use the plain queries)?"""
    found = session.scalar(
        select(RP.c.done).where(RP.c.run_id == run_id, RP.c.reviewer == reviewer)
    )
    return found is not None


def ensure_progress(*, session: Db, run_id: int, reviewer: str) -> None:
    """Build the reviewer's spans for a run if they are not kept yet (commits its own
    transaction). Costs one pass over the reviewer's labels; later calls are a lookup."""
    if is_built(session, run_id, reviewer):
        return

    def build(own: Connection) -> None:
        if is_built(own, run_id, reviewer):  # another process has just built them
            return
        own.execute(insert(RP).values(run_id=run_id, reviewer=reviewer, done=0))
        spans = [
            {"run_id": run_id, "reviewer": reviewer, "lo": lo, "hi": hi, "briefs": n}
            for lo, hi, n in compute_spans(own, run_id, reviewer)
        ]
        if spans:
            own.execute(insert(DS), spans)
            done = sum(int(span["briefs"]) for span in spans)
            own.execute(
                update(RP).where(RP.c.run_id == run_id, RP.c.reviewer == reviewer).values(done=done)
            )

    if session.in_transaction():
        session.commit()
    # exclusive: no label of this reviewer is half written while the spans are read
    transaction(engine_of(session), build, exclusive=True)


def lock(session: Connection, claim_id: int, reviewer: str) -> None:
    """Lock the reviewer's progress rows of every run that flagged the claim, in run order,
    before a label write reads or moves their spans (two windows of one reviewer then take
    turns instead of splitting the same span twice)."""
    runs = select(F.c.run_id).where(F.c.claim_id == claim_id)
    session.execute(
        select(RP.c.run_id)
        .where(RP.c.reviewer == reviewer, RP.c.run_id.in_(runs))
        .order_by(RP.c.run_id)
        .with_for_update()
    ).all()


def compute_spans(session: Db, run_id: int, reviewer: str) -> list[tuple[int, int, int]]:
    """The maximal stretches (lo, hi, briefs) of finished briefs, from the labels alone."""
    spans: list[tuple[int, int, int]] = []
    expected = None  # the brief that continues the current stretch
    for brief_pk, next_pk in session.execute(FINISHED, {"run": run_id, "reviewer": reviewer}):
        if spans and brief_pk == expected:
            lo, _, briefs = spans[-1]
            spans[-1] = (lo, brief_pk, briefs + 1)
        else:
            spans.append((brief_pk, brief_pk, 1))
        expected = next_pk
    return spans


def next_flagged(session: Db, run_id: int, after_pk: int) -> int | None:
    """The run's next brief with flags after `after_pk` (by pk)."""
    return session.scalar(
        select(BS.c.brief_pk)
        .where(BS.c.run_id == run_id, BS.c.flags > 0, BS.c.brief_pk > after_pk)
        .order_by(BS.c.brief_pk)
        .limit(1)
    )


def _prev_flagged(session: Db, run_id: int, before_pk: int) -> int | None:
    return session.scalar(
        select(BS.c.brief_pk)
        .where(BS.c.run_id == run_id, BS.c.flags > 0, BS.c.brief_pk < before_pk)
        .order_by(BS.c.brief_pk.desc())
        .limit(1)
    )


def _span_at(session: Db, run_id: int, reviewer: str, brief_pk: int) -> Any | None:
    row = session.execute(
        select(DS.c.lo, DS.c.hi, DS.c.briefs)
        .where(DS.c.run_id == run_id, DS.c.reviewer == reviewer, DS.c.lo <= brief_pk)
        .order_by(DS.c.lo.desc())
        .limit(1)
    ).first()
    return row if row is not None and row.hi >= brief_pk else None


def next_open_brief(session: Db, run_id: int, reviewer: str, after_pk: int) -> int | None:
    """The first flagged brief after `after_pk` outside every span: at most two hops."""
    found = next_flagged(session, run_id, after_pk)
    while found is not None and (span := _span_at(session, run_id, reviewer, found)):
        found = next_flagged(session, run_id, span.hi)
    return found


def open_briefs(session: Db, run_id: int, reviewer: str, offset: int, limit: int) -> list[int]:
    """A page of open briefs in pk order, walking hops (cost: offset + limit steps)."""
    params = {"run": run_id, "reviewer": reviewer, "after": -1}
    return list(session.scalars(OPEN_WALK, {**params, "offset": offset, "stop": offset + limit}))


def open_brief_count(session: Db, run_id: int, reviewer: str) -> int | None:
    """How many flagged briefs still have an unlabeled flag; None when not built."""
    done = session.scalar(select(RP.c.done).where(RP.c.run_id == run_id, RP.c.reviewer == reviewer))
    if done is None:
        return None
    flagged = session.scalar(
        select(func.count()).select_from(BS).where(BS.c.run_id == run_id, BS.c.flags > 0)
    )
    return int(flagged or 0) - int(done)


def _open_flags(session: Db, run_id: int, reviewer: str, brief_pk: int) -> int:
    joined = F.outerjoin(LS, and_(LS.c.claim_id == F.c.claim_id, LS.c.reviewer == reviewer))
    return int(
        session.scalar(
            select(func.count())
            .select_from(joined)
            .where(F.c.run_id == run_id, F.c.brief_pk == brief_pk, LS.c.verdict.is_(None))
        )
        or 0
    )


def moved(session: Db, claim_id: int, reviewer: str, before: str | None, after: str | None) -> None:
    """A claim went from unlabeled to labeled for `reviewer` (or back): update the spans of
    every built run that flagged it (no commit; the reviewer's state must be flushed)."""
    if (before is None) == (after is None):
        return
    places = session.execute(
        select(F.c.run_id, F.c.brief_pk)
        .select_from(F.join(RP, and_(RP.c.run_id == F.c.run_id, RP.c.reviewer == reviewer)))
        .where(F.c.claim_id == claim_id)
        .distinct()
    ).all()
    for run_id, brief_pk in places:
        if after is not None:  # usually the brief still has open flags: one query
            if not _open_flags(session, run_id, reviewer, brief_pk) and (
                _span_at(session, run_id, reviewer, brief_pk) is None
            ):
                _mark_done(session, run_id, reviewer, brief_pk)
        elif (span := _span_at(session, run_id, reviewer, brief_pk)) is not None:
            _mark_open(session, run_id, reviewer, brief_pk, span)


def _mark_done(session: Db, run_id: int, reviewer: str, brief_pk: int) -> None:
    """Add a finished brief: it joins the span just before and the span just after it."""
    lo, hi, briefs = brief_pk, brief_pk, 1
    prev = _prev_flagged(session, run_id, brief_pk)
    if prev is not None and (left := _span_at(session, run_id, reviewer, prev)) is not None:
        lo, briefs = left.lo, briefs + left.briefs
        _drop(session, run_id, reviewer, left.lo)
    after = next_flagged(session, run_id, brief_pk)
    if after is not None:
        right = _span_at(session, run_id, reviewer, after)
        if right is not None and right.lo == after:
            hi, briefs = right.hi, briefs + right.briefs
            _drop(session, run_id, reviewer, right.lo)
    _add(session, run_id, reviewer, lo, hi, briefs)
    _count_done(session, run_id, reviewer, 1)


def _mark_open(session: Db, run_id: int, reviewer: str, brief_pk: int, span: Any) -> None:
    """A brief is unfinished again: split its span around it."""
    _drop(session, run_id, reviewer, span.lo)
    left_count = 0
    if span.lo < brief_pk:
        left_hi = _prev_flagged(session, run_id, brief_pk)
        assert left_hi is not None
        left_count = int(
            session.scalar(
                select(func.count())
                .select_from(BS)
                .where(
                    BS.c.run_id == run_id,
                    BS.c.flags > 0,
                    BS.c.brief_pk >= span.lo,
                    BS.c.brief_pk <= left_hi,
                )
            )
            or 0
        )
        _add(session, run_id, reviewer, span.lo, left_hi, left_count)
    if brief_pk < span.hi:
        right_lo = next_flagged(session, run_id, brief_pk)
        assert right_lo is not None
        _add(session, run_id, reviewer, right_lo, span.hi, span.briefs - left_count - 1)
    _count_done(session, run_id, reviewer, -1)


def _drop(session: Db, run_id: int, reviewer: str, lo: int) -> None:
    session.execute(
        delete(DS).where(DS.c.run_id == run_id, DS.c.reviewer == reviewer, DS.c.lo == lo)
    )


def _add(session: Db, run_id: int, reviewer: str, lo: int, hi: int, briefs: int) -> None:
    session.execute(
        insert(DS).values(run_id=run_id, reviewer=reviewer, lo=lo, hi=hi, briefs=briefs)
    )


def _count_done(session: Db, run_id: int, reviewer: str, step: int) -> None:
    session.execute(
        update(RP)
        .where(RP.c.run_id == run_id, RP.c.reviewer == reviewer)
        .values(done=RP.c.done + step)
    )
