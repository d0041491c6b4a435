"""A miss marked in the app, end to end: `m` in the review app on a real database file,
then the real `reviewer export` and `reviewer regress` commands.

brief-004 of the demo says "TSB is +24.8" when tsb is -24.8: a sign inversion hidden by a
nearer value of the same unit, which `reference` checks but does not flag and `default`
catches. The extra brief cites a 12.6 mi long run when the distance was 10.0 mi, 26% off:
past both detectors' bands, so both miss it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select
from textual.widgets import OptionList
from typer.testing import CliRunner

import db
from db.tables import miss as M
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.miss import MissScreen
from reviewer.tui.screens.review import ReviewScreen
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
EXTRA = {
    "id": "brief-extra",
    "text": "Quick check-in: your long run yesterday covered 12.6 mi, and TSB is -8.1.",
    "pool": [
        {"name": "distance", "value": 10.0, "unit": "mi"},
        {"name": "tsb", "value": -8.1, "unit": "none"},
        {"name": "rhr", "value": 52, "unit": "bpm"},
    ],
}
runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(cli, [*args])


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """The demo and the extra brief, stored, with one `reference` run over them."""
    extra = tmp_path / "extra.jsonl"
    extra.write_text(json.dumps(EXTRA) + "\n", encoding="utf-8")
    dbp = tmp_path / "demo.db"
    stored = run("ingest", str(DEMO), str(extra), "--no-flag", "--db", str(dbp))
    assert stored.exit_code == 0, stored.output
    flagged = run("flag", "-d", "reference", "--db", str(dbp))
    assert flagged.exit_code == 0, flagged.output
    return dbp


def live_misses(dbp: Path) -> list[tuple[str, str, float, bool]]:
    engine = db.make_engine(str(dbp))
    with engine.connect() as c:
        rows = c.execute(select(M.c.token, M.c.known, M.c.known_value, M.c.undone_at)).all()
    engine.dispose()
    return [(token, known, value, undone is None) for token, known, value, undone in rows]


async def pick(pilot, app: ReviewApp, starts: str) -> None:  # type: ignore[no-untyped-def]
    """In the miss picker, move down to the option whose text starts with `starts`, and
    choose it with enter (as a reviewer would)."""
    options = app.screen.query_one(OptionList)
    for _ in range(options.option_count):
        highlighted = options.get_option_at_index(options.highlighted or 0)
        if str(highlighted.prompt).startswith(starts):
            await pilot.press("enter")
            await pilot.pause()
            return
        await pilot.press("down")
    raise AssertionError(f"no option {starts!r} in the picker")


async def mark_miss(pilot, app: ReviewApp, search: str, token: str, known: str) -> None:  # type: ignore[no-untyped-def]
    """Find the brief by a phrase of its text, open it, press `m`, pick the number and the
    known value it contradicts."""
    await pilot.press("slash", *search, "enter")
    await workers_done(app)  # a searched list is fetched by a worker
    await pilot.press("right_square_bracket")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReviewScreen) and screen.brief is not None
    assert search in screen.brief.text
    await workers_done(app)  # the run's own scanner loads after the first paint
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(app.screen, MissScreen)
    await pick(pilot, app, token)
    await pick(pilot, app, known)
    assert isinstance(app.screen, ReviewScreen)


def regress(folder: Path, detector: str):  # type: ignore[no-untyped-def]
    return run("regress", str(folder), "-d", detector)


async def test_a_miss_marked_in_the_app_is_a_fixture_regress_fails_until_caught(
    demo: Path, tmp_path: Path
) -> None:
    engine = db.make_engine(str(demo))
    app = ReviewApp(engine, reviewer="ana", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await mark_miss(pilot, app, "TSB is +24.8", "+24.8", "tsb")
        await mark_miss(pilot, app, "covered 12.6 mi", "12.6", "distance")
        await pilot.press("c")  # the extra brief is read in full
        await pilot.pause()
        await pilot.press("p")  # the stats panel: recall over that brief
        await workers_done(app)
        await pilot.pause()
        panel = str(app.screen.query_one("#stats-text").render())
        assert "Recall         0.00 [0.00, 0.79] 0 caught, 1 missed" in panel
    engine.dispose()
    assert live_misses(demo) == [("+24.8", "tsb", -24.8, True), ("12.6", "distance", 10.0, True)]

    out = tmp_path / "fixtures"
    exported = run("export", "--out", str(out), "--db", str(demo))
    assert exported.exit_code == 0, exported.output
    files = sorted(out.glob("*.json"))
    assert len(files) == 2
    fixtures = [json.loads(path.read_text(encoding="utf-8")) for path in files]
    assert {(f["token"], f["verdict"]) for f in fixtures} == {
        ("+24.8", "true_positive"),
        ("12.6", "true_positive"),
    }

    reference = regress(out, "reference")
    assert reference.exit_code == 1, reference.output
    assert "true positive missed: '+24.8'" in reference.stdout
    assert "true positive missed: '12.6'" in reference.stdout
    # default catches the hidden inversion, and misses the 12.6 mi as reference does
    default = regress(out, "default")
    assert default.exit_code == 1, default.output
    failed = [line for line in default.stdout.splitlines() if line.startswith("FAIL")]
    passed = [line for line in default.stdout.splitlines() if line.startswith("PASS")]
    assert len(failed) == 1 and "true positive missed: '12.6'" in failed[0]
    assert len(passed) == 1 and "true positive flagged: '+24.8'" in passed[0]

    # recall over the one brief read in full: its one contradiction, missed
    stats = run("stats", "--json", "--db", str(demo))
    assert stats.exit_code == 0, stats.output
    recall = json.loads(stats.stdout)["recall"]
    assert (recall["caught"], recall["missed"]) == (0, 1)
    table = run("stats", "--db", str(demo)).stdout
    assert "recall over fully reviewed briefs: 0.0% [0.0–79.3] (0 caught, 1 missed)" in table


async def test_undoing_a_miss_takes_it_out_of_export_and_regress(
    demo: Path, tmp_path: Path
) -> None:
    engine = db.make_engine(str(demo))
    app = ReviewApp(engine, reviewer="ana", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await mark_miss(pilot, app, "covered 12.6 mi", "12.6", "distance")
    out = tmp_path / "fixtures"
    assert run("export", "--out", str(out), "--db", str(demo)).exit_code == 0
    assert len(list(out.glob("*.json"))) == 1
    assert regress(out, "default").exit_code == 1

    again = ReviewApp(engine, reviewer="ana", order="brief")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
    engine.dispose()
    assert live_misses(demo) == [("12.6", "distance", 10.0, False)]

    # the fixture in the folder asserts a miss nobody holds any more: export says so, and
    # --prune takes it away
    stale = run("export", "--out", str(out), "--db", str(demo))
    assert stale.exit_code == 1, stale.output
    assert "stale: " in stale.stderr and "nor a miss (skipped or undone)" in stale.stderr
    pruned = run("export", "--out", str(out), "--prune", "--db", str(demo))
    assert pruned.exit_code == 0, pruned.output
    assert list(out.glob("*.json")) == []


async def test_a_number_of_hundreds_of_digits_cannot_be_marked_missed(tmp_path: Path) -> None:
    """The scanner reads it as an infinite value: the picker never offers it, and no miss
    row is written (the database holds no non-finite number)."""
    path = tmp_path / "huge.jsonl"
    brief = {
        "id": "brief-huge",
        "text": "Form reads " + "9" * 400 + " today.",
        "pool": [{"name": "tsb", "value": -22.4, "unit": "none"}],
    }
    path.write_text(json.dumps(brief) + "\n", encoding="utf-8")
    dbp = tmp_path / "huge.db"
    stored = run("ingest", str(path), "--db", str(dbp))
    assert stored.exit_code == 0, stored.output
    engine = db.make_engine(str(dbp))
    app = ReviewApp(engine, reviewer="ana", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", *"Form reads", "enter")
        await workers_done(app)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.brief is not None
        await workers_done(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)  # nothing to pick
    engine.dispose()
    assert live_misses(dbp) == []


async def test_undoing_a_miss_leaves_the_reviewer_on_their_flag(demo: Path) -> None:
    engine = db.make_engine(str(demo))
    app = ReviewApp(engine, reviewer="ana", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.press("j")  # the first brief's second flag
        await workers_done(app)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review.index == 1
        on = screen.review.current.claim_id
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MissScreen)
        await pilot.press("enter")  # a number of the brief, then a known value
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and len(live_misses(demo)) == 1
        await pilot.press("u")
        await workers_done(app)
        await pilot.pause()
        assert screen.review.current.claim_id == on
    engine.dispose()
    assert [live for *_, live in live_misses(demo)] == [False]
