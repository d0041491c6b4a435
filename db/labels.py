"""Writing labels: append-only verdicts on claims, undo by marking, notes per reviewer.

Every function commits before returning, so a label survives a crash right after its key.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Row, insert, select, update

from db import progress, tally
from db.tables import VERDICTS, Db, utcnow
from db.tables import claim as C
from db.tables import label as L
from db.tables import labelstate as LS

# A label as stored: a row with the columns of db.tables.label as attributes
# (id, claim_id, reviewer, verdict, note, created_at, undone_at).
LabelRow = Row[Any]


def _state(session: Db, claim_id: int, reviewer: str) -> Row[Any] | None:
    """The reviewer's current verdict and note on a claim, if they ever had one."""
    return session.execute(
        select(LS.c.verdict, LS.c.note).where(LS.c.claim_id == claim_id, LS.c.reviewer == reviewer)
    ).first()


def _set_state(session: Db, claim_id: int, reviewer: str, exists: bool, **values: Any) -> None:
    if exists:
        session.execute(
            update(LS).where(LS.c.claim_id == claim_id, LS.c.reviewer == reviewer).values(**values)
        )
    else:
        session.execute(insert(LS).values(claim_id=claim_id, reviewer=reviewer, **values))


def _label(session: Db, label_id: int) -> LabelRow:
    return session.execute(select(L).where(L.c.id == label_id)).one()


def record_label(
    *, session: Db, claim_id: int, reviewer: str, verdict: str, note: str | None = None
) -> LabelRow:
    """Append a verdict on a claim; it becomes the reviewer's current one. Keeps the note
    already on the claim unless a new one is given."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {verdict!r}")
    if not reviewer:
        raise ValueError("a label needs a reviewer name")
    claim = session.execute(select(C.c.verdict).where(C.c.id == claim_id)).first()
    if claim is None:
        raise ValueError(f"no claim {claim_id}")
    state = _state(session, claim_id, reviewer)
    before = state.verdict if state else None
    tally.move(session, claim_id, reviewer, before, verdict)
    tally.move(session, claim_id, tally.ANY, claim.verdict, verdict)
    if note is None and state is not None:
        note = state.note
    added = session.execute(
        insert(L).values(
            claim_id=claim_id, reviewer=reviewer, verdict=verdict, note=note, created_at=utcnow()
        )
    )
    label_id = added.inserted_primary_key[0]
    _set_state(session, claim_id, reviewer, state is not None,
               label_id=label_id, verdict=verdict, note=note)  # fmt: skip
    session.execute(update(C).where(C.c.id == claim_id).values(verdict=verdict, label_id=label_id))
    progress.moved(session, claim_id, reviewer, before, verdict)
    session.commit()
    return _label(session, label_id)


def undo_last_label(*, session: Db, reviewer: str) -> LabelRow | None:
    """Mark the reviewer's newest live label undone; the claim falls back to the reviewer's
    previous live label on it (or to no verdict). Returns the undone label."""
    live = L.c.undone_at.is_(None)
    newest = select(L.c.id, L.c.claim_id).where(L.c.reviewer == reviewer, live)
    label = session.execute(newest.order_by(L.c.id.desc()).limit(1)).first()
    if label is None:
        return None
    claim_id = label.claim_id
    session.execute(update(L).where(L.c.id == label.id).values(undone_at=utcnow()))
    previous = session.execute(
        select(L.c.id, L.c.verdict)
        .where(L.c.claim_id == claim_id, L.c.reviewer == reviewer, live)
        .order_by(L.c.id.desc())
        .limit(1)
    ).first()
    state = _state(session, claim_id, reviewer)
    if state is not None:
        restored = previous.verdict if previous else None
        tally.move(session, claim_id, reviewer, state.verdict, restored)
        _set_state(session, claim_id, reviewer, True,
                   label_id=previous.id if previous else None, verdict=restored)  # fmt: skip
        progress.moved(session, claim_id, reviewer, state.verdict, restored)
    before = session.scalar(select(C.c.verdict).where(C.c.id == claim_id))
    after = _refresh_claim_verdict(session, claim_id)
    tally.move(session, claim_id, tally.ANY, before, after)
    session.commit()
    return _label(session, label.id)


def set_note(*, session: Db, claim_id: int, reviewer: str, note: str | None) -> None:
    """Attach (or clear, with None or "") the reviewer's note on a claim."""
    if session.scalar(select(C.c.id).where(C.c.id == claim_id)) is None:
        raise ValueError(f"no claim {claim_id}")
    exists = _state(session, claim_id, reviewer) is not None
    _set_state(session, claim_id, reviewer, exists, note=note or None)
    session.commit()


def _refresh_claim_verdict(session: Db, claim_id: int) -> str | None:
    """Claim.verdict = the newest current verdict of any reviewer; returns it."""
    row = session.execute(
        select(LS.c.label_id, LS.c.verdict)
        .where(LS.c.claim_id == claim_id, LS.c.verdict.is_not(None))
        .order_by(LS.c.label_id.desc())
        .limit(1)
    ).first()
    session.execute(
        update(C)
        .where(C.c.id == claim_id)
        .values(label_id=row[0] if row else None, verdict=row[1] if row else None)
    )
    return row[1] if row else None
