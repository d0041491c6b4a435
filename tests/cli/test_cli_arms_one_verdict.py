"""One four-arm verdict everywhere: `arms`, `arms --run N` and `runs` show the template
and the rewrite arms together, with one verdict, and agree on the same data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "fixtures" / "demo" / "briefs.jsonl")
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout


def rows(report: dict) -> list[tuple[str, str, float, int, bool | None]]:
    return [(r["group"], r["arm"], round(r["mean"], 9), r["n"], r["passed"])
            for r in report["rows"] if r["group"] != "production"]  # fmt: skip


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("demo") / "demo.db")
    code, _ = invoke("ingest", DEMO, "--db", path)
    assert code == 0
    return path


def test_arms_and_a_runs_stored_arms_give_one_verdict_on_the_demo(demo_db: str) -> None:
    code_now, now = invoke("arms", "--json", "--db", demo_db)
    code_stored, stored = invoke("arms", "--run", "1", "--json", "--db", demo_db)
    computed, kept = json.loads(now), json.loads(stored)
    assert {r["group"] for r in kept["rows"]} == {"template", "rewrite", "production"}
    assert rows(computed) == rows(kept)
    assert computed["failures"] == kept["failures"] == []
    assert code_now == code_stored == 0 and computed["passed"] and kept["passed"]


def test_the_tables_show_both_groups_and_one_verdict(demo_db: str) -> None:
    code, table = invoke("arms", "--run", "1", "--db", demo_db)
    assert code == 0
    lines = [line.split() for line in table.splitlines()]
    groups = [line[0] for line in lines if line and line[0] in ("template", "rewrite")]
    assert groups == ["template"] * 4 + ["rewrite"] * 4
    assert table.rstrip().endswith("PASS: the arms separate")
    code, listed = invoke("runs", "--json", "--db", demo_db)
    stored = json.loads(invoke("arms", "--run", "1", "--json", "--db", demo_db)[1])
    run = json.loads(listed)[0]["arms"]
    rewrite = {r["arm"]: r["mean"] for r in stored["rows"] if r["group"] == "rewrite"}
    assert run["passed"] is True and run["rewrite_means"] == pytest.approx(rewrite)
    code, runs_table = invoke("runs", "--db", demo_db)
    row = next(line for line in runs_table.splitlines() if line.strip().startswith("#1"))
    shown = " ".join(f"{rewrite[a]:.2f}" for a in ("faithful", "corrupted", "sign-flip",
                                                    "unrelated"))  # fmt: skip
    assert "PASS" in row and shown in row


def test_a_failing_detector_fails_in_every_view(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)  # the test plugin imports from the repository root
    path = str(tmp_path / "r.db")
    plugin = "tests.support.plugins:FlagsEveryNumber"
    assert invoke("ingest", DEMO, "--no-flag", "--db", path)[0] == 0
    assert invoke("flag", "--detector", plugin, "--db", path)[0] == 0
    code_now, now = invoke("arms", "--detector", plugin, "--json", "--db", path)
    code_stored, stored = invoke("arms", "--run", "1", "--json", "--db", path)
    computed, kept = json.loads(now), json.loads(stored)
    assert rows(computed) == rows(kept)
    assert computed["failures"] == kept["failures"]
    assert any(f.startswith("rewrite arms: ") for f in kept["failures"])
    assert code_now == code_stored == 1
    listed = json.loads(invoke("runs", "--json", "--db", path)[1])
    assert listed[0]["arms"]["passed"] is False


def test_runs_and_stats_draw_the_panels_pictures(demo_db: str) -> None:
    """`runs` charts each run's precision interval and its arms as blocks (template |
    rewrite), from what the run stored; `stats` draws the panel's interval bars."""
    from reviewer.tui.charts import arm_sparks

    stored = json.loads(invoke("arms", "--run", "1", "--json", "--db", demo_db)[1])
    code, listed = invoke("runs", "--db", demo_db)
    assert code == 0
    chart = next(line for line in listed.splitlines() if line.startswith("#1 "))
    drawn = f"{arm_sparks(stored, 'template')} | {arm_sparks(stored, 'rewrite')}"
    assert "PASS" in chart and drawn in chart and "0 " in chart and " 1" in chart
    code, stats = invoke("stats", "--db", demo_db)
    assert code == 0
    # no true or false verdict yet: no bar is drawn for a figure that does not exist
    assert not any(line.startswith("overall      0 ") for line in stats.splitlines())
