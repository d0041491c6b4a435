"""`reviewer scan --explain`: every number of each brief with its reading and rule, as JSON
lines or a table, for each built-in detector and config; text is shown as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app

runner = CliRunner()
POOL = [
    {"name": "rhr", "value": 57, "unit": "bpm"},
    {"name": "hrv", "value": 64, "unit": "none"},
]
# 66 bpm: named past the band (rule name:...); 58: a band flag of hrv 64; 64: cited
TEXT = "Your resting heart rate of 66 bpm is up; 58 again. [bold]HRV[/bold] 64."
OTHER = {"id": "b2", "text": "Nothing to check here.", "pool": POOL}
NAMES = '[names]\nrhr = ["resting heart rate"]\n'


@pytest.fixture
def briefs(tmp_path: Path) -> Path:
    path = tmp_path / "briefs.jsonl"
    lines = [{"id": "b1", "text": TEXT, "pool": POOL}, OTHER]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def config(tmp_path: Path, body: str) -> str:
    path = tmp_path / "c.toml"
    path.write_text(body)
    return str(path)


def explain(*args: str) -> list[dict]:
    result = runner.invoke(app, ["scan", *args, "--explain"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def by_token(line: dict) -> dict[str, dict]:
    return {reading["token"]: reading for reading in line["readings"]}


def test_jsonl_is_one_line_per_brief_with_every_number(briefs: Path, tmp_path: Path) -> None:
    lines = explain(str(briefs), "--config", config(tmp_path, NAMES))
    assert [line["id"] for line in lines] == ["b1", "b2"]
    assert lines[1]["readings"] == []
    readings = by_token(lines[0])
    assert list(readings) == ["66", "58", "64"]
    assert readings["66"] == {
        "start": 27,
        "end": 29,
        "token": "66",
        "value": 66.0,
        "unit": "bpm",
        "outcome": "flag",
        "rule": "name:resting heart rate",
        "known": "rhr",
        "known_value": 57.0,
    }
    assert (readings["58"]["outcome"], readings["58"]["rule"]) == ("flag", "band")
    assert readings["64"]["outcome"] == "cited"
    assert TEXT[readings["64"]["start"] : readings["64"]["end"]] == "64"


def test_the_flags_explained_are_the_flags_scanned(briefs: Path, tmp_path: Path) -> None:
    names = config(tmp_path, NAMES)
    result = runner.invoke(app, ["scan", str(briefs), "--config", names])
    flags = json.loads(result.stdout.splitlines()[0])["flags"]
    readings = explain(str(briefs), "--config", names)[0]["readings"]
    flagged = [(r["start"], r["rule"]) for r in readings if r["outcome"] == "flag"]
    assert flagged == [(f["start"], f["rule"]) for f in flags]


def test_rules_off_in_the_config_changes_what_it_says(briefs: Path, tmp_path: Path) -> None:
    off = config(tmp_path, NAMES + '[rules]\noff = ["name"]\n')
    readings = by_token(explain(str(briefs), "--config", off)[0])
    assert readings["66"]["outcome"] == "unrelated"  # 16% off: no flag without its name
    assert readings["58"]["outcome"] == "flag"


def test_the_reference_detector_explains_by_band(briefs: Path) -> None:
    readings = by_token(explain(str(briefs), "-d", "reference")[0])
    assert {r["rule"] for r in readings.values()} == {"band"}
    assert readings["66"]["outcome"] == "unrelated"


def test_table_shows_each_number_and_brief_text_literally(briefs: Path, tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.jsonl"
    record = {"id": "[red]x[/red]", "text": "HRV [bold]58[/bold] today.", "pool": POOL}
    hostile.write_text(json.dumps(record) + "\n")
    result = runner.invoke(app, ["scan", str(hostile), "--explain", "--format", "table"])
    assert result.exit_code == 0, result.output
    assert "[red]x[/red]" in result.stdout  # the id as written, not markup
    row = next(line for line in result.stdout.splitlines() if " 58 " in line)
    assert row.split()[1:5] == ["58", "none", "flag", "name:hrv"]  # "HRV" names it
    assert "hrv 64" in row
    assert "1 brief, 1 number: 1 flag" in result.stdout


def test_table_with_names(briefs: Path, tmp_path: Path) -> None:
    args = ["scan", str(briefs), "--explain", "--format", "table"]
    result = runner.invoke(app, [*args, "--config", config(tmp_path, NAMES)], terminal_width=140)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if " 66 " in line)
    assert "name:resting heart rate" in row and "rhr 57" in row
    assert "2 briefs, 3 numbers: 2 flag, 1 cited" in result.stdout


def test_a_plugin_without_explain_is_refused_with_exit_2(briefs: Path) -> None:
    spec = "tests.support.plugins:FlagsEveryNumber"
    result = runner.invoke(app, ["scan", str(briefs), "-d", spec, "--explain"])
    assert result.exit_code == 2
    assert "--explain" in result.stderr and "built-in detector" in result.stderr
    assert result.stdout == ""


def test_a_bad_line_is_named_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "b1", "text": "x", "pool": []}\n{"id": \n')
    result = runner.invoke(app, ["scan", str(bad), "--explain"])
    assert result.exit_code == 2
    assert "bad.jsonl:2" in result.stderr
    assert "Traceback" not in result.output
