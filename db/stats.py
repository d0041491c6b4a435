"""Precision of a run from the stored tallies (db.tally), which SQL aggregates build per run,
and its strata and recall (db.strata); the figures themselves are assembled by db.figures."""

from __future__ import annotations

from sqlalchemy import func, select

from db import tally
from db.figures import (
    PrecisionStats,
    RunStats,
    SliceStats,
    assemble,
    read_strata,
    summarize,
    unusable,
)
from db.queries import get_run, latest_run
from db.strata import reader, run_recall, slice_labels
from db.tables import Db
from db.tables import briefscan as BS
from db.tables import detectorrun as R

__all__ = ["PrecisionStats", "RunStats", "SliceStats", "precision_stats", "production_rate",
           "summarize"]  # fmt: skip


def precision_stats(
    *, session: Db, run_id: int | None = None, reviewer: str | None = None, every_run: bool = True
) -> PrecisionStats:
    """Precision of a run (default: the latest) for one reviewer (default: the team's
    verdict), overall, by kind, by unit, and for every finished run side by side, each
    estimated over its strata. The label counts come from RunTally; the strata take one
    pass over each run's flags (only the run's and its previous run's without `every_run`,
    as the app's header asks)."""
    if run_id is not None:
        run = get_run(session=session, run_id=run_id)
    else:
        run = latest_run(session=session)
    if run_id is not None and run is None:
        raise ValueError(f"no detector run {run_id}")
    if run is not None and run.status != "finished":
        raise ValueError(unusable(run.id, run.status))
    runs = list(session.execute(select(R).where(R.c.status == "finished").order_by(R.c.id)))
    if run is not None and run.id not in {r.id for r in runs}:
        runs.append(run)
    counts = tally.read(session, [r.id for r in runs if r.id is not None], reviewer)
    rows = reader(session)
    strata = read_strata(rows, run, runs if every_run else [], reviewer)
    recall = run_recall(rows=rows, run_id=run.id, reviewer=reviewer) if run is not None else None
    slices = slice_labels(rows, run.id, reviewer) if run is not None else None
    return assemble(run, runs, counts, reviewer, strata, recall, slices)


def production_rate(*, session: Db, run_id: int) -> float:
    """Mean invention rate (flags / checkable tokens, 0 when none) of the run's briefs."""
    rate = func.avg(func.coalesce(BS.c.flags * 1.0 / func.nullif(BS.c.checkable, 0), 0.0))
    value = session.scalar(select(rate).where(BS.c.run_id == run_id))
    return float(value or 0.0)
