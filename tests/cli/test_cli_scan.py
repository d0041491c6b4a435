"""`reviewer scan` run for real: JSON lines per brief, a table, stdin, bad input, plugins."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from reviewer.cli import app

runner = CliRunner()

POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "rhr_baseline", "value": 55, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
    {"name": "distance", "value": 5.0, "unit": "mi"},
]
CLEAN = "RHR was 52 bpm against a 55 bpm baseline after 5.00 mi."
WRONG = "RHR was 57 bpm; TSB sits at 22.4 after 5.00 mi."
MARKUP = "[bold]Easy[/bold] \x1b[31m[@click=app.quit] 57 bpm"


def write_briefs(tmp_path: Path, *briefs: tuple[str, str], extra: str = "") -> Path:
    path = tmp_path / "briefs.jsonl"
    lines = [json.dumps({"id": i, "text": t, "pool": POOL}) for i, t in briefs]
    path.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return path


def parse_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_jsonl_is_one_line_per_brief_with_flags(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("clean", CLEAN), ("wrong", WRONG))
    result = runner.invoke(app, ["scan", str(path), "--detector", "reference"])
    assert result.exit_code == 0, result.output
    first, second = parse_lines(result.stdout)
    assert first == {"id": "clean", "invention_rate": 0.0, "flags": []}
    assert second["id"] == "wrong"
    assert second["invention_rate"] == 2 / 3
    by_token = {f["token"]: f for f in second["flags"]}
    assert set(by_token) == {"57", "22.4"}
    assert by_token["57"] == {
        "start": 8,
        "end": 10,
        "token": "57",
        "value": 57.0,
        "unit": "bpm",
        "nearest": "rhr_baseline",
        "nearest_value": 55.0,
        "delta": 2.0,
        "kind": "value",
        "basis": "band",  # the reference picks by band only
        "rule": "band",  # ...and reads nothing else
    }
    assert by_token["22.4"]["kind"] == "sign"
    assert WRONG[by_token["22.4"]["start"] : by_token["22.4"]["end"]] == "22.4"


def test_table_shows_text_literally(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("[red]b1", MARKUP), ("wrong", WRONG))
    args = ["scan", str(path), "--format", "table", "-d", "reference"]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "[red]b1" in out
    assert "[bold]Easy[/bold]" in out
    assert "[@click=app.quit]" in out
    assert "\x1b" not in out  # the escape byte is shown as a symbol, never sent
    assert "\u241b" in out
    assert "rhr_baseline" in out and "sign" in out


def test_stdin_with_dash(tmp_path: Path) -> None:
    data = write_briefs(tmp_path, ("a", WRONG), ("b", CLEAN)).read_text()
    result = runner.invoke(app, ["scan", "-", "-d", "reference"], input=data)
    assert result.exit_code == 0, result.output
    assert [r["id"] for r in parse_lines(result.stdout)] == ["a", "b"]


def test_pool_id_through_a_pools_file(tmp_path: Path) -> None:
    pools = tmp_path / "pools.jsonl"
    pools.write_text(json.dumps({"id": "p1", "pool": POOL}) + "\n")
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(json.dumps({"id": "x", "text": WRONG, "pool_id": "p1"}) + "\n")
    result = runner.invoke(app, ["scan", str(briefs), "--pools", str(pools), "-d", "reference"])
    assert result.exit_code == 0, result.output
    assert len(parse_lines(result.stdout)[0]["flags"]) == 2


def test_bad_line_exits_2_naming_file_and_line(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("a", CLEAN), ("b", WRONG), extra='{"id": "c", "text": ""}\n')
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2
    assert f"{path}:3: field 'text' is empty" in result.stderr
    # The good briefs before it were already streamed out.
    assert [r["id"] for r in parse_lines(result.stdout)] == ["a", "b"]


def test_nan_and_missing_file_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "nan.jsonl"
    path.write_text(
        '{"id": "a", "text": "x", "pool": [{"name": "r", "value": NaN, "unit": "bpm"}]}\n'
    )
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2
    assert f"{path}:1:" in result.stderr and "NaN" in result.stderr
    result = runner.invoke(app, ["scan", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2
    assert "cannot open" in result.stderr


def test_bad_detector_name_exits_2_with_what_is_available(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("a", CLEAN))
    result = runner.invoke(app, ["scan", str(path), "--detector", "nope"])
    assert result.exit_code == 2
    assert "nope" in result.stderr and "reference" in result.stderr
    assert result.stdout == ""


def test_plugin_detector_by_module_and_attr(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("wrong", WRONG), ("flip", "TSB sits at 22.4 today."))
    result = runner.invoke(
        app, ["scan", str(path), "--detector", "tests.support.plugins:abs_mutant"]
    )
    assert result.exit_code == 0, result.output
    wrong, flip = parse_lines(result.stdout)
    assert [f["token"] for f in wrong["flags"]] == ["57"]  # the sign flag is lost
    assert flip["flags"] == []
    every = runner.invoke(
        app, ["scan", str(path), "--detector", "tests.support.plugins:FlagsEveryNumber"]
    )
    assert every.exit_code == 0, every.output
    assert len(parse_lines(every.stdout)[0]["flags"]) == 3


def test_a_byte_order_mark_at_the_start_is_accepted_from_a_file_and_stdin(tmp_path: Path) -> None:
    path = write_briefs(tmp_path, ("a", WRONG), ("b", CLEAN))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = runner.invoke(app, ["scan", str(path), "-d", "reference"])
    assert result.exit_code == 0, result.output
    assert [r["id"] for r in parse_lines(result.stdout)] == ["a", "b"]
    result = runner.invoke(app, ["scan", "-", "-d", "reference"], input=path.read_bytes())
    assert result.exit_code == 0, result.output
    assert [r["id"] for r in parse_lines(result.stdout)] == ["a", "b"]
