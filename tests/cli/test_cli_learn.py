"""`reviewer learn`: a model of the team's labels, from the real commands on a real file.

The briefs: a resting heart rate the rules rightly flag; the same number after words that
make it something else ("zebra band"), which the team labels a false alarm every time; and
an overnight minimum pulse the rules pass over, which the team marks missed."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

import db
from reviewer.checks import load_detector
from reviewer.cli import app
from reviewer.grounding import Known
from reviewer.learn.model import ModelDetector, model_from_json

runner = CliRunner()
POOL = [{"name": "rhr", "value": 52, "unit": "bpm"}]
RIGHT = ("Your rhr was {n} bpm this morning.", "Resting heart rate came in at {n} bpm, rhr steady.")
ALARM = "The zebra band rhr: {n} bpm."
MISSED = (
    "Overnight minimum pulse {n} bpm. Max HR {m} bpm and peak {p} bpm on the climb.",
    "Max HR {m} bpm alone. Peak {p} bpm, then an overnight minimum pulse of {n} bpm.",
)


def brief_texts(i: int) -> dict[str, str]:
    """The briefs of round i: the rules' flag right, a false alarm (every other round),
    and a contradiction they pass over beside two numbers that contradict nothing."""
    n = 54 + i % 4
    texts = {f"right-{i}": RIGHT[i % 2].format(n=n)}
    if i % 2 == 0:
        texts[f"alarm-{i}"] = ALARM.format(n=n)
    texts[f"missed-{i}"] = MISSED[i % 2].format(n=n + 26, m=70 + i, p=150 + i)
    return texts


def corpus(tmp_path: Path, briefs: int = 12, name: str = "rhr") -> tuple[Path, Path]:
    """The briefs file, and the labels file a careful team would make of them; `name`:
    what the briefs and their pool call the resting heart rate."""
    rows, labels = [], []
    verdicts = {"right": "true-positive", "alarm": "false-positive", "missed": "miss"}
    pool = [{**known, "name": name} for known in POOL]
    for i in range(briefs):
        for brief_id, written in brief_texts(i).items():
            said = written.replace("rhr", name)
            rows.append({"id": brief_id, "text": said, "pool": pool})
            kind = brief_id.split("-")[0]
            number = str(54 + i % 4 + 26 * (kind == "missed"))
            start = said.index(number)
            known = {"known": name} if kind == "missed" else {}
            labels.append({"brief": brief_id, "start": start, "end": start + len(number),
                           "verdict": verdicts[kind]} | known)  # fmt: skip
            labels.append({"brief": brief_id, "reviewed": True})
    briefs_file, labels_file = tmp_path / "briefs.jsonl", tmp_path / "labels.jsonl"
    briefs_file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    labels_file.write_text("".join(json.dumps(r) + "\n" for r in labels))
    return briefs_file, labels_file


def labeled_database(tmp_path: Path) -> str:
    where = str(tmp_path / "r.db")
    briefs, labels = corpus(tmp_path)
    assert runner.invoke(app, ["ingest", str(briefs), "--db", where]).exit_code == 0
    imported = runner.invoke(
        app, ["labels", "import", str(labels), "--reviewer", "ana", "--db", where]
    )
    assert imported.exit_code == 0, imported.output
    return where


def test_learn_fits_a_model_that_drops_the_false_alarm_and_adds_the_miss(tmp_path):
    where = labeled_database(tmp_path)
    out = tmp_path / "model.json"
    result = runner.invoke(app, ["learn", "--name", "team", "--out", str(out), "--db", where])
    assert result.exit_code == 0, result.output
    assert "5-fold cross-validation by brief (30 briefs)" in result.stdout
    assert f"Next: reviewer flag --model {out} --db {where} makes a run" in " ".join(
        result.stdout.split()
    )
    model = model_from_json(out.read_text())
    figures = model.trained_on["cross_validation"]
    assert (figures["rules"]["flags"], figures["rules"]["true_positives"]) == (18, 12)
    assert (figures["rules"]["contradictions"], figures["rules"]["found"]) == (24, 12)
    assert figures["model"]["precision"] == 1.0 and figures["model"]["recall"] == 1.0
    assert model.trained_on["briefs"] == 30 and model.trained_on["run"] == 1
    assert "arms" not in model.trained_on  # its verdicts keep the four arms apart

    checked = ModelDetector(load_detector("default"), model)
    pool = [Known("rhr", 52.0, "bpm")]
    assert [f.token for f in checked.flag(RIGHT[0].format(n=56), pool)] == ["56"]
    assert checked.flag(ALARM.format(n=56), pool) == []
    added = checked.flag(MISSED[0].format(n=83, m=75, p=155), pool)
    assert [(f.token, f.basis, f.nearest) for f in added] == [("83", "model", "rhr")]
    assert 0.5 <= added[0].to_dict()["probability"] <= 1.0

    engine = db.make_engine(where)
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT name, run_id, body FROM learnedmodel")).one()
    engine.dispose()
    assert stored.name == "team" and stored.run_id == 1
    assert model_from_json(stored.body) == model


def test_learn_without_labels_says_so(tmp_path):
    where = str(tmp_path / "r.db")
    briefs, _ = corpus(tmp_path, briefs=2)
    assert runner.invoke(app, ["ingest", str(briefs), "--db", where]).exit_code == 0
    result = runner.invoke(app, ["learn", "--db", where])
    assert result.exit_code == 2
    assert "nothing to learn from" in result.stderr and "Traceback" not in result.output


def test_the_next_step_reads_with_the_detector_the_model_learned_from(tmp_path):
    # learned from a `reference` run: the command it gives flags with reference, so the
    # model reads as it learned (no warning of another detector)
    where = labeled_database(tmp_path)
    assert runner.invoke(app, ["flag", "--detector", "reference", "--db", where]).exit_code == 0
    result = runner.invoke(app, ["learn", "--db", where])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    command = f"reviewer flag --detector reference --model model --db {where}"
    assert f"Next: {command} makes a run" in said
    run = runner.invoke(app, command.split()[1:])
    assert run.exit_code == 0, run.output
    assert "was learned with" not in run.output
