"""`reviewer arms` reads its texts in detector workers: the same texts, from the same random
streams, a batch at a time, and the same report as `run_arms` gives in one process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import db
from reviewer.arms import run_arms
from reviewer.checks.registry import DetectorFault, load_detector
from reviewer.grounding.types import Known
from reviewer.pipeline import arms_scoring
from reviewer.pipeline.arms_input import ArmsInput, stored_arms_input
from reviewer.pipeline.arms_scoring import arms_analyzer, score_arms

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
EVERY_NUMBER = "tests.support.plugins:FlagsEveryNumber"


def demo_briefs() -> list[tuple[str, tuple[Known, ...]]]:
    records = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    return [(r["text"], tuple(Known(**k) for k in r["pool"])) for r in records if "pool" in r]


@pytest.mark.parametrize("spec", ["default", "reference", EVERY_NUMBER])
@pytest.mark.parametrize("given", ["briefs", "pools", "both"])
def test_arms_read_in_workers_are_the_arms_read_in_one_process(
    monkeypatch: pytest.MonkeyPatch, spec: str, given: str
) -> None:
    monkeypatch.chdir(ROOT)  # the test plugin imports from the repository root
    monkeypatch.setattr(arms_scoring, "BATCH", 7)  # batches, and the streams go on across them
    monkeypatch.setattr(arms_scoring, "CHUNK", 3)
    detector, citer = load_detector(spec), load_detector("default")
    briefs = demo_briefs()
    pools = [pool for _, pool in reversed(briefs)] if given != "briefs" else None
    kept = briefs if given != "pools" else None
    serial = run_arms(detector, pools=pools, briefs=kept, citer=citer)
    found = ArmsInput(pools=pools and iter(pools), briefs=kept and iter(kept), total=len(briefs))
    seen = []
    with arms_analyzer(detector, found, citer, workers=2) as analyzer:
        assert analyzer.pool is not None
        report = score_arms(analyzer, found, on_record=lambda: seen.append(1))
    assert report.to_dict() == serial.to_dict()
    assert len(seen) == (len(pools) if pools else 0) + (len(kept) if kept else 0)
    if kept is not None:  # (the rewrite arms were read, not left empty)
        assert all(row.n > 0 for row in report.rows if row.group == "rewrite")


class _FailsBelowZero:
    """A plugin that raises on a text with a number below zero (a sign-flip arm has one)."""

    def flag(self, text, pool):
        if "It reads -" in text:
            raise RuntimeError("no negatives here")
        return []


def test_a_detector_s_fault_in_a_worker_names_no_key_of_the_arms_own() -> None:
    found = ArmsInput(pools=iter([pool for _, pool in demo_briefs()]), total=60)
    analyzer = arms_analyzer(_FailsBelowZero(), found, workers=2)
    with analyzer, pytest.raises(DetectorFault) as raised:
        score_arms(analyzer, found)
    assert raised.value.brief is None and "no negatives here" in str(raised.value)


def test_the_arms_command_on_a_database_uses_workers_and_reads_as_one_process(
    tmp_path: Path,
) -> None:
    # more briefs than a run reads in one process, as a real command over a real file
    path = tmp_path / "big.jsonl"
    briefs = demo_briefs()
    with path.open("w", encoding="utf-8") as out:
        for i in range(260):
            text, pool = briefs[i % len(briefs)]
            known = [{"name": k.name, "value": k.value, "unit": k.unit} for k in pool]
            out.write(json.dumps({"id": f"b{i}", "text": text, "pool": known}) + "\n")
    database = str(tmp_path / "r.db")
    reviewer = [sys.executable, "-m", "reviewer"]
    subprocess.run([*reviewer, "ingest", str(path), "--no-flag", "--db", database], check=True,
                   capture_output=True)  # fmt: skip
    done = subprocess.run([*reviewer, "arms", "--json", "--db", database], capture_output=True,
                          text=True, cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    engine = db.make_engine(database)
    try:
        found = stored_arms_input(engine)
        assert arms_scoring.default_workers(found.total, load_detector("default")) > 0
        serial = run_arms(load_detector("default"), pools=found.pools, briefs=found.briefs,
                          citer=load_detector("default"))  # fmt: skip
    finally:
        engine.dispose()
    assert json.loads(done.stdout) == json.loads(serial.to_json())
