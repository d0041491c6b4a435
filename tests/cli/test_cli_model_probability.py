"""A run made with `flag --model` keeps the model's probability with each flag: stored in
`flagrecord.probability` (SQLite and PostgreSQL), the same number `scan --model` prints,
and carried by `export`, `labels export` and `diff --json`. Flags of the rules alone have
none. The real commands on tests/cli/test_cli_learn.py's briefs and labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.cli.test_cli_learn import corpus

runner = CliRunner()


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def made_with_model(where: str, tmp_path: Path, name: str = "rhr") -> tuple[Path, Path]:
    """Run 1 of the rules over the briefs, ana's labels, model "team" learned from them and
    run 2 "learned" made with it; (the model file, the briefs file). `name`: the known
    value's (its name rule is `name:` and its words)."""
    briefs, labels = corpus(tmp_path, name=name)
    model = tmp_path / "model.json"
    invoke("ingest", str(briefs), "--db", where)
    invoke("labels", "import", str(labels), "--reviewer", "ana", "--db", where)
    invoke("learn", "--name", "team", "--out", str(model), "--db", where)
    invoke("flag", "--model", "team", "--name", "learned", "--db", where)
    return model, briefs


@pytest.fixture
def model_run(database: str, tmp_path: Path) -> tuple[str, Path, Path]:
    """(the database, the model file, the briefs file): made_with_model's."""
    return database, *made_with_model(database, tmp_path)


def stored_flags(where: str) -> list[tuple]:
    engine = db.make_engine(where)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT f.run_id, b.brief_id, f.token, f.basis, f.probability, f.claim_id "
                 "FROM flagrecord f JOIN brief b ON b.pk = f.brief_pk ORDER BY f.pk")
        ).all()  # fmt: skip
    engine.dispose()
    return [tuple(row) for row in rows]


def test_a_run_made_with_a_model_stores_the_probability_scan_prints(model_run) -> None:
    where, model, briefs = model_run
    rows = stored_flags(where)
    assert all(p is None for run, *_, p, _ in rows if run == 1)  # the rules alone
    learned = [row for row in rows if row[0] == 2]
    assert {row[3] for row in learned} == {"model", "name", "band"}
    scanned = {
        (line["id"], flag["token"]): flag["probability"]
        for line in map(json.loads, invoke("scan", str(briefs), "--model", str(model)).splitlines())
        for flag in line["flags"]
    }
    assert len(scanned) == len(learned) == 24
    for _, brief, token, basis, probability, _ in learned:
        assert 0.5 <= probability <= 1, (brief, token, basis)
        assert round(probability, 4) == scanned[(brief, token)]


def test_export_labels_export_and_diff_carry_the_probability(model_run, tmp_path) -> None:
    where, _, _ = model_run
    rows = stored_flags(where)
    added = next(row for row in rows if row[0] == 2 and row[3] == "model")
    engine = db.make_engine(where)
    with Session(engine) as session:  # a contradiction only the model flagged, labeled
        db.record_label(session=session, claim_id=added[5], reviewer="bob",
                        verdict="true_positive", run_id=2)  # fmt: skip
    engine.dispose()
    shown = round(added[4], 4)

    fixtures = tmp_path / "fixtures"
    invoke("export", "--out", str(fixtures), "--db", where)
    flags = {
        (data["brief_id"], data["token"]): data["flag"]
        for data in (json.loads(p.read_text()) for p in fixtures.glob("*.json"))
    }
    assert flags[(added[1], added[2])]["probability"] == shown
    assert flags[(added[1], added[2])]["rule"] == "model"
    rules_alone = [flag for (brief, _), flag in flags.items() if brief.startswith("alarm")]
    assert rules_alone and all("probability" not in flag for flag in rules_alone)
    assert runner.invoke(app, ["regress", str(fixtures)]).exit_code == 1  # fixtures still load

    exported = invoke("labels", "export", "--run", "learned", "--db", where)
    lines = [json.loads(line) for line in exported.splitlines()]
    by_brief = {(line["brief"], line.get("reviewer")): line for line in lines if "start" in line}
    assert by_brief[(added[1], "bob")]["probability"] == shown
    labels_file = tmp_path / "labels.jsonl"
    labels_file.write_text(exported)
    again = runner.invoke(app, ["labels", "import", str(labels_file), "--db", where])
    assert again.exit_code == 0, again.output  # an import reads past the probability

    diff = json.loads(invoke("diff", "1", "learned", "--json", "--db", where))
    sides = {(c["brief"], c["token"]): c for c in diff["claims"]}
    new = sides[(added[1], added[2])]
    assert (new["change"], new["a"], new["b"]["probability"]) == ("new", None, shown)
    gone = [c for c in diff["claims"] if c["change"] == "gone"]
    assert gone and all(c["a"]["probability"] is None for c in gone)


def test_the_apps_connection_reads_the_model_figures_stats_gives(model_run) -> None:
    """The review app's panel reads a model run's figures on its own connection: the same
    as `reviewer stats --json`, on SQLite and PostgreSQL alike."""
    from db.model_figures import model_figures_on

    where, _, _ = model_run
    engine = db.make_engine(where)
    with engine.connect() as connection:
        added = connection.execute(
            text("SELECT claim_id FROM flagrecord WHERE run_id = 2 AND basis = 'model'")
        ).first()
    with Session(engine) as session:
        db.record_label(session=session, claim_id=added[0], reviewer="bob",
                        verdict="false_positive", run_id=2)  # fmt: skip
    with engine.connect() as connection:
        on_connection = model_figures_on(connection, run_id=2)
        rules_alone = model_figures_on(connection, run_id=1)
    engine.dispose()
    figures = json.loads(invoke("stats", "--json", "--run", "learned", "--db", where))["model"]
    assert on_connection == {"model": figures} and rules_alone is None
    assert (figures["after_training"]["labels"], figures["after_training"]["precision"]) == (1, 0)
