"""The random queue after a look off it: a label made on a flag the reviewer moved to by
hand counts by hand, and the next flag is the queue's first unlabeled one again, so a
label there counts in the sample. Pilot tests on the demo briefs, the database checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from textual.pilot import Pilot
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
DEMO = str(Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl")


@pytest.fixture
def engine(tmp_path: Path):
    where = tmp_path / "r.db"
    assert CliRunner().invoke(cli, ["ingest", DEMO, "--db", str(where)]).exit_code == 0
    engine = db.make_engine(str(where))
    yield engine
    engine.dispose()


async def settle(pilot: Pilot) -> None:
    await workers_done(pilot.app)
    await pilot.pause()


def current(app: ReviewApp) -> int:
    screen = app.screen
    assert isinstance(screen, ReviewScreen) and screen.review.current is not None
    return screen.review.current.claim_id


BACK = {"j": "k", "right_square_bracket": "left_square_bracket"}


async def look_away(pilot: Pilot, key: str) -> int:
    """A look at another flag, chosen by hand: `key`, or the other way when the queue's
    first flag (its seed is drawn per run) sits at the end of the list. The flag now shown."""
    head = current(pilot.app)
    await pilot.press(key)
    await settle(pilot)
    if current(pilot.app) == head:
        await pilot.press(BACK[key])
        await settle(pilot)
    return current(pilot.app)


def labels(engine) -> list[tuple[int, bool]]:
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT claim_id, queue FROM label ORDER BY id"))
        return [(claim, bool(queued)) for claim, queued in rows]


@pytest.mark.parametrize("away", ["j", "right_square_bracket"])
async def test_a_label_off_the_queue_leads_back_to_its_first_flag(engine, away) -> None:
    app = ReviewApp(engine, reviewer="ann")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        head = current(app)
        off = await look_away(pilot, away)
        assert off != head
        await pilot.press("t")
        await settle(pilot)
        assert current(app) == head  # back to the queue's first unlabeled flag
        await pilot.press("f")
        await settle(pilot)
        after = current(app)
        await pilot.press("t")
        await settle(pilot)
    assert labels(engine) == [(off, False), (head, True), (after, True)]


async def test_space_off_the_queue_goes_back_to_it_and_on_it_passes_its_flag(engine) -> None:
    app = ReviewApp(engine, reviewer="ann")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        head = current(app)
        assert await look_away(pilot, "right_square_bracket") != head
        await pilot.press("space")
        await settle(pilot)
        assert current(app) == head
        await pilot.press("space")  # on the queue's first flag: space passes it over
        await settle(pilot)
        passed = current(app)
        assert passed != head
        await pilot.press("t")  # a flag after one passed over is chosen, not sampled
        await settle(pilot)
        assert current(app) == head
    assert labels(engine) == [(passed, False)]
