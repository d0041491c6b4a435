"""Reading for the review app: runs, pages of briefs, a brief's flags, the next unlabeled flag.

Every query walks an index: brief pages read per-run counts from BriefScan and aggregate
labels only for the briefs on the page. Once a reviewer's progress is kept for a run
(db.progress), the next unlabeled flag and the unlabeled filter hop over finished briefs;
without it they follow (run, brief, start) and probe each flag's verdict.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from sqlalchemy import (
    ColumnElement,
    FromClause,
    Row,
    Select,
    and_,
    case,
    exists,
    false,
    func,
    null,
    or_,
    select,
    tuple_,
)

from db import progress
from db.tables import Db
from db.tables import brief as B
from db.tables import briefscan as BS
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import pool as P
from db.views import BriefRow, BriefView, FlagView, pool_from_json
from reviewer.grounding.types import Known
from reviewer.vocabulary import (
    DISAGREE,
    FALSE_POSITIVE,
    FILTER_NAMES,
    TRUE_POSITIVE,
    UNLABELED,
    check_filter,
)

BriefFilter = str  # a name of reviewer.vocabulary.FILTERS
FILTERS = FILTER_NAMES
CHANGE_FILTERS = ("new", "gone", "same")  # against the previous run (db.changes)

# A detector run as read: a row with the columns of db.tables.detectorrun as attributes
# (id, detector, version, config, created_at, finished_at, briefs, flags, checkable).
RunRow = Row[Any]


def latest_run(*, session: Db) -> RunRow | None:
    """The newest finished detector run (an interrupted run is never "latest")."""
    return session.execute(
        select(R).where(R.c.status == "finished").order_by(R.c.id.desc()).limit(1)
    ).first()


def get_run(*, session: Db, run_id: int) -> RunRow | None:
    return session.execute(select(R).where(R.c.id == run_id)).first()


def list_runs(*, session: Db) -> list[RunRow]:
    return list(session.execute(select(R).order_by(R.c.id)))


def get_claim(*, session: Db, claim_id: int) -> Row[Any] | None:
    """A claim (id, brief_pk, start, end, token, verdict, label_id)."""
    return session.execute(select(C).where(C.c.id == claim_id)).first()


def _verdicts(reviewer: str | None) -> tuple[FromClause, ColumnElement[Any], ColumnElement[Any]]:
    """Flags outer-joined to the current verdict: the reviewer's, or any reviewer's newest."""
    if reviewer is None:
        joined = F.outerjoin(C, C.c.id == F.c.claim_id)
        return joined, C.c.verdict, null()  # notes belong to a reviewer
    joined = F.outerjoin(LS, and_(LS.c.claim_id == F.c.claim_id, LS.c.reviewer == reviewer))
    return joined, LS.c.verdict, LS.c.note


def _with_verdict(
    brief_pks: Select[Any], run_id: int, reviewer: str | None, verdict: str
) -> Select[Any]:
    """Briefs with a flag of this verdict: one set from the labels (an index on verdict),
    not a probe per brief."""
    if reviewer is None:
        labeled = select(C.c.id).where(C.c.verdict == verdict)
    else:
        labeled = select(LS.c.claim_id).where(LS.c.reviewer == reviewer, LS.c.verdict == verdict)
    return brief_pks.where(
        BS.c.brief_pk.in_(
            select(F.c.brief_pk).where(F.c.run_id == run_id, F.c.claim_id.in_(labeled))
        )
    )


def _brief_query(
    columns: list[Any],
    run_id: int,
    reviewer: str | None,
    filter: str,
    search: str,
    previous: int | None = None,
) -> Select[Any]:
    check_filter(filter)
    joined = any(getattr(c, "table", None) is B for c in columns) or bool(search)
    source = BS.join(B, B.c.pk == BS.c.brief_pk) if joined else BS
    query = select(*columns).select_from(source).where(BS.c.run_id == run_id)
    if search:
        query = query.where(
            or_(
                B.c.brief_id.icontains(search, autoescape=True),
                B.c.text.icontains(search, autoescape=True),
            )
        )
    if filter == UNLABELED:
        joined, verdict, _ = _verdicts(reviewer)
        open_flag = (
            select(F.c.pk)
            .select_from(joined)
            .where(F.c.run_id == BS.c.run_id, F.c.brief_pk == BS.c.brief_pk, verdict.is_(None))
        )
        query = query.where(BS.c.flags > 0, exists(open_flag))
    elif filter in (FALSE_POSITIVE, TRUE_POSITIVE):
        query = _with_verdict(query, run_id, reviewer, filter)
    elif filter in CHANGE_FILTERS:
        from db.changes import briefs_with

        if previous is None:  # no run before this one: every flag is new
            query = query.where(BS.c.flags > 0) if filter == "new" else query.where(false())
        else:
            query = query.where(BS.c.brief_pk.in_(briefs_with(run_id, previous, filter)))
    elif filter == DISAGREE:
        from db.agreement import differing

        query = query.where(
            BS.c.brief_pk.in_(
                select(F.c.brief_pk).where(F.c.run_id == run_id, F.c.claim_id.in_(differing()))
            )
        )
    return query


def list_briefs(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    filter: BriefFilter = "all",
    search: str = "",
    offset: int = 0,
    limit: int = 100,
    previous: int | None = None,
) -> list[BriefRow]:
    """A page of briefs in stored order with flag and label counts for this run and reviewer."""
    columns = [BS.c.brief_pk, B.c.brief_id, BS.c.flags]
    if _hops(session, run_id, reviewer, filter, search):
        assert reviewer is not None
        pks = progress.open_briefs(session, run_id, reviewer, offset, limit)
        query = _brief_query(columns, run_id, reviewer, "all", "").where(BS.c.brief_pk.in_(pks))
        page = session.execute(query.order_by(BS.c.brief_pk)).all()
    else:
        query = _brief_query(columns, run_id, reviewer, filter, search, previous)
        page = session.execute(query.order_by(BS.c.brief_pk).offset(offset).limit(limit)).all()
    if not page:
        return []
    joined, verdict, _ = _verdicts(reviewer)
    counts = {
        row[0]: row[1:]
        for row in session.execute(
            select(
                F.c.brief_pk,
                func.count(verdict),
                func.sum(case((verdict == "true_positive", 1), else_=0)),
                func.sum(case((verdict == "false_positive", 1), else_=0)),
            )
            .select_from(joined)
            .where(F.c.run_id == run_id, F.c.brief_pk.in_([r[0] for r in page]))
            .group_by(F.c.brief_pk)
        )
    }
    rows = []
    for brief_pk, brief_id, flags in page:
        labeled, tp, fp = counts.get(brief_pk, (0, 0, 0))
        rows.append(BriefRow(brief_pk, brief_id, flags, labeled or 0, tp or 0, fp or 0))
    return rows


def count_briefs(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    filter: BriefFilter = "all",
    search: str = "",
    previous: int | None = None,
) -> int:
    """How many briefs `list_briefs` would page through with the same filters."""
    if _hops(session, run_id, reviewer, filter, search):
        assert reviewer is not None
        return progress.open_brief_count(session, run_id, reviewer) or 0
    query = _brief_query([func.count()], run_id, reviewer, filter, search, previous)
    return int(session.scalar(query) or 0)


def brief_position(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    brief_pk: int,
    filter: BriefFilter = "all",
    search: str = "",
    previous: int | None = None,
) -> int | None:
    """Where a brief sits in the list `list_briefs` pages through (None: not listed), so a
    list can keep its cursor on the brief being reviewed however far down it is."""
    listed = _brief_query([BS.c.brief_pk], run_id, reviewer, filter, search, previous)
    if session.scalar(listed.where(BS.c.brief_pk == brief_pk)) is None:
        return None
    before = _brief_query([func.count()], run_id, reviewer, filter, search, previous)
    return int(session.scalar(before.where(BS.c.brief_pk < brief_pk)) or 0)


def _hops(session: Db, run_id: int, reviewer: str | None, filter: str, search: str) -> bool:
    """Can the unlabeled filter hop over finished briefs (progress kept, no text search)?"""
    return (
        filter == "unlabeled"
        and not search
        and reviewer is not None
        and progress.is_built(session, run_id, reviewer)
    )


def get_brief(*, session: Db, brief_pk: int) -> BriefView | None:
    row = session.execute(
        select(B.c.pk, B.c.brief_id, B.c.text, P.c.knowns, B.c.meta)
        .select_from(B.join(P, P.c.pk == B.c.pool_pk))
        .where(B.c.pk == brief_pk)
    ).first()
    if row is None:
        return None
    meta = json.loads(row.meta) if row.meta else None
    return BriefView(row.pk, row.brief_id, row.text, pool_from_json(row.knowns), meta)


def _flag_select(reviewer: str | None) -> Select[Any]:
    joined, verdict, note = _verdicts(reviewer)
    columns = [
        F.c.pk,
        F.c.claim_id,
        F.c.brief_pk,
        F.c.start,
        F.c.end,
        F.c.token,
        F.c.value,
        F.c.unit,
        F.c.nearest,
        F.c.nearest_value,
        F.c.delta,
        F.c.rel,
        F.c.kind,
        verdict.label("verdict"),
        note.label("note"),
        F.c.basis,
        F.c.rule,
        F.c.probability,
    ]
    return select(*columns).select_from(joined)


def _flag_view(row: Any) -> FlagView:
    *fields, basis, rule, probability = row
    return FlagView(*fields, basis=basis, rule=rule, probability=probability)


def brief_flags(*, session: Db, run_id: int, brief_pk: int, reviewer: str | None) -> list[FlagView]:
    """The run's flags on one brief, by position, with the reviewer's verdicts and notes."""
    query = _flag_select(reviewer).where(F.c.run_id == run_id, F.c.brief_pk == brief_pk)
    return [_flag_view(r) for r in session.execute(query.order_by(F.c.start, F.c.pk))]


def next_unlabeled(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    after: tuple[int, int] | None = None,
) -> FlagView | None:
    """The first flag without a current verdict after (brief_pk, start), wrapping around."""
    _, verdict, _ = _verdicts(reviewer)
    base = _flag_select(reviewer).where(F.c.run_id == run_id, verdict.is_(None))
    base = base.order_by(F.c.brief_pk, F.c.start, F.c.pk).limit(1)
    if reviewer is not None and progress.is_built(session, run_id, reviewer):
        return _next_by_hops(session, base, run_id, reviewer, after)
    if after is not None:
        row = session.execute(base.where(tuple_(F.c.brief_pk, F.c.start) > tuple_(*after))).first()
        if row is not None:
            return _flag_view(row)
    row = session.execute(base).first()
    return _flag_view(row) if row is not None else None


def _next_by_hops(
    session: Db,
    base: Select[Any],
    run_id: int,
    reviewer: str,
    after: tuple[int, int] | None,
) -> FlagView | None:
    """next_unlabeled over the reviewer's progress: the rest of this brief, then the next
    open brief, then from the top; each a few index lookups however much is labeled."""

    def first_in(brief_pk: int, after_start: int | None = None) -> FlagView | None:
        query = base.where(F.c.brief_pk == brief_pk)
        if after_start is not None:
            query = query.where(F.c.start > after_start)
        row = session.execute(query).first()
        return _flag_view(row) if row is not None else None

    def first_open(after_pk: int, upto: int | None) -> FlagView | None:
        brief_pk = progress.next_open_brief(session, run_id, reviewer, after_pk)
        while brief_pk is not None and (upto is None or brief_pk <= upto):
            if (found := first_in(brief_pk)) is not None:
                return found
            # outside every span yet finished: the spans are behind, keep looking
            brief_pk = progress.next_open_brief(session, run_id, reviewer, brief_pk)
        return None

    if after is None:
        return first_open(-1, None)
    brief_pk, start = after
    found = first_in(brief_pk, start) or first_open(brief_pk, None)
    return found or first_open(-1, brief_pk)


def iter_pools(*, session: Db) -> Iterator[tuple[Known, ...]]:
    """Every distinct stored pool, in the order first ingested (for the template arms)."""
    for (knowns,) in session.execute(select(P.c.knowns).order_by(P.c.pk)).yield_per(1000):
        yield pool_from_json(knowns)


def iter_briefs_text(
    *, session: Db, limit: int | None = None
) -> Iterator[tuple[str, tuple[Known, ...]]]:
    """(text, pool) of stored briefs in stored order (for the rewrite arms)."""
    for _, text, pool in iter_briefs_keyed(session=session, limit=limit):
        yield text, pool


def iter_briefs_keyed(
    *, session: Db, limit: int | None = None
) -> Iterator[tuple[int, str, tuple[Known, ...]]]:
    """(pk, text, pool) of stored briefs in stored order (a run's rewrite arms)."""
    query = (
        select(B.c.pk, B.c.text, P.c.knowns)
        .select_from(B.join(P, P.c.pk == B.c.pool_pk))
        .order_by(B.c.pk)
        .limit(limit)
    )
    for pk, text, knowns in session.execute(query).yield_per(1000):
        yield pk, text, pool_from_json(knowns)


def run_flag_spans(
    *, session: Db, run_id: int, first: int, last: int
) -> dict[int, list[tuple[int, int, str | None]]]:
    """brief pk -> (start, end, basis) of each of a run's stored flags on briefs
    first..last (pks), in text order."""
    query = (
        select(F.c.brief_pk, F.c.start, F.c.end, F.c.basis)
        .where(F.c.run_id == run_id, F.c.brief_pk.between(first, last))
        .order_by(F.c.brief_pk, F.c.start)
    )
    spans: dict[int, list[tuple[int, int, str | None]]] = {}
    for pk, start, end, basis in session.execute(query):
        spans.setdefault(pk, []).append((start, end, basis))
    return spans


def count_stored_briefs(*, session: Db) -> int:
    """How many briefs are stored (every run covers them all)."""
    return int(session.scalar(select(func.count()).select_from(B)) or 0)


def pool_units(*, session: Db) -> Counter[str]:
    """Each unit of the stored pools' known values, with how many values have it (a pool
    counted once however many briefs share it)."""
    units: Counter[str] = Counter()
    for (knowns,) in session.execute(select(P.c.knowns)):
        units.update([known[2] for known in json.loads(knowns)])
    return units


def count_pools(*, session: Db) -> int:
    """How many distinct pools are stored."""
    return int(session.scalar(select(func.count()).select_from(P)) or 0)


def count_uncovered(*, session: Db, run_id: int) -> int:
    """Stored briefs the run has not scanned yet: two counts over narrow indexes, far
    cheaper than looking for the uncovered briefs among the brief rows."""
    scans = select(func.count()).select_from(BS)
    scanned = session.scalar(scans.where(BS.c.run_id == run_id)) or 0
    return count_stored_briefs(session=session) - scanned
