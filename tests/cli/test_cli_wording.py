"""Counts in the messages of ingest, flag, scan and stats read right: "1 brief", never
"1 briefs". Each command runs for real on files under tmp_path."""

from __future__ import annotations

import json

from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from reviewer.commands.console import counted
from tests.support.store_files import POOL, brief_line, write_briefs

runner = CliRunner()
ONE_FLAG = "Resting HR 57 bpm today."  # one checkable number, flagged against rhr 55 bpm
TWO_FLAGS = "Resting HR 57 bpm, then 58 bpm."


def test_counted_picks_the_number_of_the_noun() -> None:
    assert counted(0, "brief") == "0 briefs"
    assert counted(1, "brief") == "1 brief"
    assert counted(2_500, "checkable number") == "2,500 checkable numbers"
    assert counted(1, "more rejected line") == "1 more rejected line"
    assert counted(3, "child", "children") == "3 children"


def test_ingest_and_flag_say_one_brief_one_flag(tmp_path) -> None:
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "one.jsonl", [brief_line("b1", ONE_FLAG)])
    result = runner.invoke(app, ["ingest", str(path), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    assert "1 brief added, 0 unchanged, 0 rejected" in result.stdout
    assert "1 flag over 1 brief (1 checkable number)" in result.stdout
    flagged = runner.invoke(app, ["flag", "--db", str(dbp)])
    assert flagged.exit_code == 0, flagged.output
    assert "1 flag over 1 brief (1 checkable number)" in flagged.stdout


def test_one_rejected_line_past_those_shown_is_a_line(tmp_path) -> None:
    bad = [json.dumps({"id": f"x{i}"}) for i in range(21)]  # twenty are shown, one more is counted
    path = write_briefs(tmp_path / "mixed.jsonl", [brief_line("b1", ONE_FLAG), *bad])
    result = runner.invoke(
        app, ["ingest", str(path), "--skip-invalid", "--db", str(tmp_path / "r.db")]
    )
    assert result.exit_code == 0, result.output
    assert "... and 1 more rejected line\n" in result.stderr
    assert "1 brief added, 0 unchanged, 21 rejected" in result.stdout


def test_scan_table_summary_says_one_brief_one_flag(tmp_path) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"id": "b1", "text": ONE_FLAG, "pool": POOL}) + "\n")
    result = runner.invoke(app, ["scan", str(path), "--format", "table"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "1 brief, 1 flag, mean invention rate 1.000" in result.stdout


def test_stats_says_one_label_and_one_flag_left(tmp_path) -> None:
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "two.jsonl", [brief_line("b1", TWO_FLAGS)])
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        run = db.latest_run(session=session)
        first = db.next_unlabeled(session=session, run_id=run.id, reviewer="ana")
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="ana", verdict="false_positive"
        )
    engine.dispose()
    result = runner.invoke(app, ["stats", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    # with the finite-population correction the one flag left is all it takes; one noun each
    assert "about 1 more label would bring the interval" in result.stdout
    assert "unmeasured stratum (new (first run): 1 flag)" in result.stdout


def _command_summaries(args: list[str]) -> dict[str, str]:
    """Each command's line in the real `--help` of `args`, on a terminal wide enough that
    no summary needs to wrap: name -> summary text."""
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    rows: dict[str, str] = {}
    last = ""
    for line in result.stdout.splitlines():
        body = line.strip("│ ").rstrip()
        if not line.startswith("│") or body.startswith("-"):
            continue
        name, _, summary = body.partition(" ")
        if line[2] != " " and summary.strip():  # a command's first line starts at column 2
            last = name
            rows[last] = summary.strip()
        elif last:  # a line that continues the summary above it
            rows[last] += " | " + body.strip()
    return rows


def test_every_command_summary_is_one_line_in_help() -> None:
    top = _command_summaries([])
    assert {"demo", "serve", "diff", "scan", "db"} <= top.keys()
    rows = {**top, **{f"db {k}": v for k, v in _command_summaries(["db"]).items()}}
    assert "db upgrade" in rows
    broken = {name: text for name, text in rows.items() if " | " in text}
    assert not broken, f"summaries broken over lines: {broken}"
    assert all(text.endswith(".") for text in rows.values()), rows
