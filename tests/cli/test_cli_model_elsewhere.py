"""A model file taken to another database, a model with `--detector reference`, and what
`reviewer learn` refuses before it stores anything: the real commands on real files, the
briefs and labels of tests/cli/test_cli_learn.py."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.cli.test_cli_learn import corpus, labeled_database

runner = CliRunner()


def rows(where: str, sql: str) -> list:
    engine = db.make_engine(where)
    try:
        with engine.connect() as connection:
            return list(connection.execute(text(sql)))
    finally:
        engine.dispose()


def ok(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def test_a_model_file_in_another_database_counts_only_the_labels_made_after_it_came(tmp_path):
    home = labeled_database(tmp_path)
    ok("flag", "--db", home)  # run 2: the model learns from it, a run the other lacks
    model = tmp_path / "team.json"
    ok("learn", "--out", str(model), "--db", home)
    assert json.loads(model.read_text())["trained_on"]["run"] == 2

    away = tmp_path / "away"
    away.mkdir()
    other = str(away / "r.db")
    briefs, labels = corpus(away)
    ok("ingest", str(briefs), "--db", other)  # run 1 alone, no label yet
    flagged = ok("flag", "--model", str(model), "--db", other)
    assert "run 2 (default+model" in flagged.stdout
    ((run_id, last_label),) = rows(other, "SELECT run_id, last_label FROM learnedmodel")
    assert run_id is None and last_label is None  # no run and no label here are its

    ok("labels", "import", str(labels), "--reviewer", "ana", "--db", other)
    stats = " ".join(ok("stats", "--run", "2", "--db", other).stdout.split())
    assert "0 flags labeled before it came to this database" in stats
    assert "labeled since (12 flags)" in stats


def test_a_model_file_back_in_its_own_database_keeps_its_run_and_labels(tmp_path):
    home = labeled_database(tmp_path)
    model = tmp_path / "team.json"
    ok("learn", "--out", str(model), "--db", home)
    ok("flag", "--model", str(model), "--db", home)
    learned, from_file = rows(home, "SELECT run_id, last_label FROM learnedmodel ORDER BY id")
    assert from_file == learned and learned[0] == 1
    stats = " ".join(ok("stats", "--run", "2", "--db", home).stdout.split())
    assert "12 flags labeled before it was learned, which it learned from," in stats


def test_a_run_of_reference_with_a_model_stores_the_references_config(tmp_path):
    home = labeled_database(tmp_path)
    model = tmp_path / "team.json"
    ok("learn", "--out", str(model), "--db", home)
    ok("flag", "--detector", "reference", "--db", home)
    ok("flag", "--detector", "reference", "--model", str(model), "--db", home)
    configs = rows(home, "SELECT detector, config FROM detectorrun WHERE id IN (2, 3) ORDER BY id")
    assert [detector for detector, _ in configs] == ["reference", "reference+model"]
    assert configs[0].config == configs[1].config
    ok("learn", "--run", "3", "--db", home)  # the run's config loads again


def only(labels: Path, verdicts: list[str]) -> Path:
    """The first label of each of `verdicts`, in a file of their own."""
    kept = []
    for line in labels.read_text().splitlines():
        label = json.loads(line)
        if label.get("verdict") in verdicts:
            verdicts = [v for v in verdicts if v != label["verdict"]]
            kept.append(line)
    few = labels.with_name("few.jsonl")
    few.write_text("".join(line + "\n" for line in kept))
    return few


def test_learn_refuses_too_few_labels_and_stores_no_model(tmp_path):
    where = str(tmp_path / "r.db")
    briefs, labels = corpus(tmp_path)
    ok("ingest", str(briefs), "--db", where)
    ok("labels", "import", str(only(labels, ["true-positive"])), "--db", where)
    result = runner.invoke(app, ["learn", "--db", where])
    assert result.exit_code == 2
    said = " ".join(result.stderr.split())
    assert "nothing to learn from: the labels tell 1 contradicting and 0 not contradicting" in said
    ok("labels", "import", str(only(labels, ["false-positive"])), "--db", where)
    result = runner.invoke(app, ["learn", "--db", where])
    assert result.exit_code == 2
    said = " ".join(result.stderr.split())
    assert "too few labels to learn from: the labels tell 1 contradicting and 1 not" in said
    assert "at least 5 of each" in said
    assert rows(where, "SELECT count(*) FROM learnedmodel") == [(0,)]


def test_learn_to_a_file_it_cannot_write_stores_no_model(tmp_path):
    where = labeled_database(tmp_path)
    missing = tmp_path / "no such folder" / "team.json"
    result = runner.invoke(app, ["learn", "--out", str(missing), "--db", where])
    assert result.exit_code == 2
    assert "no such folder" in result.stderr and "Traceback" not in result.output
    result = runner.invoke(app, ["learn", "--out", str(tmp_path), "--db", where])
    assert result.exit_code == 2 and "a folder, not a file" in result.stderr
    assert rows(where, "SELECT count(*) FROM learnedmodel") == [(0,)]
    blank = runner.invoke(app, ["learn", "--name", " ", "--db", where])
    assert blank.exit_code == 2 and "one line of text" in blank.output
