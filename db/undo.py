"""Undoing work a failed command had committed, and finding runs whose process was killed.

Ingest and detector runs commit batch by batch (so reviewers can keep labeling), which
makes "all or nothing" a matter of taking back what was committed when a later batch
fails: `undo_ingest` removes what an ingest added and puts back what it replaced, and
`fail_run` keeps a failed run's row (marked failed) but none of its flags. A run killed
with its process is found by `abandoned_runs` (its owner process is gone) and failed the
same way by the next command that writes. These functions never commit.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import delete, exists, func, select, update

from db.tables import Db
from db.tables import brief as B
from db.tables import briefscan as BS
from db.tables import briefversion as V
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import donespan as DS
from db.tables import flagrecord as F
from db.tables import label as L
from db.tables import labelstate as LS
from db.tables import pool as P
from db.tables import reviewprogress as RP
from db.tables import runstratum as S
from db.tables import runtally as T

CHUNK = 500  # keys per IN (...) list


def this_owner() -> str:
    """`host:pid` of this process, stored with every run it starts."""
    return f"{socket.gethostname()}:{os.getpid()}"


def owner_alive(owner: str | None) -> bool:
    """Whether the process that started a run may still be running it. Only a process on
    this host can be checked; one elsewhere (a shared server) is assumed alive."""
    if not owner or ":" not in owner:
        return False
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return host != socket.gethostname()
    if int(pid) == os.getpid():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: it exists
    return not _zombie(int(pid))


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


@dataclass
class Abandoned:
    """What processes that ended mid-work had left, found and finished off by a command:
    the runs it marked failed, and whether it took back an ingest's briefs."""

    runs: list[int] = field(default_factory=list)
    ingest: bool = False


def abandoned_runs(*, session: Db, alive: Callable[[str | None], bool] = owner_alive) -> list[int]:
    """Runs still marked running whose process is gone (killed, or the machine restarted)."""
    rows = session.execute(select(R.c.id, R.c.owner).where(R.c.status == "running"))
    return [run_id for run_id, owner in rows if not alive(owner)]


def fail_run(*, session: Db, run_id: int) -> None:
    """Mark a run failed and remove its rows: scans, flags, tallies, strata, review
    progress, and the claims only it had raised (a claim someone labeled, or another run
    flagged, stays)."""
    raised = list(session.scalars(select(F.c.claim_id).where(F.c.run_id == run_id).distinct()))
    for table in (F, BS, T, S, RP, DS):
        session.execute(delete(table).where(table.c.run_id == run_id))
    _delete_unused_claims(session, raised)
    session.execute(update(R).where(R.c.id == run_id).values(status="failed", finished_at=None))


def _delete_unused_claims(session: Db, claim_ids: Sequence[int]) -> None:
    """Delete these claims when nothing refers to them any more (no flag, no label)."""
    unused = (
        ~exists().where(F.c.claim_id == C.c.id),
        ~exists().where(L.c.claim_id == C.c.id),
        ~exists().where(LS.c.claim_id == C.c.id),
        C.c.verdict.is_(None),
    )
    for at in range(0, len(claim_ids), CHUNK):
        chunk = claim_ids[at : at + CHUNK]
        session.execute(delete(C).where(C.c.id.in_(chunk), *unused))


@dataclass
class IngestUndo:
    """What an ingest wrote, so that a failure can take it back: the briefs it added, the
    briefs it replaced (with the version row that keeps their old content), and the
    highest pool key before it began (pools above it that nothing uses are its own)."""

    pool_floor: int = 0
    added: list[int] = field(default_factory=list)
    replaced: list[int] = field(default_factory=list)
    version_floor: int = 0

    @classmethod
    def begin(cls, *, session: Db) -> IngestUndo:
        return cls(
            pool_floor=int(session.scalar(select(func.max(P.c.pk))) or 0),
            version_floor=int(session.scalar(select(func.max(V.c.id))) or 0),
        )

    def wrote(self, *, added: Iterable[int], replaced: Iterable[int]) -> None:
        self.added.extend(added)
        self.replaced.extend(replaced)

    @property
    def anything(self) -> bool:
        return bool(self.added or self.replaced)


def undo_ingest(*, session: Db, undo: IngestUndo) -> None:
    """Take back an ingest: its new briefs go (with their scans, flags and claims), the briefs
    it replaced get their old text, pool and meta back, and its unused new pools go."""
    for at in range(0, len(undo.added), CHUNK):
        pks = undo.added[at : at + CHUNK]
        for table in (F, BS):
            session.execute(delete(table).where(table.c.brief_pk.in_(pks)))
        claims = list(session.scalars(select(C.c.id).where(C.c.brief_pk.in_(pks))))
        _delete_unused_claims(session, claims)
        session.execute(delete(V).where(V.c.brief_pk.in_(pks)))
        session.execute(delete(B).where(B.c.pk.in_(pks)))
    for brief_pk in undo.replaced:
        old = session.execute(
            select(V.c.id, V.c.text, V.c.pool_pk, V.c.meta, V.c.digest)
            .where(V.c.brief_pk == brief_pk, V.c.id > undo.version_floor)
            .order_by(V.c.id)
            .limit(1)
        ).first()
        if old is None:
            continue
        session.execute(
            update(B)
            .where(B.c.pk == brief_pk)
            .values(text=old.text, pool_pk=old.pool_pk, meta=old.meta, digest=old.digest)
        )
        session.execute(delete(V).where(V.c.brief_pk == brief_pk, V.c.id > undo.version_floor))
    session.execute(
        delete(P).where(
            P.c.pk > undo.pool_floor,
            ~exists().where(B.c.pool_pk == P.c.pk),
            ~exists().where(V.c.pool_pk == P.c.pk),
        )
    )


def forget_run(*, session: Db, run_id: int) -> None:
    """Remove a run entirely, row and all (an ingest that failed leaves no trace of it)."""
    fail_run(session=session, run_id=run_id)
    session.execute(delete(R).where(R.c.id == run_id))


def brief_id_of(*, session: Db, brief_pk: int) -> str | None:
    """The id of a stored brief, for a message about the work that failed on it."""
    return session.scalar(select(B.c.brief_id).where(B.c.pk == brief_pk))
