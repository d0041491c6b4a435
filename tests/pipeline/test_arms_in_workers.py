"""A run's rewrite arms take their citations from the detector worker processes, in small
batches, and its faithful arm from its stored flags: it stores exactly the arms `reviewer
arms` computes in one process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import db
from reviewer.checks.registry import load_detector
from reviewer.cli import app
from reviewer.pipeline import batch_writer, workers
from reviewer.pipeline.writer import run_detector

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "fixtures" / "demo" / "briefs.jsonl")
EVERY_NUMBER = "tests.support.plugins:FlagsEveryNumber"  # flags its own citations too
runner = CliRunner()


def arms_json(*args: str) -> dict:
    result = runner.invoke(app, ["arms", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def arm_rows(report: dict) -> list[tuple[str, str, float, int]]:
    return [(r["group"], r["arm"], r["mean"], r["n"]) for r in report["rows"]
            if r["group"] != "production"]  # fmt: skip


@pytest.mark.parametrize("spec", ["default", "reference", EVERY_NUMBER])
def test_a_run_on_workers_stores_the_arms_scored_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    monkeypatch.chdir(ROOT)  # the test plugin imports from the repository root
    path = str(tmp_path / "r.db")
    assert runner.invoke(app, ["ingest", DEMO, "--no-flag", "--db", path]).exit_code == 0
    # batches of a few briefs, chunks of fewer: more batches than are ever out at once,
    # some taken by a worker and some by this process while it waits
    monkeypatch.setattr(batch_writer, "CITED_BATCH", 7)
    monkeypatch.setattr(batch_writer, "CITED_CHUNK", 3)
    engine = db.make_engine(path)
    run = run_detector(engine, load_detector(spec), workers=2)
    engine.dispose()
    stored = arms_json("--run", str(run.run_id), "--db", path)
    serial = arms_json("-d", spec, "--db", path)
    rewrite = [row for row in arm_rows(stored) if row[0] == "rewrite"]
    assert len(rewrite) == 4 and all(n > 0 for *_, n in rewrite)
    assert arm_rows(stored) == arm_rows(serial)
    if spec == EVERY_NUMBER:  # the faithful arm read from the run's stored flags
        assert rewrite[0][:2] == ("rewrite", "faithful") and rewrite[0][2] == 1.0


def test_citations_found_in_workers_match_the_default_detectors(tmp_path: Path) -> None:
    from reviewer import Known
    from reviewer.pipeline.parallel import encode_pool

    lines = [json.loads(line) for line in Path(DEMO).read_text().splitlines()[:12]]
    items = [(n, r["text"], encode_pool([Known(**k) for k in r["pool"]])) for n, r in
             enumerate(lines)]  # fmt: skip
    citer = load_detector("default")
    with workers.BatchAnalyzer(load_detector("reference"), workers=1) as analyzer:
        found = analyzer.submit(items, workers.cite_items)()
    expected = [
        (n, [(c.start, c.end, c.token, c.value) for c in citer.citations(
            r["text"], [Known(**k) for k in r["pool"]])])
        for n, r in enumerate(lines)
    ]  # fmt: skip
    assert found == expected and sum(len(cited) for _, cited in found) > 12
