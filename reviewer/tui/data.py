"""What the review app reads from the database: pages of the brief list, and the figures
of the stats panel. Widgets never touch storage; the screen hands them this data."""

from __future__ import annotations

from dataclasses import replace
from itertools import islice
from typing import Any

from sqlalchemy import Connection

import db
from db.runs import stored_arms
from db.views import BriefRow
from reviewer.tui.widgets.stats_panel import StatsReport, SwitchOff


class DbPages:
    """The brief list's rows, read a page at a time for one run and reviewer."""

    def __init__(
        self, session: Connection, run_id: int, reviewer: str, previous: int | None = None
    ) -> None:
        self.session, self.run_id, self.reviewer = session, run_id, reviewer
        self.previous = previous  # the run new / gone / same are measured against

    def count(self, filter: str, search: str) -> int:
        with self.session.engine.connect() as session:  # runs in a worker thread
            return db.count_briefs(
                session=session, run_id=self.run_id, reviewer=self.reviewer,
                filter=filter, search=search, previous=self.previous,
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
            filter=filter, search=search, offset=offset, limit=limit, previous=self.previous,
        )  # fmt: skip

    def position(self, filter: str, search: str, brief_pk: int) -> int | None:
        with self.session.engine.connect() as session:  # runs in a worker thread
            return db.brief_position(
                session=session, run_id=self.run_id, reviewer=self.reviewer,
                brief_pk=brief_pk, filter=filter, search=search, previous=self.previous,
            )  # fmt: skip


def compute_stats(
    *, session: Connection, run_id: int, reviewer: str, detector: str | None = None
) -> StatsReport:
    """The panel's figures (`_figures`), named as the reviewer's own labels' figures: the
    panel shows what this reviewer labeled, not the team's."""
    return replace(
        _figures(session=session, run_id=run_id, reviewer=reviewer, detector=detector),
        whose=reviewer,
    )


def _figures(
    *, session: Connection, run_id: int, reviewer: str, detector: str | None = None
) -> StatsReport:
    """The label aggregates and the run's own four arms: stored with the run when it was
    made; for a run made before that, scored now with the run's own detector and config
    (slow: call from a worker). A detector that cannot be loaded is said, never replaced;
    a plugin is loaded only when it is `detector`, the spec the user named.

    Everything is read first and the read transaction ended before the agreement's
    resamples and the arms are computed: a server's idle-in-transaction timeout never
    cuts a panel that is only thinking."""
    from db.agreement import run_ratings
    from db.model_figures import model_figures_on
    from db.runs import run_summaries
    from reviewer.agreement import run_report

    stats = db.precision_stats(session=session, run_id=run_id, reviewer=reviewer)
    advice = rules_to_switch_off(session, run_id, reviewer, stats)
    runs = run_summaries(db=session, reviewer=reviewer)
    ratings = run_ratings(session=session, run_id=run_id)
    run = db.get_run(session=session, run_id=run_id)
    stored = stored_arms(run) if run is not None else None
    pools: list[Any] = []
    rate = None
    if stored is None and run is not None:
        from reviewer.arms import ARM_SAMPLE  # not before the panel is opened

        pools = list(islice(db.iter_pools(session=session), ARM_SAMPLE))
        rate = db.production_rate(session=session, run_id=run_id)
    # a run made with a learned model: the figures `reviewer stats` gives it, read here
    learned = (model_figures_on(session, run_id=run_id) or {}).get("model")
    session.rollback()  # read only: nothing to keep, and no transaction held while computing
    # the same resamples (and seed) as `reviewer agreement` and `stats`: the same interval
    agreement = run_report(run_id, ratings.verdicts, ratings.kinds)
    if stored is not None:
        from reviewer.arms import ArmsReport

        arms = ArmsReport.from_dict(stored)
        count = int(stored.get("pools") or 0)
        return StatsReport(
            stats, arms, None, count, source="stored", agreement=agreement, runs=runs,
            model=learned, switch_off=advice,
        )  # fmt: skip
    try:
        from reviewer.arms import run_arms
        from reviewer.checks.registry import (
            DetectorLoadError,
            DetectorNotNamed,
            load_run_detector,
        )

        if run is None:
            raise DetectorLoadError(f"no detector run {run_id}")
        found, _note = load_run_detector(
            spec=run.spec, detector=run.detector, version=run.version, config=run.config,
            named=detector, run_id=run_id,
        )  # fmt: skip
        arms = run_arms(found, pools=pools, production_rate=rate)
    except DetectorNotNamed as err:  # said as it is: the option that would load it
        return StatsReport(stats, None, str(err), agreement=agreement, model=learned,
                           switch_off=advice)  # fmt: skip
    except Exception as err:  # the panel still shows precision when the arms cannot run
        return StatsReport(
            stats, None, f"{type(err).__name__}: {err}", agreement=agreement, runs=runs,
            model=learned, switch_off=advice,
        )  # fmt: skip
    return StatsReport(
        stats, arms, None, len(pools), source="scored now", agreement=agreement, runs=runs,
        model=learned, switch_off=advice,
    )  # fmt: skip


def rules_to_switch_off(
    session: Connection, run_id: int, reviewer: str, stats: Any
) -> tuple[SwitchOff, ...]:
    """The rules whose labels say to switch them off, as `reviewer stats --by-rule`
    suggests them (db.by_rule.switch_off): each with its labels and the id a config takes."""
    from db.by_rule import by_rule, config_id, held_against, sample_high, switch_off
    from db.strata import reader

    if stats is None:  # no run yet
        return ()
    precision = held_against(stats)
    rules = by_rule(reader(session), run_id=run_id, reviewer=reviewer)
    found = []
    for rule in switch_off(rules, precision):
        part = rules[rule]
        verdicts = part.true_positives + part.false_positives
        found.append(
            SwitchOff(rule, config_id(rule), part.true_positives, verdicts, sample_high(part))
        )
    return tuple(found)
