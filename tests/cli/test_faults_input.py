"""Hostile input through `ingest`, `ingest --skip-invalid` and `scan`: each line refused with
`FILE:LINE: problem`, exit 2, no traceback, and the database unchanged row by row."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from reviewer.pipeline import reader
from tests.support.faults import (
    HOSTILE,
    POOL,
    good,
    one_message,
    problem_word,
    snapshot,
    write_lines,
)

runner = CliRunner()
CASES = sorted(HOSTILE)


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A database holding two briefs and a run, to see that nothing of it changes."""
    dbp = tmp_path / "r.db"
    first = write_lines(tmp_path / "first.jsonl", [good("s1"), good("s2", "HR 58 bpm.")])
    result = runner.invoke(app, ["ingest", str(first), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_line_is_refused_and_nothing_is_stored(tmp_path, stored, case):
    path = write_lines(tmp_path / "in.jsonl", [good("g1"), HOSTILE[case](), good("g2")])
    before = snapshot(stored)
    result = runner.invoke(app, ["ingest", str(path), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{path}:2: " in result.stderr
    assert problem_word(case) in result.stderr
    assert "nothing was stored" in result.stderr
    assert snapshot(stored) == before


@pytest.mark.parametrize("case", CASES)
def test_skip_invalid_skips_a_hostile_line_and_stores_the_rest(tmp_path, stored, case):
    path = write_lines(tmp_path / "in.jsonl", [good("g1"), HOSTILE[case](), good("g2")])
    result = runner.invoke(app, ["ingest", str(path), "--skip-invalid", "--db", str(stored)])
    assert result.exit_code == 0, result.output
    one_message(result.stderr)
    assert f"rejected {path}:2: " in result.stderr
    assert "2 briefs added, 0 unchanged, 1 rejected" in result.stdout
    ids = {row[1] for row in snapshot(stored)["brief"]}
    assert ids == {"s1", "s2", "g1", "g2"}


@pytest.mark.parametrize("case", CASES)
def test_scan_names_the_hostile_line_after_the_good_ones(tmp_path, case):
    path = write_lines(tmp_path / "in.jsonl", [good("g1"), HOSTILE[case]()])
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{path}:2: " in result.stderr
    assert json.loads(result.stdout.splitlines()[0])["id"] == "g1"


def test_a_hostile_pools_file_is_refused(tmp_path, stored):
    pools = write_lines(
        tmp_path / "pools.jsonl",
        ['{"id": "p1", "pool": [{"name": "a", "value": ' + "7" * 6000 + ', "unit": "none"}]}'],
    )
    briefs = write_lines(
        tmp_path / "in.jsonl", [json.dumps({"id": "x", "text": "5", "pool_id": "p1"})]
    )
    before = snapshot(stored)
    result = runner.invoke(app, ["ingest", str(briefs), "--pools", str(pools), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{pools}:1: an integer of 6,000 digits" in result.stderr
    assert snapshot(stored) == before


def test_a_number_of_4300_digits_or_a_depth_of_64_is_still_read(tmp_path):
    deep = json.loads("[" * 62 + "]" * 62)  # 64 levels with the line's object and meta
    line = json.dumps({"id": "ok", "text": "HR 55 bpm", "pool": POOL, "meta": {"deep": deep}})
    line = line.replace('"meta": {', '"meta": {"n": ' + "1" * 4300 + ", ")
    records = list(reader.iter_briefs(str(write_lines(tmp_path / "ok.jsonl", [line]))))
    assert records[0].meta == {"n": int("1" * 4300), "deep": deep}


@pytest.fixture
def small_limit(monkeypatch):
    """A line limit of 1 KiB so a test can exceed it without writing 64 MiB."""
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 1024)
    monkeypatch.setattr(reader, "READ_CHUNK", 100)


def _long_line() -> str:
    return good("long", "HR 55 bpm. " * 300)


def test_a_line_past_the_size_limit_is_refused_with_its_size(tmp_path, stored, small_limit):
    path = write_lines(tmp_path / "in.jsonl", [good("g1"), _long_line(), good("g2")])
    before = snapshot(stored)
    result = runner.invoke(app, ["ingest", str(path), "--db", str(stored)])
    assert result.exit_code == 2, result.output
    one_message(result.stderr)
    assert f"{path}:2: line of " in result.stderr
    assert "longer than the limit of" in result.stderr
    assert snapshot(stored) == before


def test_skip_invalid_skips_a_line_past_the_limit_and_counts_lines_right(
    tmp_path, stored, small_limit
):
    path = write_lines(tmp_path / "in.jsonl", [_long_line(), good("g1"), _long_line(), good("g2")])
    result = runner.invoke(app, ["ingest", str(path), "--skip-invalid", "--db", str(stored)])
    assert result.exit_code == 0, result.output
    assert f"rejected {path}:1: line of " in result.stderr
    assert f"rejected {path}:3: line of " in result.stderr
    assert "2 briefs added, 0 unchanged, 2 rejected" in result.stdout
    lines = {row[1]: row for row in snapshot(stored)["brief"]}
    assert set(lines) == {"s1", "s2", "g1", "g2"}


def test_a_last_line_past_the_limit_without_a_newline(tmp_path, small_limit):
    path = tmp_path / "in.jsonl"
    path.write_text(good("g1") + "\n" + _long_line(), encoding="utf-8")
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:2: line of " in result.stderr


def test_a_line_exactly_at_the_limit_is_read(tmp_path, monkeypatch):
    line = good("edge", "HR 55 bpm")
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", len(line) + 1)  # the newline counts
    path = write_lines(tmp_path / "in.jsonl", [line])
    assert [r.id for r in reader.iter_briefs(str(path))] == ["edge"]


def test_a_line_cut_short_names_the_column_where_it_ends(tmp_path, stored):
    """The line's own newline is not part of its JSON: the error is at its last column, not
    at 'column 1' of a second line."""
    whole = good("cut")
    path = write_lines(tmp_path / "cut.jsonl", [good("ok"), whole[:-1]])
    for args in (["scan", str(path)], ["ingest", str(path), "--db", str(stored)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert f"{path}:2: invalid JSON: Expecting ',' delimiter (column {len(whole)})" in (
            result.stderr
        ), result.stderr


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"\xff\xfe[units]\n", "not valid UTF-8 (TOML is UTF-8 text)"),
        (b"[thresholds]\nvalue = true\n", "threshold value must be a number, got true"),
        (None, "is a directory, not a config file"),
    ],
)
def test_a_config_file_that_cannot_be_read_is_named_with_its_problem(tmp_path, content, said):
    briefs = write_lines(tmp_path / "in.jsonl", [good("b1")])
    config = tmp_path / "config.toml"
    if content is None:
        config.mkdir()
    else:
        config.write_bytes(content)
    result = runner.invoke(app, ["scan", str(briefs), "--config", str(config)])
    assert result.exit_code == 2, result.output
    assert f"{config}: {said}" in " ".join(result.output.split())
    assert "Errno" not in result.output and "codec" not in result.output
