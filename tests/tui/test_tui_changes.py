"""Pilot tests: a run reviewed against its previous run. New flags marked, gone flags drawn
faintly and labelable, `--only` walks, the new/gone/same filters and palette entries, and
the run's own arms and detector in the panel and the marks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session
from textual.pilot import Pilot

import db
from db.runs import claim_changes
from reviewer.tui.app import ReviewApp, ReviewUnavailable
from reviewer.tui.screens.review import ReviewScreen
from reviewer.tui.widgets.brief_list import BriefRows
from reviewer.tui.widgets.prose import Prose
from reviewer.tui.widgets.stats_panel import StatsPanel
from tests.support.tui_changes_seed import pk_of, second_run
from tests.support.tui_seed import seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


@pytest.fixture
def two_runs(tmp_path: Path):
    engine = seed(tmp_path / "review.db")
    second_run(engine)
    yield engine
    engine.dispose()


async def settle(pilot: Pilot) -> None:
    await workers_done(pilot.app)
    await pilot.pause()


def screen_of(app: ReviewApp) -> ReviewScreen:
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


def changes(engine: Engine) -> dict[int, str]:
    with engine.connect() as connection:
        return {c.claim_id: c.change for c in claim_changes(db=connection, run_a=1, run_b=2)}


def verdicts(engine: Engine) -> dict[int, str]:
    with Session(engine) as session:
        rows = session.exec(db.LabelState.__table__.select())  # type: ignore[attr-defined]
        return {r.claim_id: r.verdict for r in rows if r.verdict}


async def test_only_new_walks_exactly_the_new_flags(two_runs: Engine) -> None:
    classes = changes(two_runs)
    new = {claim for claim, change in classes.items() if change == "new"}
    assert new
    app = ReviewApp(two_runs, reviewer="ann", run=2, only="new")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        assert screen.run_id == 2 and screen.current is not None
        assert screen.current.change == "new"
        for _ in range(len(new) + 2):  # more presses than new flags: the walk stops
            await pilot.press("t")
            await settle(pilot)
    labeled = verdicts(two_runs)
    assert set(labeled) == new  # every new flag, and nothing else
    assert set(labeled.values()) == {"true_positive"}


async def test_a_gone_flag_is_drawn_faintly_and_can_be_labeled(two_runs: Engine) -> None:
    classes = changes(two_runs)
    gone = {claim for claim, change in classes.items() if change == "gone"}
    app = ReviewApp(two_runs, reviewer="ann", run=2, only="gone")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        flag = screen.current
        assert flag is not None and flag.change == "gone" and flag.claim_id in gone
        plain = screen.query_one(Prose).content.plain
        assert "‹gone rhr" in plain or "‹gone tsb" in plain
        assert "gone: previous run only" in screen.query_one("#flag-facts").render().plain  # type: ignore[attr-defined]
        await pilot.press("t")
        await settle(pilot)
    assert verdicts(two_runs) == {flag.claim_id: "true_positive"}
    with two_runs.connect() as connection:  # a recall regression now, as diff says
        found = [c for c in claim_changes(db=connection, run_a=1, run_b=2) if c.recall_regression]
    assert [c.claim_id for c in found] == [flag.claim_id]


async def test_the_prose_marks_new_flags_and_draws_gone_ones_where_they_were(
    two_runs: Engine,
) -> None:
    app = ReviewApp(two_runs, reviewer="ann", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        screen.open_brief(pk_of(two_runs, "brief-a"))
        await settle(pilot)
        shown = {(f.token, f.change) for f in screen.flags}
        assert shown == {("50", "same"), ("55", "new"), ("5.3", "same"), ("22.4", "gone")}
        content = screen.query_one(Prose).content
        at = content.plain.index("22.4")
        styles = [str(span.style) for span in content.spans if span.start <= at < span.end]
        assert any("dim italic" in style for style in styles)  # faint, not a kind colour
        assert "‹gone tsb -22.4 · sign›" in content.plain
        assert screen.brief_row().flags == 3  # type: ignore[union-attr]  # the run's own
        # j reaches the gone flag and t labels it; the run's own totals do not move
        before = dict(screen.totals or {})
        for _ in range(4):
            if screen.current is not None and screen.current.change == "gone":
                break
            await pilot.press("j")
        assert screen.current is not None and screen.current.token == "22.4"
        await pilot.press("t")
        await settle(pilot)
        assert screen.totals == before
        gone_claim = next(f.claim_id for f in screen.flags if f.change == "gone")
        assert verdicts(two_runs) == {gone_claim: "true_positive"}

        screen.open_brief(pk_of(two_runs, "brief-c"))  # its one flag is new in run 2
        await settle(pilot)
        assert [f.change for f in screen.flags] == ["new"]
        assert "‹new rhr 52 · value›" in screen.query_one(Prose).content.plain


@pytest.mark.parametrize(("key", "change"), [("5", "new"), ("6", "gone"), ("7", "same")])
async def test_filters_list_the_briefs_with_flags_of_each_class(
    two_runs: Engine, key: str, change: str
) -> None:
    with two_runs.connect() as connection:
        expected = {
            c.brief_id for c in claim_changes(db=connection, run_a=1, run_b=2) if c.change == change
        }
    app = ReviewApp(two_runs, reviewer="ann", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        rows = screen_of(app).query_one(BriefRows)
        listed = {rows.row(i).brief_id for i in range(rows.total)}  # type: ignore[union-attr]
        assert rows.filter == change and listed == expected


async def test_the_palette_scopes_the_walk_to_gone_flags(two_runs: Engine) -> None:
    app = ReviewApp(two_runs, reviewer="ann", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"only gone")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        screen = screen_of(app)
        assert screen.only == "gone" and screen.current is not None
        assert screen.current.change == "gone"
        assert screen.query_one(BriefRows).filter == "gone"


async def test_the_panel_shows_the_runs_own_stored_arms(two_runs: Engine) -> None:
    app = ReviewApp(two_runs, reviewer="ann", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        text = app.screen.query_one(StatsPanel).query_one("#stats-text").render().plain  # type: ignore[attr-defined]
    assert "reference" in text and "this run's own, stored when it was made" in text
    assert "sign-flip   0.00" in text and "unrelated   0.06" in text
    assert "production  0.31" in text and "FAIL" in text
    # nothing labeled in either run: the change of precision has only its bounds
    assert "Against #1     between -100.0 and +100.0 pts" in text


async def test_a_plugin_that_cannot_be_loaded_is_said_never_replaced(tmp_path: Path) -> None:
    engine = seed(tmp_path / "review.db")
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "UPDATE detectorrun SET detector = 'my-check', spec = 'no_such_module:Check'"
        )
    app = ReviewApp(engine, reviewer="ann", detector="no_such_module:Check")  # named: loaded
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = screen_of(app)
        header = screen.query_one("#progress").render().plain  # type: ignore[attr-defined]
        assert "cannot be loaded any more" in header
        assert screen.checked == []  # no checked-number marks from another detector
        await pilot.press("p")
        await settle(pilot)
        text = screen.query_one(StatsPanel).query_one("#stats-text").render().plain  # type: ignore[attr-defined]
        assert "cannot run" in text and "no_such_module" in text
    engine.dispose()


async def test_review_refuses_an_unknown_run_and_only_without_a_previous_run(
    tmp_path: Path,
) -> None:
    engine = seed(tmp_path / "review.db")
    with pytest.raises(ReviewUnavailable, match="no detector run 9"):
        ReviewApp(engine, reviewer="ann", run=9)
    with pytest.raises(ReviewUnavailable, match="no finished run before it"):
        ReviewApp(engine, reviewer="ann", only="new")
    engine.dispose()
