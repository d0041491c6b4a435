"""Plugins that escape the usual error path: a BaseException of their own, GeneratorExit,
a hard exit of their process, the same span twice, prints on stdout. Each is the plugin's
fault with a message and exit 2 (1 means "regression found" to CI), never a run left
`running` or a flag count that disagrees with the flags stored, never noise in `scan`'s
JSON Lines. The same plugins run through every command in test_faults_plugins.py."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.support.faults import good, snapshot, write_lines
from tests.support.hostile_plugins import TRIGGER

PLUGINS = "tests.support.hostile_plugins"
ROOT = Path(__file__).resolve().parents[2]


def reviewer(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command in a process of its own: a plugin's hard exit is real here."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "reviewer", *args], capture_output=True, text=True, env=env,
        timeout=300, check=False,
    )  # fmt: skip


def briefs(tmp_path: Path) -> Path:
    lines = [good("b1", "HR 55 bpm."), good("b2", f"A {TRIGGER} at 55 bpm.")]
    return write_lines(tmp_path / "in.jsonl", lines)


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    path = tmp_path / "r.db"
    result = reviewer("ingest", str(briefs(tmp_path)), "--db", str(path))
    assert result.returncode == 0, result.stderr
    return path


def run_rows(path: Path) -> list[tuple]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(
            "SELECT id, finished_at IS NOT NULL, flags FROM detectorrun ORDER BY id"
        ).fetchall()


@pytest.mark.parametrize(
    ("plugin", "said"),
    [
        ("HardExit", "its process ended with exit code 0 instead of answering"),
        ("Aborts", "its process was killed by SIGABRT instead of answering"),
        ("RaisesBase", "raised Escape: out of here"),
        ("RaisesGeneratorExit", "raised GeneratorExit"),
        ("Duplicates", "it flagged the span 0..1 ('A') twice; return each span once"),
    ],
)
def test_flag_with_an_escaping_plugin_exits_2_and_stores_nothing_of_the_run(stored, plugin, said):
    before = snapshot(stored)
    result = reviewer("flag", "--db", str(stored), "-d", f"{PLUGINS}:{plugin}")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert f"failed on brief 'b2': {said}" in result.stderr
    listed = json.loads(reviewer("runs", "--json", "--db", str(stored)).stdout)
    assert [(run["id"], run["status"]) for run in listed] == [(1, "finished"), (2, "failed")]
    after = snapshot(stored)
    assert [row for row in after["flagrecord"] if row[1] == 2] == []
    assert after["flagrecord"] == before["flagrecord"]


def test_a_run_of_a_plugin_says_the_flags_it_stored(tmp_path):
    """Without the trigger the duplicating plugin flags each brief once: the run's count
    and the flags stored agree."""
    path = tmp_path / "r.db"
    calm = write_lines(tmp_path / "calm.jsonl", [good("b1"), good("b2", "HR 57 bpm.")])
    result = reviewer("ingest", str(calm), "--db", str(path), "-d", f"{PLUGINS}:Duplicates")
    assert result.returncode == 0, result.stderr
    with closing(sqlite3.connect(path)) as connection:
        stored = connection.execute("SELECT count(*) FROM flagrecord").fetchone()[0]
    assert run_rows(path) == [(1, 1, 2)] and stored == 2


@pytest.mark.parametrize("plugin", ["HardExit", "RaisesBase", "RaisesGeneratorExit"])
def test_scan_and_ingest_say_the_fault_and_exit_2(tmp_path, plugin):
    scanned = reviewer("scan", str(briefs(tmp_path)), "-d", f"{PLUGINS}:{plugin}")
    assert scanned.returncode == 2 and "Traceback" not in scanned.stderr
    assert "failed on brief 'b2'" in scanned.stderr
    assert [json.loads(line)["id"] for line in scanned.stdout.splitlines()] == ["b1"]
    path = tmp_path / "new.db"
    ingested = reviewer("ingest", str(briefs(tmp_path)), "--db", str(path), "-d",
                        f"{PLUGINS}:{plugin}")  # fmt: skip
    assert ingested.returncode == 2 and "failed on brief 'b2'" in ingested.stderr
    assert "Traceback" not in ingested.stderr


def test_a_plugin_printing_never_mixes_with_scan_json_lines(tmp_path):
    result = reviewer("scan", str(briefs(tmp_path)), "-d", f"{PLUGINS}:Prints", "--workers", "0")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["b1", "b2"]
    assert "chatty: loaded" in result.stderr  # said at construction, in this process
    assert "chatty: looking at" in result.stderr and "a write to fd 1" in result.stderr


def test_a_plugin_printing_never_mixes_with_parallel_scan_output(tmp_path):
    many = write_lines(tmp_path / "many.jsonl", [good(f"b{i}") for i in range(300)])
    result = reviewer("scan", str(many), "-d", f"{PLUGINS}:Prints", "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == [
        f"b{i}" for i in range(300)
    ]


def test_regress_goes_on_after_a_plugin_ends_its_process(tmp_path):
    from reviewer import Known
    from reviewer.regression import Fixture

    for brief_id, text in (("bad", f"{TRIGGER} 55 bpm"), ("ok", "HR 55 bpm")):
        start = text.index("55")
        fixture = Fixture(brief_id, text, (Known("rhr", 52.0, "bpm"),), start, start + 2,
                          "55", "false_positive", "ann")  # fmt: skip
        (tmp_path / fixture.filename).write_text(json.dumps(fixture.to_dict()))
    result = reviewer("regress", str(tmp_path), "-d", f"{PLUGINS}:HardExit")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    failed = [line for line in result.stdout.splitlines() if "detector " in line]
    assert len(failed) == 1 and "bad" in failed[0] and "exit code 0" in failed[0]
