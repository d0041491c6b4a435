"""One reviewer's place in one run: the brief open, its flags, the current flag and the
run's counts. Plain state over the database, no widgets: tests drive it without a pilot,
and the review screen draws what it says."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Literal, cast

from sqlalchemy import ColumnElement, Connection

import db
from db import queue as run_queue
from db.changes import brief_changes, class_condition, next_unlabeled_change
from db.misses import undo_last
from db.transient import TransientConnection
from db.views import BriefRow, BriefView, FlagView
from db.writing import PATIENCE
from reviewer.tui.queue import Next, Queue
from reviewer.vocabulary import FALSE_POSITIVE, TRUE_POSITIVE

Moved = Literal["here", "opened", "done"]  # where the next unlabeled flag was found
Order = Literal["random", "brief"]  # the next unlabeled flag: the run's queue, or brief by brief
HONEST = ("precision", "precision_ci", "precision_bounds", "unmeasured", "strata",
          "previous_run", "queue_labels", "hand_labels", "recall", "off_queue")  # fmt: skip


class ReviewSession:
    """Labels and moves within one run for one reviewer; every label is committed at once.
    In random order the reviewer's own walk follows the run's queue (db.queue), so the
    labels it brings are a random sample of the run's flags; in brief order, the list's."""

    def __init__(
        self,
        connection: Connection,
        run_id: int,
        reviewer: str,
        *,
        previous: int | None = None,
        only: str | None = None,
        queue: Queue | None = None,
        order: Order = "brief",
    ) -> None:
        self.connection, self.run_id, self.reviewer = connection, run_id, reviewer
        self.order: Order = order
        if order == "random":  # a run made before the queue gets its order now
            run_queue.ensure_order(session=connection, run_id=run_id)
        self.taken: int | None = None  # the claim a team's queue gave last
        self.kept_at = 0.0  # when its hold was last made or kept fresh (wall clock, s)
        # who chooses the next flag: this reviewer's own walk, a team's or an adjudicator's
        self.queue = queue or Queue()
        self.finished = False  # a team's queue has nothing more for this reviewer
        self.previous = previous  # the run the changes are counted against
        self.only = only  # walk only the flags new, gone or same since the previous run
        self.brief: BriefView | None = None
        self.flags: list[FlagView] = []
        self.index: int | None = None
        self.totals: dict[str, int] | None = None  # flags, labeled and one count per verdict
        self.totals_stale = False  # a label landed while the totals were being counted
        self.honest: dict[str, Any] | None = None  # the run's strata, as last counted

    # ---- where the reviewer is ----------------------------------------------------------

    @property
    def current(self) -> FlagView | None:
        if self.index is None or not 0 <= self.index < len(self.flags):
            return None
        return self.flags[self.index]

    def in_scope(self, flag: FlagView) -> bool:
        """Can the flag be stepped to: of the class walked (`only`), else any shown flag,
        the previous run's gone ones included (so they can be labeled)."""
        return self.only is None or flag.change == self.only

    def in_walk(self, flag: FlagView) -> bool:
        """Does the next-unlabeled walk visit it: the class walked, else the run's own flags."""
        return flag.change == self.only if self.only else flag.change != "gone"

    @property
    def scoped(self) -> list[int]:
        """Indexes of the shown flags that can be stepped to."""
        return [i for i, flag in enumerate(self.flags) if self.in_scope(flag)]

    @property
    def labeled_here(self) -> int:
        """Flags of the open brief in scope with a verdict."""
        return sum(self.flags[i].verdict is not None for i in self.scoped)

    def open(self, brief_pk: int, *, claim_id: int | None = None, last: bool = False) -> None:
        """Load one brief and its flags; make `claim_id` (or the first/last flag) current."""
        self.brief = db.get_brief(session=self.connection, brief_pk=brief_pk)
        self.flags = brief_changes(
            db=self.connection, run_id=self.run_id, previous=self.previous, brief_pk=brief_pk,
            reviewer=self.reviewer,
        )  # fmt: skip
        scoped = self.scoped
        self.index = (scoped[-1] if last else scoped[0]) if scoped else None
        for i, flag in enumerate(self.flags):
            if flag.claim_id == claim_id:
                self.index = i

    @property
    def queued(self) -> bool:
        """Whether the reviewer's own walk follows the run's random queue: the whole run's,
        or scoped to new or same flags that stratum's (not the gone flags, the previous
        run's, nor when a team's queue chooses)."""
        return self.order == "random" and self.only != "gone" and not self.queue.walks

    def stratum(self, change: str | None) -> ColumnElement[bool] | None:
        """The condition picking one class of the run's flags, new or same since the
        previous run (the strata precision is estimated over); None for the whole run."""
        if self.previous is None or change not in ("new", "same"):
            return None
        return class_condition(run_id=self.run_id, previous=self.previous, change=change)

    def next_in_queue(self) -> FlagView | None:
        """The queue's next unlabeled flag after the current one (wrapping around): the
        run's, or under `only` its stratum's."""
        flag = self.current
        after = None
        if flag is not None and flag.change != "gone":
            after = run_queue.queue_key(session=self.connection, flag_pk=flag.flag_pk)
        return run_queue.next_in_queue(
            session=self.connection, run_id=self.run_id, reviewer=self.reviewer, after=after,
            stratum=self.stratum(self.only),
        )  # fmt: skip

    def from_queue(self, flag: FlagView, reads: Connection | None = None) -> bool:
        """Whether a label on this flag is one of a random sample's: the first flag this
        reviewer has not labeled in its stratum's queue (new or same since the previous
        run, else the run's), or the flag a team's random order gave. A label made off
        the queue is counted by hand. `reads`: where to ask (default: the UI thread's
        connection)."""
        if flag.change == "gone" or self.queue.role != "reviewer":
            return False
        if self.queue.walks:
            if flag.claim_id == self.taken:
                return True
            # a flag labeled again keeps how its label came
            return flag.verdict is not None and db.labeled_from_queue(
                reads or self.connection, claim_id=flag.claim_id, reviewer=self.reviewer,
                run_id=self.run_id,
            )  # fmt: skip
        return self.order == "random" and run_queue.is_next_in_queue(
            session=reads or self.connection, run_id=self.run_id, reviewer=self.reviewer,
            flag_pk=flag.flag_pk, stratum=self.stratum(flag.change),
        )  # fmt: skip

    def kept(self, claim_id: int, held: bool) -> None:
        """The hold on `claim_id` was kept fresh, or found `held` no more (a teammate took
        it over: a label on it checks first), if it is still the flag given."""
        if claim_id == self.taken:
            self.kept_at = time.time() if held else 0.0

    def hold_may_have_lapsed(self, after: float) -> bool:
        """Whether the hold on the flag the team's queue gave went `after` seconds without
        being kept fresh (the machine asleep, the database away): a teammate may hold it now.
        The wall clock, since a monotonic one stops while the machine sleeps."""
        return time.time() - self.kept_at >= after

    def find_unlabeled(self, after: tuple[int, int] | None) -> FlagView | Next | None:
        """The next unlabeled flag of the walk after (brief_pk, start), wrapping around;
        a team's queue gives its own next flag, the run's random queue its own."""
        if self.queue.walks:
            found = self.queue.next(self.connection)
            self.finished = found is None
            self.taken = found.claim_id if found is not None else None
            self.kept_at = time.time()
            return found
        if self.queued:  # the queue's first flag, unless it is the one passed over
            head = self.first_in_queue()
            current = self.current
            if after is None or head is None or current is None:
                return head
            return self.next_in_queue() if head.claim_id == current.claim_id else head
        if self.only is not None and self.previous is not None:
            return next_unlabeled_change(
                db=self.connection, run_id=self.run_id, previous=self.previous,
                change=self.only, reviewer=self.reviewer, after=after,
            )  # fmt: skip
        return db.next_unlabeled(
            session=self.connection, run_id=self.run_id, reviewer=self.reviewer, after=after
        )

    def first_in_queue(self) -> FlagView | None:
        return run_queue.next_in_queue(
            session=self.connection, run_id=self.run_id, reviewer=self.reviewer,
            stratum=self.stratum(self.only),
        )  # fmt: skip

    def first_unlabeled(self) -> FlagView | Next | None:
        """The walk's first flag this reviewer has not labeled (where a session starts)."""
        return self.find_unlabeled(None)

    def step(self, step: int) -> bool:
        """Move to the next or previous flag in scope; False past either end of the brief."""
        scoped = self.scoped
        if self.index is not None and self.index in scoped:
            at = scoped.index(self.index) + step
        else:  # nothing current in scope: the first (or last) one
            at = 0 if step > 0 else len(scoped) - 1
        if 0 <= at < len(scoped):
            self.index = scoped[at]
            return True
        return False

    def next_unlabeled(self) -> Moved:
        """Make the next flag without a verdict current: later in this brief ("here"), else
        in a later brief, opened ("opened"); "done" when every flag is labeled."""
        start = (self.index + 1) if self.index is not None else 0
        if self.queue.walks or self.queued:  # a queue says which flag comes next, even here
            start = len(self.flags)
        for i in range(start, len(self.flags)):
            if self.flags[i].verdict is None and self.in_walk(self.flags[i]):
                self.index = i
                return "here"
        after = None
        if self.brief is not None:
            last = self.flags[-1].start if self.flags else -1
            after = (self.brief.brief_pk, last)
        found = self.find_unlabeled(after)
        if found is None:
            return "done"
        if self.brief is not None and found.brief_pk == self.brief.brief_pk:
            self.index = next(
                (i for i, f in enumerate(self.flags) if f.claim_id == found.claim_id), self.index
            )
            return "here"
        self.open(found.brief_pk, claim_id=found.claim_id)
        return "opened"

    def brief_row(self) -> BriefRow | None:
        """The list row of the open brief, counted from its loaded flags (no query)."""
        if self.brief is None:
            return None
        verdicts = [f.verdict for f in self.flags if f.change != "gone"]
        return BriefRow(
            self.brief.brief_pk, self.brief.brief_id, len(verdicts),
            sum(v is not None for v in verdicts),
            verdicts.count(TRUE_POSITIVE), verdicts.count(FALSE_POSITIVE),
        )  # fmt: skip

    # ---- labels -------------------------------------------------------------------------

    def label(
        self, verdict: str, *, patience: float | None = None, busy: float | None = None
    ) -> FlagView | None:
        """Commit `verdict` on the current flag; the flag as it was (None: no flag here).
        A database that refuses the write for `patience` seconds (each attempt waiting at
        most `busy` seconds for another program's SQLite lock) raises
        DatabaseUnavailable, and nothing changes."""
        flag = self.current
        if flag is None:
            return None
        self.record(flag, verdict, patience=patience, busy=busy)
        self.labeled(flag, verdict)
        return flag

    def record(
        self,
        flag: FlagView,
        verdict: str,
        *,
        patience: float | None = None,
        busy: float | None = None,
    ) -> None:
        """Store a label on `flag` (a retry of a refused one comes here from a worker, with
        no `patience`: then its read waits for the database as long as the write does)."""
        wait = {} if patience is None else {"patience": patience}
        reads = None
        if patience is None:
            engine = cast(Any, self.connection).engine
            reads = cast(Connection, TransientConnection(engine, patience=PATIENCE))
        queued = self.from_queue(flag, reads)
        db.record_label(
            session=self.connection, claim_id=flag.claim_id, reviewer=self.reviewer,
            verdict=verdict, role=self.queue.role, run_id=self.run_id, queue=queued,
            busy=busy, **wait,
        )  # fmt: skip

    def labeled(self, flag: FlagView, verdict: str) -> bool:
        """Take a stored label into the loaded flags (making its flag current) and the
        counts; False when its brief is no longer open (only the counts change)."""
        self.queue.labeled(self.connection, flag.claim_id, verdict)
        here = next((i for i, f in enumerate(self.flags) if f.flag_pk == flag.flag_pk), None)
        if here is None:
            if flag.change != "gone":
                self.count_change(flag.verdict, verdict)
            return False
        self.index = here
        before = self.flags[here]
        self.flags[here] = replace(before, verdict=verdict)
        if before.change != "gone":  # a gone flag is not one of this run's
            self.count_change(before.verdict, verdict)
        return True

    def undo(
        self, *, patience: float | None = None, busy: float | None = None
    ) -> tuple[str, Any, str | None] | None:
        """Take back this reviewer's newest label or miss and open its brief: ("label" or
        "miss", the row undone, its token; None when a label's claim is gone), or None when
        there is nothing to undo."""
        return self.undone(self.undo_write(patience=patience, busy=busy))

    def undo_write(
        self, *, patience: float | None = None, busy: float | None = None
    ) -> tuple[str, Any] | None:
        """Store the undo of this reviewer's newest label or miss (a worker's retry comes
        here): ("label" or "miss", the row undone), or None."""
        wait: dict[str, Any] = {} if patience is None else {"patience": patience}
        return undo_last(session=self.connection, reviewer=self.reviewer, busy=busy, **wait)

    def undone(self, undone: tuple[str, Any] | None) -> tuple[str, Any, str | None] | None:
        """Take a stored undo into the session: open its brief (see `undo`)."""
        if undone is None:
            return None
        kind, label = undone
        if kind == "miss":  # its brief, on the flag the reviewer was on when it is open
            flag = self.current
            here = self.brief is not None and self.brief.brief_pk == label.brief_pk
            self.open(label.brief_pk, claim_id=flag.claim_id if here and flag else None)
            return kind, label, label.token
        claim = db.get_claim(session=self.connection, claim_id=label.claim_id)
        if claim is None:
            return kind, label, None
        self.open(claim.brief_pk, claim_id=label.claim_id)
        after = next((f.verdict for f in self.flags if f.claim_id == label.claim_id), label.verdict)
        if any(f.claim_id == label.claim_id and f.change != "gone" for f in self.flags):
            self.count_change(label.verdict, after)
        return kind, label, claim.token

    def set_note(self, note: str) -> bool:
        """Save a note on the current flag (empty clears it); False when there is no flag."""
        flag = self.current
        if flag is None or self.index is None:
            return False
        db.set_note(
            session=self.connection, claim_id=flag.claim_id, reviewer=self.reviewer, note=note
        )
        self.flags[self.index] = replace(flag, note=note or None)
        return True

    # ---- the run's counts ---------------------------------------------------------------

    def count_totals(self, connection: Connection) -> dict[str, Any]:
        """Count the run's flags and this reviewer's labels, and its strata under "honest"
        (slow: from a worker thread, on a connection of its own)."""
        stats = db.precision_stats(
            session=connection, run_id=self.run_id, reviewer=self.reviewer, every_run=False
        )
        figures = stats.to_dict()
        return {
            "flags": stats.flags,
            "labeled": stats.labeled,
            "true_positive": stats.true_positives,
            "false_positive": stats.false_positives,
            "skip": stats.skipped,
            "honest": {key: figures[key] for key in HONEST},
        }

    def set_totals(self, totals: dict[str, Any]) -> bool:
        """Take counted totals; False when a label landed meanwhile (count again)."""
        if self.totals_stale:
            self.totals_stale = False
            return False
        counted = dict(totals)
        self.honest = counted.pop("honest", None)
        self.totals = counted
        return True

    def count_change(self, before: str | None, after: str | None) -> bool:
        """Keep the counts in step with a label or an undo, without a query; True when the
        shown counts changed."""
        if before == after:
            return False
        if self.totals is None:
            self.totals_stale = True
            return False
        if before is not None:
            self.totals[before] -= 1
        if after is not None:
            self.totals[after] += 1
        self.totals["labeled"] += (after is not None) - (before is not None)
        return True
