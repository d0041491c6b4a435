"""`--model NAME|FILE` on scan, flag, regress and arms: the real commands, a model that
`reviewer learn` fit on the labels of tests/cli/test_cli_learn.py's briefs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.cli.test_cli_learn import corpus, labeled_database

runner = CliRunner()


@pytest.fixture(scope="module")
def learned(tmp_path_factory) -> tuple[str, Path, Path]:
    """(the labeled database, a model file, the briefs file). The database's run 2,
    `learned`, is a run made with the model stored as `team`."""
    tmp_path = tmp_path_factory.mktemp("learned")
    where = labeled_database(tmp_path)
    model = tmp_path / "model.json"
    result = runner.invoke(app, ["learn", "--name", "team", "--out", str(model), "--db", where])
    assert result.exit_code == 0, result.output
    flagged = runner.invoke(app, ["flag", "--model", "team", "--name", "learned", "--db", where])
    assert flagged.exit_code == 0, flagged.output
    return where, model, tmp_path / "briefs.jsonl"


def flags_by_brief(output: str) -> dict[str, list[dict]]:
    return {line["id"]: line["flags"] for line in map(json.loads, output.splitlines())}


def test_scan_with_a_model_drops_the_false_alarms_and_adds_the_misses(learned, tmp_path):
    _, model, _ = learned
    briefs, _ = corpus(tmp_path, briefs=3)  # the same shapes, read again
    rules = flags_by_brief(runner.invoke(app, ["scan", str(briefs)]).stdout)
    result = runner.invoke(app, ["scan", str(briefs), "--model", str(model)])
    assert result.exit_code == 0, result.output
    with_model = flags_by_brief(result.stdout)
    assert rules["alarm-0"] and not with_model["alarm-0"]
    assert not rules["missed-0"]
    (added,) = with_model["missed-0"]
    assert (added["token"], added["basis"], added["rule"]) == ("80", "model", "model")
    assert not with_model["missed-1"][1:]  # nor max HR or the peak
    assert 0.5 <= added["probability"] <= 1
    kept = with_model["right-0"]
    assert [f["token"] for f in kept] == [f["token"] for f in rules["right-0"]]
    assert kept[0]["basis"] == rules["right-0"][0]["basis"] and "probability" in kept[0]


def test_scan_finds_a_stored_model_by_name(learned, tmp_path, monkeypatch):
    where, model, _ = learned
    briefs, _ = corpus(tmp_path, briefs=2)
    monkeypatch.setenv("REVIEWER_DB", where)
    by_name = runner.invoke(app, ["scan", str(briefs), "--model", "team"])
    by_file = runner.invoke(app, ["scan", str(briefs), "--model", str(model)])
    assert by_name.exit_code == 0, by_name.output
    assert by_name.stdout == by_file.stdout


@pytest.mark.parametrize(
    ("content", "said"),
    [("{not json", "not JSON"), ('{"format": "x"}', "not a reviewer model")],
)
def test_a_bad_model_file_stops_the_scan_with_its_reason(tmp_path, monkeypatch, content, said):
    briefs, _ = corpus(tmp_path, briefs=1)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = runner.invoke(app, ["scan", str(briefs), "--model", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{bad}: ") and said in result.stderr
    monkeypatch.setenv("REVIEWER_DB", str(tmp_path / "none.db"))
    unknown = runner.invoke(app, ["scan", str(briefs), "--model", "nobody"])
    assert unknown.exit_code == 2 and "--model nobody" in unknown.stderr
    folder = runner.invoke(app, ["scan", str(briefs), "--model", str(tmp_path)])
    assert folder.exit_code == 2
    assert folder.stderr.startswith(f"--model {tmp_path}: a folder, not a model file")


def test_a_run_made_with_a_model_records_it(learned):
    where, model, _ = learned  # run 2 made with the stored model, by name
    from_file = runner.invoke(app, ["flag", "--model", str(model), "--db", where])
    assert from_file.exit_code == 0, from_file.output
    engine = db.make_engine(where)
    with engine.connect() as connection:
        runs = connection.execute(
            text("SELECT r.id, r.model_id, m.name FROM detectorrun r "
                 "LEFT JOIN learnedmodel m ON m.id = r.model_id ORDER BY r.id")
        ).all()  # fmt: skip
        bases = connection.execute(
            text("SELECT basis, count(*) FROM flagrecord WHERE run_id = 2 GROUP BY basis")
        ).all()
    engine.dispose()
    specs = connection_specs(where)
    assert specs[2] == ("default+model", "default")  # learn reloads the rules alone
    again = runner.invoke(app, ["learn", "--run", "learned", "--name", "again", "--db", where])
    assert again.exit_code == 0, again.output
    assert [(r.model_id is None, r.name) for r in runs] == [
        (True, None),
        (False, "team"),
        (False, "model.json"),
    ]
    # the rules' flags of the 12 right briefs kept, the 6 alarms gone, 12 misses added
    assert sum(n for basis, n in bases if basis != "model") == 12 and dict(bases)["model"] == 12


def test_stats_of_a_run_made_with_a_model_keep_its_training_labels_apart(learned):
    where, model, _ = learned
    engine = db.make_engine(where)
    with engine.connect() as connection:
        run_id = connection.execute(
            text("SELECT id FROM detectorrun WHERE name = 'learned'")
        ).scalar()
        added = connection.execute(
            text("SELECT claim_id FROM flagrecord WHERE run_id = :run AND basis = 'model'"),
            {"run": run_id},
        ).scalar()
    with Session(engine) as session:  # labeled after the model was learned
        db.record_label(session=session, claim_id=added, reviewer="bob", verdict="true_positive")
    engine.dispose()
    result = runner.invoke(app, ["stats", "--json", "--run", "learned", "--db", where])
    assert result.exit_code == 0, result.output
    said = json.loads(result.stdout)
    figures = said["model"]
    assert figures["name"] == "team" and figures["training_labels"] == 12
    assert "learn" not in said  # made with a model: no advice to learn one
    after = figures["after_training"]
    assert (after["labels"], after["true_positives"], after["precision"]) == (1, 1, 1.0)
    assert after["precision_ci"][0] == pytest.approx(0.2065, abs=1e-3)
    trained = json.loads(model.read_text())["trained_on"]["cross_validation"]["model"]
    assert figures["cross_validated"]["precision"] == trained["precision"]
    table = runner.invoke(app, ["stats", "--run", "learned", "--db", where])
    assert "made with model" in table.stdout and "labeled since (1 flag)" in table.stdout
    rules = runner.invoke(app, ["stats", "--json", "--run", "1", "--db", where])
    assert "model" not in json.loads(rules.stdout)
    diff = runner.invoke(app, ["diff", "1", "learned", "--json", "--db", where])
    assert diff.exit_code == 0, diff.output
    assert json.loads(diff.stdout)["models"] == {str(run_id): figures}
    text_diff = runner.invoke(app, ["diff", "1", "learned", "--db", where])
    assert f"run {run_id}\nmade with model" in text_diff.stdout


def test_regress_and_arms_with_the_model(learned, tmp_path):
    where, model, _ = learned
    fixtures = tmp_path / "fixtures"
    exported = runner.invoke(app, ["export", "--out", str(fixtures), "--db", where])
    assert exported.exit_code == 0, exported.output
    assert runner.invoke(app, ["regress", str(fixtures)]).exit_code == 1  # the alarms
    result = runner.invoke(app, ["regress", str(fixtures), "--model", str(model)])
    assert result.exit_code == 0, result.output
    rules = runner.invoke(app, ["arms", "--json", "--db", where])
    arms = runner.invoke(app, ["arms", "--json", "--model", str(model), "--db", where])
    assert arms.exit_code == rules.exit_code == 0, arms.output


def test_scan_explain_shows_the_probability_beside_each_reading(learned, tmp_path):
    _, model, _ = learned
    briefs, _ = corpus(tmp_path, briefs=1)
    result = runner.invoke(app, ["scan", str(briefs), "--explain", "--model", str(model)])
    assert result.exit_code == 0, result.output
    readings = {
        line["id"]: line["readings"] for line in map(json.loads, result.stdout.splitlines())
    }
    (alarm,) = readings["alarm-0"]
    assert alarm["outcome"] == "dropped by model" and alarm["probability"] < 0.5
    missed = {r["token"]: r for r in readings["missed-0"]}
    assert (missed["80"]["outcome"], missed["80"]["rule"]) == ("flag", "model")
    assert missed["80"]["probability"] > 0.5 and missed["150"]["outcome"] != "flag"
    table = runner.invoke(app, ["scan", str(briefs), "--explain", "--model", str(model),
                                "--format", "table"])  # fmt: skip
    assert "dropped by model p=0." in table.stdout


def connection_specs(where: str) -> dict[int, tuple[str, str]]:
    engine = db.make_engine(where)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT id, detector, spec FROM detectorrun")).all()
    engine.dispose()
    return {row.id: (row.detector, row.spec) for row in rows}


def test_a_missing_model_file_without_a_database_is_said_once(tmp_path, monkeypatch):
    briefs, _ = corpus(tmp_path, briefs=1)
    monkeypatch.setenv("REVIEWER_DB", str(tmp_path / "none.db"))
    result = runner.invoke(app, ["scan", str(briefs), "--model", "missing.json"])
    assert result.exit_code == 2
    assert result.stderr == (
        "--model missing.json: no such file, and no database to find a model of that name in\n"
    )
