"""The command line runs on what `pip install .` brings: typer carries its own click, and
the separate `click` package is there only because a test tool pulled it in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# importing `click` fails, as it does in an install that has only the declared dependencies
WITHOUT_CLICK = """
import sys
sys.modules["click"] = None
from reviewer.cli import main
sys.argv = ["reviewer", *sys.argv[1:]]
main()
"""


def run_without_click(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_CLICK, *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_help_runs_without_the_click_package() -> None:
    result = run_without_click("--help")
    assert result.returncode == 0, result.stderr
    assert "Usage: reviewer" in result.stdout


def test_a_refused_database_is_one_message_without_the_click_package(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.db"
    result = run_without_click("stats", "--db", str(missing))
    assert result.returncode == 2, result.stderr
    assert "no such database" in result.stderr
    assert "Traceback" not in result.stderr
    assert not missing.exists()
