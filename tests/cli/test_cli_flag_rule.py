"""Each flag's rule (the reading that made it) is stored by every detector run and carried
in exported fixtures, `labels export` and `diff --json`; flags of a database from before
it was kept read NULL after `reviewer db upgrade`, and a fixture without it still replays.

The real commands run, on SQLite and PostgreSQL (the `database` fixture); rows are read
back with SQL.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy import text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db.migrations import HEAD
from reviewer.cli import app

runner = CliRunner()
LEGACY = Path(__file__).parents[1] / "db" / "legacy"
POOL = [
    {"name": "rhr", "value": 57, "unit": "bpm"},
    {"name": "hrv", "value": 64, "unit": "none"},
]
# 66 bpm is 16% past rhr 57, found only by the name beside it; 58 is a band flag of hrv 64
TEXT = "Your resting heart rate of 66 bpm is up; 58 again."
NAMES = '[names]\nrhr = ["resting heart rate"]\n'
NAME_OFF = NAMES + '[rules]\noff = ["name"]\n'


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def stored(where: str) -> list[tuple[int, str, str | None]]:
    engine = db.make_engine(where)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT run_id, token, rule FROM flagrecord ORDER BY run_id, start")
        ).all()
    engine.dispose()
    return [tuple(row) for row in rows]  # type: ignore[misc]


def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text(json.dumps({"id": "b1", "text": TEXT, "pool": POOL}) + "\n")
    names, off = tmp_path / "names.toml", tmp_path / "off.toml"
    names.write_text(NAMES)
    off.write_text(NAME_OFF)
    return briefs, names, off


def label_all(where: str, verdict: str = "true_positive") -> None:
    engine = db.make_engine(where)
    with Session(engine) as session:
        run = db.latest_run(session=session)
        for flag in db.brief_flags(session=session, run_id=run.id, brief_pk=1, reviewer="ana"):
            db.record_label(
                session=session,
                claim_id=flag.claim_id,
                reviewer="ana",
                verdict=verdict,
                run_id=run.id,
            )
    engine.dispose()


def test_ingest_and_flag_store_each_flags_rule(database: str, tmp_path: Path) -> None:
    briefs, names, off = files(tmp_path)
    invoke("ingest", str(briefs), "--db", database, "--config", str(names))
    invoke("flag", "--db", database, "--config", str(off))
    invoke("flag", "--db", database, "-d", "reference")
    assert stored(database) == [
        (1, "66", "name:resting heart rate"),
        (1, "58", "band"),
        (2, "58", "band"),  # with `name` off the 66 is no flag
        (3, "58", "band"),  # the reference reads by band only
    ]


def test_export_labels_export_and_diff_carry_the_rule(database: str, tmp_path: Path) -> None:
    briefs, names, off = files(tmp_path)
    invoke("ingest", str(briefs), "--db", database, "--config", str(names))
    label_all(database)
    out = tmp_path / "fixtures"
    invoke("export", "--out", str(out), "--db", database)
    fixtures = {
        data["token"]: data["flag"]
        for data in (json.loads(p.read_text()) for p in sorted(out.glob("*.json")))
    }
    assert fixtures["66"]["rule"] == "name:resting heart rate"
    assert fixtures["58"]["rule"] == "band"

    lines = [json.loads(line) for line in invoke("labels", "export", "--db", database).splitlines()]
    assert {line["start"]: line["rule"] for line in lines} == {
        27: "name:resting heart rate",
        41: "band",
    }

    invoke("flag", "--db", database, "--config", str(off))
    diff = json.loads(invoke("diff", "--json", "--only", "new,gone,same", "--db", database))
    by_token = {claim["token"]: claim for claim in diff["claims"]}
    assert by_token["66"]["change"] == "gone"
    assert by_token["66"]["a"]["rule"] == "name:resting heart rate"
    assert by_token["58"]["b"]["rule"] == "band"


def test_a_labels_file_with_rules_imports_into_a_fresh_database(tmp_path: Path) -> None:
    """An export's `rule` is for the reader: an import takes the file as it is written."""
    briefs, names, _ = files(tmp_path)
    first, second = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    for where in (first, second):
        invoke("ingest", str(briefs), "--db", where, "--config", str(names))
    label_all(first)
    exported = tmp_path / "labels.jsonl"
    exported.write_text(invoke("labels", "export", "--db", first))
    assert '"rule"' in exported.read_text()
    invoke("labels", "import", str(exported), "--db", second)
    assert invoke("labels", "export", "--db", second) == exported.read_text()


def test_a_fixture_without_a_rule_still_replays(tmp_path: Path) -> None:
    briefs, names, _ = files(tmp_path)
    where = str(tmp_path / "r.db")
    invoke("ingest", str(briefs), "--db", where, "--config", str(names))
    label_all(where)
    out = tmp_path / "fixtures"
    invoke("export", "--out", str(out), "--db", where)
    for path in out.glob("*.json"):  # as a reviewer before rules were stored exported it
        data = json.loads(path.read_text())
        del data["flag"]["rule"]
        path.write_text(json.dumps(data))
    result = runner.invoke(app, ["regress", str(out), "--config", str(names)])
    assert result.exit_code == 0, result.output
    assert "2 passed, 0 failed" in result.output
    # each flag found again says which reading made it, when not the band
    assert "nearest rhr 57 (value, rule name:resting heart rate)" in result.output
    assert "nearest hrv 64 (value)" in result.output


def test_flags_stored_before_rules_were_kept_read_null_after_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    shutil.copy(LEGACY / "schema_v3.db", path)
    with closing(sqlite3.connect(path)) as connection:
        before = connection.execute("SELECT count(*) FROM flagrecord").fetchone()[0]
    assert before > 0
    invoke("db", "upgrade", "--db", str(path))
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT rule FROM flagrecord").fetchall()
        # nor did any learned model decide them (migration 0013)
        judged = connection.execute("SELECT probability FROM flagrecord").fetchall()
        version = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    assert len(rows) == before
    assert {rule for (rule,) in rows} == {None} == {p for (p,) in judged}
    assert version == HEAD
