"""Writing labels: append-only verdicts on claims, undo by marking, notes per reviewer.

Every function commits before returning, so a label survives a crash right after its key.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlmodel import Session

from db import progress, tally
from db.models import VERDICTS, Claim, Label, LabelState, utcnow


def record_label(
    *, session: Session, claim_id: int, reviewer: str, verdict: str, note: str | None = None
) -> Label:
    """Append a verdict on a claim; it becomes the reviewer's current one. Keeps the note
    already on the claim unless a new one is given."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(VERDICTS)}, got {verdict!r}")
    if not reviewer:
        raise ValueError("a label needs a reviewer name")
    claim = session.get(Claim, claim_id)
    if claim is None:
        raise ValueError(f"no claim {claim_id}")
    state = session.get(LabelState, (claim_id, reviewer))
    before = state.verdict if state else None
    tally.move(session, claim_id, reviewer, before, verdict)
    tally.move(session, claim_id, tally.ANY, claim.verdict, verdict)
    if note is None and state is not None:
        note = state.note
    label = Label(claim_id=claim_id, reviewer=reviewer, verdict=verdict, note=note)
    session.add(label)
    session.flush()
    if state is None:
        state = LabelState(claim_id=claim_id, reviewer=reviewer)
        session.add(state)
    state.label_id, state.verdict, state.note = label.id, verdict, note
    claim.verdict, claim.label_id = verdict, label.id
    session.flush()
    progress.moved(session, claim_id, reviewer, before, verdict)
    session.commit()
    session.refresh(label)
    return label


def undo_last_label(*, session: Session, reviewer: str) -> Label | None:
    """Mark the reviewer's newest live label undone; the claim falls back to the reviewer's
    previous live label on it (or to no verdict). Returns the undone label."""
    label = session.scalars(
        select(Label)
        .where(Label.reviewer == reviewer, Label.undone_at.is_(None))  # type: ignore[union-attr]
        .order_by(Label.id.desc())  # type: ignore[union-attr]
        .limit(1)
    ).first()
    if label is None:
        return None
    label.undone_at = utcnow()
    session.flush()
    previous = session.scalars(
        select(Label)
        .where(
            Label.claim_id == label.claim_id,
            Label.reviewer == reviewer,
            Label.undone_at.is_(None),  # type: ignore[union-attr]
        )
        .order_by(Label.id.desc())  # type: ignore[union-attr]
        .limit(1)
    ).first()
    state = session.get(LabelState, (label.claim_id, reviewer))
    if state is not None:
        restored = previous.verdict if previous else None
        tally.move(session, label.claim_id, reviewer, state.verdict, restored)
        was = state.verdict
        state.label_id = previous.id if previous else None
        state.verdict = restored
        session.flush()
        progress.moved(session, label.claim_id, reviewer, was, restored)
    session.flush()
    claim = session.get(Claim, label.claim_id)
    before = claim.verdict if claim else None
    after = _refresh_claim_verdict(session, label.claim_id)
    tally.move(session, label.claim_id, tally.ANY, before, after)
    session.commit()
    session.refresh(label)
    return label


def set_note(*, session: Session, claim_id: int, reviewer: str, note: str | None) -> None:
    """Attach (or clear, with None or "") the reviewer's note on a claim."""
    if session.get(Claim, claim_id) is None:
        raise ValueError(f"no claim {claim_id}")
    state = session.get(LabelState, (claim_id, reviewer))
    if state is None:
        state = LabelState(claim_id=claim_id, reviewer=reviewer)
        session.add(state)
    state.note = note or None
    session.commit()


def _refresh_claim_verdict(session: Session, claim_id: int) -> str | None:
    """Claim.verdict = the newest current verdict of any reviewer; returns it."""
    row = session.execute(
        select(LabelState.label_id, LabelState.verdict)
        .where(LabelState.claim_id == claim_id, LabelState.verdict.is_not(None))  # type: ignore[union-attr]
        .order_by(LabelState.label_id.desc())  # type: ignore[union-attr]
        .limit(1)
    ).first()
    session.execute(
        update(Claim)
        .where(Claim.id == claim_id)  # type: ignore[arg-type]
        .values(label_id=row[0] if row else None, verdict=row[1] if row else None)
    )
    return row[1] if row else None
