"""Small real databases for the review app's tests, built with the storage write functions."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session
from textual.app import App

import db
from db.views import pool_to_json
from db.writes import Scan, digest, finish_run, insert_briefs, pool_pks, start_run, store_scans
from reviewer import Flag, Known

POOL = (
    Known("rhr", 52.0, "bpm"),
    Known("rhr_baseline", 55.0, "bpm"),
    Known("tsb", -22.4, "none"),
    Known("distance", 5.0, "mi"),
)
HOSTILE = "Markup [bold]rhr 50 bpm[/] and [@click=app.quit]tsb 22.4[/] then \x1b[31mred\x1b[0m."


def make_flag(text: str, token: str, nearest: Known, kind: str = "value", nth: int = 0) -> Flag:
    """A flag on the nth occurrence of `token` in `text`, measured against `nearest`."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(token, start + 1)
    value = float(token.replace(",", ""))
    return Flag(
        start,
        start + len(token),
        token,
        value,
        nearest.unit,
        nearest.name,
        nearest.value,
        value - nearest.value,
        kind,
    )  # type: ignore[arg-type]


def brief_texts() -> list[tuple[str, str, list[Flag]]]:
    """(id, text, flags): three ordinary briefs, one without flags, one hostile."""
    rhr, _base, tsb, dist = POOL
    b0 = "Resting heart rate was 50 bpm, baseline 55 bpm; form tsb 22.4 after 5.3 mi."
    b1 = "A calm day: rhr 54 bpm and a 4.8 mi jog."
    b2 = "Nothing flagged here: rhr 52 bpm."
    b3 = "tsb sits at 21.0 while rhr 49 bpm."
    return [
        ("brief-a", b0, [make_flag(b0, "50", rhr), make_flag(b0, "22.4", tsb, "sign"),
                         make_flag(b0, "5.3", dist)]),
        ("brief-b", b1, [make_flag(b1, "54", rhr), make_flag(b1, "4.8", dist)]),
        ("brief-c", b2, []),
        ("brief-d", b3, [make_flag(b3, "21.0", tsb, "sign"), make_flag(b3, "49", rhr)]),
        ("hostile [b]x[/b]", HOSTILE, [make_flag(HOSTILE, "50", rhr),
                                       make_flag(HOSTILE, "22.4", tsb, "sign")]),
    ]  # fmt: skip


def seed(path: Path, briefs: list[tuple[str, str, list[Flag]]] | None = None) -> Engine:
    """A database file with the given briefs and one finished run holding their flags."""
    briefs = brief_texts() if briefs is None else briefs
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        knowns = pool_to_json(POOL)
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        rows = [
            {"brief_id": bid, "text": text, "pool_pk": pool_pk, "digest": digest(bid, text)}
            for bid, text, _ in briefs
        ]
        pks = insert_briefs(session, rows)
        run_id = start_run(session, detector="default", version="test", config="{}")
        scans = [Scan(pk, 4, flags) for pk, (_, _, flags) in zip(pks, briefs, strict=True)]
        store_scans(session, run_id, scans)
        finish_run(session, run_id)
        session.commit()
    return engine


def seed_hostile(path: Path) -> Engine:
    """Brief id, text, pool name and token all written to look like markup or escapes."""
    evil = Known("[red]rhr[/red][@click=app.quit]x[/]", 52.0, "bpm")
    flag = make_flag(HOSTILE, "50", evil)
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        knowns = pool_to_json((evil, *POOL[1:]))
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        row = {"brief_id": "[@click=app.quit]id[/]", "text": HOSTILE, "pool_pk": pool_pk,
               "digest": digest("hostile")}  # fmt: skip
        (pk,) = insert_briefs(session, [row])
        run_id = start_run(session, detector="default", version="test", config="{}")
        store_scans(session, run_id, [Scan(pk, 2, [flag])])
        finish_run(session, run_id)
        session.commit()
    return engine


def shown(app: App[None]) -> str:
    """The id of the brief the review screen shows."""
    from reviewer.tui.screens.review import ReviewScreen

    screen = app.screen
    assert isinstance(screen, ReviewScreen) and screen.brief is not None
    return screen.brief.brief_id
