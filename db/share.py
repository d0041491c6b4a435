"""Sharing a run's flags between reviewers (review --share): each takes the next flag nobody
else has labeled or holds, in the run's random order, except the overlap share of flags,
which a second reviewer takes too so that agreement is measured on a random sample.

The order is the run's review queue (db.queue: `queue_rank`, stored with each flag), walked
from the database a batch at a time, so a shared review of a run of any size starts at once.

A hold is a `workclaim` row in one of a claim's slots (one slot, two in the overlap); the
primary key on (run, claim, slot) is what stops two reviewers taking the same slot at once.
The review app renews the hold on the flag it shows (`hold`, every minute); a hold not
renewed and never labeled lapses after HOLD, so a reviewer who closes the app keeps nothing.

A run made with a learned model (db.queue) is shared as its own queue is walked: first the
flags with no label made since the model was learned, then the rest, each part in the
run's order; and only a rating made since then fills a slot, since the ratings it learned
from are no sample of its flags (its honest estimate, db.model_figures, counts the others).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, delete, exists, func, insert, select, tuple_, update
from sqlalchemy.exc import IntegrityError

from db.changes import check_shareable, claim_in_class, class_condition, class_size
from db.queue import QueueKey, unlabeled_since
from db.runs import Change
from db.tables import Db, utcnow
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import label as L
from db.tables import labelstate as LS
from db.tables import runtally as T
from db.tables import workclaim as W

HOLD = timedelta(minutes=5)
DEFAULT_OVERLAP = 0.1
RATED = ("true_positive", "false_positive")
BATCH = 256


def _unit_hash(*parts: object) -> float:
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def in_overlap(seed: int, claim_id: int, overlap: float) -> bool:
    """Whether the claim is in the run's doubly labeled sample: a fixed pseudo-random draw
    per claim, so every reviewer's process agrees without asking the database."""
    return _unit_hash(seed, claim_id, "overlap") < overlap


def run_seed(*, session: Db, run_id: int) -> int:
    """The seed of the run's random order (the run's own `order_seed` where it has one)."""
    if "order_seed" not in R.c:
        return run_id
    seed = session.scalar(select(R.c.order_seed).where(R.c.id == run_id))
    return run_id if seed is None else int(seed)


def _run_labels(run_id: int, *columns: Any) -> Select[Any]:
    """Labels of the run's claims, read from the labels' side: a label's claim is looked up
    in the run's flags (an index), so the cost follows the labels, not the run's flags."""
    flagged = exists().where(F.c.run_id == run_id, F.c.claim_id == LS.c.claim_id)
    return select(*columns).where(flagged)


@dataclass(frozen=True, slots=True)
class FlagClass:
    """A class of a run's flags against a previous run: "new" or "same" (db.changes)."""

    change: Change
    previous: int

    def __post_init__(self) -> None:
        check_shareable(self.change)


def _walked(run_id: int, flag_class: FlagClass | None, fresh: int | None = None) -> Select[Any]:
    """The run's flags (of a class) in its order; with `fresh`, those with no label made
    after label `fresh` (a model run's flags unlabeled since it was learned)."""
    query = select(F.c.queue_rank, F.c.pk, F.c.claim_id).where(F.c.run_id == run_id)
    if fresh is not None:
        query = query.where(unlabeled_since(fresh))
    if flag_class is not None:
        query = query.where(
            class_condition(run_id=run_id, previous=flag_class.previous, change=flag_class.change)
        )
    return query.order_by(F.c.queue_rank, F.c.pk)


def walk(
    *, session: Db, run_id: int, flag_class: FlagClass | None = None,
    after: QueueKey | None = None, fresh: int | None = None,
) -> Iterator[tuple[QueueKey, int]]:  # fmt: skip
    """The run's claims (or a class's; with `fresh`, those unlabeled since that label) in
    the run's random order after `after`, each with its place: read a batch at a time
    through the (run, rank) index, no cursor kept open between batches (a take commits
    between them)."""
    query = _walked(run_id, flag_class, fresh).limit(BATCH)
    while True:
        page = (
            query if after is None else query.where(tuple_(F.c.queue_rank, F.c.pk) > tuple_(*after))
        )
        rows = session.execute(page).all()
        for rank, pk, claim_id in rows:
            yield (rank, pk), claim_id
        if len(rows) < BATCH:
            return
        after = (rows[-1][0], rows[-1][1])


def share_order(*, session: Db, run_id: int, flag_class: FlagClass | None = None) -> list[int]:
    """The claims of the run (or of a class of its flags) in the run's random order."""
    return [claim_id for _, claim_id in walk(session=session, run_id=run_id,
                                             flag_class=flag_class)]  # fmt: skip


def run_overlap(*, session: Db, run_id: int) -> float:
    """The run's overlap share (DEFAULT_OVERLAP until someone sets one)."""
    stored = session.scalar(select(R.c.overlap).where(R.c.id == run_id))
    return DEFAULT_OVERLAP if stored is None else float(stored)


def set_overlap(*, session: Db, run_id: int, overlap: float) -> None:
    if not 0.0 <= overlap <= 1.0:
        raise ValueError(f"--overlap must be between 0 and 1, got {overlap}")
    session.execute(update(R).where(R.c.id == run_id).values(overlap=overlap))
    session.commit()


@dataclass(frozen=True, slots=True)
class Taken:
    """The flag a reviewer now holds, and its place in the run's order (None: a held
    flag outside what is walked)."""

    claim_id: int
    key: QueueKey | None


def _mine_open(session: Db, run_id: int, reviewer: str, since: datetime) -> set[int]:
    """Claims the reviewer holds, not yet labeled, whose hold has not lapsed."""
    labeled = select(LS.c.claim_id).where(LS.c.reviewer == reviewer, LS.c.verdict.is_not(None))
    return set(
        session.scalars(
            select(W.c.claim_id).where(
                W.c.run_id == run_id,
                W.c.reviewer == reviewer,
                W.c.claimed_at >= since,
                W.c.claim_id.not_in(labeled),
            )
        )
    )


@dataclass(frozen=True, slots=True)
class _Occupants:
    """Who has a claim of a run: verdicts and holds, as a take or a label needs them."""

    labeled: set[str]  # every reviewer with a verdict (a skip too)
    raters: set[str]  # reviewers whose true or false verdict fills a slot
    slots: dict[int, Any]  # slot -> its hold (reviewer, claimed_at)
    live: set[str]  # holders whose hold fills its slot: rated, or not lapsed


def _occupants(
    session: Db, run_id: int, claim_id: int, since: datetime, last_trained: int | None
) -> _Occupants:
    """`last_trained`: a model run's last label learned from; only a rating made after it
    fills a slot (a reviewer's own earlier label still keeps the flag from them)."""
    states = list(
        session.execute(
            select(LS.c.reviewer, LS.c.verdict, LS.c.role, LS.c.label_id).where(
                LS.c.claim_id == claim_id, LS.c.verdict.is_not(None)
            )
        )
    )
    floor = -1 if last_trained is None else last_trained
    raters = {
        s.reviewer
        for s in states
        if s.role == "reviewer" and s.verdict in RATED and (s.label_id or 0) > floor
    }
    slots = {
        row.slot: row
        for row in session.execute(
            select(W.c.slot, W.c.reviewer, W.c.claimed_at).where(
                W.c.run_id == run_id, W.c.claim_id == claim_id
            )
        )
    }
    live = {r.reviewer for r in slots.values() if r.reviewer in raters or r.claimed_at >= since}
    return _Occupants({s.reviewer for s in states}, raters, slots, live)


def _try_take(
    session: Db, run_id: int, claim_id: int, reviewer: str, capacity: int, now: datetime,
    last_trained: int | None,
) -> bool | None:  # fmt: skip
    """Take a slot of the claim: True when taken, False when it is full, None when another
    reviewer raced us to it (look again)."""
    found = _occupants(session, run_id, claim_id, now - HOLD, last_trained)
    if reviewer in found.labeled:
        return False  # labeled (or skipped) already
    slots, live = found.slots, found.live
    if any(row.reviewer == reviewer for row in slots.values()):
        _touch(session, run_id, claim_id, reviewer, now)
        return True
    if len(found.raters | live) >= capacity:
        return False
    for slot in range(capacity):
        row = slots.get(slot)
        if row is None:
            try:
                session.execute(
                    insert(W).values(run_id=run_id, claim_id=claim_id, slot=slot,
                                     reviewer=reviewer, claimed_at=now)
                )  # fmt: skip
                session.commit()
                return True
            except IntegrityError:
                session.rollback()
                return None
        if row.reviewer not in live:  # lapsed and never labeled: take it over, if still so
            moved = session.execute(
                update(W)
                .where(W.c.run_id == run_id, W.c.claim_id == claim_id, W.c.slot == slot,
                       W.c.reviewer == row.reviewer, W.c.claimed_at == row.claimed_at)
                .values(reviewer=reviewer, claimed_at=now)
            )  # fmt: skip
            session.commit()
            return True if moved.rowcount == 1 else None
    return False


def held_by_others(
    *,
    session: Db,
    run_id: int,
    claim_id: int,
    reviewer: str,
    overlap: float,
    seed: int,
    now: datetime | None = None,
    last_trained: int | None = None,
) -> list[str]:
    """The teammates whose holds or verdicts fill a flag's slots (one, two in the overlap),
    so that this reviewer's label would be one too many; empty when there is room (or the
    reviewer holds or labeled it already). `last_trained` as in take_next."""
    found = _occupants(session, run_id, claim_id, (now or utcnow()) - HOLD, last_trained)
    holders = {row.reviewer for row in found.slots.values()}
    if reviewer in found.labeled or reviewer in holders:
        return []
    others = found.raters | found.live
    capacity = 2 if in_overlap(seed, claim_id, overlap) else 1
    return sorted(others) if len(others) >= capacity else []


def take_next(
    *,
    session: Db,
    run_id: int,
    reviewer: str,
    overlap: float,
    seed: int,
    flag_class: FlagClass | None = None,
    after: QueueKey | None = None,
    now: datetime | None = None,
    last_trained: int | None = None,
    fresh: bool = False,
) -> Taken | None:
    """Hold and return the next flag for the reviewer in the run's order (of a class, with
    `flag_class`) after `after`: first one they already hold, else the first with a free
    slot. None when nothing is left after it. For a run made with a learned model,
    `last_trained` is the last label it learned from (db.queue.last_trained_label): only
    ratings made since fill a slot, and `fresh` walks only the flags unlabeled since."""
    now = now or utcnow()
    held = _mine_open(session, run_id, reviewer, now - HOLD)
    if held:  # a few claims at most, each looked up by its claim: the first in the order
        places = session.execute(
            _walked(run_id, flag_class).where(F.c.claim_id.in_(held)).order_by(None)
        ).all()
        first = min(places, default=None)
        taken = Taken(min(held), None) if first is None else Taken(first[2], (first[0], first[1]))
        _touch(session, run_id, taken.claim_id, reviewer, now)
        return taken
    walked = walk(session=session, run_id=run_id, flag_class=flag_class, after=after,
                  fresh=last_trained if fresh else None)  # fmt: skip
    for key, claim_id in walked:
        capacity = 2 if in_overlap(seed, claim_id, overlap) else 1
        for _ in range(5):  # lost races: look again
            got = _try_take(session, run_id, claim_id, reviewer, capacity, now, last_trained)
            if got is not None:
                break
        if got:
            return Taken(claim_id, key)
    return None


def _touch(session: Db, run_id: int, claim_id: int, reviewer: str, now: datetime) -> bool:
    touched = session.execute(
        update(W)
        .where(W.c.run_id == run_id, W.c.claim_id == claim_id, W.c.reviewer == reviewer)
        .values(claimed_at=now)
    )
    session.commit()
    return bool(touched.rowcount)


def hold(*, session: Db, run_id: int, claim_id: int, reviewer: str) -> bool:
    """Keep the reviewer's hold on a flag fresh while they look at it: False when they no
    longer hold it (it lapsed and a teammate took it over)."""
    return _touch(session, run_id, claim_id, reviewer, utcnow())


def release(*, session: Db, run_id: int, claim_id: int, reviewer: str) -> None:
    """Give a flag back (a skip: someone else may be able to tell)."""
    session.execute(
        delete(W).where(W.c.run_id == run_id, W.c.claim_id == claim_id, W.c.reviewer == reviewer)
    )
    session.commit()


@dataclass(frozen=True, slots=True)
class TeamProgress:
    """How far the team is through a run, and this reviewer's part of it."""

    flags: int
    labeled: int
    mine: int
    overlap: float


def team_progress(
    *, session: Db, run_id: int, reviewer: str, flag_class: FlagClass | None = None,
    last_trained: int | None = None,
) -> TeamProgress:  # fmt: skip
    """From the run's tallies: flags, flags with a verdict, this reviewer's labels; with
    `flag_class`, of that class alone: its size as stored with the run, its labels read
    from the labels' side (the cost follows the labels, not the run's flags). With
    `last_trained` (a run made with a learned model), only the labels made since it."""
    overlap = run_overlap(session=session, run_id=run_id)
    if flag_class is None and last_trained is None:
        return _from_tallies(session, run_id, reviewer, overlap)
    if flag_class is not None:
        change, previous = flag_class.change, flag_class.previous
        member = claim_in_class(LS.c.claim_id, run_id=run_id, previous=previous, change=change)
        flags = class_size(db=session, run_id=run_id, previous=previous, change=change)
    else:
        member = exists().where(F.c.run_id == run_id, F.c.claim_id == LS.c.claim_id)
        flags = _from_tallies(session, run_id, reviewer, overlap).flags
    labels = select(LS.c.claim_id, LS.c.reviewer).where(LS.c.verdict.is_not(None), member)
    if last_trained is not None:  # from the labels made since: a range of the label key
        current = (LS.c.claim_id == L.c.claim_id) & (LS.c.reviewer == L.c.reviewer)
        labels = labels.select_from(L.join(LS, current & (LS.c.label_id == L.c.id))).where(
            L.c.id > last_trained
        )
    team_labeled: set[int] = set()
    own_labeled: set[int] = set()
    for claim_id, who in session.execute(labels):
        team_labeled.add(claim_id)
        if who == reviewer:
            own_labeled.add(claim_id)
    return TeamProgress(flags, len(team_labeled), len(own_labeled), overlap)


def _from_tallies(session: Db, run_id: int, reviewer: str, overlap: float) -> TeamProgress:
    rows = session.execute(
        select(T.c.reviewer, T.c.verdict, func.sum(T.c.n))
        .where(T.c.run_id == run_id, T.c.reviewer.in_(["", reviewer]))
        .group_by(T.c.reviewer, T.c.verdict)
    )
    flags = labeled = mine = 0
    for who, verdict, n in rows:
        if who == "" and verdict == "":
            flags += n
        elif who == "":
            labeled += n
        if who == reviewer and verdict != "":
            mine += n
    return TeamProgress(flags, labeled, mine, overlap)


@dataclass(frozen=True, slots=True)
class OverlapLeft:
    """The run's overlap claims that still have fewer than two reviewers' ratings."""

    waiting: int  # a reviewer of the run has not seen them yet, or only one person has
    passed: int  # one rating, and every other reviewer of the run skipped them


def overlap_left(
    *, session: Db, run_id: int, flag_class: FlagClass | None = None,
    last_trained: int | None = None,
) -> OverlapLeft:  # fmt: skip
    """How many claims of the run's overlap sample (or of a class of the run's flags)
    still wait for a second reviewer's verdict (a skip is no verdict; an
    adjudicator's is not a reviewer's), and how many cannot get one from anyone who has
    worked on the run: they were skipped by all the others (a team of two, one skipped
    it), so only a newcomer could give it. With `last_trained` (a run made with a learned
    model), only the labels made since it count, as in the team's queue."""
    overlap = run_overlap(session=session, run_id=run_id)
    if overlap <= 0:
        return OverlapLeft(0, 0)
    seed = run_seed(session=session, run_id=run_id)
    query = select(F.c.claim_id).where(F.c.run_id == run_id)
    if flag_class is not None:
        query = query.where(
            class_condition(run_id=run_id, previous=flag_class.previous, change=flag_class.change)
        )
    claims = set(session.scalars(query))
    rated: dict[int, int] = {}
    seen: dict[int, set[str]] = {}
    labels = _run_labels(run_id, LS.c.claim_id, LS.c.reviewer, LS.c.verdict).where(
        LS.c.role == "reviewer", LS.c.verdict.is_not(None)
    )
    if last_trained is not None:
        labels = labels.where(LS.c.label_id > last_trained)
    for claim_id, reviewer, verdict in session.execute(labels):
        if claim_id not in claims:
            continue
        seen.setdefault(claim_id, set()).add(reviewer)
        if verdict in RATED:
            rated[claim_id] = rated.get(claim_id, 0) + 1
    team = set().union(*seen.values()) if seen else set()
    waiting = passed = 0
    for claim_id in claims:
        if rated.get(claim_id, 0) >= 2 or not in_overlap(seed, claim_id, overlap):
            continue
        who = seen.get(claim_id, set())
        if rated.get(claim_id) and len(who) >= 2 and who >= team:
            passed += 1
        else:
            waiting += 1
    return OverlapLeft(waiting, passed)
