"""Reading reviewers' verdicts side by side: the ratings agreement is computed from, and the
claims whose reviewers differ.

Only reviewers' true- and false-positive verdicts are ratings: a skip says "cannot tell",
not what the flag is, and an adjudicator's verdict settles a claim rather than rating it.
Only claims with two or more ratings are read, so a run where most flags have one label
costs what its doubly labeled claims cost.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Select, func, select

from db.tables import Db
from db.tables import brief as B
from db.tables import claim as C
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import runtally as T
from reviewer.agreement import DISPUTED

RATED = ("true_positive", "false_positive")


@dataclass(frozen=True, slots=True)
class RunRatings:
    """Per claim of a run labeled by two or more reviewers: each one's verdict, and the
    claim's kind in that run."""

    verdicts: dict[int, dict[str, str]]
    kinds: dict[int, str]


def _doubly_rated() -> Select[tuple[int]]:
    return (
        select(LS.c.claim_id)
        .where(LS.c.verdict.in_(RATED), LS.c.role == "reviewer")
        .group_by(LS.c.claim_id)
        .having(func.count() >= 2)
    )


def run_reviewers(*, session: Db, run_id: int) -> list[str]:
    """Everyone with a current verdict on a flag of the run (from its tallies: no label scan)."""
    return list(
        session.scalars(
            select(T.c.reviewer)
            .where(T.c.run_id == run_id, T.c.reviewer != "", T.c.verdict != "", T.c.n > 0)
            .group_by(T.c.reviewer)
            .order_by(T.c.reviewer)
        )
    )


def run_roles(*, session: Db, run_id: int) -> dict[str, list[str]]:
    """Each person's roles on the run's claims (reviewer, adjudicator), from their current
    verdicts."""
    roles: dict[str, list[str]] = {}
    for who, role in session.execute(
        select(LS.c.reviewer, LS.c.role)
        .join(F, F.c.claim_id == LS.c.claim_id)
        .where(F.c.run_id == run_id, LS.c.verdict.is_not(None))
        .group_by(LS.c.reviewer, LS.c.role)
        .order_by(LS.c.reviewer, LS.c.role.desc())
    ):
        roles.setdefault(who, []).append(role)
    return roles


def differing() -> Select[tuple[int]]:
    """Claims whose reviewers gave different true/false verdicts (settled or not)."""
    return (
        select(LS.c.claim_id)
        .where(LS.c.verdict.in_(RATED), LS.c.role == "reviewer")
        .group_by(LS.c.claim_id)
        .having(func.count(func.distinct(LS.c.verdict)) > 1)
    )


def run_ratings(*, session: Db, run_id: int) -> RunRatings:
    """The verdicts agreement is measured on: claims flagged in the run with two or more
    true/false verdicts, every reviewer's current one."""
    rows = session.execute(
        select(F.c.claim_id, F.c.kind, LS.c.reviewer, LS.c.verdict)
        .join(LS, LS.c.claim_id == F.c.claim_id)
        .where(
            F.c.run_id == run_id,
            LS.c.verdict.in_(RATED),
            LS.c.role == "reviewer",
            F.c.claim_id.in_(_doubly_rated()),
        )
        .order_by(F.c.claim_id, LS.c.reviewer)
    )
    verdicts: dict[int, dict[str, str]] = {}
    kinds: dict[int, str] = {}
    for claim_id, kind, reviewer, verdict in rows:
        verdicts.setdefault(claim_id, {})[reviewer] = verdict
        kinds[claim_id] = kind
    return RunRatings(verdicts, kinds)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A claim of the run whose reviewers gave different verdicts."""

    claim_id: int
    brief_pk: int
    brief_id: str
    start: int
    end: int
    token: str
    kind: str
    verdicts: dict[str, str]
    settled: str | None = None  # the adjudicator's verdict, the claim's; None: in dispute
    adjudicators: dict[str, str] = field(default_factory=dict)  # each adjudicator's verdict


def disagreements(*, session: Db, run_id: int) -> list[Disagreement]:
    """The run's claims whose reviewers differ, in brief and span order, each with the
    verdict that settled it, if an adjudicator has."""
    ratings = run_ratings(session=session, run_id=run_id)
    split = [c for c, v in ratings.verdicts.items() if len(set(v.values())) > 1]
    if not split:
        return []
    rows = session.execute(
        select(
            F.c.claim_id,
            F.c.brief_pk,
            B.c.brief_id,
            F.c.start,
            F.c.end,
            F.c.token,
            F.c.kind,
            C.c.verdict,
        )
        .join(B, B.c.pk == F.c.brief_pk)
        .join(C, C.c.id == F.c.claim_id)
        .where(F.c.run_id == run_id, F.c.claim_id.in_(split))
        .order_by(F.c.brief_pk, F.c.start, F.c.claim_id)
    )
    adjudicated: dict[int, dict[str, str]] = {}
    for claim_id, reviewer, verdict in session.execute(
        select(LS.c.claim_id, LS.c.reviewer, LS.c.verdict)
        .join(F, F.c.claim_id == LS.c.claim_id)
        .where(
            F.c.run_id == run_id,
            LS.c.role == "adjudicator",
            LS.c.verdict.in_(RATED),
            F.c.claim_id.in_(split),
        )
        .order_by(LS.c.reviewer)
    ):
        adjudicated.setdefault(claim_id, {})[reviewer] = verdict
    return [
        Disagreement(
            *row[:7],
            verdicts=ratings.verdicts[row.claim_id],
            settled=None if row.verdict == DISPUTED else row.verdict,
            adjudicators=adjudicated.get(row.claim_id, {}),
        )
        for row in rows
    ]


def claim_verdicts(*, session: Db, claim_id: int) -> list[tuple[str, str, str]]:
    """Everyone's current (reviewer, role, verdict) on a claim, by name."""
    return [
        (r.reviewer, r.role, r.verdict)
        for r in session.execute(
            select(LS.c.reviewer, LS.c.role, LS.c.verdict)
            .where(LS.c.claim_id == claim_id, LS.c.verdict.is_not(None))
            .order_by(LS.c.reviewer)
        )
    ]


def next_disputed(*, session: Db, run_id: int, reviewer: str) -> tuple[int, int] | None:
    """(brief, claim) of the run's first claim in dispute, in brief and span order, that
    this person has no verdict on (an adjudicator does not settle their own dispute)."""
    theirs = select(LS.c.claim_id).where(LS.c.reviewer == reviewer, LS.c.verdict.is_not(None))
    row = session.execute(
        select(F.c.brief_pk, F.c.claim_id)
        .join(C, C.c.id == F.c.claim_id)
        .where(F.c.run_id == run_id, C.c.verdict == DISPUTED, F.c.claim_id.not_in(theirs))
        .order_by(F.c.brief_pk, F.c.start)
        .limit(1)
    ).first()
    return None if row is None else (row.brief_pk, row.claim_id)


def count_disputed(*, session: Db, run_id: int) -> int:
    """How many of the run's claims are in dispute (reviewers differ, nobody settled it)."""
    return (
        session.scalar(
            select(func.count(func.distinct(F.c.claim_id)))
            .join(C, C.c.id == F.c.claim_id)
            .where(F.c.run_id == run_id, C.c.verdict == DISPUTED)
        )
        or 0
    )
