"""`reviewer review`: open the review app on an existing database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reviewer.commands.console import USAGE, echo, using_database


def review(
    database: str | Path,
    *,
    reviewer: str | None,
    run: str | None = None,
    only: str | None = None,
    **team: Any,
) -> int:
    """Run the app until the reviewer quits; 2 with a message when it cannot open, 1 when
    the database failed under it (the app said why). `team`: share, overlap, adjudicate,
    show_others, and order (the run's random queue, or brief by brief)."""
    from reviewer.tui.app import ReviewUnavailable, run_review

    using_database(str(database))
    try:
        return run_review(database, reviewer, run=run, only=only, **team)
    except ReviewUnavailable as problem:
        echo(str(problem), error=True)
        return USAGE
