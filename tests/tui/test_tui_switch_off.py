"""The stats panel names the rules a team's labels say to switch off, and the `[rules] off`
line that does it, as `reviewer stats --by-rule` gives them. Driven with pilot on a real
SQLite file made by the real ingest; the labels are read back from the database after."""

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
from tests.cli.test_cli_stats_by_rule import FP, TP, ingest, label, rules_of
from tests.support.workers import workers_done

SIZE = (120, 60)
runner = CliRunner()


def labeled(where: str, false_rule: str | None) -> None:
    """Run 1 of the small briefs, every flag labeled by ana: `false_rule`'s false."""
    rules = rules_of(where)
    label(where, "ana", {claim: FP if rule == false_rule else TP for claim, rule in rules.items()})


async def panel_of(where: str) -> tuple[str, int]:
    """The stats panel's text as ana sees it, and the labels stored after the app closed."""
    engine = db.make_engine(where)
    app = ReviewApp(engine, reviewer="ana", run=1, order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.press("p")
        await workers_done(app)
        await pilot.pause()
        shown = " ".join(str(app.screen.query_one("#stats-text", Static).render()).split())
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT count(*) FROM label")).scalar_one()
    engine.dispose()
    return shown, stored


@pytest.mark.asyncio
async def test_the_panel_gives_the_rule_to_switch_off_and_its_config_line(tmp_path: Path) -> None:
    where = str(tmp_path / "r.db")
    ingest(tmp_path, where)
    labeled(where, "name:tsb")
    shown, stored = await panel_of(where)
    figures = json.loads(
        runner.invoke(
            cli, ["stats", "--by-rule", "--json", "--db", where, "--reviewer", "ana"]
        ).stdout
    )
    [advice] = figures["switch_off"]
    tsb = figures["by_rule"]["name:tsb"]
    assert advice["rule"] == "name:tsb" and tsb["true_positives"] == 0
    assert "Switch off their labels say most flags are false" in shown
    assert f"name:tsb 0/{tsb['false_positives']} true, under {advice['sample_high']:.2f}" in shown
    assert '[rules] off = ["name:tsb"] in the domain\'s detector config' in shown
    assert stored == figures["labeled"]  # the panel only reads


@pytest.mark.asyncio
async def test_no_switch_off_section_when_every_rule_reads_right(tmp_path: Path) -> None:
    where = str(tmp_path / "r.db")
    ingest(tmp_path, where)
    labeled(where, None)
    shown, _ = await panel_of(where)
    assert "Precision" in shown and "Switch off" not in shown and "[rules] off" not in shown
