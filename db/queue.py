"""The review queue: a seeded random order of a run's flags, the same for every reviewer.

A flag's place is `queue_rank`, a hash of the run's `order_seed` and the flag's claim, so
any prefix of the queue is a simple random sample of the run's flags (the Wilson interval
then means what it says) and nothing but one column per flag is stored. Runs made before
the queue existed get their seed and ranks the first time they are reviewed in this order.

A run made with a learned model gives first, in the same order, the flags with no label
made since the model was learned: the labels it learned from are no sample of its flags,
so its honest estimate (db.model_figures) is the one that has to fill up.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import ColumnElement, Row, Select, bindparam, exists, select, tuple_, update

from db.queries import _flag_select, _flag_view, _verdicts
from db.tables import Db
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import learnedmodel as LM
from db.tables import workclaim as W
from db.views import FlagView

MASK64 = (1 << 64) - 1
QueueKey = tuple[int, int]  # (queue_rank, flag pk): a flag's place in the queue


def new_seed() -> int:
    """A seed for a new run's order (31 bits: an INTEGER on every database)."""
    return random.SystemRandom().randrange(1, 2**31)


def queue_rank(seed: int, claim_id: int) -> int:
    """The place of a claim in a run's queue: splitmix64 of seed and claim, top 31 bits.
    A fixed function, so every reviewer (and every machine) sees the same order."""
    z = (seed * 0x9E3779B97F4A7C15 + claim_id * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 33


def run_seed(session: Db, run_id: int) -> int | None:
    return session.scalar(select(R.c.order_seed).where(R.c.id == run_id))


def ensure_order(*, session: Db, run_id: int) -> int:
    """The run's seed, giving an older run (no seed, no ranks) both first; commits then."""
    seed = run_seed(session, run_id)
    unranked = select(F.c.pk).where(F.c.run_id == run_id, F.c.queue_rank.is_(None)).limit(1)
    if seed is not None and session.scalar(unranked) is None:
        return seed
    if seed is None:
        # a run a team already shares draws its overlap from its id (db.share.run_seed):
        # that id becomes its seed, so the sample the team works on stays the same
        shared = session.scalar(select(W.c.claim_id).where(W.c.run_id == run_id).limit(1))
        seed = run_id if shared is not None else new_seed()
        session.execute(update(R).where(R.c.id == run_id).values(order_seed=seed))
    rows = session.execute(
        select(F.c.pk, F.c.claim_id).where(F.c.run_id == run_id, F.c.queue_rank.is_(None))
    ).all()
    if rows:
        session.execute(
            update(F).where(F.c.pk == bindparam("flag_pk")).values(queue_rank=bindparam("rank")),
            [{"flag_pk": pk, "rank": queue_rank(seed, claim)} for pk, claim in rows],
        )
    session.commit()
    return seed


def queue_key(*, session: Db, flag_pk: int) -> QueueKey | None:
    rank = session.scalar(select(F.c.queue_rank).where(F.c.pk == flag_pk))
    return None if rank is None else (rank, flag_pk)


def last_trained_label(*, session: Db, run_id: int) -> int | None:
    """For a run made with a learned model, the id of the last label it learned from (-1:
    none); a label with a larger id was made since it was learned. None for a run of the
    rules alone."""
    model = session.execute(
        select(LM.c.last_label).select_from(R.join(LM, LM.c.id == R.c.model_id))
        .where(R.c.id == run_id)
    ).first()  # fmt: skip
    if model is None:
        return None
    return model.last_label if model.last_label is not None else -1


def unlabeled_since(last_trained: int) -> ColumnElement[bool]:
    """The condition on flags "no label on the claim was made after label `last_trained`"."""
    since = C.alias("since_training")
    return ~exists().where(since.c.id == F.c.claim_id, since.c.label_id > last_trained)


def not_labeled_since_training(*, session: Db, run_id: int) -> ColumnElement[bool] | None:
    """For a run made with a learned model, the condition on its flags "no label on the
    claim was made since the model was learned" (the labels db.model_figures counts after
    training are the others); None for a run of the rules alone."""
    last = last_trained_label(session=session, run_id=run_id)
    return None if last is None else unlabeled_since(last)


def next_in_queue(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    after: QueueKey | None = None,
    stratum: ColumnElement[bool] | None = None,
) -> FlagView | None:
    """The first flag without a current verdict after `after` in the run's random order,
    wrapping around. Walks the (run, rank) index from where the reviewer is. `stratum`
    keeps the walk to one class of flags (db.changes.class_condition): the same order
    restricted to it, so its prefix is a random sample of that class. A run made with a
    learned model walks first the flags nobody has labeled since it was learned."""
    _, verdict, _ = _verdicts(reviewer)
    base = _flag_select(reviewer).where(F.c.run_id == run_id, verdict.is_(None))
    if stratum is not None:
        base = base.where(stratum)
    base = base.order_by(F.c.queue_rank, F.c.pk).limit(1)
    fresh = not_labeled_since_training(session=session, run_id=run_id)
    if fresh is not None:
        found = _walk(session, base.where(fresh), after)
        if found is not None:
            return found
    return _walk(session, base, after)


def _walk(session: Db, base: Select[Any], after: QueueKey | None) -> FlagView | None:
    """The first flag `base` gives after `after` in the queue, else its first at all."""
    if after is not None:
        later = tuple_(F.c.queue_rank, F.c.pk) > tuple_(*after)
        row: Row[Any] | None = session.execute(base.where(later)).first()
        if row is not None:
            return _flag_view(row)
    row = session.execute(base).first()
    return _flag_view(row) if row is not None else None


def is_next_in_queue(
    *,
    session: Db,
    run_id: int,
    reviewer: str | None,
    flag_pk: int,
    stratum: ColumnElement[bool] | None = None,
) -> bool:
    """Whether no unlabeled flag (of the flag's own stratum, when given) comes before this
    one in the queue: labeling it then keeps the queue's labels of that stratum a random
    sample of it, however the reviewer got there. In a run made with a learned model the
    flags nobody has labeled since it was learned come first (next_in_queue)."""
    key = queue_key(session=session, flag_pk=flag_pk)
    if key is None:
        return False
    _, verdict, _ = _verdicts(reviewer)
    unlabeled = _flag_select(reviewer).where(F.c.run_id == run_id, verdict.is_(None))
    if stratum is not None:
        unlabeled = unlabeled.where(stratum)
    earlier = unlabeled.where(tuple_(F.c.queue_rank, F.c.pk) < tuple_(*key))
    fresh = not_labeled_since_training(session=session, run_id=run_id)
    if fresh is not None:
        if session.execute(select(F.c.pk).where(F.c.pk == flag_pk, fresh)).first() is not None:
            earlier = earlier.where(fresh)  # only the fresh flags come before a fresh one
        else:  # every fresh flag comes before it
            earlier = unlabeled.where(fresh | (tuple_(F.c.queue_rank, F.c.pk) < tuple_(*key)))
    return session.execute(earlier.limit(1)).first() is None
