"""Where the four arms get their records: a pools or briefs file, or the database."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from sqlalchemy import Engine
from sqlmodel import Session

import db
from reviewer.arms import ARM_SAMPLE
from reviewer.grounding.types import Known
from reviewer.pipeline.reader import (
    InputError,
    count_lines,
    iter_briefs,
    iter_pool_records,
    sniff,
)


@dataclass
class ArmsInput:
    """Where the arms get their records: pools, briefs ((text, pool) pairs), or both.

    A file gives one of them; the database gives both plus a stored production rate.
    """

    pools: Iterable[Sequence[Known]] | None = None
    briefs: Iterable[tuple[str, Sequence[Known]]] | None = None
    production_rate: float | None = None
    total: int | None = None


def arms_input_from_file(path: str) -> ArmsInput:
    """A pools file feeds the template arms; a briefs file also the rewrite and production.
    The file is read once (a pipe or `-` serves too); a regular file is counted first."""
    kind, lines = sniff(path)
    if kind == "briefs":
        briefs = ((r.text, r.pool) for r in iter_briefs(path, lines=lines))
        return ArmsInput(briefs=briefs, total=count_lines(path))
    if kind == "empty":
        raise InputError(path, 0, "no records")
    pools = (r.pool for r in iter_pool_records(path, lines=lines))
    return ArmsInput(pools=pools, total=count_lines(path))


def stored_arms_input(engine: Engine) -> ArmsInput:
    """Pools and briefs from the database, for `arms`: the first ARM_SAMPLE of each, the
    sample a run's stored arms are scored on, so `arms` and `arms --run N` read the same
    data. The production row is those briefs' mean invention rate under the detector being
    measured, computed as the arms run, so it never mixes in a stored run of another
    detector."""

    def pools() -> Iterator[tuple[Known, ...]]:
        with Session(engine) as session:
            yield from islice(db.iter_pools(session=session), ARM_SAMPLE)

    def briefs() -> Iterator[tuple[str, tuple[Known, ...]]]:
        with Session(engine) as session:
            yield from db.iter_briefs_text(session=session, limit=ARM_SAMPLE)

    with Session(engine) as session:
        n_pools = min(db.count_pools(session=session), ARM_SAMPLE)
        n_briefs = min(db.count_stored_briefs(session=session), ARM_SAMPLE)
    if not n_pools:
        raise InputError("database", 0, "no briefs stored yet (reviewer ingest FILE first)")
    return ArmsInput(pools=pools(), briefs=briefs(), total=n_pools + n_briefs)
