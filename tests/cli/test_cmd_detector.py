"""`--detector 'cmd:PROGRAM ARGS'`: a child process speaking one JSON line per brief stands
in for a check written in another language, everywhere a detector goes."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer import Known
from reviewer.checks.registry import (
    DetectorLoadError,
    DetectorNotNamed,
    load_detector,
    load_run_detector,
)
from reviewer.cli import app
from reviewer.regression import Fixture
from tests.support.faults import one_message, snapshot
from tests.support.run_flags import run_flags

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
CHILD = f"cmd:{sys.executable} -m tests.support.cmd_child"
REFERENCE = f"{CHILD} reference"


def invoke(args: list[str]):  # type: ignore[no-untyped-def]
    return runner.invoke(app, args)


def ok(args: list[str]) -> str:
    result = invoke(args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_child_gives_the_flags_of_the_detector_it_wraps():
    in_process = ok(["scan", str(DEMO), "-d", "reference"])
    assert ok(["scan", str(DEMO), "-d", REFERENCE]) == in_process
    assert in_process.count('"kind": "sign"') and in_process.count('"kind": "value"')


def test_flag_with_a_child_stores_the_run_the_detector_stores(tmp_path, database):
    ok(["ingest", str(DEMO), "--no-flag", "--db", database])
    ok(["flag", "-d", "reference", "--db", database])
    ok(["flag", "-d", REFERENCE, "--db", database])
    assert run_flags(database, 2) == run_flags(database, 1) != []
    report = json.loads(ok(["diff", "1", "2", "--json", "--db", database]))
    assert report["claims"] == []
    assert report["counts"]["same"]["claims"] == len(run_flags(database, 1))


def test_ingest_with_a_child_flags_what_it_stores(tmp_path):
    database = str(tmp_path / "r.db")
    ok(["ingest", str(DEMO), "-d", REFERENCE, "--db", database])
    ok(["flag", "-d", "reference", "--db", database])
    assert run_flags(database, 1) == run_flags(database, 2) != []


def test_a_child_passes_the_arms_as_its_detector_does(tmp_path):
    seeds = str(ROOT / "fixtures" / "seed_records.jsonl")
    reference = json.loads(ok(["arms", "--pools", seeds, "-d", "reference", "--json"]))
    child = json.loads(ok(["arms", "--pools", seeds, "-d", REFERENCE, "--json"]))
    assert child["rows"] == reference["rows"] and len(child["rows"]) == 4
    assert child["passed"] is True and child["detector"] == REFERENCE
    # on the demo briefs the reference's sign arm fails: so does the child's, alike
    failed = [invoke(["arms", "--pools", str(DEMO), "-d", d, "--json"]) for d in ("reference",
              REFERENCE)]  # fmt: skip
    assert [r.exit_code for r in failed] == [1, 1]
    assert json.loads(failed[0].stdout)["failures"] == json.loads(failed[1].stdout)["failures"]


def write_fixtures(folder: Path) -> None:
    """One fixture the reference passes (an exact citation) and one it fails (a labeled
    false positive it still flags)."""
    pool = (Known("rhr", 52.0, "bpm"),)
    for brief_id, text, verdict in (("cited", "HR 52 bpm", "true_positive"),
                                    ("flagged", "HR 55 bpm", "false_positive")):  # fmt: skip
        start = text.index("5")
        fixture = Fixture(brief_id, text, pool, start, start + 2, text[start : start + 2],
                          verdict, "ana")  # fmt: skip
        (folder / fixture.filename).write_text(json.dumps(fixture.to_dict()))


def test_regress_fails_a_child_where_its_detector_fails(tmp_path):
    write_fixtures(tmp_path)
    in_process = invoke(["regress", str(tmp_path), "-d", "reference"])
    child = invoke(["regress", str(tmp_path), "-d", REFERENCE])
    assert in_process.exit_code == child.exit_code == 1
    failing = {line.split()[1] for line in in_process.stdout.splitlines() if "FAIL" in line}
    assert failing and failing == {
        line.split()[1] for line in child.stdout.splitlines() if "FAIL" in line
    }


def briefs(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(DEMO.read_text().splitlines(keepends=True)[:4]))
    return path


FAULTS = {
    "exits": ("--exit-at 3", "exited with code 3 before answering"),
    "hangs": ("--hang-at 3", "did not answer within 3 s"),
    "writes a bad line": ("--garble-at 3", "wrote a line that is not JSON"),
    "answers out of order": ("--misnumber-at 3", "answered id '?' when '3' was asked"),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_scan_names_the_brief_a_child_failed_on(tmp_path, monkeypatch, fault):
    # a hang is waited for 3 s; the child's start (Python, the detector's import) must fit
    # in it on a busy machine, and only the hang is waited for at all
    if fault == "hangs":
        monkeypatch.setenv("REVIEWER_CMD_TIMEOUT", "3")
    option, problem = FAULTS[fault]
    result = invoke(["scan", str(briefs(tmp_path)), "-d", f"{REFERENCE} {option}"])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    third = json.loads(DEMO.read_text().splitlines()[2])["id"]
    assert f"failed on brief {third!r}" in result.stderr and problem in result.stderr
    assert len(result.stdout.splitlines()) == 2


def test_a_child_that_exits_mid_run_stores_nothing(tmp_path, database):
    ok(["ingest", str(briefs(tmp_path)), "--no-flag", "--db", database])
    before = snapshot(database)
    result = invoke(["flag", "-d", f"{REFERENCE} --exit-at 3", "--db", database])
    assert result.exit_code == 2, result.output
    assert "exited with code 3 before answering" in result.stderr
    after = snapshot(database)
    assert after["flagrecord"] == before["flagrecord"] == []
    assert after["briefscan"] == before["briefscan"]
    assert after["claim"] == before["claim"]
    runs = json.loads(ok(["runs", "--json", "--db", database]))
    assert [r["status"] for r in runs] == ["failed"]


def test_ingest_with_a_child_that_exits_stores_nothing(tmp_path):
    database = str(tmp_path / "r.db")
    ok(["ingest", str(DEMO), "--no-flag", "--db", database])
    before = snapshot(database)
    more = tmp_path / "more.jsonl"
    more.write_text(DEMO.read_text().replace('"id": "brief-', '"id": "more-'))
    result = invoke(["ingest", str(more), "-d", f"{REFERENCE} --exit-at 2", "--db", database])
    assert result.exit_code == 2, result.output
    assert "exited with code 3 before answering" in result.stderr
    assert snapshot(database) == before


def test_a_spec_that_names_no_program_is_refused(tmp_path):
    refused = {"cmd:": "give the program", "cmd:no-such-program x": "no program 'no-such-program'"}
    for spec, problem in refused.items():
        result = invoke(["scan", str(DEMO), "-d", spec])
        assert result.exit_code == 2 and problem in result.stderr
    config = tmp_path / "c.toml"
    config.write_text("[thresholds]\nvalue = 0.5\n")
    result = invoke(["scan", str(DEMO), "-d", REFERENCE, "--config", str(config)])
    assert result.exit_code == 2 and "--config" in result.stderr


def test_a_stored_command_runs_only_when_named():
    stored = {"spec": REFERENCE, "detector": REFERENCE, "version": "unversioned", "config": "{}"}
    with pytest.raises(DetectorNotNamed, match="pass --detector"):
        load_run_detector(**stored)
    detector, note = load_run_detector(**stored, named=REFERENCE)
    assert note is None and detector.name == REFERENCE
    with pytest.raises(DetectorLoadError, match="loaded from a file"):
        load_run_detector(spec="from:log.jsonl", detector="from:log.jsonl",
                          version="unversioned", config="{}", named="from:log.jsonl")  # fmt: skip


def test_a_fork_starts_a_child_of_its_own():
    detector = load_detector(REFERENCE)
    pool = (Known("rhr", 52.0, "bpm"),)
    assert [f.token for f in detector.flag("HR 55 bpm", pool)] == ["55"]
    first = detector._child
    detector._pid = -1  # as a forked worker sees the parent's child
    assert [f.token for f in detector.flag("HR 57 bpm", pool)] == ["57"]
    assert detector._child is not first
    detector.close()
    first.stdin.close()
    first.wait(timeout=10)


NODE_DOC = ROOT / "docs" / "bring-your-own-check.md"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_documented_node_check_runs(tmp_path):
    code = re.search(r"```js\n(.*?)```", NODE_DOC.read_text(), re.S)
    assert code is not None
    assert len(code.group(1).splitlines()) <= 22
    (tmp_path / "check.js").write_text(code.group(1))
    lines = [
        {"id": "b1", "text": "Resting HR 55 bpm and TSB +22.4 today.",
         "pool": [{"name": "rhr", "value": 52, "unit": "bpm"},
                  {"name": "tsb", "value": -22.4, "unit": "none"}]},
        {"id": "b2", "text": "HR 52 bpm.", "pool": [{"name": "rhr", "value": 52, "unit": "bpm"}]},
    ]  # fmt: skip
    path = tmp_path / "b.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    spec = f"cmd:node {tmp_path / 'check.js'}"
    node = [json.loads(line) for line in ok(["scan", str(path), "-d", spec]).splitlines()]
    found = [[(f["start"], f["token"], f["kind"], f["nearest"]) for f in b["flags"]] for b in node]
    assert found == [[(11, "55", "value", "rhr"), (26, "+22.4", "sign", "tsb")], []]
    assert ok(["scan", str(DEMO), "-d", spec]).count("\n") == 68
