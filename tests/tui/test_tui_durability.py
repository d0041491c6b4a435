"""A label is in the database once its key is handled: a killed app loses nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlmodel import Session

import db
from db.models import Claim, Label
from reviewer.tui.app import ReviewApp
from tests.support.tui_seed import seed

ROOT = Path(__file__).resolve().parents[2]

KILLED_APP = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    import db
    from reviewer.tui.app import ReviewApp

    async def main():
        app = ReviewApp(db.make_engine(sys.argv[1]), reviewer="ann", order="brief")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("t", "f")
            print("labeled", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)  # no quit, no shutdown, no cleanup

    asyncio.run(main())
    """
)


def stored(path: Path) -> list[tuple[str, str, str]]:
    engine = db.make_engine(str(path))
    try:
        with Session(engine) as session:
            rows = session.execute(
                select(Claim.token, Label.reviewer, Label.verdict)
                .join(Claim, Claim.id == Label.claim_id)
                .order_by(Label.id)
            ).all()
    finally:
        engine.dispose()
    return [tuple(row) for row in rows]


def test_labels_survive_the_app_being_killed(tmp_path: Path) -> None:
    path = tmp_path / "killed.db"
    seed(path).dispose()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    done = subprocess.run(
        [sys.executable, "-c", KILLED_APP, str(path)],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == -9, done.stderr
    assert "labeled" in done.stdout
    assert stored(path) == [("50", "ann", "true_positive"), ("22.4", "ann", "false_positive")]


@pytest.mark.asyncio
async def test_label_is_committed_before_the_next_key(tmp_path: Path) -> None:
    path = tmp_path / "open.db"
    engine = seed(path)
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        # another connection sees it while the app is still running, before any quit
        assert stored(path) == [("50", "ann", "skip")]
    engine.dispose()
