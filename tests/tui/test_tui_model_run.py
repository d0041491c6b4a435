"""A run made with a learned model in the review app: the flag detail gives the model's
probability, the stats panel its precision as learned and since, apart. Driven with pilot
on a real SQLite file made by the real commands (learn, then flag --model); the labels
made there are read back from the database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from textual.widgets import Static
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.cli.test_cli_model_probability import made_with_model
from tests.support.workers import workers_done

SIZE = (120, 40)
runner = CliRunner()


@pytest.fixture
def where(tmp_path: Path) -> str:
    found = str(tmp_path / "model.db")
    made_with_model(found, tmp_path)
    return found


def facts(app: ReviewApp) -> str:
    return " ".join(str(app.screen.query_one("#flag-facts", Static).render()).split())


def probability(where: str, brief_id: str) -> float:
    engine = db.make_engine(where)
    with engine.connect() as connection:
        found = connection.execute(
            text("SELECT f.probability FROM flagrecord f JOIN brief b ON b.pk = f.brief_pk "
                 "WHERE f.run_id = 2 AND b.brief_id = :brief"), {"brief": brief_id},
        ).scalar_one()  # fmt: skip
    engine.dispose()
    return float(found)


@pytest.mark.asyncio
async def test_the_flag_detail_gives_the_models_probability(where: str) -> None:
    engine = db.make_engine(where)
    app = ReviewApp(engine, reviewer="bob", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.brief is not None
        assert screen.brief.brief_id == "right-0"  # the rules' flag, kept by the model
        kept = probability(where, "right-0")
        assert f"rule model p={kept:.2f} · name:rhr · " in facts(app)
        for _ in range(3):  # on to the contradiction only the model saw
            if screen.brief.brief_id == "missed-0":
                break
            await pilot.press("right_square_bracket")
            await pilot.pause()
        assert screen.brief.brief_id == "missed-0"
        added = probability(where, "missed-0")
        assert f"rule model p={added:.2f} · a contradiction the rules passed over" in facts(app)
        await pilot.press("t")
        await pilot.pause()
    engine.dispose()
    engine = db.make_engine(where)
    with engine.connect() as connection:
        labeled = connection.execute(
            text("SELECT b.brief_id, l.verdict, l.run_id FROM label l "
                 "JOIN claim c ON c.id = l.claim_id JOIN brief b ON b.pk = c.brief_pk "
                 "WHERE l.reviewer = 'bob'")
        ).all()  # fmt: skip
    engine.dispose()
    assert [tuple(row) for row in labeled] == [("missed-0", "true_positive", 2)]


def panel(app: ReviewApp) -> str:
    return str(app.screen.query_one("#stats-text", Static).render())


@pytest.mark.asyncio
async def test_the_stats_panel_keeps_the_training_labels_apart(where: str) -> None:
    """The panel gives a model run's precision as `reviewer stats` does: cross-validated
    when learned, and from the labels made since (bob's one label here), apart."""
    engine = db.make_engine(where)
    app = ReviewApp(engine, reviewer="bob", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause()
        assert app.screen.brief.brief_id == "missed-0"  # type: ignore[attr-defined]
        await pilot.press("t")  # a label made after the model was learned
        await pilot.pause()
        await pilot.press("p")
        await workers_done(app)
        await pilot.pause()
        shown = panel(app)
    engine.dispose()
    result = runner.invoke(cli, ["stats", "--json", "--run", "learned", "--db", where])
    assert result.exit_code == 0, result.output
    model = json.loads(result.stdout)["model"]
    assert model["after_training"]["labels"] == 1 and model["training_labels"] == 12
    cross = model["cross_validated"]
    low, high = cross["precision_ci"]
    assert f"Learned model  #{model['id']} team · precision" in shown
    assert f"cross-val {cross['precision']:.2f} [{low:.2f}, {high:.2f}]" in shown
    low, high = model["after_training"]["precision_ci"]
    assert f"since     1.00 [{low:.2f}, {high:.2f}] n=1" in shown
    assert "12 flags labeled before it was learned" in shown


@pytest.mark.asyncio
async def test_the_random_queue_gives_the_flags_unlabeled_since_training_first(
    where: str,
) -> None:
    """carla labels the first three of the model run's queue after it was learned; bob,
    walking the run's random queue, is given every other flag first, then hers."""
    from tests.db.test_db_model_queue import label, queue_order

    order = queue_order(where, 2)
    label(where, [claim for _, claim in order[:3]], "carla", 2)
    engine = db.make_engine(where)
    app = ReviewApp(engine, reviewer="bob", run=2, order="random")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        for _ in order:
            await pilot.press("t")
            await pilot.pause()
        await workers_done(app)
    engine.dispose()
    engine = db.make_engine(where)
    with engine.connect() as connection:
        labeled = connection.execute(
            text("SELECT claim_id, queue FROM label WHERE reviewer = 'bob' ORDER BY id")
        ).all()
    engine.dispose()
    claims = [claim for _, claim in order]
    assert [row.claim_id for row in labeled] == claims[3:] + claims[:3]
    assert all(row.queue for row in labeled)  # each was the queue's next: a sample's label


def on_screen(app: ReviewApp, selector: str) -> list[str]:
    """A widget's lines as the screen shows them: cut at its edge, with the "…" its style
    puts there (the widget's own render is the whole text)."""
    widget = app.screen.query_one(selector)
    strips = app.screen._compositor.render_strips()
    region = widget.region
    return [
        "".join(segment.text for segment in strips[y].crop(region.x, region.right))
        for y in range(region.y, region.bottom)
    ]


LONG_NAME = "resting heart rate average"


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])  # the smallest; the facts narrowest
async def test_a_narrow_screen_cuts_the_rules_words_not_the_models_probability(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A name rule's words are as long as the known value's name: on a narrow screen the
    rule line keeps the model's probability in sight and ends in "…" where the words go."""
    where = str(tmp_path / "long.db")
    made_with_model(where, tmp_path, name=LONG_NAME)
    engine = db.make_engine(where)
    app = ReviewApp(engine, reviewer="bob", run=2, order="brief")
    async with app.run_test(size=size) as pilot:
        await workers_done(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.brief is not None
        assert screen.brief.brief_id == "right-0"
        assert f"name:{LONG_NAME}" in facts(app)  # the whole rule is in the text
        (rule,) = [line for line in on_screen(app, "#flag-facts") if "rule " in line]
        kept = probability(where, "right-0")
        assert rule.strip().startswith(f"rule model p={kept:.2f} · name:resting"), rule
        assert rule.rstrip().endswith("…") and len(rule) <= size[0], rule
        await pilot.press("t")  # labeled here, read back below
        await pilot.pause()
    engine.dispose()
    engine = db.make_engine(where)
    with engine.connect() as connection:
        labeled = connection.execute(
            text("SELECT b.brief_id, l.verdict FROM label l JOIN claim c ON c.id = l.claim_id "
                 "JOIN brief b ON b.pk = c.brief_pk WHERE l.reviewer = 'bob'")
        ).all()  # fmt: skip
    engine.dispose()
    assert [tuple(row) for row in labeled] == [("right-0", "true_positive")]
