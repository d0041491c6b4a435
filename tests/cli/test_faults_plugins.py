"""Plugins that fail to load, raise, exit or return malformed flags: every command says which
detector and which brief, exits 2, and keeps nothing of the failed work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer import Known
from reviewer.cli import app
from reviewer.regression import Fixture
from tests.support.faults import good, one_message, snapshot, write_lines
from tests.support.hostile_plugins import FAULTY, TRIGGER

runner = CliRunner()
PLUGINS = "tests.support.hostile_plugins"


def briefs(tmp_path: Path, *, trigger: bool = True) -> Path:
    lines = [good("b1", "HR 55 bpm."), good("b2", f"A {TRIGGER} at 55 bpm.")]
    return write_lines(tmp_path / "in.jsonl", lines if trigger else lines[:1])


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["ingest", str(briefs(tmp_path)), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


@pytest.mark.parametrize(
    "spec",
    ["sys:exit", f"{PLUGINS}:FactoryExits", f"{PLUGINS}:no_flag_here", "os:getcwd"],
)
@pytest.mark.parametrize("command", ["scan", "ingest", "flag", "arms", "regress"])
def test_a_spec_that_is_no_detector_exits_2_with_a_message(tmp_path, stored, spec, command):
    args = {
        "scan": ["scan", str(briefs(tmp_path))],
        "ingest": ["ingest", str(briefs(tmp_path)), "--db", str(stored)],
        "flag": ["flag", "--db", str(stored)],
        "arms": ["arms", "--db", str(stored)],
        "regress": ["regress", str(tmp_path)],
    }[command]
    if command == "regress":
        fixture = Fixture("x", "HR 55 bpm", (Known("rhr", 52.0, "bpm"),), 3, 5, "55",
                          "false_positive", "ann")  # fmt: skip
        (tmp_path / fixture.filename).write_text(json.dumps(fixture.to_dict()))
    before = snapshot(stored)
    result = runner.invoke(app, [*args, "--detector", spec])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"detector {spec!r}" in result.stderr
    assert snapshot(stored) == before


@pytest.mark.parametrize("plugin", FAULTY)
def test_scan_names_the_brief_a_faulty_plugin_failed_on(tmp_path, plugin):
    result = runner.invoke(app, ["scan", str(briefs(tmp_path)), "-d", f"{PLUGINS}:{plugin}"])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "failed on brief 'b2'" in result.stderr
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == ["b1"]


@pytest.mark.parametrize("plugin", FAULTY)
def test_ingest_with_a_faulty_plugin_stores_nothing(tmp_path, stored, plugin):
    new = write_lines(tmp_path / "new.jsonl", [good("n1"), good("n2", f"{TRIGGER} 55 bpm")])
    before = snapshot(stored)
    result = runner.invoke(
        app, ["ingest", str(new), "--db", str(stored), "-d", f"{PLUGINS}:{plugin}"]
    )
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "failed on brief 'n2'" in result.stderr
    assert snapshot(stored) == before


@pytest.mark.parametrize("plugin", FAULTY)
def test_flag_with_a_faulty_plugin_leaves_a_failed_run_without_rows(tmp_path, stored, plugin):
    result = runner.invoke(app, ["flag", "--db", str(stored), "-d", f"{PLUGINS}:{plugin}"])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert "failed on brief 'b2'" in result.stderr
    assert "run 2" in result.stderr and "failed" in result.stderr
    rows = snapshot(stored)
    assert not [r for r in rows["flagrecord"] if r[1] == 2]
    assert not [r for r in rows["briefscan"] if r[0] == 2]
    refused = runner.invoke(app, ["stats", "--run", "2", "--db", str(stored)])
    assert refused.exit_code == 2
    assert "run 2 failed" in refused.stderr
    latest = runner.invoke(app, ["stats", "--json", "--db", str(stored)])
    assert json.loads(latest.stdout)["run_id"] == 1  # the failed run is never the latest
    listed = runner.invoke(app, ["runs", "--json", "--db", str(stored)])
    assert [(r["id"], r["status"]) for r in json.loads(listed.stdout)] == [
        (1, "finished"),
        (2, "failed"),
    ]
    table = runner.invoke(app, ["runs", "--db", str(stored)])
    assert "FAILED" in next(line for line in table.stdout.splitlines() if "#2" in line)


def test_a_plugin_that_exits_never_ends_a_command_with_0(tmp_path):
    result = runner.invoke(app, ["scan", str(briefs(tmp_path)), "-d", f"{PLUGINS}:Exits"])
    assert result.exit_code == 2
    assert "sys.exit(0)" in result.stderr


@pytest.mark.parametrize("plugin", FAULTY)
def test_regress_fails_the_fixture_a_faulty_plugin_broke_and_goes_on(tmp_path, plugin):
    for brief_id, text in (("ok", "HR 55 bpm"), ("bad", f"{TRIGGER} 55 bpm")):
        fixture = Fixture(brief_id, text, (Known("rhr", 52.0, "bpm"),), text.index("55"),
                          text.index("55") + 2, "55", "false_positive", "ann")  # fmt: skip
        (tmp_path / fixture.filename).write_text(json.dumps(fixture.to_dict()))
    result = runner.invoke(app, ["regress", str(tmp_path), "-d", f"{PLUGINS}:{plugin}"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    failed = [line for line in result.stdout.splitlines() if "detector " in line]
    assert len(failed) == 1 and "bad" in failed[0], result.stdout


def test_a_plugin_beside_the_briefs_loads_from_the_reviewer_command(tmp_path):
    # the docs' `--detector mycheck:MyCheck` with mycheck.py in the working folder: the
    # console script does not put that folder on the path as `python -m` does
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "mycheck.py").write_text(
        "from reviewer.checks import load_detector\n\n\n"
        "class MyCheck:\n"
        "    def flag(self, text, pool):\n"
        "        return load_detector('reference').flag(text, pool)\n"
    )
    (tmp_path / "b.jsonl").write_text(
        '{"id": "a", "text": "rhr 50 bpm", "pool": [{"name": "rhr", "value": 52, "unit": "bpm"}]}\n'
    )
    reviewer = str(Path(sys.executable).with_name("reviewer"))
    found = subprocess.run(
        [reviewer, "scan", "b.jsonl", "--detector", "mycheck:MyCheck"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert found.returncode == 0, found.stderr
    assert '"token": "50"' in found.stdout
    missing = subprocess.run(
        [reviewer, "scan", "b.jsonl", "--detector", "nothere:MyCheck"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert missing.returncode == 2 and "cannot import module 'nothere'" in missing.stderr
