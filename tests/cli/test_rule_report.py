"""`scripts/rule_report.py` tells, rule by rule, what the default did on a labeled corpus:
a reading that hid a misstatement is counted against its rule."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "rule_report.py"
POOL = [{"name": "rhr", "value": 52, "unit": "bpm"}, {"name": "hrv", "value": 64, "unit": "none"}]


def brief(i: int, text: str, truth: list[dict]) -> dict:
    return {"id": f"b{i}", "text": text, "pool": POOL, "meta": {"domain": "x"}, "truth": truth}


def test_each_rule_is_counted_by_what_the_truth_says(tmp_path: Path) -> None:
    briefs = [
        # a plan read right, and a misstatement the same reading hides
        brief(1, "Keep it below 55 bpm.", [{"start": 14, "end": 16, "not_citation": "plan"}]),
        brief(2, "It was below 55 bpm.", [{"start": 13, "end": 15, "contradicts": "rhr"}]),
        # a band flag on a misstatement, and one on a number that is none
        brief(3, "Resting HR 56 bpm.", [{"start": 11, "end": 13, "contradicts": "rhr"}]),
        brief(4, "Easy day, 56 bpm.", [{"start": 10, "end": 12, "not_citation": "label"}]),
    ]
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "x.jsonl").write_text("\n".join(json.dumps(b) for b in briefs) + "\n")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--corpus", str(tmp_path), "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    report = json.loads(done.stdout)
    assert report["plan.bound"] == {
        "true_flags": 0, "false_flags": 0, "passed_over": 2, "hidden": 1
    }  # fmt: skip
    flags = {k: (v["true_flags"], v["false_flags"]) for k, v in report.items() if k != "plan.bound"}
    assert sum(t for t, _ in flags.values()) == 1
    assert sum(f for _, f in flags.values()) == 1
