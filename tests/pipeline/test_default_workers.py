"""How many detector workers a run starts: a detector that reads prose keeps workers busy
from a few hundred briefs on (and leaves the writing process waiting, so it gets every
core); a quick one only from thousands, one core left to the writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import db
from reviewer.checks.registry import load_detector
from reviewer.learn.model import Model, ModelDetector
from reviewer.pipeline import workers, writer

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"


@pytest.fixture
def four_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers.os, "cpu_count", lambda: 4)


@pytest.mark.usefixtures("four_cores")
def test_a_detector_that_reads_prose_gets_every_core_from_a_few_hundred_briefs() -> None:
    default = load_detector("default")
    assert workers.default_workers(workers.PROSE_WORKERS_FROM - 1, default) == 0
    assert workers.default_workers(workers.PROSE_WORKERS_FROM, default) == 4
    assert workers.default_workers(None, default) == 4


@pytest.mark.usefixtures("four_cores")
def test_a_quick_detector_leaves_a_core_to_the_writer_and_waits_for_thousands() -> None:
    reference = load_detector("reference")
    assert workers.default_workers(workers.PROSE_WORKERS_FROM, reference) == 0
    assert workers.default_workers(workers.QUICK_WORKERS_FROM - 1, reference) == 0
    assert workers.default_workers(workers.QUICK_WORKERS_FROM, reference) == 3
    assert workers.default_workers(workers.QUICK_WORKERS_FROM, None) == 3


def test_a_model_run_reads_prose_as_its_detector_does() -> None:
    model = Model(weights={}, intercept=0.0, threshold=None)
    assert ModelDetector(load_detector("default"), model).reads_prose is True
    assert ModelDetector(load_detector("reference"), model).reads_prose is False


@pytest.mark.usefixtures("four_cores")
def test_an_ingest_of_a_few_hundred_briefs_runs_the_default_on_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[int] = []
    analyzer = writer.BatchAnalyzer

    def counted(detector, count: int = 0):  # type: ignore[no-untyped-def]
        started.append(count)
        return analyzer(detector, min(count, 2))  # (two at most on a test machine)

    monkeypatch.setattr(writer, "BatchAnalyzer", counted)
    demo = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    briefs = tmp_path / "briefs.jsonl"
    with briefs.open("w", encoding="utf-8") as out:
        for i in range(workers.PROSE_WORKERS_FROM):
            record = demo[i % len(demo)]
            out.write(json.dumps({**record, "id": f"{record['id']}-{i}"}) + "\n")
    engine = db.make_engine(str(tmp_path / "r.db"))
    report = writer.ingest_files(
        engine, [str(briefs)], detector=load_detector("default"),
        expected=workers.PROSE_WORKERS_FROM,
    )  # fmt: skip
    engine.dispose()
    assert started == [4]
    assert report.run is not None and report.run.flags > 0
