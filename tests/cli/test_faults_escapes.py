"""Terminal control characters in a plugin's name or version, a config's unit names or a file
path never reach the terminal raw: not in flag, stats, runs, progress bars or messages."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.faults import good, write_lines

runner = CliRunner()
PLUGIN = "tests.support.hostile_plugins:EscapeName"
# what the hostile names and paths hold: colour, window title, bell, clear screen
INJECTED = ("\x1b[31mRED", "\x1b]0;pwned", "\x07", "\x1b[2J", "\x1b[31m\x07")


def _clean(result) -> None:  # type: ignore[no-untyped-def]
    shown = result.stdout + result.stderr
    for sequence in INJECTED:
        assert sequence not in shown, f"{sequence!r} reached the terminal"
    assert "Traceback" not in shown


@pytest.fixture(params=[False, True], ids=["piped", "terminal"])
def terminal(request, monkeypatch) -> bool:
    """Run as if stderr were a terminal too, so progress bars are drawn with their labels."""
    if request.param:
        monkeypatch.setenv("TTY_COMPATIBLE", "1")
    else:
        monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    return request.param


@pytest.fixture
def hostile_db(tmp_path: Path) -> Path:
    dbp = tmp_path / "r.db"
    briefs = write_lines(tmp_path / "in.jsonl", [good(f"b{i}") for i in range(3)])
    assert runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)]).exit_code == 0
    assert runner.invoke(app, ["flag", "-d", PLUGIN, "--db", str(dbp)]).exit_code == 0
    return dbp


@pytest.mark.parametrize(
    "args",
    [["stats"], ["stats", "--json"], ["runs"], ["diff"], ["flag", "-d", PLUGIN]],
    ids=["stats", "stats-json", "runs", "diff", "flag"],
)
def test_a_plugin_name_with_escapes_is_shown_as_characters(hostile_db, terminal, args):
    result = runner.invoke(app, [*args, "--db", str(hostile_db)])
    assert result.exit_code in (0, 1), result.output
    _clean(result)
    assert "evil" in result.stdout + result.stderr


def test_ingest_with_a_hostile_plugin_says_its_name_harmlessly(tmp_path, terminal):
    briefs = write_lines(tmp_path / "in.jsonl", [good("b1")])
    result = runner.invoke(
        app, ["ingest", str(briefs), "-d", PLUGIN, "--db", str(tmp_path / "r.db")]
    )
    assert result.exit_code == 0, result.output
    _clean(result)
    assert "evil␛[31mRED" in result.stdout


def test_file_paths_with_escapes_in_messages_and_progress(tmp_path, terminal):
    hostile = tmp_path / "briefs\x1b]0;pwned\x07.jsonl"
    write_lines(hostile, [good("b1"), "{not json"])
    missing = tmp_path / "gone\x1b[2J.jsonl"
    for args in (["ingest", str(hostile)], ["ingest", str(missing)], ["scan", str(hostile)]):
        result = runner.invoke(
            app, [*args, "--db", str(tmp_path / "r.db")] if args[0] == "ingest" else args
        )
        assert result.exit_code == 2, result.output
        _clean(result)
        assert "␛" in result.stderr  # the escape is there, as a picture of itself


def test_a_database_path_with_escapes_in_messages(tmp_path, terminal):
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "no\x1b[31mREDdb.db")])
    assert result.exit_code == 2
    _clean(result)


def test_config_unit_names_with_escapes(tmp_path, terminal):
    config = tmp_path / "units.toml"
    config.write_text('[units]\n"evil\\u001b[31mRED\\u0007" = ["zorks", "zz"]\n', encoding="utf-8")
    briefs = write_lines(tmp_path / "in.jsonl", [good("b1", "It read 52 zorks.")])
    dbp = tmp_path / "r.db"
    for args in (
        ["ingest", str(briefs), "--config", str(config), "--db", str(dbp)],
        ["flag", "-d", "reference", "--config", str(config), "--db", str(dbp)],
        ["runs", "--db", str(dbp)],
        ["stats", "--db", str(dbp)],
        ["scan", str(briefs), "--config", str(config), "--format", "table"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code in (0, 2), result.output
        _clean(result)


def test_a_flag_unit_and_a_good_files_name_with_escapes_in_table_and_progress(tmp_path, terminal):
    """The unit a flag was read in comes from the config's [units] (or a plugin); the name
    of a file that is read without a problem shows in the progress bar's stages."""
    config = tmp_path / "units.toml"
    config.write_text('[units]\n"evil\\u001b[31mRED\\u0007" = ["zorks"]\n', encoding="utf-8")
    pool = [{"name": "dist", "value": 50, "unit": "evil\x1b[31mRED\x07"}]
    line = json.dumps({"id": "b1", "text": "It read 52 zorks.", "pool": pool})
    briefs = write_lines(tmp_path / "in\x1b[31mRED.jsonl", [line])
    table = runner.invoke(app, ["scan", str(briefs), "--config", str(config), "--format", "table"])
    assert table.exit_code == 0, table.output
    _clean(table)
    assert "52 evil␛[31mRED␇" in table.stdout  # the flag is there, its unit shown
    ingested = runner.invoke(
        app, ["ingest", str(briefs), "--config", str(config), "--db", str(tmp_path / "r.db")]
    )
    assert ingested.exit_code == 0, ingested.output
    _clean(ingested)


def test_bidirectional_overrides_cannot_reorder_a_line(tmp_path):
    line = json.dumps({"id": "\u202eabc", "text": "Resting HR 58 bpm. \u202eend",
                       "pool": [{"name": "rhr\u2067", "value": 52, "unit": "bpm"}]})  # fmt: skip
    briefs = write_lines(tmp_path / "in.jsonl", [line])
    result = runner.invoke(app, ["scan", str(briefs), "--format", "table"])
    assert result.exit_code == 0, result.output
    assert "58" in result.stdout
    for mark in ("\u202e", "\u2067"):
        assert mark not in result.stdout
    dbp = tmp_path / "r.db"
    assert runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)]).exit_code == 0
    named = runner.invoke(app, ["flag", "--name", "v\u202e1", "--db", str(dbp)])
    assert named.exit_code == 2  # a new name is one printable line
    assert "a run's name is one line of text" in named.output
    with sqlite3.connect(dbp) as connection:  # as an older version stored it
        connection.execute("UPDATE detectorrun SET name = ? WHERE id = 1", ("v\u202e1",))
    runs = runner.invoke(app, ["runs", "--db", str(dbp)])
    assert "\u202e" not in runs.stdout and "v\ufffd1" in runs.stdout
