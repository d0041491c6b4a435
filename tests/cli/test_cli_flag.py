"""`reviewer flag`: new runs over every stored brief, their diff, labels carried over."""

from __future__ import annotations

import json

from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer import Known
from reviewer.checks.registry import load_detector
from reviewer.cli import app
from tests.support.store_files import POOL, TEXTS, row_counts, write_briefs

runner = CliRunner()
KNOWN = tuple(Known(k["name"], float(k["value"]), k["unit"]) for k in POOL)


def claims(spec: str) -> set[tuple[str, int, int, str]]:
    detector = load_detector(spec)
    return {(i, f.start, f.end, f.token) for i, t in TEXTS.items() for f in detector.flag(t, KNOWN)}


def test_flag_with_both_detectors_reports_new_gone_and_same(tmp_path):
    dbp = tmp_path / "r.db"
    briefs = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(briefs), "--no-flag", "--db", str(dbp)]).exit_code == 0
    first = runner.invoke(app, ["flag", "--detector", "reference", "--db", str(dbp)])
    assert first.exit_code == 0, first.output
    ref = claims("reference")
    assert f"run 1 (reference 1.1): {len(ref)} flags over 5 briefs" in first.stdout
    assert "against" not in first.stdout

    second = runner.invoke(app, ["flag", "-d", "default", "--db", str(dbp)])
    assert second.exit_code == 0, second.output
    new = claims("default")
    assert ref != new  # the fixtures are chosen so the detectors disagree
    expected = f"against run 1: {len(new - ref)} new, {len(ref - new)} gone, {len(new & ref)} same"
    assert expected in second.stdout
    counts = row_counts(dbp)
    assert counts["briefscan"] == 10 and counts["detectorrun"] == 2
    assert counts["claim"] == len(ref | new)


def test_labels_carry_over_when_the_detector_runs_again(tmp_path):
    dbp = tmp_path / "r.db"
    briefs = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)]).exit_code == 0
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        run1 = db.latest_run(session=session).id
        target = db.next_unlabeled(session=session, run_id=run1, reviewer="ana")
        db.record_label(
            session=session, claim_id=target.claim_id, reviewer="ana", verdict="false_positive"
        )
    result = runner.invoke(app, ["flag", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    with Session(engine) as session:
        run2 = db.latest_run(session=session).id
        assert run2 != run1
        flags = db.brief_flags(
            session=session, run_id=run2, brief_pk=target.brief_pk, reviewer="ana"
        )
        same_span = [f for f in flags if (f.start, f.end) == (target.start, target.end)]
        assert [f.verdict for f in same_span] == ["false_positive"]
        stats = db.precision_stats(session=session, reviewer="ana")
        assert stats["run_id"] == run2 and stats["false_positives"] == 1
    engine.dispose()


def test_plugin_detector_runs_are_stored_with_their_name(tmp_path):
    dbp = tmp_path / "r.db"
    briefs = write_briefs(tmp_path / "b.jsonl")
    runner.invoke(app, ["ingest", str(briefs), "--no-flag", "--db", str(dbp)])
    result = runner.invoke(app, ["flag", "-d", "tests.support.plugins:AbsMutant", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    assert "run 1 (abs-mutant 0)" in result.stdout


def test_unknown_detector_and_empty_database_are_clear(tmp_path):
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["flag", "-d", "nonesuch", "--db", str(dbp)])
    assert result.exit_code == 2
    assert "unknown detector 'nonesuch'" in result.stderr
    result = runner.invoke(app, ["flag", "--db", str(dbp)])
    assert result.exit_code == 2
    assert "no such database" in result.stderr and not dbp.exists()
    db.make_engine(str(dbp)).dispose()
    result = runner.invoke(app, ["flag", "--db", str(dbp)])
    assert result.exit_code == 2
    assert "no briefs stored yet" in result.stderr


def test_pool_units_the_detector_never_reads_are_warned_of(tmp_path):
    """A pool's "%" or "BPM" is no unit of the vocabulary ("pct", "bpm"), so no number in
    prose is ever compared with those values by unit: ingest and flag say so, with the unit
    meant, and a unit nobody configured ("kg") is pointed at [units]. Canonical units and
    `none` raise nothing; a config naming "kg" quiets its warning."""
    dbp = tmp_path / "r.db"

    def known(name, value, unit):
        return {"name": name, "value": value, "unit": unit}

    pools = [
        [known("readiness", 74, "%"), known("rhr", 50, "BPM"), known("lift", 85, "kg"),
         known("hrv", 61, "none")],
        [known("readiness", 70, "%"), known("sleep", 80, "pct")],
    ]  # fmt: skip
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(
        "".join(
            json.dumps({"id": f"b{i}", "text": "Readiness is 61% and you lifted 80 kg.", "pool": p})
            + "\n"
            for i, p in enumerate(pools)
        ),
        encoding="utf-8",
    )
    ingested = runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)])
    assert ingested.exit_code == 0, ingested.output
    warnings = [line for line in ingested.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 3, ingested.stderr
    assert "2 known values in the stored pools have the unit '%'" in warnings[0]
    assert warnings[0].endswith("write it as 'pct' in the pools")
    assert "1 known value in the stored pools has the unit 'BPM'" in warnings[1]
    assert warnings[1].endswith("write it as 'bpm' in the pools")
    assert "'kg', which default never reads" in warnings[2]
    assert warnings[2].endswith("add it under [units] in a config")

    reference = runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)])
    assert reference.exit_code == 0, reference.output
    assert "reference reads only its published units" in reference.stderr.splitlines()[-1]

    config = tmp_path / "kg.toml"
    config.write_text('[units]\nkg = ["kg", "kilograms"]\n', encoding="utf-8")
    configured = runner.invoke(app, ["flag", "--config", str(config), "--db", str(dbp)])
    assert configured.exit_code == 0, configured.output
    assert "'kg'" not in configured.stderr and "'%'" in configured.stderr
