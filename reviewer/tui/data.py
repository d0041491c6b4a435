"""What the review app reads from the database: pages of the brief list, and the figures
of the stats panel. Widgets never touch storage; the screen hands them this data."""

from __future__ import annotations

from itertools import islice

from sqlalchemy import Connection

import db
from db.views import BriefRow
from reviewer.tui.widgets.stats_panel import StatsReport

ARM_POOLS = 2000  # the panel scores the template arms on at most this many pools


class DbPages:
    """The brief list's rows, read a page at a time for one run and reviewer."""

    def __init__(self, session: Connection, run_id: int, reviewer: str) -> None:
        self.session, self.run_id, self.reviewer = session, run_id, reviewer

    def count(self, filter: str, search: str) -> int:
        with self.session.engine.connect() as session:  # runs in a worker thread
            return db.count_briefs(
                session=session, run_id=self.run_id, reviewer=self.reviewer,
                filter=filter, search=search,
            )  # fmt: skip

    def page(
        self, filter: str, search: str, offset: int, limit: int, *, thread: bool = False
    ) -> list[BriefRow]:
        if thread:  # a worker: a connection of its own
            with self.session.engine.connect() as session:
                return self._page(session, filter, search, offset, limit)
        return self._page(self.session, filter, search, offset, limit)

    def _page(
        self, session: Connection, filter: str, search: str, offset: int, limit: int
    ) -> list[BriefRow]:
        return db.list_briefs(
            session=session, run_id=self.run_id, reviewer=self.reviewer,
            filter=filter, search=search, offset=offset, limit=limit,
        )  # fmt: skip

    def position(self, filter: str, search: str, brief_pk: int) -> int | None:
        with self.session.engine.connect() as session:  # runs in a worker thread
            return db.brief_position(
                session=session, run_id=self.run_id, reviewer=self.reviewer,
                brief_pk=brief_pk, filter=filter, search=search,
            )  # fmt: skip


def compute_stats(*, session: Connection, run_id: int, reviewer: str) -> StatsReport:
    """Query the label aggregates and score the four arms (slow: call from a worker)."""
    stats = db.precision_stats(session=session, run_id=run_id, reviewer=reviewer)
    try:
        from reviewer.grounding.arms import run_arms
        from reviewer.grounding.registry import DetectorLoadError, load_detector

        run = db.get_run(session=session, run_id=run_id)
        try:
            detector = load_detector(run.detector if run else "default")
        except DetectorLoadError:
            detector = load_detector("default")
        pools = list(islice(db.iter_pools(session=session), ARM_POOLS))
        rate = db.production_rate(session=session, run_id=run_id)
        arms = run_arms(detector, pools=pools, production_rate=rate)
    except Exception as err:  # the panel still shows precision when the arms cannot run
        return StatsReport(stats, None, f"{type(err).__name__}: {err}")
    return StatsReport(stats, arms, None, len(pools))
