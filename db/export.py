"""The one query regression export needs: labeled claims with everything a fixture holds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Row, Select, func, select
from sqlmodel import Session

from db.misses import miss_fixtures
from db.models import Brief, Claim, DetectorRun, FlagRecord, Pool
from db.tables import brief as B
from db.tables import briefversion as V
from db.tables import claim as C
from db.tables import labelstate as LS
from db.tables import miss as M
from db.tables import pool as P
from db.views import pool_from_json
from reviewer.grounding.types import Known
from reviewer.regression import (
    ClaimKey,
    ExportReport,
    Fixture,
    LabeledClaim,
    Verdict,
    find_stale,
    merge_labels,
    read_fixtures,
    settled_verdicts,
    unwritable,
    write_fixtures,
)
from reviewer.vocabulary import EXPORTED

EXPORTED_VERDICTS = EXPORTED


def _labeled_claims(reviewer: str | None) -> Select:
    """The query of `iter_labeled_claims`: each exported verdict with its claim, brief,
    pool and the first flag on the claim (its detector run)."""
    first_flag = (
        select(FlagRecord.claim_id, func.min(FlagRecord.pk).label("flag_pk"))
        .group_by(FlagRecord.claim_id)
        .subquery()
    )
    stmt = (
        select(
            Claim.id,
            Claim.start,
            Claim.end,
            Claim.token,
            Brief.brief_id,
            Brief.pk.label("brief_pk"),  # type: ignore[union-attr]
            Brief.text,
            Brief.pool_pk,
            Pool.knowns,
            LS.c.reviewer,
            LS.c.verdict,
            LS.c.note,
            LS.c.role,
            LS.c.label_id,
            DetectorRun.detector,
            DetectorRun.version,
            FlagRecord.kind,
            FlagRecord.value,
            FlagRecord.unit,
            FlagRecord.nearest,
            FlagRecord.nearest_value,
            FlagRecord.delta,
            FlagRecord.basis,
            FlagRecord.rule,
            FlagRecord.probability,
        )
        .select_from(LS)
        .join(Claim, Claim.id == LS.c.claim_id)
        .join(Brief, Brief.pk == Claim.brief_pk)
        .join(Pool, Pool.pk == Brief.pool_pk)
        .outerjoin(first_flag, first_flag.c.claim_id == Claim.id)
        .outerjoin(FlagRecord, FlagRecord.pk == first_flag.c.flag_pk)
        .outerjoin(DetectorRun, DetectorRun.id == FlagRecord.run_id)
        .where(LS.c.verdict.in_(EXPORTED_VERDICTS))
        .order_by(Claim.id, LS.c.reviewer)
    )
    if reviewer is not None:
        stmt = stmt.where(LS.c.reviewer == reviewer)
    return stmt


def _flag_of(row: Row) -> dict[str, Any] | None:
    """The flag a labeled claim's row carries, as a fixture writes it (None: no flag)."""
    if row.kind is None:
        return None
    flag = {
        "kind": row.kind,
        "value": row.value,
        "unit": row.unit,
        "nearest": row.nearest,
        "nearest_value": row.nearest_value,
        "delta": row.delta,
        "basis": row.basis,  # None for a flag stored before basis was kept
        "rule": row.rule,  # None for a flag stored before rules were kept
    }
    if row.probability is not None:  # a learned model decided it
        flag["probability"] = round(row.probability, 4)  # as scan gives it
    return flag


def iter_labeled_claims(*, session: Session, reviewer: str | None = None) -> Iterator[LabeledClaim]:
    """Every current true/false-positive verdict (skips and undone labels left out), one row
    per claim and reviewer, in claim order. The detector named is the one whose flag on that
    claim came first, so re-running other detectors later does not change the fixture."""
    pools: dict[int, tuple[Known, ...]] = {}
    for row in session.execute(_labeled_claims(reviewer)):
        text, pool_pk = row.text, row.pool_pk
        if text[row.start : row.end] != row.token:  # labeled before `ingest --replace`
            kept = labeled_version(session, row.brief_pk, row.start, row.end, row.token)
            if kept is None:  # replaced before versions were kept: no text to write
                continue
            text, pool_pk = kept
        pool = pools.get(pool_pk)
        if pool is None:
            knowns = row.knowns
            if pool_pk != row.pool_pk:
                knowns = session.scalar(select(P.c.knowns).where(P.c.pk == pool_pk))
            pool = pools[pool_pk] = pool_from_json(knowns)
        yield LabeledClaim(
            claim_id=row.id,
            role=row.role,
            label_id=row.label_id or 0,
            fixture=Fixture(
                brief_id=row.brief_id,
                text=text,
                pool=pool,
                start=row.start,
                end=row.end,
                token=row.token,
                verdict=row.verdict,
                reviewer=row.reviewer,
                note=row.note,
                detector=row.detector or "",
                version=row.version or "",
                flag=_flag_of(row),
            ),
        )


def _unlabeled_misses(
    session: Session, labeled: list[LabeledClaim], reviewer: str | None
) -> list[Fixture]:
    """Misses as fixtures, unless a labeled claim already covers the same words."""
    spans = [(c.fixture.brief_id, c.fixture.start, c.fixture.end) for c in labeled]
    return [
        fixture
        for fixture in miss_fixtures(session=session, reviewer=reviewer)
        if not any(
            b == fixture.brief_id and s < fixture.end and fixture.start < e for b, s, e in spans
        )
    ]


def labeled_version(
    session: Session, brief_pk: int, start: int, end: int, token: str
) -> tuple[str, int] | None:
    """(text, pool_pk) of the newest replaced version of a brief whose span holds `token`:
    the words a claim was labeled on before its brief was overwritten."""
    versions = session.execute(
        select(V.c.text, V.c.pool_pk).where(V.c.brief_pk == brief_pk).order_by(V.c.id.desc())
    )
    for text, pool_pk in versions:
        if text[start:end] == token:
            return text, pool_pk
    return None


def export_fixtures(
    *,
    session: Session,
    out_dir: Path,
    only: Verdict | None = None,
    reviewer: str | None = None,
    force: bool = False,
    prune: bool = False,
) -> ExportReport:
    """Labeled claims to fixture files in `out_dir` (see reviewer.regression.write_fixtures);
    fixtures there that the labels no longer back are reported as stale (removed with
    `prune`)."""
    labeled = list(iter_labeled_claims(session=session, reviewer=reviewer))
    merged = merge_labels(labeled, only=only)
    if only in (None, "true_positive"):  # misses are contradictions the detector must flag
        merged.fixtures += _unlabeled_misses(session, labeled, reviewer)
    kept, left_out = [], []
    for fixture in merged.fixtures:
        reason = unwritable(fixture)
        if reason is None:
            kept.append(fixture)
        else:
            where = f"{fixture.brief_id} {fixture.token!r} at {fixture.start}-{fixture.end}"
            left_out.append(f"{where}: {reason}")
    report = write_fixtures(kept, out_dir, force=force)
    report.disagreements = merged.disagreements
    report.unwritable = left_out
    misses = [LabeledClaim(claim_id=0, fixture=f) for f in miss_fixtures(session=session)]
    verdicts = settled_verdicts([*labeled, *misses])
    found, report.unreadable = read_fixtures(out_dir)
    report.stale = find_stale(
        found, verdicts, lambda keys: known_claims(session=session, keys=keys), reviewer
    )
    if prune:
        for path, _ in report.stale:
            path.unlink(missing_ok=True)
            report.removed.append(path)
        report.stale = []
    return report


def known_claims(*, session: Session, keys: list[ClaimKey]) -> set[ClaimKey]:
    """Which of these (brief id, start, end, token) are claims or misses (live or undone)
    stored in this database: the fixtures this database can judge."""
    found: set[ClaimKey] = set()
    wanted = set(keys)
    brief_ids = sorted({key[0] for key in wanted})
    for first in range(0, len(brief_ids), 500):
        chunk = brief_ids[first : first + 500]
        for table in (C, M):
            rows = session.execute(
                select(B.c.brief_id, table.c.start, table.c.end, table.c.token)
                .select_from(table.join(B, B.c.pk == table.c.brief_pk))
                .where(B.c.brief_id.in_(chunk))
            )
            found.update(key for key in map(tuple, rows) if key in wanted)
    return found
