"""What a newcomer meets in the first hour, through the real commands: the version and
`-h`, an option called by another word, a file that is not there, a JSON array, briefs
without a run, a file where the fixture folder goes, Ctrl-C during an ingest, and the scan
table on an 80-column terminal."""

from __future__ import annotations

import json
import shlex
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

import reviewer
from reviewer.cli import app
from tests.support.faults import good, snapshot, write_lines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from tmp_path, where the default ./reviewer.db would be made."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_version_names_the_installed_distribution() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"reviewer {reviewer.__version__}"
    assert metadata.version("grounding-reviewer") == reviewer.__version__


@pytest.mark.parametrize("command", [[], ["stats"], ["db"], ["db", "upgrade"]])
def test_dash_h_is_help(command: list[str]) -> None:
    short = runner.invoke(app, [*command, "-h"])
    assert short.exit_code == 0
    assert short.output == runner.invoke(app, [*command, "--help"]).output
    assert "Usage: reviewer" in short.output


@pytest.mark.parametrize(
    ("args", "meant"),
    [(["review", "--user", "ann"], "--reviewer"), (["stats", "--database", "x.db"], "--db")],
)
def test_an_option_called_by_another_word_suggests_its_name(args: list[str], meant: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"did you mean {meant}?" in result.stderr


def test_an_unknown_option_with_no_synonym_keeps_clicks_message() -> None:
    result = runner.invoke(app, ["scan", "x.jsonl", "--output", "y"])  # scan has no --out
    assert result.exit_code == 2
    assert "No such option: --output" in result.stderr and "did you mean" not in result.stderr


def test_ingest_of_a_missing_file_makes_no_database(in_tmp: Path) -> None:
    result = runner.invoke(app, ["ingest", "nothere.jsonl"])
    assert result.exit_code == 2
    assert "nothere.jsonl: cannot open: No such file or directory" in result.stderr
    assert "no database was made" in result.stderr
    assert list(in_tmp.iterdir()) == []


def test_ingest_of_a_missing_file_leaves_a_database_as_it_was(in_tmp: Path) -> None:
    stored = in_tmp / "kept.db"
    first = write_lines(in_tmp / "first.jsonl", [good("a1")])
    assert runner.invoke(app, ["ingest", str(first), "--db", str(stored)]).exit_code == 0
    before = snapshot(stored)
    result = runner.invoke(app, ["ingest", str(first), "gone.jsonl", "--db", str(stored)])
    assert result.exit_code == 2 and "gone.jsonl: cannot open" in result.stderr
    assert "the database is unchanged" in result.stderr
    assert snapshot(stored) == before


ONE_LINE = [{"id": "a", "text": "HR 55 bpm", "pool": []}]


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        (json.dumps(ONE_LINE), "expected a JSON object, got a list"),
        (json.dumps(ONE_LINE, indent=2), "invalid JSON"),
    ],
)
@pytest.mark.parametrize("command", ["ingest", "scan"])
def test_a_json_array_is_told_that_json_lines_are_expected(
    in_tmp: Path, written: str, problem: str, command: str
) -> None:
    path = in_tmp / "briefs.json"
    path.write_text(written + "\n")
    args = [command, str(path)] + (["--db", "a.db"] if command == "ingest" else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:1: {problem}")
    assert first.endswith("input is JSON Lines: one JSON object per line, not a JSON array")


def test_review_of_briefs_without_a_run_gives_the_flag_command(in_tmp: Path, monkeypatch) -> None:
    from reviewer.tui.app import ReviewApp

    opened: list[int] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: opened.append(self.run_id))
    stored = in_tmp / "briefs here.db"  # a space: the command given must still run
    ingested = runner.invoke(app, ["ingest", str(DEMO), "--no-flag", "--db", str(stored)])
    assert ingested.exit_code == 0
    refused = runner.invoke(app, ["review", "--db", str(stored)])
    assert refused.exit_code == 2 and opened == []
    assert "68 briefs stored but no detector run to review" in refused.stderr
    assert "reviewer ingest" not in refused.stderr
    given = refused.stderr.split("`")[1]
    assert given == f"reviewer flag --db {shlex.quote(str(stored))}"
    assert runner.invoke(app, shlex.split(given)[1:]).exit_code == 0
    assert runner.invoke(app, ["review", "--db", str(stored)]).exit_code == 0
    assert opened == [1]


def test_export_to_a_file_says_a_folder_is_needed(in_tmp: Path) -> None:
    stored = in_tmp / "r.db"
    ingested = runner.invoke(app, ["ingest", str(DEMO), "--no-flag", "--db", str(stored)])
    assert ingested.exit_code == 0
    afile = in_tmp / "afile"
    afile.write_text("keep me\n")
    for out, said in ((afile, "afile: a file"), (afile / "sub", "afile is a file")):
        result = runner.invoke(app, ["export", "--out", str(out), "--db", str(stored)])
        assert result.exit_code == 2
        assert said in result.stderr and "not a folder" in result.stderr
        assert "File exists" not in result.stderr and "Traceback" not in result.stderr
    assert afile.read_text() == "keep me\n"


def test_arms_on_a_missing_database_names_it(in_tmp: Path) -> None:
    result = runner.invoke(app, ["arms", "--db", "e.db"])
    assert result.exit_code == 2
    assert result.stderr.startswith("e.db: no such database")
    assert list(in_tmp.iterdir()) == []


def test_scan_table_fits_80_columns_two_lines_a_flag(tmp_path: Path) -> None:
    briefs = [json.loads(line) for line in DEMO.read_text().splitlines()[:6]]
    path = write_lines(tmp_path / "six.jsonl", [json.dumps(b) for b in briefs])
    table = runner.invoke(app, ["scan", str(path), "--format", "table"], env={"COLUMNS": "80"})
    flags = runner.invoke(app, ["scan", str(path)])
    assert table.exit_code == 0 and flags.exit_code == 0
    found = [(json.loads(line)["id"], f) for line in flags.output.splitlines()
             for f in json.loads(line)["flags"]]  # fmt: skip
    lines = table.output.splitlines()
    assert found and all(len(line) <= 80 for line in lines)
    assert len(lines) == 2 * len(found) + 1  # each flag's figures, then its sentence; a summary
    text = {b["id"]: b["text"] for b in briefs}
    pairs = zip(lines[:-1:2], lines[1::2], strict=True)
    for (brief, flag), (figures, context) in zip(found, pairs, strict=True):
        assert figures.startswith(f"{brief}  ") and f"nearest {flag['nearest']}" in figures
        assert figures.endswith(flag["kind"])
        near = text[brief][flag["start"] - 10 : flag["end"] + 10].replace("\n", " ")
        assert context.startswith("  ") and near in context  # the number in its words, whole


def test_db_upgrade_on_a_folder_says_it_is_a_folder(in_tmp: Path) -> None:
    (in_tmp / "data").mkdir()
    result = runner.invoke(app, ["db", "upgrade", "--db", "data"])
    assert result.exit_code == 2
    assert result.stderr.startswith("data: a folder, not a database file")
    missing = runner.invoke(app, ["db", "upgrade", "--db", "e.db"])
    assert missing.exit_code == 2 and missing.stderr.startswith("e.db: no such database")
