"""`--model` with another detector or config than the model was learned with: a warning on
stderr naming both (detector and config digest), and the command goes on. One check
serves scan, flag, regress and arms; the real commands, a model `reviewer learn` fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.cli.test_cli_learn import corpus, labeled_database

runner = CliRunner()
OFF = '[rules]\noff = ["plan.tilde"]\n'  # another config of the default detector


@pytest.fixture(scope="module")
def learned(tmp_path_factory) -> tuple[str, Path, Path, Path]:
    """(the labeled database, a model file, the briefs file, another config)."""
    tmp_path = tmp_path_factory.mktemp("mismatch")
    where = labeled_database(tmp_path)
    model = tmp_path / "model.json"
    result = runner.invoke(app, ["learn", "--name", "team", "--out", str(model), "--db", where])
    assert result.exit_code == 0, result.output
    other = tmp_path / "off.toml"
    other.write_text(OFF)
    return where, model, tmp_path / "briefs.jsonl", other


def trained_digest(model: Path) -> str:
    return json.loads(model.read_text())["trained_on"]["config_digest"]


def test_the_detector_and_config_learned_with_say_nothing(learned, monkeypatch) -> None:
    where, model, briefs, _ = learned
    result = runner.invoke(app, ["scan", str(briefs), "--model", str(model)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    monkeypatch.setenv("REVIEWER_DB", where)  # a stored model, found by its name
    stored = runner.invoke(app, ["scan", str(briefs), "--model", "team"])
    assert stored.exit_code == 0 and stored.stderr == ""


def test_scan_with_another_config_warns_naming_both_and_goes_on(learned) -> None:
    _, model, briefs, other = learned
    alone = runner.invoke(app, ["scan", str(briefs), "--config", str(other)])
    result = runner.invoke(app, ["scan", str(briefs), "--model", str(model),
                                 "--config", str(other)])  # fmt: skip
    assert result.exit_code == 0, result.output
    (warning,) = result.stderr.splitlines()
    assert warning.startswith(f"warning: --model {model} was learned with detector default ")
    assert f"(config {trained_digest(model)})" in warning
    assert alone.exit_code == 0 and alone.stderr == ""
    from reviewer.grounding.config import DetectorConfig, config_digest, load_config

    here = config_digest(load_config(str(other)).to_json())
    assert here != trained_digest(model) and f"detector default (config {here})" in warning
    assert len(result.stdout.splitlines()) == len(alone.stdout.splitlines())  # it went on
    assert config_digest(DetectorConfig().to_json()) == trained_digest(model)


def test_another_detector_is_named_by_flag_regress_and_arms(learned, tmp_path) -> None:
    where, model, _, other = learned
    flagged = runner.invoke(app, ["flag", "--model", "team", "--config", str(other),
                                  "--db", where])  # fmt: skip
    assert flagged.exit_code == 0, flagged.output
    assert "warning: --model team was learned with detector default" in flagged.stderr
    engine = db.make_engine(where)
    with engine.connect() as connection:  # and the run was made, with its model
        models = connection.execute(text("SELECT model_id FROM detectorrun ORDER BY id")).all()
    engine.dispose()
    assert models[-1].model_id is not None and len(models) == 2

    fixtures = tmp_path / "fixtures"
    assert runner.invoke(app, ["export", "--out", str(fixtures), "--db", where]).exit_code == 0
    replayed = runner.invoke(app, ["regress", str(fixtures), "--model", str(model),
                                   "--detector", "reference"])  # fmt: skip
    assert replayed.exit_code in (0, 1), replayed.output  # replayed, its verdict its own
    assert " passed, " in replayed.stdout
    said = "was learned with detector default (config"
    assert said in replayed.stderr and "reads here with detector reference (config" in (
        replayed.stderr
    )
    arms = runner.invoke(app, ["arms", "--json", "--model", str(model), "--config",
                               str(other), "--db", where])  # fmt: skip
    assert arms.exit_code == 0, arms.output
    assert said in arms.stderr and json.loads(arms.stdout)


def test_a_model_file_that_names_no_detector_is_used_without_a_word(learned, tmp_path) -> None:
    _, model, _, _ = learned
    data = json.loads(model.read_text())
    data["trained_on"] = {}
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    briefs_here, _ = corpus(tmp_path, briefs=2)
    result = runner.invoke(app, ["scan", str(briefs_here), "--model", str(bare),
                                 "--detector", "reference"])  # fmt: skip
    assert result.exit_code == 0 and result.stderr == ""
