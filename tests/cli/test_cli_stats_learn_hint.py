"""`reviewer stats` of a run made by the rules alone gives the commands that learn a model
of the labels once they hold enough of both verdicts and say many flags are false."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db.tables import flagrecord as F
from reviewer.cli import app

runner = CliRunner()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
HINT = "a model of them can learn which flags are right"


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> str:
    where = str(tmp_path_factory.mktemp("hint") / "r.db")
    result = runner.invoke(app, ["ingest", str(DEMO), "--db", where])
    assert result.exit_code == 0, result.output
    return where


def copy_with_labels(stored: str, tmp_path: Path, true: int, false: int) -> str:
    """A copy of the database with `true` flags of run 1 labeled true, then `false` false."""
    where = tmp_path / "copy.db"
    where.write_bytes(Path(stored).read_bytes())
    engine = db.make_engine(str(where))
    with engine.connect() as c:
        claims = c.execute(select(F.c.claim_id).where(F.c.run_id == 1).order_by(F.c.pk)).scalars()
        claims = list(claims)[: true + false]
    with Session(engine) as session:
        for n, claim_id in enumerate(claims):
            verdict = "true_positive" if n < true else "false_positive"
            db.record_label(session=session, claim_id=claim_id, reviewer="ana", verdict=verdict,
                            run_id=1, queue=True)  # fmt: skip
    engine.dispose()
    return str(where)


def test_many_false_verdicts_bring_the_learn_commands(stored: str, tmp_path: Path) -> None:
    where = copy_with_labels(stored, tmp_path, true=12, false=12)
    result = runner.invoke(app, ["stats", "--db", where])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "12 of these 24 verdicts say the flag is false" in said and HINT in said
    assert f"reviewer learn --name team --db {where}" in said
    assert f"reviewer flag --model team --db {where}" in said


@pytest.mark.parametrize(
    ("true", "false"),
    [
        (19, 3),  # precision 0.86, but too few false verdicts to learn from
        (10, 8),  # too few verdicts
        (27, 3),  # precision 0.90: the rules read this prose well
    ],
)
def test_no_hint_without_enough_of_both_or_with_precise_rules(
    stored: str, tmp_path: Path, true: int, false: int
) -> None:
    where = copy_with_labels(stored, tmp_path, true=true, false=false)
    result = runner.invoke(app, ["stats", "--db", where])
    assert result.exit_code == 0, result.output
    assert HINT not in " ".join(result.stdout.split())


def test_json_carries_the_learn_advice(stored: str, tmp_path: Path) -> None:
    where = copy_with_labels(stored, tmp_path, true=12, false=12)
    result = runner.invoke(app, ["stats", "--db", where, "--json"])
    assert result.exit_code == 0, result.output
    learn = json.loads(result.stdout)["learn"]
    assert learn == {
        "advised": True,
        "verdicts": 24,
        "false": 12,
        "commands": [
            f"reviewer learn --name team --db {where}",
            f"reviewer flag --model team --db {where}",
        ],
    }


def test_json_says_when_the_labels_are_not_worth_a_model(stored: str, tmp_path: Path) -> None:
    where = copy_with_labels(stored, tmp_path, true=27, false=3)
    result = runner.invoke(app, ["stats", "--db", where, "--json"])
    assert result.exit_code == 0, result.output
    learn = json.loads(result.stdout)["learn"]
    assert learn == {"advised": False, "verdicts": 30, "false": 3, "commands": []}
