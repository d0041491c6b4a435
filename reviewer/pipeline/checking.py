"""The check pass of an ingest: a whole file read and compared with the database before
anything of it is written, so a bad line stores nothing of that file.

The good briefs are spooled in stored form to a temporary file, so the write pass does not
parse the file again; with a detector, each checked batch is queued for it at once.
"""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from itertools import islice
from typing import IO, Any, NamedTuple

from sqlalchemy import Engine
from sqlmodel import Session

from db.writes import digest, meta_to_json, stored_briefs, stored_pool
from reviewer.pipeline.parallel import encode_pool
from reviewer.pipeline.reader import BriefRecord, InputError, iter_briefs
from reviewer.pipeline.workers import Batch, Item, OrderedScans, read_at

BATCH = 2000
Advance = Callable[[int], None]


def in_batches(items: Iterable[Any], size: int = BATCH) -> Iterator[list[Any]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


class Prepared(NamedTuple):
    """A validated brief in stored form (a plain tuple, cheap to spool between passes)."""

    brief_id: str
    text: str
    pool_id: str | None
    knowns: str
    meta: str | None
    digest: str
    line: int
    pool_digest: str
    pool: bytes  # for the detector workers (workers.encode_pool); empty without a detector


def prepare(record: BriefRecord, *, detected: bool = True) -> Prepared:
    """A brief in stored form; with `detected`, its pool encoded for the detector too
    (without a detector that is work no row needs)."""
    knowns = stored_pool(record.pool)
    meta = meta_to_json(record.meta)
    content = digest(record.text, knowns, meta or "")
    return Prepared(
        record.id, record.text, record.pool_id, knowns, meta, content, record.line,
        digest(knowns), encode_pool(record.pool) if detected else b"",
    )  # fmt: skip


def preparer(detected: bool) -> Callable[[BriefRecord], Prepared]:
    """`prepare` for an ingest with a detector (`detected`) or without one."""
    return prepare if detected else partial(prepare, detected=False)


def _conflict(path: str, p: Prepared) -> InputError:
    return InputError(
        path,
        p.line,
        f"brief {p.brief_id!r} is already stored with a different text, pool or meta "
        "(--replace overwrites it)",
    )


def sort_batch(
    session: Session, path: str, batch: list[Prepared], replace: bool, on_conflict: Callable
) -> tuple[list[Prepared], list[tuple[int, Prepared]], int]:
    """Split a batch into new briefs, briefs to replace (pk, brief) and unchanged ones."""
    stored = stored_briefs(session, [p.brief_id for p in batch])
    new, changed, unchanged = [], [], 0
    for p in batch:
        found = stored.get(p.brief_id)
        if found is None:
            new.append(p)
        elif found[1] == p.digest:
            unchanged += 1
        elif replace:
            changed.append((found[0], p))
        else:
            on_conflict(_conflict(path, p))
    return new, changed, unchanged


def check_file(
    engine: Engine,
    path: str,
    *,
    pools: Mapping[str, Any] | None,
    replace: bool,
    on_error: Callable[[InputError], None] | None,
    advance: Advance | None = None,
    detection: OrderedScans | None = None,
) -> tuple[IO[bytes], int]:
    """Read a whole file and compare it with the database without writing; raises (or
    reports through on_error) every bad line and every conflicting id. Returns a spool of
    the good briefs in stored form, so the write pass does not parse the file again, and
    how many briefs it holds. `advance` counts lines read, good or rejected.

    With `detection`, every batch's new or changed briefs are queued for the detector at
    once (keyed by brief id), so the workers detect while this pass reads."""

    def conflict(err: InputError) -> None:
        if on_error is None:
            raise err
        on_error(err)

    skipped = 0  # lines the reader rejected since the last advance

    def skip(err: InputError) -> None:
        nonlocal skipped
        skipped += 1
        conflict(err)

    spool = tempfile.TemporaryFile()  # noqa: SIM115 - handed to the caller, who closes it
    end = spooled = 0
    try:
        with Session(engine) as session:
            read = iter_briefs(path, pools=pools, on_error=skip if on_error else None)
            # each record is dropped as soon as it is prepared: its many small objects never
            # live long enough to make the garbage collector walk them
            for prepared in in_batches(map(preparer(detection is not None), read)):
                count = len(prepared)
                stored = stored_briefs(session, [p.brief_id for p in prepared])
                if stored and not replace:  # only ids already stored can conflict
                    clashing = {
                        p.brief_id: p
                        for p in prepared
                        if p.brief_id in stored and stored[p.brief_id][1] != p.digest
                    }
                    for p in clashing.values():
                        conflict(_conflict(path, p))
                    prepared = [p for p in prepared if p.brief_id not in clashing]
                spooled += len(prepared)
                data = pickle.dumps(prepared, protocol=pickle.HIGHEST_PROTOCOL)
                spool.write(data)
                spool.flush()
                if detection is not None:
                    detection.queue(_fresh(prepared, stored, spool, end, len(data), detection))
                    detection.pump(spill=True)
                end += len(data)
                if advance:
                    advance(count + skipped)
                skipped = 0
        if advance and skipped:  # bad lines after the last good brief
            advance(skipped)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool, spooled


def _fresh(
    prepared: list[Prepared],
    stored: Mapping[str, tuple[int, str]],
    spool: IO[bytes],
    offset: int,
    length: int,
    detection: OrderedScans,
) -> Batch:
    """The detector's items for a checked batch (briefs not stored as they are): the items
    themselves when they go out at once, else how to read them back from the spool."""
    keep = [i for i, p in enumerate(prepared) if stored.get(p.brief_id, (0, ""))[1] != p.digest]
    if detection.has_room() or not keep:
        return [(p.brief_id, p.text, p.pool) for p in (prepared[i] for i in keep)]
    every = len(keep) == len(prepared)
    chosen = None if every else keep  # usually every brief of a batch is new

    def read_back() -> list[Item]:
        batch = pickle.loads(read_at(spool, offset, length))
        picked = batch if chosen is None else [batch[i] for i in chosen]
        return [(p.brief_id, p.text, p.pool) for p in picked]

    return read_back


def spooled(spool: IO[bytes]) -> Iterator[Any]:
    """Each batch pickled to `spool` (a file this process wrote), in order, from where it
    stands."""
    while True:
        try:
            yield pickle.load(spool)
        except EOFError:
            return


def raise_error(err: InputError) -> None:
    raise err
