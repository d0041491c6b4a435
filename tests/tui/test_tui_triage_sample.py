"""Triage as a sample: `review --only new|same` walks that stratum's seeded random queue,
a label made off it counts by hand, and the header says how many of the stratum's labels
are a sample. Driven with the pilot on the demo briefs and two runs; the database checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from textual.pilot import Pilot
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "fixtures" / "demo" / "briefs.jsonl")
QUEUED = 5


@pytest.fixture(scope="module")
def triage(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo by the default detector (run 1), then by the reference (run 2)."""
    path = tmp_path_factory.mktemp("triage") / "t.db"
    runner = CliRunner()
    assert runner.invoke(cli, ["ingest", DEMO, "--db", str(path)]).exit_code == 0
    assert runner.invoke(cli, ["flag", "-d", "reference", "--db", str(path)]).exit_code == 0
    return path


async def settle(pilot: Pilot) -> None:
    await workers_done(pilot.app)
    await pilot.pause()


def class_ranks(engine: Engine, change: str) -> list[tuple[int, int]]:
    """(claim, queue rank) of run 2's flags of a class, in the queue's order."""
    seen = "" if change == "same" else "NOT "
    query = text(
        "SELECT f.claim_id, f.queue_rank FROM flagrecord f WHERE f.run_id = 2 AND "
        f"{seen}EXISTS (SELECT 1 FROM flagrecord p WHERE p.run_id = 1 "
        "AND p.claim_id = f.claim_id) ORDER BY f.queue_rank, f.pk"
    )
    with engine.connect() as connection:
        return [(claim, rank) for claim, rank in connection.execute(query)]


def labels(engine: Engine, reviewer: str) -> list[tuple[int, bool, int | None]]:
    """(claim, made from the queue, run) of a reviewer's labels, oldest first."""
    query = text("SELECT claim_id, queue, run_id FROM label WHERE reviewer = :r ORDER BY id")
    with engine.connect() as connection:
        return [(c, bool(q), r) for c, q, r in connection.execute(query, {"r": reviewer})]


def header(app: ReviewApp) -> str:
    return str(app.screen.query_one("#progress").render())


def sampled(app: ReviewApp) -> tuple[int, int]:
    """(sample, labels) as the header says them, in its long or its compact words."""
    said = re.search(r"(\d+) of (\d+) labels a sample|(\d+)/(\d+) sampled", header(app))
    assert said is not None, header(app)
    sample, labels = [int(n) for n in said.groups() if n is not None]
    return sample, labels


@pytest.mark.parametrize("change", ["new", "same"])
async def test_only_a_class_walks_its_random_queue(triage: Path, change: str) -> None:
    engine = db.make_engine(str(triage))
    reviewer = f"walker-{change}"
    app = ReviewApp(engine, reviewer=reviewer, run=2, only=change)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            for _ in range(QUEUED):
                await pilot.press("t")
                await settle(pilot)
            assert f"only {change}" in header(app)
            assert sampled(app) == (QUEUED, QUEUED)
            assert len(header(app)) <= 120  # never cut at 120 columns
            # off the queue: the class's last flag in the queue's order, chosen by hand
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            last_claim, _ = class_ranks(engine, change)[-1]
            claim = db.get_claim(session=screen.session, claim_id=last_claim)
            screen.open_brief(claim.brief_pk, claim_id=last_claim)
            await settle(pilot)
            await pilot.press("f")
            await settle(pilot)
            assert sampled(app) == (QUEUED, QUEUED + 1)
        ranked = [claim for claim, _ in class_ranks(engine, change)]
        made = labels(engine, reviewer)
        # the first labels are the class's queue in its order: a random sample of the class
        assert [claim for claim, _, _ in made[:QUEUED]] == ranked[:QUEUED]
        assert all(queued and run == 2 for _, queued, run in made[:QUEUED])
        assert made[QUEUED] == (last_claim, False, 2)  # off the queue: by hand
    finally:
        engine.dispose()
    if change == "new":
        # what the app stored reads back in `stats`: the queue's labels a sample of their
        # stratum, the label off the queue by hand (here, in the test that made them: a
        # test of its own could run in another process, with no labels made)
        result = CliRunner().invoke(
            cli, ["stats", "--json", "--run", "2", "--reviewer", reviewer, "--db", str(triage)]
        )
        figures = json.loads(result.stdout)
        stratum = next(s for s in figures["strata"] if s["name"] == "new")
        assert stratum["labeled"] == QUEUED
        assert figures["off_queue"]["new"] == 1 and figures["hand_labels"] == 1


async def test_the_panel_charts_precision_and_arms_across_runs(triage: Path) -> None:
    """Two runs: the panel draws each run's interval and its stored arms as blocks."""
    from reviewer.tui.charts import arm_sparks

    engine = db.make_engine(str(triage))
    with engine.connect() as connection:
        stored = {r: json.loads(a) for r, a in connection.execute(
            text("SELECT id, arms FROM detectorrun ORDER BY id"))}  # fmt: skip
    app = ReviewApp(engine, reviewer="viewer", run=2)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("p")
            await settle(pilot)
            panel = str(app.screen.query_one("#stats-text").render())
        assert "Across runs" in panel
        for run, arms in stored.items():
            drawn = f"{arm_sparks(arms, 'template')}|{arm_sparks(arms, 'rewrite')}"
            line = next(line for line in panel.splitlines() if line.startswith(f"#{run} "))
            assert drawn in line and ("PASS" in line) == (not arms["failures"])
    finally:
        engine.dispose()
