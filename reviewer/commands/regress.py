"""`reviewer regress`: replay regression fixtures against a detector, naming each failure."""

from __future__ import annotations

from pathlib import Path

from reviewer import regression
from reviewer.commands.console import FAILED, OK, echo
from reviewer.grounding.types import Detector


def read(fixtures: Path) -> list[tuple[Path, regression.Fixture]] | None:
    """The fixtures of a folder (or one file); None after printing every bad one."""
    try:
        loaded, errors = regression.read_fixtures(fixtures)
    except regression.FixtureError as problem:
        loaded, errors = [], [problem]
    for problem in errors:
        echo(str(problem), error=True)
    if not errors and not loaded:
        echo(f"{fixtures}: no fixture files (*.json) found", error=True)
    return None if errors or not loaded else loaded


def say_from_file(loaded: list[tuple[Path, regression.Fixture]]) -> None:
    """Fixtures labeled on flags loaded from a file name no detector to replay them with:
    say so when no --detector was given, so the default's result is not read as theirs."""
    runs = sorted({f.detector for _, f in loaded if f.detector.startswith("from:")})
    if runs:
        echo(
            f"these fixtures were labeled on flags loaded from a file ({', '.join(runs)}), "
            "which has no detector to re-run: they are replayed against the default "
            "detector; give your check with --detector (cmd:PROGRAM ARGS or module:attr)",
            error=True,
        )


def regress(loaded: list[tuple[Path, regression.Fixture]], detector: Detector) -> int:
    """One line per fixture and a summary; exit 1 when any expectation fails."""
    outcomes = regression.replay_all(loaded, detector)
    for outcome in outcomes:
        echo(outcome.line())
    for line in regression.summarize(outcomes, detector):
        echo(line)
    return OK if all(o.passed for o in outcomes) else FAILED
