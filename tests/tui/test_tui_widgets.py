"""The prose and flag-detail widgets on their own: where an aside goes, what the pool shows."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from db.views import FlagView
from reviewer import Known
from reviewer.tui.widgets.flag_detail import FlagDetail
from reviewer.tui.widgets.prose import prose_content
from tests.support.tui_seed import make_flag


def view(text: str, token: str, nearest: Known, verdict: str | None = None) -> FlagView:
    f = make_flag(text, token, nearest)
    return FlagView(1, 1, 1, f.start, f.end, f.token, f.value, f.unit, f.nearest,
                    f.nearest_value, f.delta, 0.05, f.kind, verdict, None)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "token", "shown"),
    [
        ("readiness sits at 79%, fine", "79", "at 79%‹sleep 83 · value›, fine"),
        ("ran 8.01mi today", "8.01", "ran 8.01mi‹sleep 83 · value› today"),
        ("rhr 50 bpm", "50", "rhr 50‹sleep 83 · value› bpm"),
        ("score 79.", "79", "score 79‹sleep 83 · value›."),
    ],
)
def test_aside_follows_a_glued_unit_never_splitting_a_word(text, token, shown) -> None:
    flag = view(text, token, Known("sleep", 83.0, "pct"))
    assert shown in prose_content(text, [flag]).plain


def test_aside_stops_before_the_next_marked_number() -> None:
    text = "pace 5k4 then"
    flag = view(text, "5", Known("sleep", 83.0, "pct"))
    content = prose_content(text, [flag], checked=[(7, 8)]).plain
    assert content == "pace 5k‹sleep 83 · value›4 then"


class DetailApp(App[None]):
    def compose(self) -> ComposeResult:
        yield FlagDetail(id="detail")


@pytest.mark.asyncio
async def test_pool_scrolls_to_the_nearest_entry() -> None:
    pool = tuple(Known(f"metric_{i:02d}", float(i), "none") for i in range(30))
    text = "metric at 29.5 today"
    flag = view(text, "29.5", pool[-1])
    app = DetailApp()
    async with app.run_test(size=(100, 30)) as pilot:
        detail = app.query_one(FlagDetail)
        detail.show(flag, pool)
        await pilot.pause()
        await pilot.pause()
        table = app.query_one("#pool", DataTable)
        top = round(table.scroll_offset.y)
        visible = table.scrollable_content_region.height - 1  # the header row stays
        assert top > 0
        assert top <= 29 < top + visible


def test_a_flag_found_by_its_name_says_the_name_band_let_it_through(tmp_path) -> None:
    """'sleep score was 91%' against 70: rel 0.231, past the value band (0.12); the name
    band (1.0) flagged it, and the detail says so instead of a false '0.231 <= 0.12'."""
    import json

    from sqlmodel import Session, select
    from typer.testing import CliRunner

    import db
    from reviewer.cli import app
    from reviewer.tui.widgets.flag_detail import detail_content

    brief = {"id": "band-1", "text": "Your HRV was 20 this morning and your sleep score was 91%.",
             "pool": [{"name": "hrv", "value": 50, "unit": "none"},
                      {"name": "sleep_score", "value": 70, "unit": "pct"}]}  # fmt: skip
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps(brief) + "\n", encoding="utf-8")
    dbp = tmp_path / "r.db"
    assert CliRunner().invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        run = db.latest_run(session=session)
        (brief_pk,) = [b.pk for b in session.exec(select(db.Brief))]
        flags = db.brief_flags(session=session, run_id=run.id, brief_pk=brief_pk, reviewer="ana")
    engine.dispose()
    shown = {f.token: detail_content(f).plain for f in flags}
    assert all(f.basis == "name" for f in flags)
    assert "band name: 0.03 < rel 0.231 <= 1.00" in " ".join(shown["91"].split())
    assert "band name: 0.03 < rel 0.600 <= 1.00" in " ".join(shown["20"].split())
    assert "<= 0.12" not in shown["91"] + shown["20"]


def test_the_stats_panel_says_when_only_settling_disputes_narrows_the_interval(tmp_path) -> None:
    """The team's figures, 3 claims in dispute and 2 flags left: more labels alone would
    not get to ±5 points, and the panel says to settle the disputes."""
    from sqlmodel import Session
    from typer.testing import CliRunner

    import db
    from reviewer.cli import app
    from reviewer.tui.widgets.stats_panel import StatsReport, stats_content
    from tests.cli.test_cli_stats import _two_reviewers
    from tests.support.store_files import write_briefs

    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert CliRunner().invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    _two_reviewers(dbp, ben_differs=3, count=4)
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        stats = db.precision_stats(session=session, run_id=1, reviewer=None)
    engine.dispose()
    shown = " ".join(stats_content(StatsReport(stats)).plain.split())
    left = stats.flags - 4
    assert f"To ±5 pts {left} more true/false labels, then settle the 3 claims in dispute" in shown
    assert "there: the interval is ±5 or less" not in shown


def test_the_panels_recall_line_says_what_the_briefs_read_in_full_hold() -> None:
    from reviewer.tui.widgets.strata_lines import recall_parts

    def said(recall: dict) -> str:
        return "".join(p if isinstance(p, str) else p[0] for p in recall_parts(recall))

    none = {"caught": 0, "missed": 0, "recall": None, "recall_ci": None}
    assert "mark briefs fully reviewed" in said(none | {"reviewed_briefs": 0})
    assert "no contradiction in the 2 briefs read in full" in said(none | {"reviewed_briefs": 2})
    found = {"caught": 3, "missed": 1, "recall": 0.75, "recall_ci": [0.3, 0.95]}
    assert "0.75 [0.30, 0.95] 3 caught, 1 missed" in said(found | {"reviewed_briefs": 2})
