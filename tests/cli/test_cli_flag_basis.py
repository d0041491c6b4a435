"""A flag's basis (band or name) is stored with it and exported with its fixture; flags of
a database from before it was kept read NULL after `reviewer db upgrade`.

The real commands run: ingest with a [names] config into an SQLite file, export after a
label, and the upgrade of a legacy file. The rows are read back with sqlite3.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app

runner = CliRunner()
LEGACY = Path(__file__).parents[1] / "db" / "legacy"
POOL = [
    {"name": "rhr", "value": 57, "unit": "bpm"},
    {"name": "hrv", "value": 64, "unit": "none"},
]
# 66 bpm is 16% past rhr 57: beyond the value band, found only by the name beside it;
# 58 is 9% from hrv 64 (unitless, no name near it): a band flag
TEXT = "Your resting heart rate of 66 bpm is up; 58 again."
CONFIG = '[names]\nrhr = ["resting heart rate"]\n'


def flag_rows(path: Path) -> list[tuple[str, str, str]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(
            "SELECT token, nearest, basis FROM flagrecord ORDER BY start"
        ).fetchall()


def test_ingest_stores_each_flags_basis_and_export_writes_it(tmp_path: Path) -> None:
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text(json.dumps({"id": "b1", "text": TEXT, "pool": POOL}) + "\n")
    config = tmp_path / "names.toml"
    config.write_text(CONFIG)
    path = tmp_path / "basis.db"
    result = runner.invoke(app, ["ingest", str(briefs), "--db", str(path), "--config", str(config)])
    assert result.exit_code == 0, result.output
    assert flag_rows(path) == [("66", "rhr", "name"), ("58", "hrv", "band")]

    engine = db.make_engine(str(path))
    with closing(sqlite3.connect(path)) as connection:
        claims = dict(connection.execute("SELECT token, id FROM claim").fetchall())
    with Session(engine) as session:
        for token in ("66", "58"):
            db.record_label(
                session=session, claim_id=claims[token], reviewer="ana", verdict="true_positive"
            )
    engine.dispose()
    out = tmp_path / "fixtures"
    exported = runner.invoke(app, ["export", "--out", str(out), "--db", str(path)])
    assert exported.exit_code == 0, exported.output
    fixtures = {
        data["token"]: data
        for data in (json.loads(p.read_text()) for p in sorted(out.glob("*.json")))
    }
    assert fixtures["66"]["flag"]["basis"] == "name"
    assert fixtures["58"]["flag"]["basis"] == "band"


def test_flags_stored_before_basis_was_kept_read_null_after_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    shutil.copy(LEGACY / "schema_v3.db", path)
    with closing(sqlite3.connect(path)) as connection:
        before = connection.execute("SELECT count(*) FROM flagrecord").fetchone()[0]
    assert before > 0
    result = runner.invoke(app, ["db", "upgrade", "--db", str(path)])
    assert result.exit_code == 0, result.output
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT basis FROM flagrecord").fetchall()
    assert len(rows) == before
    assert {basis for (basis,) in rows} == {None}
