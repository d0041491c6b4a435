"""The rewrite arms need each sampled brief's flags and its faithful citations. Where the
detector is its own citer (the default, with the config its citer gets), one pass of the
brief gives both: the report is the one two passes give, for one reading fewer a brief."""

from __future__ import annotations

import json
from itertools import chain
from pathlib import Path

import pytest

from reviewer import arms
from reviewer.arms import cites_as_it_reads, run_arms
from reviewer.checks.registry import load_detector
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.types import Known
from reviewer.learn.model import ModelDetector
from reviewer.pipeline import arms_scoring, workers
from reviewer.pipeline.arms_input import ArmsInput
from reviewer.pipeline.arms_scoring import arms_analyzer, score_arms
from reviewer.pipeline.parallel import encode_pool

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
OTHER = DetectorConfig(faithful=0.001)  # another config: its citations are another's


def demo_briefs() -> list[tuple[str, tuple[Known, ...]]]:
    records = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    return [(r["text"], tuple(Known(**k) for k in r["pool"])) for r in records if "pool" in r]


def counted_walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the default detector reads from now on (in this process)."""
    read: list[str] = []
    walk = DefaultDetector._walk

    def counting(self, text, pool, citations):  # type: ignore[no-untyped-def]
        read.append(text)
        return walk(self, text, pool, citations)

    monkeypatch.setattr(DefaultDetector, "_walk", counting)
    return read


def test_only_the_same_detector_with_the_same_config_cites_as_it_reads() -> None:
    default = load_detector("default")
    assert cites_as_it_reads(default, default)
    assert cites_as_it_reads(default, load_detector("default"))
    assert cites_as_it_reads(load_detector("default", OTHER), load_detector("default", OTHER))
    assert not cites_as_it_reads(load_detector("default", OTHER), default)
    assert not cites_as_it_reads(load_detector("reference"), default)
    assert not cites_as_it_reads(ModelDetector(default, model=None), default)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", [None, OTHER])
def test_one_pass_a_brief_gives_the_report_of_two(
    monkeypatch: pytest.MonkeyPatch, config: DetectorConfig | None
) -> None:
    briefs = demo_briefs()
    detector = load_detector("default", config)
    citer = load_detector("default", config)

    read = counted_walks(monkeypatch)
    once = run_arms(detector, briefs=briefs, citer=citer)
    found = ArmsInput(pools=None, briefs=iter(briefs), total=len(briefs))
    with arms_analyzer(detector, found, citer, workers=0) as analyzer:
        batched = score_arms(analyzer, found)
    read_once = len(read)

    read.clear()
    monkeypatch.setattr(arms, "cites_as_it_reads", lambda detector, citer: False)
    monkeypatch.setattr(arms_scoring, "cites_itself", lambda detector: False)
    twice = run_arms(detector, briefs=briefs, citer=citer)
    found = ArmsInput(pools=None, briefs=iter(briefs), total=len(briefs))
    with arms_analyzer(detector, found, citer, workers=0) as analyzer:
        batched_twice = score_arms(analyzer, found)

    assert once.to_dict() == twice.to_dict() == batched.to_dict() == batched_twice.to_dict()
    assert all(row.n > 0 for row in once.rows if row.group == "rewrite")
    # each of the two ways (in this process, a batch at a time) read each brief once less
    assert len(read) - read_once == 2 * len(briefs)


def test_a_big_brief_is_read_twice_so_that_its_flags_still_stream(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    briefs = demo_briefs()[:6]
    items = [(n, text, encode_pool(pool)) for n, (text, pool) in enumerate(briefs)]
    detector = load_detector("default")
    scans = workers.analyze_items(detector, items)
    cited = workers.cite_items(detector, items)
    expected = [(*scan, found) for scan, (_, found) in zip(scans, cited, strict=True)]
    assert workers.cited_items(detector, items) == expected
    assert sum(len(found) for *_, found in expected) > 6  # (citations to compare)

    monkeypatch.setattr(workers, "BIG_TEXT", 1)  # every brief is big: its flags stream
    read = counted_walks(monkeypatch)
    streamed = workers.cited_items(detector, items)
    assert len(read) == 2 * len(items)
    assert [(key, checkable, list(chain.from_iterable(flags)), found)
            for key, checkable, flags, found in streamed] == expected  # fmt: skip
