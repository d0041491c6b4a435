"""Batch writes for ingest and detector runs: plain executemany of tuples, no ORM object and
no dict per row; on SQLite the keys of inserted rows are known from the rowid, not read back.

These functions never commit: the caller owns the transaction (one per file or per batch).
"""

from __future__ import annotations

import hashlib
import json
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import msgspec
from sqlalchemy import Table, delete, exists, func, insert, select, update
from sqlalchemy.orm import aliased
from sqlmodel import Session

from db import tally
from db.models import DetectorRun, utcnow
from db.queue import new_seed, queue_rank, run_seed
from db.strata import count_same, reader
from db.tables import brief as B
from db.tables import briefscan as BS
from db.tables import briefversion as V
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import pool as P
from db.undo import this_owner
from db.views import pool_to_json
from reviewer.grounding.config import config_digest
from reviewer.grounding.types import Flag, Known


def digest(*parts: str) -> str:
    """A short content hash: dedupes pools and tells a changed brief from a re-sent one."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def meta_to_json(meta: dict[str, Any] | None) -> str | None:
    return None if meta is None else json.dumps(meta, sort_keys=True, ensure_ascii=False)


def stored_pool(pool: Sequence[Known]) -> str:
    """`pool_to_json(pool)`, byte for byte (it keys pools and brief digests), made by msgspec
    when that surely gives the same text: ASCII without DEL (json escapes those), and every
    value zero or of a magnitude in [1e-4, 1e16), which both write without an exponent
    (outside it json writes 1e-05 and 1e+16, msgspec 0.00001 and 1e16)."""
    sizes = sorted(map(abs, map(_VALUE, pool)))
    nonzero = bisect_right(sizes, 0.0)
    if sizes and (sizes[-1] >= 1e16 or (nonzero < len(sizes) and sizes[nonzero] < 1e-4)):
        return pool_to_json(pool)
    fast = msgspec.json.encode(list(map(_ROW, pool)))
    if fast.isascii() and b"\x7f" not in fast:
        return fast.decode("ascii")
    return pool_to_json(pool)


_VALUE = attrgetter("value")
_ROW = attrgetter("name", "value", "unit")


IN_CHUNK = 500  # values per IN (...) list: well under every database's parameter limit
SAFE_ROWID = 2**62  # below this SQLite numbers new rows max(rowid) + 1, one after another


def _marks(session: Session, n: int) -> str:
    mark = "?" if session.connection().dialect.paramstyle == "qmark" else "%s"
    return ", ".join([mark] * n)


def _insert(session: Session, table: Table, columns: Sequence[str], rows: list[tuple]) -> None:
    """INSERT rows (tuples in `columns` order) straight to the driver: one executemany, or on
    PostgreSQL one COPY (executemany there is still a statement per row: half SQLite's rate)."""
    if not rows:
        return
    names = ", ".join(f'"{c}"' for c in columns)
    connection = session.connection()
    if connection.dialect.name == "postgresql":  # COPY: one stream, not a statement a row
        raw = connection.connection.driver_connection
        with (
            raw.cursor() as cursor,
            cursor.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    sql = f'INSERT INTO "{table.name}" ({names}) VALUES ({_marks(session, len(columns))})'
    connection.exec_driver_sql(sql, rows)


def _new_keys(session: Session, n: int) -> range | None:
    """The rowids of the n rows just inserted, when SQLite surely numbered them in a row (the
    transaction holds the write lock, so nobody inserts in between); else None."""
    connection = session.connection()
    if connection.dialect.name != "sqlite" or not n:
        return None
    last = connection.exec_driver_sql("SELECT last_insert_rowid()").scalar_one()
    return range(last - n + 1, last + 1) if n <= last < SAFE_ROWID else None


def _select_in(session: Session, sql: str, values: Sequence[Any]) -> Iterable[tuple]:
    """Rows of `sql` (ending in `IN`) for every value, IN_CHUNK values per statement."""
    connection = session.connection()
    for at in range(0, len(values), IN_CHUNK):
        chunk = tuple(values[at : at + IN_CHUNK])
        yield from connection.exec_driver_sql(f"{sql} ({_marks(session, len(chunk))})", chunk)


@contextmanager
def unchecked_references(session: Session) -> Iterator[None]:
    """For a bulk load that writes rows right after the rows they refer to, SQLite's check
    of every foreign key is wasted work (a third of the cost of storing flags): off for this
    session's connection, and on again before the connection goes back to the pool.

    Enter it before the session writes anything (SQLite ignores the switch inside a
    transaction) and commit or roll back before leaving."""
    connection = session.connection()
    raw = connection.connection.driver_connection
    if connection.dialect.name != "sqlite" or getattr(raw, "in_transaction", True):
        yield
        return
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        if raw.in_transaction:
            session.rollback()
        connection = session.connection()
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        if connection.exec_driver_sql("PRAGMA foreign_keys").scalar() != 1:
            connection.invalidate()  # never hand out a connection that skips the checks


def pool_pks(session: Session, pools: Sequence[tuple[str, str]]) -> list[int]:
    """Primary keys for (digest, knowns JSON) pools, inserting the ones not stored yet."""
    wanted = dict(pools)
    known = dict(_select_in(session, "SELECT digest, pk FROM pool WHERE digest IN", list(wanted)))
    missing = [(d, k) for d, k in wanted.items() if d not in known]
    if missing:
        _insert(session, P, ("digest", "knowns"), missing)
        keys = _new_keys(session, len(missing))
        added = [d for d, _ in missing]
        if keys is not None:
            known.update(zip(added, keys, strict=True))
        else:
            known.update(_select_in(session, "SELECT digest, pk FROM pool WHERE digest IN", added))
    return [known[d] for d, _ in pools]


def stored_briefs(session: Session, brief_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
    """brief_id -> (pk, digest) for the ids already stored."""
    rows = _select_in(
        session, "SELECT brief_id, pk, digest FROM brief WHERE brief_id IN", brief_ids
    )
    return {brief_id: (pk, d) for brief_id, pk, d in rows}


BRIEF_COLUMNS = ("brief_id", "text", "pool_pk", "pool_id", "meta", "digest")


def insert_brief_rows(session: Session, rows: list[tuple]) -> list[int]:
    """Insert briefs given as tuples in BRIEF_COLUMNS order; their primary keys in order."""
    if not rows:
        return []
    dialect = session.connection().dialect
    stamp = B.c.created_at.type.dialect_impl(dialect).bind_processor(dialect)
    now = utcnow() if stamp is None else stamp(utcnow())  # as SQLAlchemy would store it
    _insert(session, B, (*BRIEF_COLUMNS, "created_at"), [(*row, now) for row in rows])
    keys = _new_keys(session, len(rows))
    if keys is not None:
        return list(keys)
    ids = [row[0] for row in rows]
    pks = dict(_select_in(session, "SELECT brief_id, pk FROM brief WHERE brief_id IN", ids))
    return [pks[i] for i in ids]


def insert_briefs(session: Session, rows: list[dict[str, Any]]) -> list[int]:
    """Insert briefs (dicts of Brief columns); their primary keys in the same order."""
    return insert_brief_rows(session, [(*(row.get(c) for c in BRIEF_COLUMNS),) for row in rows])


def forget_scan(session: Session, run_id: int, brief_pk: int) -> None:
    """Drop a run's scan of one brief and its flags: the brief was replaced again in the
    same ingest, and the run keeps only the scan of its newest text."""
    session.execute(delete(F).where(F.c.run_id == run_id, F.c.brief_pk == brief_pk))
    session.execute(delete(BS).where(BS.c.run_id == run_id, BS.c.brief_pk == brief_pk))


def replace_brief(session: Session, brief_pk: int, row: dict[str, Any]) -> None:
    """Overwrite a stored brief, keeping its old text, pool and meta as a BriefVersion:
    labels made on the old text refer to its words, not to the new ones."""
    old = session.execute(
        select(B.c.text, B.c.pool_pk, B.c.meta, B.c.digest).where(B.c.pk == brief_pk)
    ).one()
    session.execute(insert(V).values(brief_pk=brief_pk, replaced_at=utcnow(), **old._mapping))
    session.execute(update(B).where(B.c.pk == brief_pk).values(**row))


def start_run(
    session: Session,
    *,
    detector: str,
    version: str,
    config: str,
    name: str | None = None,
    spec: str | None = None,
    code: str | None = None,
) -> int:
    """A new run, marked running and owned by this process until finish_run (or fail_run);
    its config digest is computed here so every run has one. `code`: the digest of a
    built-in detector's code (a later ingest may carry this run's flags, `carry_scans`)."""
    run = DetectorRun(
        detector=detector, version=version, config=config, name=name, spec=spec,
        config_digest=config_digest(config), status="running", owner=this_owner(),
    )  # fmt: skip
    session.add(run)
    session.flush()
    assert run.id is not None
    # the review order is fixed when the run is made: the same queue for every reviewer
    mark = session.scalar(select(func.max(V.c.id))) or 0
    session.execute(
        update(R)
        .where(R.c.id == run.id)
        .values(order_seed=new_seed(), code_digest=code, version_mark=mark)
    )
    return run.id


@dataclass(frozen=True, slots=True)
class Scan:
    """One detector pass over one stored brief."""

    brief_pk: int
    checkable: int
    flags: list[Flag]


FlagRow = tuple[int, int, str, float, str, str, float, float, float, str, str, str, float | None]
"""A flag as stored: start, end, token, value, unit, nearest, nearest_value, delta, rel, kind,
basis, rule, and the learned model's probability (None: no model decided it)."""
FlagChunks = Iterator[Sequence[FlagRow]]
"""One brief's flags still to come, in chunks of at most BIG_BRIEF rows (a detector's
stream): never all in memory at once."""
ScanRow = tuple[int, int, Sequence[FlagRow] | FlagChunks]
"""One detector pass over one stored brief as plain values: (brief_pk, checkable, flags);
the flags as rows, or as chunks of rows that are stored as they come."""
FLAG_COLUMNS = (
    "run_id", "claim_id", "brief_pk", "start", "end", "token", "value", "unit", "nearest",
    "nearest_value", "delta", "rel", "kind", "basis", "rule", "probability", "queue_rank",
)  # fmt: skip
_SCAN_COLUMNS = ("run_id", "brief_pk", "checkable", "flags")


_FLAG_FIELDS = attrgetter(
    "start",
    "end",
    "token",
    "value",
    "unit",
    "nearest",
    "nearest_value",
    "delta",
    "rel",
    "kind",
    "basis",
    "rule",
)


def flag_row(f: Flag) -> FlagRow:
    """The stored row of a flag; a learned model's flag (learn.model.ModelFlag) brings
    its probability."""
    return (*_FLAG_FIELDS(f), getattr(f, "probability", None))  # type: ignore[return-value]


def store_scans(session: Session, run_id: int, scans: Sequence[Scan]) -> int:
    """BriefScan rows, claims (reused when the same span was flagged before) and flags."""
    rows = [(s.brief_pk, s.checkable, [flag_row(f) for f in s.flags]) for s in scans]
    return store_scan_rows(session, run_id, rows)


def store_scan_rows(session: Session, run_id: int, scans: Sequence[ScanRow]) -> int:
    """`store_scans` for plain tuples, as detector workers send them; returns flags stored.
    Flags that come as chunks are stored chunk by chunk, and their BriefScan row after."""
    if not scans:
        return 0
    listed = [
        (pk, checkable, flags) for pk, checkable, flags in scans if isinstance(flags, Sequence)
    ]
    _insert(
        session, BS, _SCAN_COLUMNS,
        [(run_id, pk, checkable, len(flags)) for pk, checkable, flags in listed],
    )  # fmt: skip
    flagged = [(pk, flags) for pk, _, flags in listed if 0 < len(flags) <= BIG_BRIEF]
    stored = _store_flags(session, run_id, flagged) if flagged else 0
    for pk, checkable, flags in scans:
        if not isinstance(flags, Sequence):
            given, kept = _store_chunks(session, run_id, pk, flags)
            _insert(session, BS, _SCAN_COLUMNS, [(run_id, pk, checkable, given)])
            stored += kept
        elif len(flags) > BIG_BRIEF:
            ordered = sorted(flags, key=_span)
            slices = (ordered[at : at + BIG_BRIEF] for at in range(0, len(ordered), BIG_BRIEF))
            stored += _store_chunks(session, run_id, pk, slices)[1]
    return stored


BIG_BRIEF = 20_000  # flags past which one brief's flags are stored a slice at a time


def _span(f: FlagRow) -> tuple[int, int, str]:
    return f[0], f[1], f[2]


def _store_flags(
    session: Session,
    run_id: int,
    flagged: Sequence[tuple[int, Sequence[FlagRow]]],
    starts: tuple[int, int] | None = None,
    seen: set[int] | None = None,
) -> int:
    """Claims (new ones inserted) and flag rows for the flags of these briefs; `starts`
    narrows the claims looked up to those starting in that range (one brief's slice);
    `seen` holds the claims already flagged by the run, to skip (it grows with these)."""
    claims = _claims_of(session, [pk for pk, _ in flagged], starts)
    new_claims: dict[tuple[int, int, int, str], None] = {}
    for pk, flags in flagged:
        for f in flags:
            key = (pk, f[0], f[1], f[2])
            if key not in claims:
                new_claims[key] = None
    if new_claims:
        _insert(session, C, ("brief_pk", "start", "end", "token"), list(new_claims))
        keys = _new_keys(session, len(new_claims))
        if keys is not None:
            claims.update(zip(new_claims, keys, strict=True))
        else:
            claims = _claims_of(session, [pk for pk, _ in flagged], starts)
    rows = []
    if seen is None:
        seen = set()
    seed = run_seed(session, run_id) or 0
    for pk, flags in flagged:
        for f in flags:
            claim_id = claims[(pk, f[0], f[1], f[2])]
            if claim_id in seen:  # a detector reporting one span twice: keep the first
                continue
            seen.add(claim_id)
            rows.append((run_id, claim_id, pk, *f, queue_rank(seed, claim_id)))
    _insert(session, F, FLAG_COLUMNS, rows)
    return len(rows)


def _store_chunks(
    session: Session, run_id: int, pk: int, chunks: Iterable[Sequence[FlagRow]]
) -> tuple[int, int]:
    """One brief's many flags a chunk at a time, so memory holds a slice of claims and rows,
    never all of them (a 50 MB brief can raise a million flags); (flags given, stored).

    In span order (as the built-in detectors give them) a span repeated can only be the one
    stored last; once the chunks go back in span order, the claims this run has flagged in
    the brief are read and every flag is checked against them."""
    given = stored = 0
    highest: tuple[int, int, str] | None = None
    seen: set[int] | None = None
    for chunk in chunks:
        given += len(chunk)
        part: list[FlagRow] = []
        last = None
        for f in sorted(chunk, key=_span):
            if _span(f) != last:  # the same span twice: keep the first
                part.append(f)
                last = _span(f)
        if not part:
            continue
        if highest is not None and seen is None and _span(part[0]) <= highest:
            seen = _flagged_claims(session, run_id, pk)
        starts = (part[0][0], part[-1][0])
        stored += _store_flags(session, run_id, [(pk, part)], starts, seen)
        highest = max(highest, _span(part[-1])) if highest is not None else _span(part[-1])
    return given, stored


def _flagged_claims(session: Session, run_id: int, pk: int) -> set[int]:
    mark = _marks(session, 1)
    rows = session.connection().exec_driver_sql(
        f'SELECT claim_id FROM "{F.name}" WHERE run_id = {mark} AND brief_pk = {mark}',
        (run_id, pk),
    )
    return {claim_id for (claim_id,) in rows}


def _claims_of(
    session: Session, brief_pks: list[int], starts: tuple[int, int] | None = None
) -> dict[tuple[int, int, int, str], int]:
    """(brief_pk, start, end, token) -> claim id for the claims of these briefs (of one
    brief, starting within `starts`, when given)."""
    sql = 'SELECT id, brief_pk, start, "end", token FROM claim WHERE brief_pk'
    if starts is not None:
        mark = _marks(session, 1)
        rows = session.connection().exec_driver_sql(
            f"{sql} = {mark} AND start BETWEEN {mark} AND {mark}", (brief_pks[0], *starts)
        )
        return {(b, s, e, t): cid for cid, b, s, e, t in rows}
    low, high = min(brief_pks), max(brief_pks)
    if high - low < 4 * len(brief_pks):  # nearby keys (a batch): one range walk of the index
        wanted = set(brief_pks)
        rows = session.connection().exec_driver_sql(
            f"{sql} BETWEEN {_marks(session, 1)} AND {_marks(session, 1)}", (low, high)
        )
        return {(b, s, e, t): cid for cid, b, s, e, t in rows if b in wanted}
    rows = _select_in(session, f"{sql} IN", brief_pks)
    return {(b, s, e, t): cid for cid, b, s, e, t in rows}


def carry_source(session: Session, run_id: int) -> int | None:
    """The newest finished run whose flags `run_id` may carry over the briefs unchanged
    since: the same built-in detector, version and config, read by the same code (its
    `code_digest`); None when there is none, or `run_id` is no built-in detector's."""
    run = session.execute(select(R).where(R.c.id == run_id)).one()
    if run.code_digest is None or run.model_id is not None:
        return None
    return session.scalar(
        select(R.c.id)
        .where(
            R.c.id != run_id,
            R.c.status == "finished",
            R.c.code_digest == run.code_digest,
            R.c.detector == run.detector,
            R.c.version == run.version,
            R.c.config == run.config,
            R.c.version_mark.is_not(None),
            R.c.model_id.is_(None),
        )
        .order_by(R.c.id.desc())
        .limit(1)
    )


CARRY_CHUNK = 2_000  # briefs whose scans and flags are carried a statement at a time

_CARRIED_FLAG = [F.c[name] for name in FLAG_COLUMNS[1:-1]]  # claim_id ... probability


def carry_scans(session: Session, *, source: int, run_id: int) -> int:
    """Copy `source`'s scans and flags of the briefs `run_id` has not read that have not
    changed since `source` began: no version of theirs newer than its mark, nor replaced
    after it began (either alone would do; both, so neither a reused row id nor a clock
    set back can pass a changed brief off as unchanged). The same code, detector and
    config read the same text and pool to the same flags, so they are not read again.
    The flags keep their claims and take their places in `run_id`'s queue. Never
    commits; returns the briefs carried."""
    mark, began = session.execute(
        select(R.c.version_mark, R.c.created_at).where(R.c.id == source)
    ).one()
    seed = run_seed(session, run_id) or 0
    mine = aliased(BS)
    read = exists().where(mine.c.run_id == run_id, mine.c.brief_pk == BS.c.brief_pk)
    changed = exists().where(
        V.c.brief_pk == BS.c.brief_pk, (V.c.id > mark) | (V.c.replaced_at >= began)
    )
    carried = after = 0
    while True:
        scans = session.execute(
            select(BS.c.brief_pk, BS.c.checkable, BS.c.flags)
            .where(BS.c.run_id == source, BS.c.brief_pk > after, ~read, ~changed)
            .order_by(BS.c.brief_pk)
            .limit(CARRY_CHUNK)
        ).all()
        if not scans:
            return carried
        after = scans[-1][0]
        _insert(session, BS, _SCAN_COLUMNS, [(run_id, *scan) for scan in scans])
        flagged = [pk for pk, _, flags in scans if flags]
        if flagged:
            rows = session.execute(
                select(*_CARRIED_FLAG).where(F.c.run_id == source, F.c.brief_pk.in_(flagged))
            )
            flags = [(run_id, *row, queue_rank(seed, row[0])) for row in rows]
            _insert(session, F, FLAG_COLUMNS, flags)
        carried += len(scans)


def covers_every_brief(session: Session, run_id: int) -> bool:
    """Whether the run has scanned every stored brief. Two counts over narrow indexes: far
    cheaper than looking for uncovered briefs among the brief rows (texts and all)."""
    scanned = session.scalar(select(func.count()).select_from(BS).where(BS.c.run_id == run_id))
    return scanned == session.scalar(select(func.count()).select_from(B))


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


def delete_run(*, session: Session, run_id: int) -> None:
    """Drop a run that never scanned anything (an ingest that changed nothing)."""
    session.execute(delete(DetectorRun).where(DetectorRun.id == run_id))


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
    same_as, same = count_same(reader(session), run_id)
    session.execute(update(R).where(R.c.id == run_id).values(same_as=same_as, same_flags=same))
    run.status = "finished"
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
