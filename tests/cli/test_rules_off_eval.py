"""`scripts/rules_off_eval.py` switches off, fold by fold, the rules that the other folds'
labels say to (as `reviewer stats --by-rule` suggests), and scores the held-out fold."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "rules_off_eval.py"
POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "rhr_baseline", "value": 53, "unit": "none"},
    {"name": "hrv_baseline", "value": 62, "unit": "none"},
]


def brief(i: int, text: str, truth: list[dict]) -> dict:
    return {"id": f"b{i:02}", "text": text, "pool": POOL, "meta": {"domain": "x"}, "truth": truth}


def corpus(root: Path) -> None:
    """Ten briefs. The domain's config gives "baseline" to the resting baseline alone,
    while its prose says it of the HRV baseline: the name's reading flags the HRV baseline
    cited right each time; "resting HR" flags a misstatement each time."""
    briefs = []
    for i in range(10):
        if i % 2:
            text = "HRV sat under your 62 baseline."
            truth = [{"start": 19, "end": 21, "citation": "hrv_baseline"}]
        else:
            text = "Resting HR came in at 58 bpm."
            truth = [{"start": 22, "end": 24, "contradicts": "rhr"}]
        briefs.append(brief(i, text, truth))
    (root / "configs").mkdir(parents=True)
    (root / "configs" / "x.toml").write_text(
        '[names]\nrhr = ["resting hr"]\nrhr_baseline = ["baseline"]\n'
        'hrv_baseline = ["hrv baseline"]\n'
    )
    (root / "x.jsonl").write_text("\n".join(json.dumps(b) for b in briefs) + "\n")


def test_a_name_the_labels_find_wrong_is_switched_off_on_the_held_out_fold(
    tmp_path: Path,
) -> None:
    corpus(tmp_path / "c")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(tmp_path / "c"), "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    report = json.loads(done.stdout)["c/x"]
    rules, switched = report["rules"], report["switched"]
    assert (rules["flags"], rules["true_positives"]) == (10, 5)  # every number flagged
    # four folds' labels (4 of the 5 baseline flags, all false) pick `name:baseline`
    assert report["off"] == [["name:baseline"]] * 5
    assert (switched["flags"], switched["true_positives"]) == (5, 5)
    assert switched["found"] == rules["found"] == 5


def test_too_few_labels_switch_nothing(tmp_path: Path) -> None:
    corpus(tmp_path / "c")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(tmp_path / "c"), "--json", "--folds", "2"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    report = json.loads(done.stdout)["c/x"]
    # (with two folds each learns from 2 or 3 baseline flags: 0/3 true is not wholly
    # under one half at 95%)
    assert report["off"] == [[], []] and report["switched"] == report["rules"]
