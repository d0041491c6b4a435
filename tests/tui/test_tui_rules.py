"""Rules in the review app: the flag detail names the reading that made the flag; the `m`
picker says what the run's own detector and config read each unflagged number as, and the
number under the cursor why it was passed over. Driven with pilot on a real SQLite file
made by the real commands; the miss it marks is read back from the database."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy import select
from textual.widgets import OptionList, Static
from typer.testing import CliRunner

import db
from db.tables import miss as M
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from reviewer.tui.readings import run_explainer
from reviewer.tui.screens.miss import MissScreen
from reviewer.tui.screens.review import ReviewScreen
from tests.support.workers import workers_done

SIZE = (120, 40)
POOL = [{"name": "rhr", "value": 57, "unit": "bpm"}]
BRIEFS = [
    # 66 bpm is 16% past rhr 57: flagged by the name beside it
    {"id": "a-flag", "text": "Your resting heart rate of 66 bpm is up.", "pool": POOL},
    # 57.5 cites rhr by its name; ~52 is an estimate (plan.tilde): no statement
    {
        "id": "b-checked",
        "text": "Your resting heart rate of 57.5 bpm is steady. Tomorrow expect ~52 bpm.",
        "pool": POOL,
    },
]
NAMES = '[names]\nrhr = ["resting heart rate"]\n'
runner = CliRunner()


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """Both briefs stored and flagged by `default` with the names config (run 1), then
    again with plan.tilde off (run 2), where ~52 is a flag."""
    briefs, names, off = tmp_path / "b.jsonl", tmp_path / "n.toml", tmp_path / "off.toml"
    briefs.write_text("".join(json.dumps(b) + "\n" for b in BRIEFS))
    names.write_text(NAMES)
    off.write_text(NAMES + '[rules]\noff = ["plan.tilde"]\n')
    where = tmp_path / "rules.db"
    for args in (["ingest", str(briefs), "--config", str(names)], ["flag", "--config", str(off)]):
        result = runner.invoke(cli, [*args, "--db", str(where)])
        assert result.exit_code == 0, result.output
    return where


def facts(app: ReviewApp) -> str:
    return str(app.screen.query_one("#flag-facts", Static).render())


def why(app: ReviewApp) -> str:
    return str(app.screen.query_one("#miss-why", Static).render())


def prompts(app: ReviewApp) -> list[str]:
    options = app.screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def open_picker(pilot, app: ReviewApp) -> None:  # type: ignore[no-untyped-def]
    await workers_done(app)
    await pilot.press("right_square_bracket")  # the second brief
    await pilot.pause()
    assert isinstance(app.screen, ReviewScreen) and app.screen.brief is not None
    assert app.screen.brief.brief_id == "b-checked"
    await pilot.press("m")
    await pilot.pause()
    assert isinstance(app.screen, MissScreen)


@pytest.mark.asyncio
async def test_detail_names_the_rule_and_the_picker_says_why(stored: Path) -> None:
    engine = db.make_engine(str(stored))
    app = ReviewApp(engine, reviewer="ana", run=1, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        shown = facts(app)
        assert "rule name:resting heart rate" in " ".join(shown.split())
        assert "whose name stands beside it" in shown

        await open_picker(pilot, app)
        listed = prompts(app)
        assert len(listed) == 2
        assert listed[0].startswith("57.5") and "cited · name:resting heart rate" in listed[0]
        assert listed[1].startswith("52") and "no statement · plan.tilde" in listed[1]
        assert why(app).startswith("Passed over: a faithful citation of rhr 57")
        await pilot.press("down")  # the cursor onto ~52
        await pilot.pause()
        assert why(app) == (
            'Passed over: read as no statement of a known value (rule plan.tilde): "~45 min": '
            "an estimate."
        )
        await pilot.press("enter")  # 52 it is
        await pilot.pause()
        assert why(app) == ""  # choosing the known value now
        await pilot.press("enter")  # rhr, the only known value
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    engine.dispose()
    engine = db.make_engine(str(stored))
    with engine.connect() as connection:
        rows = connection.execute(select(M.c.token, M.c.known, M.c.run_id)).all()
    engine.dispose()
    assert [tuple(row) for row in rows] == [("52", "rhr", 1)]


@pytest.mark.asyncio
async def test_each_run_is_explained_with_its_own_config(stored: Path) -> None:
    """Run 2 turned plan.tilde off: ~52 is its flag, made by the band; 57.5 is still read
    by the name run 2's config gives."""
    engine = db.make_engine(str(stored))
    app = ReviewApp(engine, reviewer="ana", run=2, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await open_picker(pilot, app)
        listed = prompts(app)
        assert len(listed) == 1 and "cited · name:resting heart rate" in listed[0]
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.current is not None
        assert screen.current.token == "52"
        assert "rule band · compared with the nearest known value" in " ".join(facts(app).split())
    engine.dispose()


@pytest.mark.asyncio
async def test_a_flag_stored_before_rules_were_kept_says_so(stored: Path) -> None:
    engine = db.make_engine(str(stored))
    with engine.begin() as connection:
        connection.exec_driver_sql("UPDATE flagrecord SET rule = NULL")
    app = ReviewApp(engine, reviewer="ana", run=1, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        assert "rule not stored (flagged before rules were kept)" in " ".join(facts(app).split())
    engine.dispose()


def test_a_plugin_run_is_never_imported_to_explain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored spec names code; the readings come from built-in detectors only."""

    def refuse(name: str, *args: object) -> None:
        raise AssertionError(f"imported {name}")

    monkeypatch.setattr(importlib, "import_module", refuse)
    for run in (
        SimpleNamespace(detector="evil", spec="evil_module:Detector", config=None),
        SimpleNamespace(detector="default", spec="evil_module:Detector", config=None),
    ):
        explainer, note = run_explainer(run)
        assert explainer is None and note is not None and "not a built-in" in note


def test_a_built_in_run_is_loaded_with_its_stored_config() -> None:
    config = json.dumps({"names": {"rhr": ["resting heart rate"]}, "rules": {"off": ["name"]}})
    run = SimpleNamespace(detector="default", spec="default", config=config)
    explainer, note = run_explainer(run)
    assert note is None and explainer is not None
    text = "Your resting heart rate of 66 bpm is up."
    from reviewer.grounding.types import Known

    (reading,) = explainer.explain(text, [Known("rhr", 57.0, "bpm")])
    assert (reading.outcome, reading.rule) == ("unrelated", "band")  # `name` is off


@pytest.mark.asyncio
async def test_a_brief_too_long_to_read_at_a_key_says_where_to_read_it(
    stored: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reviewer.tui import readings

    monkeypatch.setattr(readings, "EXPLAIN_LIMIT", 20)  # both briefs are longer
    engine = db.make_engine(str(stored))
    app = ReviewApp(engine, reviewer="ana", run=1, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await open_picker(pilot, app)
        assert all("·" not in prompt for prompt in prompts(app))  # no reading, no guess
        assert why(app) == (
            "Why it was not flagged is not known: the brief is over 20 characters; "
            "`reviewer scan --explain` reads it."
        )
    engine.dispose()
