"""Builds small real SQLite databases for storage tests without needing a detector."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.views import pool_to_json
from db.writes import Scan, digest, finish_run, insert_briefs, pool_pks, start_run, store_scans
from reviewer import Flag, Known

POOL = (Known("rhr", 52.0, "bpm"), Known("tsb", -22.4, "none"))


def flag(start: int, token: str, value: float, kind: str = "value", unit: str = "bpm") -> Flag:
    nearest_value = 52.0 if unit == "bpm" else -22.4
    return Flag(
        start,
        start + len(token),
        token,
        value,
        unit,
        "rhr" if unit == "bpm" else "tsb",
        nearest_value,
        value - nearest_value,
        kind,
    )  # type: ignore[arg-type]


def seed(path: Path | str, flags_per_brief: list[list[Flag]]) -> tuple[Engine, int, list[int]]:
    """A database with one brief per entry, one finished run holding those flags."""
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        knowns = pool_to_json(POOL)
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        rows = [
            {
                "brief_id": f"b{i}",
                "text": f"Brief {i}: rhr 55 bpm, tsb 22.4 today.",
                "pool_pk": pool_pk,
                "digest": digest(str(i)),
            }
            for i in range(len(flags_per_brief))
        ]
        pks = insert_briefs(session, rows)
        run_id = start_run(session, detector="test", version="1", config="{}")
        store_scans(
            session, run_id, [Scan(pk, 3, fl) for pk, fl in zip(pks, flags_per_brief, strict=True)]
        )
        finish_run(session, run_id)
        session.commit()
    return engine, run_id, pks


def add_run(engine: Engine, pks: list[int], flags_per_brief: list[list[Flag]]) -> int:
    with Session(engine) as session:
        run_id = start_run(session, detector="test", version="2", config="{}")
        store_scans(
            session, run_id, [Scan(pk, 3, fl) for pk, fl in zip(pks, flags_per_brief, strict=True)]
        )
        finish_run(session, run_id)
        session.commit()
    return run_id
