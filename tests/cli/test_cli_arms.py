"""`reviewer arms` run for real: the published table, the abs() mutant failing, briefs files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from reviewer.cli import app

ROOT = Path(__file__).resolve().parents[2]
SEEDS = "fixtures/seed_records.jsonl"
runner = CliRunner()


def reviewer(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command, from the repository root so `tests.` plugins import."""
    return subprocess.run(
        [sys.executable, "-m", "reviewer.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
        check=False,
    )


def arm_means(report: dict, group: str = "template") -> dict[str, float]:
    return {r["arm"]: round(r["mean"], 2) for r in report["rows"] if r["group"] == group}


def test_reference_reproduces_published_table_and_passes() -> None:
    result = reviewer("arms", "--pools", SEEDS, "--detector", "reference", "--seed", "7")
    assert result.returncode == 0, result.stderr
    lines = {
        line.split()[1]: line.split() for line in result.stdout.splitlines() if "template" in line
    }
    assert lines["faithful"][2] == "0.00"
    assert lines["corrupted"][2] == "0.75"
    assert lines["sign-flip"][2] == "1.00"
    assert lines["unrelated"][2] == "0.08"
    assert all(row[-1] == "PASS" for row in lines.values())
    assert "PASS: the arms separate" in result.stdout


def test_abs_mutant_fails_with_sign_inversions_invisible() -> None:
    args = ["arms", "--pools", SEEDS, "--detector", "tests.support.plugins:abs_mutant"]
    result = reviewer(*args)
    assert result.returncode == 1, result.stderr
    assert "sign inversions are invisible" in result.stdout
    as_json = reviewer(*args, "--json")
    assert as_json.returncode == 1
    report = json.loads(as_json.stdout)
    assert arm_means(report)["sign-flip"] == 0.00
    assert report["passed"] is False
    assert report["failures"] == ["sign inversions are invisible"]


def test_default_detector_passes_on_the_seed_records() -> None:
    result = runner.invoke(app, ["arms", "--pools", str(ROOT / SEEDS), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["detector"] == "default"
    assert report["passed"] is True
    assert arm_means(report)["sign-flip"] == 1.00


def test_seed_and_drift_change_the_arms() -> None:
    base = ["arms", "--pools", str(ROOT / SEEDS), "-d", "reference", "--json"]
    drifted = json.loads(runner.invoke(app, [*base, "--drift", "1.5"]).stdout)
    assert arm_means(drifted)["corrupted"] == 0.0  # 50% off: unrelated, not a contradiction
    assert "corrupted arm slips past the detector" in drifted["failures"]
    other_seed = json.loads(runner.invoke(app, [*base, "--seed", "8"]).stdout)
    assert other_seed["seed"] == 8


def test_briefs_file_adds_rewrite_arms_and_production(tmp_path: Path) -> None:
    pool = [
        {"name": "rhr", "value": 52, "unit": "bpm"},
        {"name": "rhr_baseline", "value": 55, "unit": "bpm"},
        {"name": "tsb", "value": -22.4, "unit": "none"},
        {"name": "distance", "value": 5.0, "unit": "mi"},
    ]
    texts = [
        "RHR was 52 bpm against a 55 bpm baseline; TSB -22.4 after 5.00 mi.",
        "Resting heart rate 52 bpm; form at -22.4 with 5.00 mi done over 7 days.",
    ]
    path = tmp_path / "briefs.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": f"b{i}", "text": t, "pool": pool}) + "\n" for i, t in enumerate(texts)
        )
    )
    result = runner.invoke(app, ["arms", "--pools", str(path), "-d", "reference", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    rewrite = arm_means(report, "rewrite")
    assert rewrite["faithful"] == 0.0
    assert rewrite["sign-flip"] == 1.0
    assert rewrite["corrupted"] >= 0.5
    assert arm_means(report, "production") == {"production": 0.0}
    table = runner.invoke(
        app, ["arms", "--pools", str(path), "-d", "reference"], env={"COLUMNS": "120"}
    )
    assert "rewrite" in table.stdout and "production" in table.stdout


def test_bad_input_and_missing_source_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "pools.jsonl"
    bad.write_text('{"id": "p", "pool": [{"name": "r", "value": Infinity, "unit": "bpm"}]}\n')
    result = runner.invoke(app, ["arms", "--pools", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:1:" in result.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    assert runner.invoke(app, ["arms", "--pools", str(empty)]).exit_code == 2
    result = runner.invoke(app, ["arms", "--pools", str(ROOT / SEEDS), "-d", "nope"])
    assert result.exit_code == 2
    assert "nope" in result.stderr


def test_a_drift_that_corrupts_nothing_or_is_no_number_is_refused() -> None:
    seed = str(Path(__file__).resolve().parents[2] / "fixtures" / "seed_records.jsonl")
    for drift in ("nan", "inf", "-inf", "0", "1", "-2"):
        result = runner.invoke(app, ["arms", "--pools", seed, f"--drift={drift}"])
        assert result.exit_code == 2, drift
        assert "a finite factor above 0, other than 1" in " ".join(result.output.split())
    assert runner.invoke(app, ["arms", "--pools", seed, "--drift=1.08"]).exit_code == 0
