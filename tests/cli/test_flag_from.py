"""`reviewer flag --from FLAGS.jsonl`: flags made elsewhere stored as a run like any other,
every flag checked against its stored brief, nothing stored from a file with a bad line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer import Known
from reviewer.cli import app
from reviewer.regression import Fixture
from tests.support.faults import snapshot
from tests.support.run_flags import run_flags, run_row

runner = CliRunner()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"


def ok(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def stored_with_flags_file(tmp_path: Path, database: str) -> Path:
    """The demo briefs stored (no run), and their `scan --detector reference` lines."""
    ok(["ingest", str(DEMO), "--no-flag", "--db", database])
    flags = tmp_path / "flags.jsonl"
    flags.write_text(ok(["scan", str(DEMO), "--detector", "reference", "--format", "jsonl"]))
    return flags


def test_scan_lines_loaded_make_the_run_the_detector_makes(tmp_path, database):
    flags = stored_with_flags_file(tmp_path, database)
    loaded = ok(["flag", "--from", str(flags), "--name", "prod-v7", "--db", database])
    assert "run 1 (from:flags.jsonl unversioned)" in loaded
    ok(["flag", "--detector", "reference", "--db", database])
    from_file, in_process = run_flags(database, 1), run_flags(database, 2)
    assert len(from_file) > 50  # the demo briefs hold many flags of both kinds
    assert {row[9] for row in from_file} == {"value", "sign"}
    assert from_file == in_process
    assert run_row(database, 1)["checkable"] == run_row(database, 2)["checkable"]
    assert run_row(database, 1)["spec"] == f"from:{flags}"
    report = json.loads(ok(["diff", "prod-v7", "2", "--only", "new,gone", "--json", "--db",
                            database]))  # fmt: skip
    assert report["claims"] == []
    counts = report["counts"]
    assert counts["new"]["claims"] == counts["gone"]["claims"] == 0
    assert counts["same"]["claims"] == len(from_file)


def test_labels_carry_over_to_a_run_from_a_file(tmp_path):
    from sqlmodel import Session

    import db

    database = str(tmp_path / "r.db")
    flags = stored_with_flags_file(tmp_path, database)
    ok(["flag", "--detector", "reference", "--db", database])
    engine = db.make_engine(database)
    with Session(engine) as session:
        target = db.next_unlabeled(session=session, run_id=1, reviewer="ana")
        db.record_label(
            session=session, claim_id=target.claim_id, reviewer="ana", verdict="false_positive"
        )
    engine.dispose()
    ok(["flag", "--from", str(flags), "--db", database])
    report = json.loads(ok(["diff", "1", "2", "--json", "--db", database]))
    assert report["counts"]["same"]["false_positives"] == 1
    assert report["counts"]["new"]["claims"] == report["counts"]["gone"]["claims"] == 0


def write(tmp_path: Path, lines: list[object]) -> Path:
    path = tmp_path / "log.jsonl"
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines))
    return path


POOL = [{"name": "rhr", "value": 52, "unit": "bpm"}, {"name": "tsb", "value": -22.4,
         "unit": "none"}]  # fmt: skip
TEXTS = {"b1": "Resting HR 55 bpm and TSB +22.4 today.", "b2": "HR 52 bpm."}
FLAG = {"start": 11, "end": 13, "token": "55", "value": 55.0, "unit": "bpm", "nearest": "rhr",
        "nearest_value": 52.0, "delta": 3.0, "kind": "value"}  # fmt: skip


@pytest.fixture
def two_briefs(tmp_path: Path) -> str:
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text("".join(json.dumps({"id": i, "text": t, "pool": POOL}) + "\n"
                              for i, t in TEXTS.items()))  # fmt: skip
    database = str(tmp_path / "r.db")
    ok(["ingest", str(briefs), "--detector", "reference", "--db", database])
    return database


NOT_IN_POOL = {"start": 3, "end": 5, "token": "52", "nearest_value": 50.0}
BAD = {
    "unknown brief id": (
        [{"id": "b1", "flags": [FLAG]}, {"id": "b9", "flags": []}],
        2,
        "unknown brief id 'b9'",
    ),
    "span outside the text": (
        [{"id": "b1", "flags": [FLAG | {"start": 40, "end": 42}]}, {"id": "b2", "flags": []}],
        1,
        "span 40..42 lies outside the brief's text (0..38)",
    ),
    "span not spelling its token": (
        [{"id": "b1", "flags": [FLAG | {"token": "56"}]}, {"id": "b2", "flags": []}],
        1,
        "token '56' is not the text at 11..13 ('55')",
    ),
    "known value not in the pool": (
        [{"id": "b1", "flags": []}, {"id": "b2", "flags": [FLAG | NOT_IN_POOL]}],
        2,
        "known value rhr=50.0 is not in the brief's pool",
    ),
    "unknown known name": (
        [{"id": "b1", "flags": [FLAG | {"nearest": "hrv"}]}, {"id": "b2", "flags": []}],
        1,
        "known value hrv=52.0 is not in the brief's pool",
    ),
    "a brief given twice": (
        [{"id": "b1", "flags": []}, {"id": "b2", "flags": []}, {"id": "b1", "flags": []}],
        3,
        "brief 'b1' was given on line 1",
    ),
    "not JSON": (['{"id": "b1", "flags": [', {"id": "b2", "flags": []}], 1, "not JSON"),
    "a flag given twice": (
        [{"id": "b1", "flags": [FLAG, FLAG]}, {"id": "b2", "flags": []}],
        1,
        "flag 2: span 11..13 overlaps flag 1's (11..13): a number is flagged once",
    ),
    "a flag inside another": (
        [
            {"id": "b1", "flags": [FLAG, FLAG | {"start": 12, "token": "5"}]},
            {"id": "b2", "flags": []},
        ],
        1,
        "flag 2: span 12..13 cuts a number in two ('5[5]')",
    ),
    "half a number": (
        [{"id": "b1", "flags": [FLAG | {"end": 12, "token": "5"}]}, {"id": "b2", "flags": []}],
        1,
        "flag 1: span 11..12 cuts a number in two ('[5]5')",
    ),
    "a rate no brief can have": (
        [{"id": "b1", "flags": [FLAG], "invention_rate": 7.0}, {"id": "b2", "flags": []}],
        1,
        "'invention_rate' must be a number from 0 to 1, got 7.0",
    ),
    "a kind no detector gives": (
        [{"id": "b1", "flags": [FLAG | {"kind": "maybe"}]}, {"id": "b2", "flags": []}],
        1,
        "'kind' must be 'value' or 'sign'",
    ),
    "a missing field": (
        [{"id": "b1", "flags": [{k: v for k, v in FLAG.items() if k != "delta"}]}],
        1,
        "missing 'delta'",
    ),
    "a stored brief without a line": (
        [{"id": "b1", "flags": []}],
        0,
        "1 of the 2 stored briefs have no line (the first: 'b2')",
    ),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_bad_line_is_named_and_nothing_is_stored(tmp_path, two_briefs, case):
    lines, line, problem = BAD[case]
    log = write(tmp_path, lines)
    before = snapshot(two_briefs)
    result = runner.invoke(app, ["flag", "--from", str(log), "--db", two_briefs])
    assert result.exit_code == 2, result.output
    where = f"{log}:{line}: " if line else f"{log}: "
    assert result.stderr.startswith(where), result.stderr
    assert problem in result.stderr
    assert "Traceback" not in result.output
    assert snapshot(two_briefs) == before


def test_a_good_log_may_carry_rule_basis_and_checkable(tmp_path, two_briefs):
    log = write(tmp_path, [
        {"id": "b2", "flags": [], "checkable": 1},
        {"id": "b1", "flags": [FLAG | {"rule": "near-bpm", "basis": "name"}], "checkable": 4},
    ])  # fmt: skip
    assert "run 2 (from:log.jsonl unversioned): 1 flag over 2 briefs (5 checkable numbers)" in ok(
        ["flag", "--from", str(log), "--db", two_briefs]
    )
    assert [row[1:] for row in run_flags(two_briefs, 2)] == [
        (11, 13, "55", 55.0, "bpm", "rhr", 52.0, 3.0, "value", "name")
    ]


def test_a_run_from_a_file_has_no_detector_to_rerun(tmp_path, two_briefs):
    log = write(tmp_path, [{"id": "b1", "flags": [FLAG]}, {"id": "b2", "flags": []}])
    ok(["flag", "--from", str(log), "--name", "prod-v7", "--db", two_briefs])
    arms = runner.invoke(app, ["arms", "--run", "prod-v7", "--db", two_briefs])
    assert arms.exit_code == 2
    assert "loaded from a file" in arms.stderr and "--detector" in arms.stderr
    fixture = Fixture("b1", TEXTS["b1"], (Known("rhr", 52.0, "bpm"),), 11, 13, "55",
                      "false_positive", "ana")  # fmt: skip
    (tmp_path / fixture.filename).write_text(json.dumps(fixture.to_dict()))
    for command in (["regress", str(tmp_path)], ["arms", "--db", two_briefs]):
        refused = runner.invoke(app, [*command, "--detector", f"from:{log}"])
        assert refused.exit_code == 2
        assert "has no detector to re-run" in refused.stderr and "--detector" in refused.stderr


def test_from_takes_no_detector(tmp_path, two_briefs):
    log = write(tmp_path, [{"id": "b1", "flags": []}, {"id": "b2", "flags": []}])
    result = runner.invoke(
        app, ["flag", "--from", str(log), "--detector", "reference", "--db", two_briefs]
    )
    assert result.exit_code == 2
    assert "--from" in result.output


def test_flags_can_come_on_stdin(two_briefs):
    log = json.dumps({"id": "b1", "flags": [FLAG]}) + "\n" + json.dumps({"id": "b2", "flags": []})
    result = runner.invoke(app, ["flag", "--from", "-", "--db", two_briefs], input=log + "\n")
    assert result.exit_code == 0, result.output
    assert "run 2 (from:stdin unversioned): 1 flag over 2 briefs" in result.stdout
    assert [row[1:4] for row in run_flags(two_briefs, 2)] == [(11, 13, "55")]


def test_regress_of_fixtures_from_a_file_run_names_the_detector_option(tmp_path, two_briefs):
    from sqlmodel import Session

    import db

    log = write(tmp_path, [{"id": "b1", "flags": [FLAG]}, {"id": "b2", "flags": []}])
    fresh = str(tmp_path / "fresh.db")
    briefs = tmp_path / "briefs.jsonl"
    ok(["ingest", str(briefs), "--no-flag", "--db", fresh])
    ok(["flag", "--from", str(log), "--db", fresh])
    engine = db.make_engine(fresh)
    with Session(engine) as session:
        target = db.next_unlabeled(session=session, run_id=1, reviewer="ana")
        db.record_label(
            session=session, claim_id=target.claim_id, reviewer="ana", verdict="true_positive"
        )
    engine.dispose()
    out = tmp_path / "fixtures"
    ok(["export", "--out", str(out), "--db", fresh])
    unnamed = runner.invoke(app, ["regress", str(out)])
    assert unnamed.exit_code == 0, unnamed.output
    assert "from:log.jsonl" in unnamed.stderr and "--detector" in unnamed.stderr
    named = runner.invoke(app, ["regress", str(out), "--detector", "reference"])
    assert named.exit_code == 0 and named.stderr == ""


def test_a_log_that_opens_with_a_byte_order_mark_is_read(tmp_path, two_briefs):
    log = write(tmp_path, [{"id": "b1", "flags": [FLAG]}, {"id": "b2", "flags": []}])
    log.write_bytes(b"\xef\xbb\xbf" + log.read_bytes())
    said = ok(["flag", "--from", str(log), "--db", two_briefs])
    assert "1 flag over 2 briefs" in said


def test_a_json_error_names_one_line_the_files(tmp_path, two_briefs):
    log = write(tmp_path, [{"id": "b1", "flags": []}, '{"id": "b2", "flags": [}'])
    result = runner.invoke(app, ["flag", "--from", str(log), "--db", two_briefs])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{log}:2: not JSON: Expecting value at column 24")
    assert "line 1" not in result.stderr


def test_a_flag_keeps_the_delta_its_values_give(tmp_path, two_briefs):
    # a check may write the gap's size (abs) or round it: the stored delta is always the
    # flag's value less its known value, as every figure reads it
    log = write(tmp_path, [{"id": "b1", "flags": [FLAG | {"delta": -3.25}]},
                           {"id": "b2", "flags": []}])  # fmt: skip
    ok(["flag", "--from", str(log), "--db", two_briefs])
    assert [row[8] for row in run_flags(two_briefs, 2)] == [3.0]
