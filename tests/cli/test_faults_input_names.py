"""What input may name: ids and knowns' names without NUL characters (PostgreSQL cannot
store one), pools naming each known once, and regression fixtures that are regular files
(a FIFO or a device in a fixtures folder is named, never opened), a byte-order mark allowed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from reviewer.grounding.types import Known
from reviewer.jsonlimits import BOM
from reviewer.regression import Fixture
from tests.support.faults import snapshot
from tests.support.store_files import POOL, brief_line, write_briefs

runner = CliRunner()


@pytest.fixture
def stored(database: str, tmp_path: Path) -> str:
    first = write_briefs(tmp_path / "first.jsonl", [brief_line("s1", "HR 55 bpm.")])
    result = runner.invoke(app, ["ingest", str(first), "--db", database])
    assert result.exit_code == 0, result.output
    return database


NUL = "x\u0000y"
BAD_LINES = {
    "id": (
        json.dumps({"id": NUL, "text": "HR 50 bpm.", "pool": POOL}),
        "field 'id' holds a NUL character",
    ),
    "name": (
        brief_line("n", "HR 50 bpm.", [{"name": NUL, "value": 50, "unit": "bpm"}]),
        "field pool[0].'name' holds a NUL character",
    ),
    "twice": (
        brief_line("t", "HR 50 bpm.", [*POOL, {**POOL[0], "value": 60}]),
        f"pool[{len(POOL)}] names 'rhr' again (as pool[0] does)",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_LINES))
def test_a_line_no_database_can_hold_as_meant_is_refused(stored, tmp_path, case):
    line, problem = BAD_LINES[case]
    path = write_briefs(tmp_path / "in.jsonl", [brief_line("g1", "HR 51 bpm."), line])
    before = snapshot(stored)
    result = runner.invoke(app, ["ingest", str(path), "--db", stored])
    assert result.exit_code == 2, result.output
    assert f"{path}:2: {problem}" in result.stderr
    assert "Traceback" not in result.output
    assert snapshot(stored) == before
    skipped = runner.invoke(app, ["ingest", str(path), "--skip-invalid", "--db", stored])
    assert skipped.exit_code == 0, skipped.output
    assert f"rejected {path}:2: {problem}" in skipped.stderr
    assert {row[1] for row in snapshot(stored)["brief"]} == {"s1", "g1"}


def test_scan_refuses_a_pool_naming_one_known_twice(tmp_path):
    line, problem = BAD_LINES["twice"]
    path = write_briefs(tmp_path / "in.jsonl", [line])
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:1: {problem}" in result.stderr


# ---------------------------------------------------------------- regression fixtures


def fixture_text() -> str:
    """A false positive the default detector does not flag: it passes on replay."""
    found = Fixture(
        brief_id="b1", text="HR 52 bpm.", pool=(Known("rhr", 52.0, "bpm"),),
        start=3, end=5, token="52", verdict="false_positive", reviewer="ana",
    )  # fmt: skip
    return found.to_json()


def test_a_fixture_with_a_byte_order_mark_is_replayed(tmp_path):
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "bom.json").write_bytes(BOM + fixture_text().encode("utf-8"))
    result = runner.invoke(app, ["regress", str(folder)])
    assert result.exit_code == 0, result.output
    assert "PASS  bom.json" in result.stdout


def test_a_fifo_in_a_fixtures_folder_is_named_not_opened(tmp_path):
    """Opening a FIFO would wait for a writer that never comes."""
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "good.json").write_text(fixture_text(), encoding="utf-8")
    os.mkfifo(folder / "pipe.json")
    result = runner.invoke(app, ["regress", str(folder)])
    assert result.exit_code == 2, result.output
    assert f"{folder / 'pipe.json'}: a FIFO (named pipe), not a fixture file" in result.stderr
    assert "Traceback" not in result.output


def test_a_device_given_as_fixtures_is_named_for_what_it_is(tmp_path):
    result = runner.invoke(app, ["regress", "/dev/zero"])
    assert result.exit_code == 2, result.output
    assert "/dev/zero: a device, not a fixture file" in result.stderr
    assert "no such file" not in result.stderr
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    linked = runner.invoke(app, ["regress", str(folder)])
    assert linked.exit_code == 2, linked.output
    assert f"{folder / 'zero.json'}: a device, not a fixture file" in linked.stderr


def test_a_missing_fixtures_path_is_still_no_such_file(tmp_path):
    result = runner.invoke(app, ["regress", str(tmp_path / "nowhere")])
    assert result.exit_code == 2, result.output
    assert f"{tmp_path / 'nowhere'}: no such file or directory" in result.stderr
