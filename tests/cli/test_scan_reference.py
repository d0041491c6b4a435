"""`reviewer scan -d reference` run for real against the published rules, and a config the
reference cannot honour refused with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from reviewer.grounding.bands import KNOWN_LIMIT
from reviewer.grounding.config import DetectorConfig
from tests.support.published_rules import published_check, random_pool, random_text

runner = CliRunner()
FIELDS = ("start", "end", "token", "value", "unit", "nearest", "nearest_value", "delta", "kind")


def test_scan_output_equals_the_published_rules(tmp_path: Path) -> None:
    """The whole command (reader, workers, JSON out) on 3,000 generated briefs."""
    rng = random.Random("scan-published")
    briefs = []
    for i in range(3000):
        text = random_text(rng) or "none"  # the reader refuses an empty text
        # the values an input file may hold: finite, within the known values' limit
        pool = [k for k in random_pool(rng, text) if abs(k.value) < KNOWN_LIMIT]
        briefs.append((f"b{i}", text, pool))
    path = tmp_path / "briefs.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for brief_id, text, pool in briefs:
            entries = [{"name": k.name, "value": k.value, "unit": k.unit} for k in pool]
            out.write(json.dumps({"id": brief_id, "text": text, "pool": entries}) + "\n")
    result = runner.invoke(app, ["scan", str(path), "--detector", "reference"])
    assert result.exit_code == 0, result.output[-2000:]
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [line["id"] for line in lines] == [b[0] for b in briefs]
    config = DetectorConfig()
    for line, (brief_id, text, pool) in zip(lines, briefs, strict=True):
        flags, _, rate = published_check(text, pool, config)
        got = [tuple(flag[name] for name in FIELDS) for flag in line["flags"]]
        assert (got, line["invention_rate"]) == (flags, rate), f"{brief_id}: {text!r} {pool!r}"


@pytest.mark.parametrize("table", ["units", "names"])
@pytest.mark.parametrize("command", ["scan", "arms"])
def test_reference_refuses_a_config_it_would_ignore(
    tmp_path: Path, table: str, command: str
) -> None:
    config = tmp_path / "finance.toml"
    config.write_text(f'[thresholds]\nvalue = 0.1\n\n[{table}]\nusd = ["$", "USD"]\n')
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text(
        json.dumps(
            {
                "id": "a",
                "text": "Revenue $3,410.",
                "pool": [{"name": "usd", "value": 3410, "unit": "usd"}],
            }
        )
        + "\n"
    )
    args = [command, str(briefs)] if command == "scan" else [command, "--pools", str(briefs)]
    result = runner.invoke(app, [*args, "--detector", "reference", "--config", str(config)])
    assert result.exit_code == 2
    message = result.stderr if result.stderr else result.output
    assert str(config) in message
    assert f"[{table}]" in message
    assert "reference" in message
    assert result.stdout.strip() == ""


def test_reference_takes_a_thresholds_only_config(tmp_path: Path) -> None:
    config = tmp_path / "bands.toml"
    config.write_text("[thresholds]\nvalue = 0.2\n")
    briefs = tmp_path / "briefs.jsonl"
    pool = [{"name": "rhr", "value": 52, "unit": "bpm"}]
    briefs.write_text(json.dumps({"id": "a", "text": "RHR 60 BPM", "pool": pool}) + "\n")
    result = runner.invoke(app, ["scan", str(briefs), "-d", "reference", "--config", str(config)])
    assert result.exit_code == 0, result.output
    (line,) = [json.loads(x) for x in result.stdout.splitlines() if x.strip()]
    assert [(f["token"], f["unit"], f["kind"]) for f in line["flags"]] == [("60", "bpm", "value")]


def test_default_scan_says_which_flags_a_name_found(tmp_path: Path) -> None:
    config = tmp_path / "coach.toml"
    config.write_text('[names]\nrhr = ["resting heart rate"]\n')
    pool = [{"name": "rhr", "value": 57, "unit": "bpm"}, {"name": "hrv", "value": 64, "unit": "ms"}]
    text = "Resting heart rate of 66 bpm. HRV is holding at 71. It reads 61.00 bpm."
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text(json.dumps({"id": "a", "text": text, "pool": pool}) + "\n")
    result = runner.invoke(app, ["scan", str(briefs), "--config", str(config)])
    assert result.exit_code == 0, result.output
    (line,) = [json.loads(x) for x in result.stdout.splitlines() if x.strip()]
    got = [(f["token"], f["nearest"], f["kind"], f["basis"]) for f in line["flags"]]
    assert got == [
        ("66", "rhr", "value", "name"),  # past the 12% band: only its name finds it
        ("71", "hrv", "value", "name"),  # no unit word: only its name checks it
        ("61.00", "rhr", "value", "band"),
    ]
