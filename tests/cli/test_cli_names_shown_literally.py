"""Names and ids from files or old databases are data: a control character or a newline in
a reviewer's name, a brief id or a run's name is shown as a symbol, never sent to the
terminal or allowed to start a line that looks like output; new names are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from reviewer.cli import app

runner = CliRunner()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
ODD = "mal\x1b[31mlory\nFAKE ROW"


@pytest.fixture(scope="module")
def labeled(tmp_path_factory) -> str:
    """The demo briefs flagged, three flags labeled by two reviewers (one with an odd
    name, as an old database or another tool may hold), the run named oddly."""
    where = str(tmp_path_factory.mktemp("odd") / "r.db")
    assert runner.invoke(app, ["ingest", str(DEMO), "--db", where]).exit_code == 0
    engine = db.make_engine(where)
    with engine.connect() as c:
        claims = list(c.execute(select(F.c.claim_id).where(F.c.run_id == 1)).scalars())[:3]
    with Session(engine) as session:
        for claim_id in claims:
            for reviewer, verdict in (("ana", "true_positive"), (ODD, "false_positive")):
                db.record_label(session=session, claim_id=claim_id, reviewer=reviewer,
                                verdict=verdict, run_id=1)  # fmt: skip
        session.execute(update(R).where(R.c.id == 1).values(name="v1\n#9 fake run PASS"))
        session.commit()
    engine.dispose()
    return where


def shows_literally(output: str) -> None:
    assert "\x1b" not in output
    assert "mal␛[31mlory␤FAKE ROW" in output
    assert not any(line.lstrip().startswith("FAKE ROW") for line in output.splitlines())


@pytest.mark.parametrize(
    "args", [["stats", "--by-reviewer"], ["agreement"], ["agreement", "--list"]]
)
def test_a_reviewers_odd_name_is_shown_as_symbols(labeled: str, args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--db", labeled], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    shows_literally(result.stdout)


def test_a_runs_name_stays_on_its_line(labeled: str) -> None:
    result = runner.invoke(app, ["runs", "--db", labeled], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "v1␤#9 fake run PASS" in result.stdout
    assert not any(line.lstrip().startswith("#9 fake") for line in result.stdout.splitlines())


def test_a_brief_id_with_a_newline_stays_in_its_cell(tmp_path: Path) -> None:
    brief = json.loads(DEMO.read_text().splitlines()[0]) | {"id": "nl\nFAKE ROW 99 bpm"}
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(json.dumps(brief) + "\n")
    result = runner.invoke(app, ["scan", str(briefs), "--format", "table"],
                           env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "nl␤FAKE ROW" in result.stdout
    assert not any(line.lstrip().startswith("FAKE ROW") for line in result.stdout.splitlines())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["review", "--reviewer", "a\x1b[31m"], "a reviewer's name is one line of text"),
        (["flag", "--name", "v1\n#9 fake"], "a run's name is one line of text"),
        (["flag", "--name", "v" * 201], "at most 200 characters"),
    ],
)
def test_new_names_are_one_line_of_text(tmp_path: Path, args: list[str], said: str) -> None:
    where = tmp_path / "r.db"
    result = runner.invoke(app, [*args, "--db", str(where)], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert said in " ".join(result.output.replace("│", " ").split())
    assert not where.exists()
