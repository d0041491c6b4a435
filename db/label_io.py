"""Labels out of and into a database as lines (db.label_lines says their shape): every
reviewer's current verdicts, misses and briefs read in full. An import writes through the
same functions the review app uses, so its labels count everywhere like the app's."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sqlalchemy import Row, exists, insert, select

from db.label_lines import MISS, STORED, LabelLine
from db.labels import record_label
from db.misses import record_miss
from db.tables import Db, utcnow
from db.tables import brief as B
from db.tables import briefscan as S
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import label as L
from db.tables import labelstate as LS
from db.tables import miss as M
from db.tables import reviewedbrief as RB


def _run_of(name: str | None, run_id: int | None) -> dict[str, Any]:
    if run_id is None:
        return {}
    return {"run": name if name else run_id}


def export_lines(*, session: Db, run_id: int | None = None) -> list[dict[str, Any]]:
    """The database's labels as lines, brief by brief: briefs read in full first, then
    verdicts and misses in text order. With `run_id`, the verdicts on the run's flags and
    the misses and reading marks of the briefs it scanned."""
    made_in = R.alias("made_in")
    # the flag the label was made on (of `run_id`, else of the run it was made in): its rule
    # and, when a learned model decided it, the model's probability
    flagged = F.alias("flagged")
    on_run = L.c.run_id if run_id is None else run_id
    labels = (
        select(
            B.c.pk,
            B.c.brief_id,
            C.c.start,
            C.c.end,
            C.c.token,
            LS.c.reviewer,
            LS.c.verdict,
            LS.c.note,
            LS.c.role,
            L.c.run_id,
            L.c.queue,
            made_in.c.name,
            flagged.c.rule,
            flagged.c.probability,
        )
        .select_from(
            LS.join(C, C.c.id == LS.c.claim_id)
            .join(B, B.c.pk == C.c.brief_pk)
            .outerjoin(L, L.c.id == LS.c.label_id)
            .outerjoin(made_in, made_in.c.id == L.c.run_id)
            .outerjoin(flagged, (flagged.c.claim_id == C.c.id) & (flagged.c.run_id == on_run))
        )
        .where(LS.c.verdict.is_not(None))
    )
    misses = (
        select(
            B.c.pk,
            B.c.brief_id,
            M.c.start,
            M.c.end,
            M.c.token,
            M.c.reviewer,
            M.c.known,
            M.c.note,
            M.c.run_id,
            made_in.c.name,
        )
        .select_from(
            M.join(B, B.c.pk == M.c.brief_pk).outerjoin(made_in, made_in.c.id == M.c.run_id)
        )
        .where(M.c.undone_at.is_(None))
    )
    reviewed = select(B.c.pk, B.c.brief_id, RB.c.reviewer, RB.c.run_id, made_in.c.name).select_from(
        RB.join(B, B.c.pk == RB.c.brief_pk).outerjoin(made_in, made_in.c.id == RB.c.run_id)
    )
    if run_id is not None:
        labels = labels.where(exists().where(F.c.run_id == run_id, F.c.claim_id == C.c.id))
        scanned = select(S.c.brief_pk).where(S.c.run_id == run_id)
        misses = misses.where(M.c.brief_pk.in_(scanned))
        reviewed = reviewed.where(RB.c.brief_pk.in_(scanned))
    rows: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for r in session.execute(reviewed):
        line = {"brief": r.brief_id, "reviewed": True, "reviewer": r.reviewer}
        rows.append(((r.pk, 0, 0, r.reviewer), line | _run_of(r.name, r.run_id)))
    for r in session.execute(labels):
        rows.append(((r.pk, 1, r.start, r.reviewer), _label_line(r)))
    for r in session.execute(misses):
        rows.append(((r.pk, 1, r.start, r.reviewer), _miss_line(r)))
    rows.sort(key=lambda row: row[0])
    return [line for _key, line in rows]


def _label_line(r: Row) -> dict[str, Any]:
    """A verdict's line: what every line says, then what only some labels have."""
    line = {
        "brief": r.brief_id,
        "start": r.start,
        "end": r.end,
        "token": r.token,
        "verdict": STORED[r.verdict],
        "reviewer": r.reviewer,
    }
    line |= {"note": r.note} if r.note else {}
    line |= _run_of(r.name, r.run_id) | ({"queue": True} if r.queue else {})
    line |= {"role": r.role} if r.role != "reviewer" else {}
    line |= {"rule": r.rule} if r.rule else {}
    line |= {"probability": round(r.probability, 4)} if r.probability is not None else {}
    return line


def _miss_line(r: Row) -> dict[str, Any]:
    """A miss's line: the span a reviewer marked and the known value it misstates."""
    line = {
        "brief": r.brief_id,
        "start": r.start,
        "end": r.end,
        "token": r.token,
        "verdict": MISS,
        "known": r.known,
        "reviewer": r.reviewer,
    }
    return line | ({"note": r.note} if r.note else {}) | _run_of(r.name, r.run_id)


def _claim_id(session: Db, line: LabelLine) -> int:
    """The claim of the line's span, made when no run has flagged it yet (a later run
    that flags it finds its labels there, as it would a label made in the app)."""
    where = (
        C.c.brief_pk == line.brief_pk,
        C.c.start == line.start,
        C.c.end == line.end,
        C.c.token == line.token,
    )
    found = session.scalar(select(C.c.id).where(*where))
    if found is not None:
        return found
    added = session.execute(
        insert(C).values(brief_pk=line.brief_pk, start=line.start, end=line.end, token=line.token)
    )
    session.commit()
    return added.inserted_primary_key[0]


def _has_label(session: Db, claim_id: int, line: LabelLine) -> bool:
    state = session.execute(
        select(LS.c.verdict, LS.c.note, LS.c.role).where(
            LS.c.claim_id == claim_id, LS.c.reviewer == line.reviewer
        )
    ).first()
    if state is None or state.verdict != line.verdict or state.role != line.role:
        return False
    return line.note is None or state.note == line.note


def _has_miss(session: Db, line: LabelLine) -> bool:
    found = select(M.c.id).where(
        M.c.brief_pk == line.brief_pk,
        M.c.reviewer == line.reviewer,
        M.c.start == line.start,
        M.c.end == line.end,
        M.c.known == line.known,
        M.c.undone_at.is_(None),
    )
    return session.scalar(found.limit(1)) is not None


def _mark_reviewed(session: Db, line: LabelLine) -> bool:
    found = select(RB.c.brief_pk).where(
        RB.c.brief_pk == line.brief_pk, RB.c.reviewer == line.reviewer
    )
    if session.scalar(found) is not None:
        return False
    session.execute(
        insert(RB).values(
            brief_pk=line.brief_pk, reviewer=line.reviewer, run_id=line.run_id, created_at=utcnow()
        )
    )
    session.commit()
    return True


def import_lines(*, session: Db, lines: list[LabelLine]) -> Counter[str]:
    """Write checked lines (db.label_lines.check); what is already there is left alone, so
    a second import of the same file changes nothing. Counts what was written and kept."""
    counts: Counter[str] = Counter()
    for line in lines:
        if line.verdict is None:
            counts["reviewed" if _mark_reviewed(session, line) else "unchanged"] += 1
        elif line.verdict == MISS:
            if _has_miss(session, line):
                counts["unchanged"] += 1
                continue
            record_miss(
                session=session,
                brief_pk=line.brief_pk,
                reviewer=line.reviewer,
                start=line.start,
                end=line.end,
                token=line.token,
                value=line.value,
                unit=line.unit,
                known=line.known or "",
                known_value=line.known_value,
                run_id=line.run_id,
                note=line.note,
            )
            counts["misses"] += 1
        else:
            claim_id = _claim_id(session, line)
            if _has_label(session, claim_id, line):
                counts["unchanged"] += 1
                continue
            record_label(
                session=session,
                claim_id=claim_id,
                reviewer=line.reviewer,
                verdict=line.verdict,
                note=line.note,
                role=line.role,
                run_id=line.run_id,
                queue=line.queue,
            )
            counts["labels"] += 1
    return counts
