"""RunTally and RunStratum upkeep: rebuilt once per run from SQL aggregates, then moved by
each label.

A rebuild holds the labels' lock exclusively (db.writing.recount_lock), so no label write
is half done while it counts; label writes move buckets by upserts in key order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sqlalchemy import Connection, TextClause, delete, func, insert, select, text

from db.figures import ALL, ANY, Counts, fold
from db.strata import COUNT_STRATA_SQL
from db.tables import Db
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import runstratum as S
from db.tables import runtally as T
from db.writing import recount_lock


def rebuild_run(session: Db, run_id: int) -> None:
    """Recount a run's tallies from its flags and the current labels (no commit; the
    labels wait until the caller commits)."""
    recount_lock(session if isinstance(session, Connection) else session.connection())
    session.execute(delete(T).where(T.c.run_id == run_id))
    rows: list[dict[str, object]] = []

    def add(reviewer: str, groups: Iterable[tuple[str, str, str, int]]) -> None:
        rows.extend(
            {"run_id": run_id, "reviewer": reviewer, "kind": k, "unit": u, "verdict": v, "n": n}
            for k, u, v, n in groups
        )

    totals = session.execute(
        select(F.c.kind, F.c.unit, func.count())
        .where(F.c.run_id == run_id)
        .group_by(F.c.kind, F.c.unit)
    )
    add(ANY, ((k, u, ALL, n) for k, u, n in totals))
    anyone = session.execute(
        select(F.c.kind, F.c.unit, C.c.verdict, func.count())
        .select_from(F.join(C, C.c.id == F.c.claim_id))
        .where(F.c.run_id == run_id, C.c.verdict.is_not(None))
        .group_by(F.c.kind, F.c.unit, C.c.verdict)
    )
    add(ANY, anyone)
    per_reviewer = session.execute(
        select(LS.c.reviewer, F.c.kind, F.c.unit, LS.c.verdict, func.count())
        .select_from(F.join(LS, LS.c.claim_id == F.c.claim_id))
        .where(F.c.run_id == run_id, LS.c.verdict.is_not(None))
        .group_by(LS.c.reviewer, F.c.kind, F.c.unit, LS.c.verdict)
    )
    for reviewer, kind, unit, verdict, n in per_reviewer:
        add(reviewer, [(kind, unit, verdict, n)])
    if rows:
        session.execute(insert(T), rows)
    session.execute(delete(S).where(S.c.run_id == run_id))
    run = session.execute(select(R.c.status, R.c.same_as).where(R.c.id == run_id)).first()
    if run is not None and run.status == "finished":  # a run's strata are kept once it is
        params = {"run": run_id, "before": -1 if run.same_as is None else run.same_as}
        for sql in COUNT_STRATA_SQL:
            session.execute(text(sql), params)


def rebuild_all(session: Db) -> None:
    """Recount every run (after a bulk load that bypassed the label functions)."""
    for run_id in session.scalars(select(R.c.id)):
        rebuild_run(session, run_id)


UPSERT = text("""
INSERT INTO runtally (run_id, reviewer, kind, unit, verdict, n)
VALUES (:run_id, :reviewer, :kind, :unit, :verdict, :n)
ON CONFLICT (run_id, reviewer, kind, unit, verdict) DO UPDATE SET n = runtally.n + excluded.n
""")
UPSERT_STRATUM = text("""
INSERT INTO runstratum (run_id, reviewer, verdict, here, queue, earlier, n)
VALUES (:run_id, :reviewer, :verdict, :here, :queue, :earlier, :n)
ON CONFLICT (run_id, reviewer, verdict, here, queue, earlier)
DO UPDATE SET n = runstratum.n + excluded.n
""")
# where a verdict came from: (the run its label was made in, or None; whether through that
# run's random queue), or None for no label
Origin = tuple[int | None, bool] | None


class Moves:
    """The bucket changes of one label write, summed, then applied in key order: every
    writer locks tally rows in the same order, so concurrent writers never deadlock on them,
    and each change is an atomic upsert, never a read followed by a write."""

    def __init__(self) -> None:
        self.deltas: Counter[tuple[int, str, str, str, str]] = Counter()
        self.strata: Counter[tuple[int, str, str, int, int, int]] = Counter()

    def add(
        self,
        session: Db,
        claim_id: int,
        reviewer: str,
        before: str | None,
        after: str | None,
        was: Origin = None,
        now: Origin = None,
    ) -> None:
        """One claim's verdict for `reviewer` (or ANY) changed, or the label it comes from
        (`was`, `now`): move it between buckets in every run that flagged the claim, and
        between strata in every finished one."""
        if before == after and was == now:
            return
        runs = session.execute(
            select(F.c.run_id, F.c.kind, F.c.unit, R.c.status, R.c.same_as)
            .select_from(F.join(R, R.c.id == F.c.run_id))
            .where(F.c.claim_id == claim_id)
        ).all()
        flagged = {run.run_id for run in runs}
        for run_id, kind, unit, status, same_as in runs:
            if before != after:
                if before is not None:
                    self.deltas[(run_id, reviewer, kind, unit, before)] -= 1
                if after is not None:
                    self.deltas[(run_id, reviewer, kind, unit, after)] += 1
            if status != "finished":
                continue  # counted when it finishes (rebuild_run)
            earlier = int(same_as in flagged)
            for verdict, origin, step in ((before, was, -1), (after, now, 1)):
                if verdict is not None:
                    here = int(origin is not None and origin[0] == run_id)
                    queue = int(origin is not None and bool(origin[1]))
                    self.strata[(run_id, reviewer, verdict, here, queue, earlier)] += step

    def apply(self, session: Db) -> None:
        _upsert(session, UPSERT, ("run_id", "reviewer", "kind", "unit", "verdict"), self.deltas)
        names = ("run_id", "reviewer", "verdict", "here", "queue", "earlier")
        _upsert(session, UPSERT_STRATUM, names, self.strata)


def _upsert(session: Db, sql: TextClause, names: tuple[str, ...], deltas: Counter) -> None:
    """Apply the non-zero deltas in key order (the lock order every writer keeps), then
    forget them."""
    rows = [
        {**dict(zip(names, key, strict=True)), "n": n} for key, n in sorted(deltas.items()) if n
    ]
    if rows:
        session.execute(sql, rows)
    deltas.clear()


def read(session: Db, run_ids: list[int], reviewer: str | None) -> Counts:
    """run -> (kind, unit) -> verdict counts, with None counting the unlabeled flags."""
    who = ANY if reviewer is None else reviewer
    rows = session.execute(
        select(T.c.run_id, T.c.reviewer, T.c.kind, T.c.unit, T.c.verdict, T.c.n).where(
            T.c.run_id.in_(run_ids), T.c.reviewer.in_([ANY, who])
        )
    )
    return fold(rows, who)
