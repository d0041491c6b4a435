"""A plugin detector and a `cmd:` detector each run in a child process. The child ends when
its detector is closed or dropped, not only when the process exits: a process that loads
detectors again and again (the review app's stats panel, a test suite running commands
in-process) is not left with a child for each load."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer import Known
from reviewer.checks.registry import load_detector
from reviewer.cli import app
from tests.support.orphans import alive, living_children

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "fixtures" / "demo" / "briefs.jsonl")
PLUGIN = "tests.support.plugins:AbsMutant"
CHILD = f"cmd:{sys.executable} -m tests.support.cmd_child reference"
POOL = (Known("rhr", 52.0, "bpm"),)


def child_pid(detector: object) -> int:
    child = detector._child  # type: ignore[attr-defined]
    return child if isinstance(child, int) else child.pid


@pytest.mark.parametrize("spec", [PLUGIN, CHILD])
def test_a_dropped_detector_ends_its_child(spec: str) -> None:
    detector = load_detector(spec)
    assert [f.token for f in detector.flag("HR 55 bpm", POOL)] == ["55"]
    pid = child_pid(detector)
    assert alive(pid)
    del detector
    gc.collect()
    assert not alive(pid)


@pytest.mark.parametrize("spec", [PLUGIN, CHILD])
def test_a_closed_detector_ends_its_child_and_starts_another_when_asked(spec: str) -> None:
    detector = load_detector(spec)
    detector.flag("HR 55 bpm", POOL)
    first = child_pid(detector)
    detector.close()  # type: ignore[attr-defined]
    assert not alive(first)
    assert [f.token for f in detector.flag("HR 57 bpm", POOL)] == ["57"]
    second = child_pid(detector)
    assert second != first and alive(second)
    detector.close()  # type: ignore[attr-defined]
    assert not alive(second)


@pytest.mark.parametrize("spec", [PLUGIN, CHILD])
def test_commands_run_in_one_process_leave_no_child(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the plugin and the child import from the repository root
    before = living_children(os.getpid())
    for _ in range(3):
        result = CliRunner().invoke(app, ["scan", DEMO, "-d", spec])
        assert result.exit_code == 0, result.output
        assert '"kind": "sign"' in result.stdout
    del result  # its traceback (of the command's SystemExit) holds the command's frames
    gc.collect()
    assert living_children(os.getpid()) - before == set()
