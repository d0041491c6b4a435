"""Writing labels: append-only verdicts on claims, undo by marking, notes per reviewer.

Each function is one short transaction of its own (db.writing): it locks the claim row
before reading any "before" state, so concurrent reviewers, or one reviewer in two windows,
never move a count from a stale verdict; it commits before returning, so a label survives
a crash right after its key; and a deadlock or dropped connection is retried, never written
twice (a retried label finds itself by its timestamp).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy import Connection, Row, insert, select, update

from db import progress, tally
from db.tables import ROLES, VERDICTS, Db, engine_of, utcnow
from db.tables import claim as C
from db.tables import label as L
from db.tables import labelstate as LS
from db.writing import PATIENCE, OnRetry, transaction
from reviewer.agreement import team_verdict

# A label as stored: a row with the columns of db.tables.label as attributes
# (id, claim_id, reviewer, verdict, note, created_at, undone_at).
LabelRow = Row[Any]


def _settle(session: Db) -> None:
    """End the caller's transaction (committing what it holds, as these functions always
    have) so that its locks or snapshot never stand in the way of the write."""
    if session.in_transaction():
        session.commit()


def _lock_claim(connection: Connection, claim_id: int) -> Row[Any] | None:
    """The claim's row, locked for the rest of the transaction (the first lock taken). NO
    KEY UPDATE: a detector run inserting flags that refer to the claim need not wait."""
    return connection.execute(
        select(C.c.id, C.c.verdict, C.c.label_id)
        .where(C.c.id == claim_id)
        .with_for_update(key_share=True)
    ).first()


class _State(NamedTuple):
    verdict: str | None
    note: str | None
    label_id: int | None
    origin: tally.Origin


def _state(connection: Connection, claim_id: int, reviewer: str) -> _State | None:
    """The reviewer's current verdict, note and label on a claim, if they ever had one,
    with where that label was made (`origin`, a db.tally.Origin)."""
    row = connection.execute(
        select(LS.c.verdict, LS.c.note, LS.c.label_id, L.c.run_id, L.c.queue)
        .select_from(LS.outerjoin(L, L.c.id == LS.c.label_id))
        .where(LS.c.claim_id == claim_id, LS.c.reviewer == reviewer)
    ).first()
    if row is None:
        return None
    origin = None if row.label_id is None else (row.run_id, bool(row.queue))
    return _State(row.verdict, row.note, row.label_id, origin)


def labeled_from_queue(
    connection: Connection, *, claim_id: int, reviewer: str, run_id: int
) -> bool:
    """Whether the reviewer's standing label on a claim was made from run `run_id`'s
    random queue (a label made again keeps how the flag came to them)."""
    state = _state(connection, claim_id, reviewer)
    return state is not None and state.verdict is not None and state.origin == (run_id, True)


def _origin(connection: Connection, label_id: int | None) -> tally.Origin:
    """The run a label was made in and whether through its queue (db.tally.Origin)."""
    if label_id is None:
        return None
    row = connection.execute(select(L.c.run_id, L.c.queue).where(L.c.id == label_id)).first()
    return None if row is None else (row.run_id, bool(row.queue))


def _set_state(
    connection: Connection, claim_id: int, reviewer: str, exists: bool, **values: Any
) -> None:
    if exists:
        connection.execute(
            update(LS).where(LS.c.claim_id == claim_id, LS.c.reviewer == reviewer).values(**values)
        )
    else:
        connection.execute(insert(LS).values(claim_id=claim_id, reviewer=reviewer, **values))


def _label(connection: Connection, label_id: int) -> LabelRow:
    return connection.execute(select(L).where(L.c.id == label_id)).one()


def record_label(
    *,
    session: Db,
    claim_id: int,
    reviewer: str,
    verdict: str,
    note: str | None = None,
    role: str = "reviewer",
    run_id: int | None = None,
    queue: bool = False,
    on_retry: OnRetry | None = None,
    patience: float = PATIENCE,
    busy: float | None = None,
) -> LabelRow:
    """Append a verdict on a claim; it becomes the reviewer's current one. Keeps the note
    already on the claim unless a new one is given. An adjudicator's verdict is final.
    `patience` and `busy` as in db.writing.transaction. `run_id` is the run being reviewed
    and `queue` whether the flag came from its random queue (see db.strata)."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}, got {role!r}")
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {verdict!r}")
    if not reviewer:
        raise ValueError("a label needs a reviewer name")
    _settle(session)
    made_at = utcnow()  # the same on every attempt: how a retry knows it already happened

    def write(connection: Connection) -> LabelRow:
        claim = _lock_claim(connection, claim_id)
        if claim is None:
            raise ValueError(f"no claim {claim_id}")
        done = connection.scalar(
            select(L.c.id).where(
                L.c.claim_id == claim_id, L.c.reviewer == reviewer, L.c.created_at == made_at
            )
        )
        if done is not None:  # an earlier attempt committed before its connection was lost
            return _label(connection, done)
        state = _state(connection, claim_id, reviewer)
        before = state.verdict if state else None
        progress.lock(connection, claim_id, reviewer)
        moves = tally.Moves()
        was = state.origin if state else None
        moves.add(connection, claim_id, reviewer, before, verdict, was, (run_id, queue))
        team_was = _origin(connection, claim.label_id)
        kept = note if note is not None else (state.note if state is not None else None)
        added = connection.execute(
            insert(L).values(claim_id=claim_id, reviewer=reviewer, verdict=verdict, note=kept,
                             created_at=made_at, role=role, run_id=run_id, queue=queue)
        )  # fmt: skip
        label_id = added.inserted_primary_key[0]
        _set_state(connection, claim_id, reviewer, state is not None,
                   label_id=label_id, verdict=verdict, note=kept, role=role)  # fmt: skip
        after, newest = _refresh_claim_verdict(connection, claim_id)
        # the label just made is the newest of all
        team_now = (run_id, queue) if newest == label_id else _origin(connection, newest)
        moves.add(connection, claim_id, tally.ANY, claim.verdict, after, team_was, team_now)
        moves.apply(connection)
        progress.moved(connection, claim_id, reviewer, before, verdict)
        return _label(connection, label_id)

    return transaction(engine_of(session), write, on_retry=on_retry, patience=patience, busy=busy)


def undo_last_label(
    *,
    session: Db,
    reviewer: str,
    on_retry: OnRetry | None = None,
    patience: float = PATIENCE,
    busy: float | None = None,
) -> LabelRow | None:
    """Mark the reviewer's newest live label undone; the claim falls back to the reviewer's
    previous live label on it (or to no verdict). Returns the undone label."""
    _settle(session)
    live = L.c.undone_at.is_(None)
    undone: list[int] = []  # the label an earlier attempt undid, should its commit be lost

    def write(connection: Connection) -> LabelRow | None:
        if undone:
            done = _label(connection, undone[0])
            if done.undone_at is not None:
                return done
        while True:
            newest = select(L.c.id, L.c.claim_id, L.c.role).where(L.c.reviewer == reviewer, live)
            label = connection.execute(newest.order_by(L.c.id.desc()).limit(1)).first()
            if label is None:
                return None
            claim = _lock_claim(connection, label.claim_id)
            # another window of this reviewer may have undone it meanwhile: look again
            still = connection.scalar(select(L.c.undone_at).where(L.c.id == label.id))
            if claim is not None and still is None:
                break
        claim_id = label.claim_id
        progress.lock(connection, claim_id, reviewer)
        undone[:] = [label.id]
        connection.execute(update(L).where(L.c.id == label.id).values(undone_at=utcnow()))
        previous = connection.execute(
            select(L.c.id, L.c.verdict, L.c.role, L.c.run_id, L.c.queue)
            .where(L.c.claim_id == claim_id, L.c.reviewer == reviewer, live)
            .order_by(L.c.id.desc())
            .limit(1)
        ).first()
        moves = tally.Moves()
        state = _state(connection, claim_id, reviewer)
        team_was = _origin(connection, claim.label_id)
        if state is not None:
            restored = previous.verdict if previous else None
            was = state.origin
            now = (previous.run_id, bool(previous.queue)) if previous else None
            moves.add(connection, claim_id, reviewer, state.verdict, restored, was, now)
            _set_state(connection, claim_id, reviewer, True,
                       label_id=previous.id if previous else None, verdict=restored,
                       role=previous.role if previous else label.role)  # fmt: skip
            progress.moved(connection, claim_id, reviewer, state.verdict, restored)
        after, newest = _refresh_claim_verdict(connection, claim_id)
        team_now = _origin(connection, newest)
        moves.add(connection, claim_id, tally.ANY, claim.verdict, after, team_was, team_now)
        moves.apply(connection)
        return _label(connection, label.id)

    return transaction(engine_of(session), write, on_retry=on_retry, patience=patience, busy=busy)


def set_note(*, session: Db, claim_id: int, reviewer: str, note: str | None) -> None:
    """Attach (or clear, with None or "") the reviewer's note on a claim."""
    _settle(session)

    def write(connection: Connection) -> None:
        if _lock_claim(connection, claim_id) is None:
            raise ValueError(f"no claim {claim_id}")
        exists = _state(connection, claim_id, reviewer) is not None
        _set_state(connection, claim_id, reviewer, exists, note=note or None)

    transaction(engine_of(session), write)


def _refresh_claim_verdict(connection: Connection, claim_id: int) -> tuple[str | None, int | None]:
    """Claim.verdict = the team's verdict (reviewer.agreement.team_verdict: final, else
    agreed, else in dispute) and label_id its newest label; returns both."""
    states = list(
        connection.execute(
            select(LS.c.role, LS.c.verdict, LS.c.label_id).where(
                LS.c.claim_id == claim_id, LS.c.verdict.is_not(None)
            )
        )
    )
    verdict = team_verdict((s.role, s.verdict, s.label_id) for s in states)
    newest = max((s.label_id for s in states), default=None)
    connection.execute(update(C).where(C.c.id == claim_id).values(label_id=newest, verdict=verdict))
    return verdict, newest
