"""Which flag the review app offers next, by the way the reviewer works: alone (the next
unlabeled flag), sharing the run with a team (review --share) or settling disputes
(review --adjudicate). A plain object the review session asks; it holds no widgets."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

import db
from db import queue as run_queue
from db import share
from db.agreement import claim_verdicts, count_disputed, next_disputed
from db.queue import QueueKey
from reviewer.tui.literal import one_line
from reviewer.vocabulary import SKIP, verdict_word


@dataclass(frozen=True, slots=True)
class Next:
    """Where the queue sends the reviewer: a flag of a brief."""

    brief_pk: int
    claim_id: int


class Queue:
    """The reviewer's own: the session walks its next unlabeled flag itself."""

    role = "reviewer"
    walks = False  # True: the session asks next() instead of walking the run itself
    holds = False  # True: the flag next() gave is held, and the hold must be kept fresh
    shows_others = False

    def done(self, connection: Connection, only: str | None) -> str:
        """What the app says when nothing is left."""
        return f"Every {only} flag is labeled." if only else "Every flag of this run is labeled."

    def next(self, connection: Connection) -> Next | None:  # pragma: no cover - not walked
        return None

    def labeled(self, connection: Connection, claim_id: int, verdict: str) -> None:
        """After a label: a shared queue gives a skipped flag back."""

    def header(self, connection: Connection) -> str:
        """The team's part of the header ("" alone)."""
        return ""

    def held_by_others(self, connection: Connection, claim_id: int) -> list[str]:
        """Teammates who hold or labeled every slot of this flag (a team's queue only)."""
        return []

    def keep(self, connection: Connection, claim_id: int) -> bool:
        """Keep this reviewer's hold on the flag they look at (a team's queue only): False
        when a teammate has taken it over."""
        return True

    def refusal(self, connection: Connection, claim_id: int) -> tuple[str, str] | None:
        """(title, why) when this reviewer may not label a flag they moved to, else None."""
        others = self.held_by_others(connection, claim_id)
        if not others:
            return None
        who = ", ".join(one_line(name) for name in others)
        return "Shared run", (
            f"{who} {'has' if len(others) == 1 else 'have'} this flag: in a shared run each "
            "flag goes to one reviewer (two in the overlap). Space takes you to yours."
        )


def _where(connection: Connection, claim_id: int) -> Next | None:
    claim = db.get_claim(session=connection, claim_id=claim_id)
    return None if claim is None else Next(claim.brief_pk, claim_id)


class SharedQueue(Queue):
    """Flags nobody else has labeled or holds, in the run's random order; the overlap
    share goes to a second reviewer too. With `only` ("new" or "same" since `previous`),
    the flags of that class alone: a random sample of it, as its stratum needs. A run made
    with a learned model gives first the flags nobody labeled since it was learned, and
    counts only the labels made since (those it learned from are no sample)."""

    walks = True
    holds = True

    def __init__(
        self, connection: Connection, run_id: int, reviewer: str, *, overlap: float | None,
        show_others: bool = False, only: str | None = None, previous: int | None = None,
    ) -> None:  # fmt: skip
        self.run_id, self.reviewer, self.shows_others = run_id, reviewer, show_others
        self.only = only
        self.flag_class: share.FlagClass | None = None
        if only is not None and previous is not None:
            self.flag_class = share.FlagClass(only, previous)  # (refuses "gone")
        if overlap is not None:
            share.set_overlap(session=connection, run_id=run_id, overlap=overlap)
        self.overlap = share.run_overlap(session=connection, run_id=run_id)
        # an older run's seed and ranks first: the overlap is drawn from that seed
        run_queue.ensure_order(session=connection, run_id=run_id)
        self.seed = share.run_seed(session=connection, run_id=run_id)
        # a model run: the last label its model learned from (None: the rules alone)
        self.last_trained = run_queue.last_trained_label(session=connection, run_id=run_id)
        # the walks, in turn: a model run's flags unlabeled since training, then all
        self.walks_fresh = (True, False) if self.last_trained is not None else (False,)
        # where each walk last took a flag: the ones before it were full then, so the next
        # look starts after it and goes back to the start only when nothing is left after it
        self.after: dict[bool, QueueKey | None] = dict.fromkeys(self.walks_fresh)

    def _progress(self, connection: Connection) -> share.TeamProgress:
        return share.team_progress(
            session=connection, run_id=self.run_id, reviewer=self.reviewer,
            flag_class=self.flag_class, last_trained=self.last_trained,
        )  # fmt: skip

    def done(self, connection: Connection, only: str | None) -> str:
        p = self._progress(connection)
        if p.labeled < p.flags and self.last_trained is not None:
            return (
                "Nothing left for you: every flag is labeled since the model was learned, "
                "held by a teammate (a hold lapses five minutes after its reviewer closes "
                "the app) or labeled by you before it was learned (a teammate's label is the "
                "sample's)."
            )
        if p.labeled < p.flags:
            return (
                "Nothing left for you: every flag is labeled or held by a teammate "
                "(a hold lapses five minutes after its reviewer closes the app)."
            )
        left = share.overlap_left(
            session=connection, run_id=self.run_id, flag_class=self.flag_class,
            last_trained=self.last_trained,
        )  # fmt: skip
        waiting = left.waiting
        if waiting:
            return (
                f"Nothing left for you: every flag is labeled; {waiting:,} of the overlap "
                f"{'waits' if waiting == 1 else 'wait'} for a second reviewer."
            )
        since = " since the model was learned" if self.last_trained is not None else ""
        finished = (f"The team has finished run {self.run_id}: all {p.flags:,} flags are "
                    f"labeled{since}.")  # fmt: skip
        if self.flag_class is not None:
            finished = (f"The team has finished the {self.only} flags of run {self.run_id}: all "
                        f"{p.flags:,} are labeled{since}.")  # fmt: skip
        if left.passed:  # one rating each: agreement has fewer pairs, precision has its verdict
            one = left.passed == 1
            finished += (
                f" {left.passed:,} of the overlap {'has' if one else 'have'} one rating: the "
                f"other reviewers skipped {'it' if one else 'them'}."
            )
        disputed = count_disputed(session=connection, run_id=self.run_id)
        if not disputed:
            return f"{finished} `reviewer stats` gives the figures."
        return (
            f"{finished} {disputed:,} claim{'s' * (disputed != 1)} in dispute: `reviewer stats` "
            "has the figures, `reviewer review --adjudicate` settles the disputes."
        )

    def next(self, connection: Connection) -> Next | None:
        for fresh in self.walks_fresh:
            for after in dict.fromkeys((self.after[fresh], None)):
                taken = share.take_next(
                    session=connection, run_id=self.run_id, reviewer=self.reviewer,
                    overlap=self.overlap, seed=self.seed, flag_class=self.flag_class,
                    after=after, last_trained=self.last_trained, fresh=fresh,
                )  # fmt: skip
                if taken is not None:
                    if taken.key is not None:
                        self.after[fresh] = taken.key
                    return _where(connection, taken.claim_id)
        return None

    def held_by_others(self, connection: Connection, claim_id: int) -> list[str]:
        return share.held_by_others(
            session=connection, run_id=self.run_id, claim_id=claim_id, reviewer=self.reviewer,
            overlap=self.overlap, seed=self.seed, last_trained=self.last_trained,
        )  # fmt: skip

    def keep(self, connection: Connection, claim_id: int) -> bool:
        return share.hold(session=connection, run_id=self.run_id, claim_id=claim_id,
                          reviewer=self.reviewer)  # fmt: skip

    def labeled(self, connection: Connection, claim_id: int, verdict: str) -> None:
        if verdict == SKIP:
            share.release(session=connection, run_id=self.run_id, claim_id=claim_id,
                          reviewer=self.reviewer)  # fmt: skip

    def header(self, connection: Connection) -> str:
        p = self._progress(connection)
        team = p.labeled / p.flags if p.flags else 0.0
        mine = p.mine / p.labeled if p.labeled else 0.0
        part = f"{self.only} " if self.flag_class is not None else ""
        # a model run counts the labels made since it was learned: those are its sample
        since = " since training" if self.last_trained is not None else ""
        return (
            f"team {part}{p.labeled:,}/{p.flags:,}{since} ({team:.0%}) · yours {p.mine:,} "
            f"({mine:.0%}) · overlap {p.overlap:.0%}"
        )


class Adjudication(Queue):
    """The claims in dispute, each with every reviewer's verdict; a verdict here is final."""

    role = "adjudicator"
    walks = True
    shows_others = True

    def __init__(self, run_id: int, reviewer: str) -> None:
        self.run_id, self.reviewer = run_id, reviewer

    def done(self, connection: Connection, only: str | None) -> str:
        left = count_disputed(session=connection, run_id=self.run_id)
        if left:  # the walk skips the claims this person rated
            claims = "claim" if left == 1 else "claims"
            return (
                f"No claim left for you: the {left:,} {claims} still in dispute "
                f"{'has' if left == 1 else 'have'} your own rating, so another adjudicator "
                "settles them."
            )
        return "No claim left in dispute."

    def next(self, connection: Connection) -> Next | None:
        found = next_disputed(session=connection, run_id=self.run_id, reviewer=self.reviewer)
        return None if found is None else Next(*found)

    def header(self, connection: Connection) -> str:
        left = count_disputed(session=connection, run_id=self.run_id)
        return f"adjudicating · {left:,} in dispute · your verdict is final"

    def refusal(self, connection: Connection, claim_id: int) -> tuple[str, str] | None:
        """A claim this person rated as a reviewer, reached by moving to it: settling it
        would replace their rating (which agreement counts) with a final verdict on their
        own dispute, which the walk never offers either."""
        rated = any(
            who == self.reviewer and role == "reviewer" and verdict != SKIP
            for who, role, verdict in claim_verdicts(session=connection, claim_id=claim_id)
        )
        if not rated:
            return None
        return "Adjudication", (
            "You rated this claim as a reviewer: an adjudicator settles others' disputes, "
            "not their own, and your rating stays in agreement. Space takes you to the next "
            "claim in dispute you did not rate."
        )


def others_text(connection: Connection, claim_id: int, reviewer: str) -> str:
    """`ann true positive · bob false positive`: the other people's verdicts on a claim."""
    found = [
        f"{who}{' (final)' if role == 'adjudicator' else ''} {verdict_word(verdict)}"
        for who, role, verdict in claim_verdicts(session=connection, claim_id=claim_id)
        if who != reviewer
    ]
    return " · ".join(found) if found else "no other verdicts"
