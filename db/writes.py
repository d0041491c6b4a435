"""Batch writes for ingest and detector runs: core executemany inserts, no ORM object per row.

These functions never commit: the caller owns the transaction (one per file or per batch).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import exists, func, insert, select, update
from sqlalchemy.orm import aliased
from sqlmodel import Session

from db import tally
from db.models import DetectorRun, utcnow
from db.queries import BS, B, C, F, P
from reviewer.grounding.types import Flag


def digest(*parts: str) -> str:
    """A short content hash: dedupes pools and tells a changed brief from a re-sent one."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def meta_to_json(meta: dict[str, Any] | None) -> str | None:
    return None if meta is None else json.dumps(meta, sort_keys=True, ensure_ascii=False)


def pool_pks(session: Session, pools: Sequence[tuple[str, str]]) -> list[int]:
    """Primary keys for (digest, knowns JSON) pools, inserting the ones not stored yet."""
    wanted = {d: k for d, k in pools}
    known = dict(
        session.execute(select(P.c.digest, P.c.pk).where(P.c.digest.in_(list(wanted)))).all()
    )
    missing = [{"digest": d, "knowns": k} for d, k in wanted.items() if d not in known]
    if missing:  # plain executemany, then read the keys back: RETURNING goes row by row
        session.execute(insert(P), missing)
        added = [m["digest"] for m in missing]
        known.update(session.execute(select(P.c.digest, P.c.pk).where(P.c.digest.in_(added))).all())
    return [known[d] for d, _ in pools]


def stored_briefs(session: Session, brief_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
    """brief_id -> (pk, digest) for the ids already stored."""
    rows = session.execute(
        select(B.c.brief_id, B.c.pk, B.c.digest).where(B.c.brief_id.in_(list(brief_ids)))
    )
    return {brief_id: (pk, d) for brief_id, pk, d in rows}


def insert_briefs(session: Session, rows: list[dict[str, Any]]) -> list[int]:
    """Insert briefs (dicts of Brief columns); their primary keys in the same order."""
    if not rows:
        return []
    now = utcnow()
    for row in rows:
        row.setdefault("created_at", now)
    session.execute(insert(B), rows)
    ids = [row["brief_id"] for row in rows]
    pks = dict(session.execute(select(B.c.brief_id, B.c.pk).where(B.c.brief_id.in_(ids))).all())
    return [pks[i] for i in ids]


def replace_brief(session: Session, brief_pk: int, row: dict[str, Any]) -> None:
    session.execute(update(B).where(B.c.pk == brief_pk).values(**row))


def start_run(session: Session, *, detector: str, version: str, config: str) -> int:
    run = DetectorRun(detector=detector, version=version, config=config)
    session.add(run)
    session.flush()
    assert run.id is not None
    return run.id


@dataclass(frozen=True, slots=True)
class Scan:
    """One detector pass over one stored brief."""

    brief_pk: int
    checkable: int
    flags: list[Flag]


def store_scans(session: Session, run_id: int, scans: Sequence[Scan]) -> int:
    """BriefScan rows, claims (reused when the same span was flagged before) and flags."""
    if not scans:
        return 0
    session.execute(
        insert(BS),
        [
            {
                "run_id": run_id,
                "brief_pk": s.brief_pk,
                "checkable": s.checkable,
                "flags": len(s.flags),
            }
            for s in scans
        ],
    )
    flagged = [s for s in scans if s.flags]
    if not flagged:
        return 0
    claims = _claims_of(session, [s.brief_pk for s in flagged])
    new_claims: dict[tuple[int, int, int, str], None] = {}
    for scan in flagged:
        for f in scan.flags:
            key = (scan.brief_pk, f.start, f.end, f.token)
            if key not in claims:
                new_claims[key] = None
    if new_claims:
        params = [{"brief_pk": b, "start": s, "end": e, "token": t} for b, s, e, t in new_claims]
        session.execute(insert(C), params)
        claims = _claims_of(session, [s.brief_pk for s in flagged])
    rows = []
    seen: set[int] = set()
    for scan in flagged:
        for f in scan.flags:
            claim_id = claims[(scan.brief_pk, f.start, f.end, f.token)]
            if claim_id in seen:  # a detector reporting one span twice: keep the first
                continue
            seen.add(claim_id)
            rows.append(
                {
                    "run_id": run_id,
                    "claim_id": claim_id,
                    "brief_pk": scan.brief_pk,
                    "start": f.start,
                    "end": f.end,
                    "token": f.token,
                    "value": f.value,
                    "unit": f.unit,
                    "nearest": f.nearest,
                    "nearest_value": f.nearest_value,
                    "delta": f.delta,
                    "rel": f.rel,
                    "kind": f.kind,
                }
            )
    session.execute(insert(F), rows)
    return len(rows)


def _claims_of(session: Session, brief_pks: list[int]) -> dict[tuple[int, int, int, str], int]:
    """(brief_pk, start, end, token) -> claim id for the claims of these briefs."""
    rows = session.execute(
        select(C.c.id, C.c.brief_pk, C.c.start, C.c.end, C.c.token).where(
            C.c.brief_pk.in_(brief_pks)
        )
    )
    return {(b, s, e, t): cid for cid, b, s, e, t in rows}


def unscanned_briefs(
    session: Session, run_id: int, after_pk: int, limit: int
) -> list[tuple[int, str, str]]:
    """(pk, text, knowns JSON) of stored briefs the run has not covered yet, in pk order."""
    covered = exists().where(BS.c.run_id == run_id, BS.c.brief_pk == B.c.pk)
    return [
        tuple(r)  # type: ignore[misc]
        for r in session.execute(
            select(B.c.pk, B.c.text, P.c.knowns)
            .select_from(B.join(P, P.c.pk == B.c.pool_pk))
            .where(B.c.pk > after_pk, ~covered)
            .order_by(B.c.pk)
            .limit(limit)
        )
    ]


def finish_run(session: Session, run_id: int) -> DetectorRun:
    """Totals from BriefScan and a finish time: from now on the run can be the latest."""
    briefs, flags, checkable = session.execute(
        select(
            func.count(),
            func.coalesce(func.sum(BS.c.flags), 0),
            func.coalesce(func.sum(BS.c.checkable), 0),
        ).where(BS.c.run_id == run_id)
    ).one()
    run = session.get(DetectorRun, run_id)
    assert run is not None
    run.briefs, run.flags, run.checkable, run.finished_at = briefs, flags, checkable, utcnow()
    tally.rebuild_run(session, run_id)
    session.flush()
    return run


@dataclass(frozen=True, slots=True)
class RunDiff:
    """How a run's flags compare with an earlier run's, claim by claim."""

    new: int
    gone: int
    same: int


def diff_runs(session: Session, old_run: int, new_run: int) -> RunDiff:
    old, new = aliased(F), aliased(F)

    def count_in(a: Any, a_id: int, b: Any, b_id: int, present: bool) -> int:
        other = exists().where(b.c.run_id == b_id, b.c.claim_id == a.c.claim_id)
        cond = other if present else ~other
        return int(session.scalar(select(func.count()).where(a.c.run_id == a_id, cond)) or 0)

    return RunDiff(
        new=count_in(new, new_run, old, old_run, False),
        gone=count_in(old, old_run, new, new_run, False),
        same=count_in(new, new_run, old, old_run, True),
    )
