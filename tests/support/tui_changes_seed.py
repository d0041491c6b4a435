"""A second run over tui_seed's briefs: a gone flag, a new flag, the rest the same, and
the run's own stored arms (those of a detector that misses sign flips)."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.runs import store_arms
from db.writes import Scan, finish_run, start_run, store_scans
from tests.support.tui_seed import POOL, brief_texts, make_flag

RHR, _BASE, TSB, DIST = POOL
ARMS = {
    "detector": "reference", "detector_version": "1.1", "seed": 7, "drift": 1.08,
    "passed": False, "pools": 3,
    "rows": [
        {"group": "template", "arm": "faithful", "mean": 0.0, "n": 3, "expected": "",
         "passed": True},
        {"group": "template", "arm": "corrupted", "mean": 0.75, "n": 3, "expected": "",
         "passed": True},
        {"group": "template", "arm": "sign-flip", "mean": 0.0, "n": 3, "expected": "",
         "passed": False},
        {"group": "template", "arm": "unrelated", "mean": 0.06, "n": 3, "expected": "",
         "passed": True},
        {"group": "production", "arm": "production", "mean": 0.31, "n": 5, "expected": "",
         "passed": None},
    ],
    "failures": ["sign inversions are invisible"], "warnings": [],
}  # fmt: skip


def second_run(engine: Engine, *, spec: str | None = "reference", arms: dict | None = ARMS) -> int:
    """Run 2 over the same briefs: brief-a loses its 22.4 (gone) and gains 55 (new),
    brief-c's 52 becomes a new flag, the others are flagged as before (same)."""
    texts = {bid: (text, flags) for bid, text, flags in brief_texts()}
    changed: dict[str, list] = {bid: list(flags) for bid, (_, flags) in texts.items()}
    text_a = texts["brief-a"][0]
    kept = [f for f in changed["brief-a"] if f.token != "22.4"]
    changed["brief-a"] = sorted([*kept, make_flag(text_a, "55", RHR)], key=lambda f: f.start)
    text_c = texts["brief-c"][0]
    changed["brief-c"] = [make_flag(text_c, "52", RHR)]
    with Session(engine) as session:
        pks = {b.brief_id: b.pk for b in session.exec(db.Brief.__table__.select())}  # type: ignore[attr-defined]
        run_id = start_run(session, detector="reference", version="1.1", config="{}", spec=spec,
                           name="v2")  # fmt: skip
        store_scans(session, run_id, [Scan(pks[bid], 4, flags) for bid, flags in changed.items()])
        finish_run(session, run_id)
        if arms is not None:
            store_arms(db=session, run_id=run_id, arms=arms)
        session.commit()
    return run_id


def pk_of(engine: Engine, brief_id: str) -> int:
    with Session(engine) as session:
        rows = session.exec(db.Brief.__table__.select())  # type: ignore[attr-defined]
        return next(r.pk for r in rows if r.brief_id == brief_id)
