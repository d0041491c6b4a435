"""The evaluation corpus's held-out split stays fixed while the dev split grows.

New sentence shapes for tuning are written as `dev(...)` phrasings or `DEV_EXTRAS`
sentences; regenerating must leave fixtures/eval/held-out/ byte for byte as committed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EVAL = ROOT / "fixtures" / "eval"
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))

from corpus import engine, habits, training  # noqa: E402
from corpus.engine import Ctx, Dev, Voice, dev, other  # noqa: E402
from make_eval_corpus import build  # noqa: E402


def _files(root: Path, split: str) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / split).glob("*.jsonl"))}


def test_the_generator_writes_the_committed_corpus(tmp_path: Path) -> None:
    build(tmp_path)
    for split in ("dev", "held-out"):
        assert _files(tmp_path, split) == _files(EVAL, split), split


def test_dev_phrasings_and_sentences_leave_the_held_out_split_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def counted_laps(ctx: Ctx) -> None:
        ctx.brief.say("Laps logged: {n}.", n=other("12", "count", "11"))

    # the dev-only shapes join the metrics at the first build of the process: join them
    # now, so the shape below is added to the same list whichever test ran first
    habits.widen_metrics(training)
    rhr = next(m for m in training.METRICS if m.name == "rhr")
    monkeypatch.setattr(rhr, "shapes", [*rhr.shapes, *dev("Wake-up {N} was {v}{u}.")])
    monkeypatch.setattr(training, "DEV_EXTRAS", [counted_laps], raising=False)
    build(tmp_path)
    assert _files(tmp_path, "held-out") == _files(EVAL, "held-out")
    grown = (tmp_path / "dev" / "training.jsonl").read_text("utf-8")
    assert grown != (EVAL / "dev" / "training.jsonl").read_text("utf-8")
    assert "Laps logged: 12." in grown and "Wake-up " in grown
    held = (tmp_path / "held-out" / "training.jsonl").read_text("utf-8")
    assert "Laps logged" not in held and "Wake-up " not in held


def test_a_dev_phrasing_is_never_picked_for_held_out_and_always_allowed_on_dev() -> None:
    from random import Random

    # both dev phrasings hash into the held-out share: only their being Dev keeps them out
    assert engine._reserved("only dev {v}") and engine._reserved("Wake-up {N} was {v}{u}.")
    options = ["a {v}", "b {v}", "c {v}", "d {v}", "e {v}", *dev("only dev {v}")]
    assert all(isinstance(o, Dev) for o in options[5:])
    held = {Voice(Random(n), held_out=True).pick(options) for n in range(400)}
    mine = {Voice(Random(n), held_out=False).pick(options) for n in range(400)}
    assert "only dev {v}" not in held and "only dev {v}" in mine
    # the held-out choices are those the list without the dev phrasing gives
    plain = options[:5]
    for n in range(50):
        assert Voice(Random(n), True).pick(options) == Voice(Random(n), True).pick(plain)


def test_evaluate_reads_one_split_when_asked() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPTS / "evaluate.py"), "--split", "dev", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(run.stdout)
    dev_briefs = sum(len(p.read_text("utf-8").splitlines()) for p in (EVAL / "dev").glob("*.jsonl"))
    assert report["briefs"] == dev_briefs
    slices = report["detectors"]["default"]["slices"]
    assert "held-out" not in slices and slices["dev"]["flags"] == slices["all"]["flags"]
