"""db.direct reads `reviewer stats` with the plain driver: the same figures as db.stats on
both backends, a fallback (None) wherever it cannot answer, and no SQLAlchemy imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import db
from db import direct
from reviewer.cli import app

DEMO = Path(__file__).parents[2] / "fixtures" / "demo" / "briefs.jsonl"


@pytest.fixture
def labeled(database):  # type: ignore[no-untyped-def]
    """The demo briefs, two runs, labels by two reviewers."""
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(DEMO), "--db", database]).exit_code == 0
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", database]).exit_code == 0
    engine = db.make_engine(database)
    with engine.connect() as connection:
        run = db.latest_run(session=connection)
        flags = [
            f
            for pk in range(1, 20)
            for f in db.brief_flags(session=connection, run_id=run.id, brief_pk=pk, reviewer=None)
        ]
        for n, f in enumerate(flags[:15]):
            verdict = ("true_positive", "false_positive", "skip")[n % 3]
            db.record_label(
                session=connection, claim_id=f.claim_id, reviewer="ana", verdict=verdict
            )
        for f in flags[:4]:
            db.record_label(session=connection, claim_id=f.claim_id, reviewer="ben",
                            verdict="false_positive")  # fmt: skip
    engine.dispose()
    return database


def through_sqlalchemy(where: str, **options: object):  # type: ignore[no-untyped-def]
    engine = db.open_existing(where)
    with engine.connect() as connection:
        found = db.precision_stats(session=connection, **options)
    engine.dispose()
    return found


@pytest.mark.parametrize(
    "options", [{}, {"reviewer": "ben"}, {"run_id": 1}, {"run_id": 2, "reviewer": "ana"}]
)
def test_the_driver_path_gives_the_figures_the_sqlalchemy_path_gives(labeled, options):
    plain = direct.precision_stats(labeled, run_id=options.get("run_id"),
                                   reviewer=options.get("reviewer"))  # fmt: skip
    assert plain is not None
    assert plain.to_dict() == through_sqlalchemy(labeled, **options).to_dict()
    assert plain.labeled > 0 or options.get("run_id") == 1


def test_no_such_run_is_the_same_error(labeled):
    with pytest.raises(ValueError, match="no detector run 9"):
        direct.precision_stats(labeled, run_id=9, reviewer=None)


def test_what_it_cannot_answer_falls_back(tmp_path, labeled):
    assert direct.precision_stats(str(tmp_path / "none.db"), run_id=None, reviewer=None) is None
    assert direct.precision_stats("mysql://x@localhost/y", run_id=None, reviewer=None) is None
    url = "postgresql+psycopg://ana:pw@127.0.0.1:9/reviewer"
    assert direct.precision_stats(url, run_id=None, reviewer=None) is None
    engine = db.open_existing(labeled)
    with engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0003'")
    engine.dispose()
    assert direct.precision_stats(labeled, run_id=None, reviewer=None) is None
    refused = CliRunner().invoke(app, ["stats", "--db", labeled])
    assert refused.exit_code == 2 and "reviewer db upgrade" in refused.stderr


@pytest.mark.parametrize("form", [["--json"], []], ids=["json", "table"])
def test_stats_imports_no_sqlalchemy(labeled, form):
    code = f"""
import json, sys
sys.argv = ["reviewer", "stats", *{form!r}, "--db", {labeled!r}]
from reviewer.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
      ("sqlalchemy", "sqlmodel", "pydantic", "alembic"))), file=sys.stderr)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)  # fmt: skip
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []
    if form:
        assert json.loads(done.stdout)["labeled"] > 0
    else:
        assert "precision" in done.stdout.lower()
