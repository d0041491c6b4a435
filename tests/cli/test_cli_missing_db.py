"""Commands that only read refuse a database that is not there, by path or by URL, and
leave no empty file behind (a typo must never look like an empty database)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app

runner = CliRunner()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from tmp_path, so a relative sqlite:/// URL would land there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_review_refuses_a_missing_sqlite_url(in_tmp: Path) -> None:
    result = runner.invoke(app, ["review", "--db", "sqlite:///nowhere.db"])
    assert result.exit_code == 2
    assert "sqlite:///nowhere.db: no such database" in result.stderr
    assert "reviewer ingest FILE" in result.stderr
    assert list(in_tmp.iterdir()) == []


def test_export_refuses_a_missing_sqlite_url(in_tmp: Path) -> None:
    result = runner.invoke(app, ["export", "--out", "x", "--db", "sqlite:///nowhere.db"])
    assert result.exit_code == 2
    assert "sqlite:///nowhere.db: no such database" in result.stderr
    assert list(in_tmp.iterdir()) == []  # neither the database nor the fixture folder


@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["flag"],
        ["arms"],
        ["review"],
        ["export", "--out", "x"],
    ],
)
def test_every_reading_command_refuses_a_missing_path(in_tmp: Path, args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--db", str(in_tmp / "typo.db")])
    assert result.exit_code == 2
    assert "typo.db: no such database" in result.stderr
    assert list(in_tmp.iterdir()) == []
