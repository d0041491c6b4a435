"""`reviewer labels import` writes a chunk of lines at a time: its statements do not grow
with the lines, and the rows it keeps beside the labels (tallies, strata, progress spans)
are what a recount finds, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, event, select
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db import progress, tally
from db.tables import brief as B
from db.tables import donespan as DS
from db.tables import flagrecord as F
from db.tables import runstratum as RS
from db.tables import runtally as RT
from reviewer.cli import app
from tests.support.store_files import TEXTS, brief_line, write_briefs

runner = CliRunner()
VERDICTS = ("true-positive", "false-positive", "skip")


def ingest(where: str, tmp_path: Path, copies: int = 10) -> None:
    """The test briefs `copies` times over, flagged by the default detector."""
    lines = [brief_line(f"{name}-{n}", text) for n in range(copies) for name, text in TEXTS.items()]
    result = runner.invoke(
        app, ["ingest", str(write_briefs(tmp_path / "b.jsonl", lines)), "--db", where]
    )
    assert result.exit_code == 0, result.output


def flags(where: str) -> list[tuple[int, str, int, int, str]]:
    """Every span the run flagged: (claim, brief id, start, end, token), in brief order."""
    engine = db.make_engine(where)
    with engine.connect() as connection:
        found = select(F.c.claim_id, B.c.brief_id, F.c.start, F.c.end, F.c.token)
        found = found.select_from(F.join(B, B.c.pk == F.c.brief_pk)).order_by(B.c.pk, F.c.start)
        rows = [tuple(row) for row in connection.execute(found)]
    engine.dispose()
    return rows


def label_lines(spans: list[tuple[int, str, int, int, str]], reviewer: str, at: int = 0) -> str:
    lines = [
        {"brief": b, "start": s, "end": e, "token": t, "verdict": VERDICTS[(n + at) % 3],
         "reviewer": reviewer} | ({"run": 1, "queue": True} if n % 2 else {})
        for n, (_claim, b, s, e, t) in enumerate(spans)
    ]  # fmt: skip
    return "".join(json.dumps(line) + "\n" for line in lines)


def run_import(tmp_path: Path, where: str, text: str, *more: str) -> str:
    path = tmp_path / "labels.jsonl"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["labels", "import", str(path), "--db", where, *more])
    assert result.exit_code == 0, result.output
    return result.stderr


@contextmanager
def statements() -> Iterator[list[str]]:
    """The statements every engine sends meanwhile."""
    sent: list[str] = []

    def count(_conn, _cursor, statement, _params, _context, _many) -> None:  # type: ignore[no-untyped-def]
        sent.append(statement)

    event.listen(Engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(Engine, "before_cursor_execute", count)


def test_the_statements_of_an_import_do_not_grow_with_its_lines(tmp_path, database):
    ingest(database, tmp_path)
    spans = flags(database)
    assert len(spans) > 40
    marks = [json.dumps({"brief": f"d{n}-0", "reviewed": True}) + "\n" for n in range(1, 5)]
    first = "".join(marks[:2]) + label_lines(spans[:3], "ana")
    rest = "".join(marks[2:]) + label_lines(spans[3:], "ana")
    with statements() as few:
        said = run_import(tmp_path, database, first, "--reviewer", "ana")
    assert "imported 3 labels" in said
    with statements() as many:
        said = run_import(tmp_path, database, rest, "--reviewer", "ana")
    assert f"imported {len(spans) - 3} labels" in said
    assert len(many) == len(few)
    with statements() as again:  # nothing to write: no write transaction at all
        said = run_import(tmp_path, database, rest, "--reviewer", "ana")
    assert f"{len(spans) - 1} already there" in said
    assert len(again) < len(few)


def recounted(engine: Engine, run_id: int, reviewer: str) -> tuple[object, object]:
    """The run's tallies, strata and progress spans as stored, and as a recount of the
    labels makes them (the recount rolled back). A tally a label moved keeps its row at
    zero, which a recount leaves out: only counts are compared."""
    with engine.connect() as connection:
        seen = []
        for _ in range(2):
            tallies = {tuple(r[:-1]): r.n for r in connection.execute(select(RT)) if r.n}
            strata = {tuple(r[:-1]): r.n for r in connection.execute(select(RS)) if r.n}
            spans = sorted(
                tuple(r)
                for r in connection.execute(select(DS.c.reviewer, DS.c.lo, DS.c.hi, DS.c.briefs))
            )
            seen.append((tallies, strata, spans))
            tally.rebuild_run(connection, run_id)
            connection.execute(DS.delete())
            made = [
                {"run_id": run_id, "reviewer": reviewer, "lo": lo, "hi": hi, "briefs": n}
                for lo, hi, n in progress.compute_spans(connection, run_id, reviewer)
            ]
            if made:
                connection.execute(DS.insert(), made)
        connection.rollback()
    return seen[0], seen[1]


def test_an_import_over_labels_made_in_the_app_keeps_what_a_recount_finds(tmp_path, database):
    ingest(database, tmp_path)
    spans = flags(database)
    engine = db.make_engine(database)
    with Session(engine) as session:
        run_id = db.latest_run(session=session).id
        progress.ensure_progress(session=session, run_id=run_id, reviewer="ana")
        for n, (claim_id, *_span) in enumerate(spans[:8]):
            verdict = "skip" if n % 2 else "true_positive"
            db.record_label(
                session=session, claim_id=claim_id, reviewer="ana", verdict=verdict, run_id=run_id
            )
        db.undo_last_label(session=session, reviewer="ana")
    # every flag by ana (done briefs join spans), half of them by bob, an adjudicator's few
    text = label_lines(spans, "ana", at=1) + label_lines(spans[::2], "bob")
    adjudicated = label_lines(spans[1:12:3], "cy").replace('"cy"', '"cy", "role": "adjudicator"')
    said = run_import(tmp_path, database, text + adjudicated)
    assert "imported" in said
    stored, recount = recounted(engine, run_id, "ana")  # (bob keeps no progress)
    engine.dispose()
    assert stored[2], "ana finished briefs: progress spans kept"
    assert stored == recount
