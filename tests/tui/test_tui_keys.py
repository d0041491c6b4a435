"""Pilot tests: every key of the review screen, checked on the database and on screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlmodel import Session
from textual.widgets import Input

from db.models import Label, LabelState
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.help import HelpScreen
from reviewer.tui.screens.note import NoteScreen
from reviewer.tui.screens.review import ReviewScreen
from reviewer.tui.widgets.brief_list import BriefRows
from reviewer.tui.widgets.prose import Prose
from tests.support.tui_seed import POOL, make_flag, seed
from tests.support.workers import workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


@pytest.fixture
def engine(tmp_path: Path):
    engine = seed(tmp_path / "review.db")
    yield engine
    engine.dispose()


def labels(engine) -> list[tuple[str, str, str, bool]]:
    """(token, reviewer, verdict, undone) of every label, oldest first, from a fresh session."""
    from db.models import Claim

    with Session(engine) as session:
        rows = session.execute(
            select(Claim.token, Label.reviewer, Label.verdict, Label.undone_at)
            .join(Claim, Claim.id == Label.claim_id)
            .order_by(Label.id)
        ).all()
    return [(token, who, verdict, undone is not None) for token, who, verdict, undone in rows]


def screen_of(app: ReviewApp) -> ReviewScreen:
    assert isinstance(app.screen, ReviewScreen)
    return app.screen


def where(app: ReviewApp) -> tuple[str, str | None]:
    """(brief id, current flag's token) as the screen shows them."""
    screen = screen_of(app)
    assert screen.brief is not None
    flag = screen.current
    return screen.brief.brief_id, flag.token if flag else None


@pytest.mark.parametrize(
    ("key", "verdict"), [("t", "true_positive"), ("f", "false_positive"), ("s", "skip")]
)
async def test_label_key_commits_and_advances(engine, key: str, verdict: str) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        assert where(app) == ("brief-a", "50")
        await pilot.press(key)
        assert labels(engine) == [("50", "ann", verdict, False)]
        assert where(app) == ("brief-a", "22.4")
        assert screen_of(app).flags[0].verdict == verdict
        assert screen_of(app).totals is not None


async def test_labels_advance_across_briefs_and_update_counts(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.press("t", "f", "t")
        assert where(app) == ("brief-b", "54")
        assert [v for _, _, v, _ in labels(engine)] == [
            "true_positive", "false_positive", "true_positive",
        ]  # fmt: skip
        rows = app.screen.query_one(BriefRows)
        first = rows.row(0)
        assert first is not None and (first.labeled, first.false_positives) == (3, 1)
        header = str(app.screen.query_one("#progress").render())
        # labels chosen in brief order are no sample: bounds, and the stratum left unmeasured
        assert "3 / 9" in header and "precision 0.22–0.89" in header
        assert "unmeasured: new (6 flags)" in header


async def test_undo_keys_go_back_and_keep_history(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "f")
        await pilot.press("u")
        assert where(app) == ("brief-a", "22.4")
        assert screen_of(app).current.verdict is None
        await pilot.press("backspace")
        assert where(app) == ("brief-a", "50")
        await pilot.press("u")  # nothing left: a warning, no crash
    assert labels(engine) == [
        ("50", "ann", "true_positive", True),
        ("22.4", "ann", "false_positive", True),
    ]
    with Session(engine) as session:
        assert all(s.verdict is None for s in session.scalars(select(LabelState)))


async def test_undo_survives_a_restart(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "t", "t", "f")
        assert where(app) == ("brief-b", "4.8")
    again = ReviewApp(engine, reviewer="ann", order="brief")
    async with again.run_test(size=SIZE) as pilot:
        assert where(again) == ("brief-b", "4.8")
        await pilot.press("u")
        assert where(again) == ("brief-b", "54")
        await pilot.press("u")
        assert where(again) == ("brief-a", "5.3")
    assert [undone for *_, undone in labels(engine)] == [False, False, True, True]


async def test_reviewer_name_is_recorded_and_verdicts_are_per_reviewer(engine) -> None:
    async with ReviewApp(engine, reviewer="bob", order="brief").run_test(size=SIZE) as pilot:
        await pilot.press("f")
    app = ReviewApp(engine, reviewer="cat", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        assert where(app) == ("brief-a", "50")  # bob's label is not cat's
        await pilot.press("t")
    assert labels(engine) == [
        ("50", "bob", "false_positive", False),
        ("50", "cat", "true_positive", False),
    ]


@pytest.mark.parametrize("keys", [("j",), ("right",)])
async def test_next_flag_then_into_next_brief(engine, keys) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        assert where(app) == ("brief-a", "22.4")
        await pilot.press(*keys, *keys)
        assert where(app) == ("brief-b", "54")
    assert labels(engine) == []


@pytest.mark.parametrize("key", ["k", "left"])
async def test_previous_flag_goes_back_into_previous_brief(engine, key: str) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("]")
        assert where(app) == ("brief-b", "54")
        await pilot.press(key)
        assert where(app) == ("brief-a", "5.3")
        await pilot.press(key)
        assert where(app) == ("brief-a", "22.4")


@pytest.mark.parametrize(("forward", "back"), [("]", "["), ("J", "K")])
async def test_next_and_previous_brief(engine, forward: str, back: str) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(forward, forward)
        assert where(app) == ("brief-c", None)
        assert "No flag in this brief" in str(app.screen.query_one("#flag-facts").render())
        await pilot.press("t")  # nothing to label: warned, nothing stored
        await pilot.press(back)
        assert where(app) == ("brief-b", "54")
        assert app.screen.query_one(BriefRows).current_pk == screen_of(app).brief.brief_pk
    assert labels(engine) == []


@pytest.mark.parametrize("key", ["space", "full_stop"])
async def test_next_unlabeled_skips_labeled_flags(engine, key: str) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "t")  # label 22.4, land on 5.3
        await pilot.press("k", "k")  # back to 50 (unlabeled)
        assert where(app) == ("brief-a", "50")
        await pilot.press(key)
        assert where(app) == ("brief-a", "5.3")
        await pilot.press(key)
        assert where(app) == ("brief-b", "54")


async def test_enter_in_list_opens_that_brief(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "enter")
        assert where(app) == ("brief-d", "21.0")


async def test_note_is_stored_and_shown(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NoteScreen)
        await pilot.press(*"unit is off")
        await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        assert "unit is off" in str(app.screen.query_one("#flag-facts").render())
        assert "✎" in Prose.content.fget(app.screen.query_one(Prose)).plain
        await pilot.press("n", "escape")  # cancel keeps the note
    with Session(engine) as session:
        (state,) = session.scalars(select(LabelState)).all()
    assert (state.reviewer, state.note, state.verdict) == ("ann", "unit is off", None)


async def test_help_opens_and_closes(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("Static").render())
        assert "Label: true positive" in text and "Undo last label" in text and "Quit" in text
        assert "Filter: briefs with false positives" in text
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_q_quits(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_annotations_toggle(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        prose = app.screen.query_one(Prose)
        assert "‹rhr 52 · value›" in prose.content.plain
        await pilot.press("a")
        assert "‹" not in prose.content.plain
        await pilot.press("a")
        assert "‹tsb -22.4 · sign›" in prose.content.plain


@pytest.mark.parametrize(
    ("keys", "total", "title"),
    [
        (("1",), 5, "all"),
        (("2",), 2, "has unlabeled"),
        (("3",), 1, "has false positives"),
        (("4",), 1, "has true positives"),
        (("v",), 2, "has unlabeled"),
        (("v", "v", "v", "v"), 5, "all"),
    ],
)
async def test_filters(engine, keys, total: int, title: str) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "t", "t", "f", "f")  # brief-a all true, brief-b all false
        await pilot.press(*keys)
        await workers_done(app)  # a filtered list is fetched by a worker
        rows = app.screen.query_one(BriefRows)
        assert rows.total == total
        assert str(app.screen.query_one("#list-title").render()).startswith(title)


async def test_search_filters_by_id_and_text(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash")
        assert isinstance(app.focused, Input)
        await pilot.press(*"calm", "enter")
        await workers_done(app)  # a searched list is fetched by a worker
        rows = app.screen.query_one(BriefRows)
        assert rows.total == 1 and rows.row(0).brief_id == "brief-b"
        assert app.focused is rows
        await pilot.press("enter")
        assert where(app) == ("brief-b", "54")
        await pilot.press("slash", *"brief-d", "enter")
        await workers_done(app)
        assert rows.total == 1 and rows.row(0).brief_id == "brief-d"
        await pilot.press("slash", "escape")  # escape drops the search: every brief again
        await workers_done(app)
        assert app.focused is rows and rows.search == "" and rows.total > 1
    assert labels(engine) == []  # typing in the search box labels nothing


async def test_stats_panel_toggles_and_fills_in_a_worker(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "f", "p")
        await workers_done(app)
        await pilot.pause()
        panel = app.screen.query_one("#stats")
        assert panel.display
        text = str(app.screen.query_one("#stats-text").render())
        # one true, one false, chosen by hand: the 7 other flags are an unmeasured stratum
        assert "Precision  95% Wilson · ann's labels" in text  # hers, not the team's
        assert "overall   0.11–0.89 bounds: a stratum is unmeasured" in text
        assert "by hand        0.50 [0.50, 0.50] 2 of 2" in text
        assert "new            unmeasured 0 of 7" in text
        assert "0 from the random queue, 2 by hand" in text
        assert "7 more true/false labels" in text and "To ±5 pts in   new: 7" in text
        assert "Four arms" in text and "production" in text
        await pilot.press("p")
        assert not panel.display


async def test_command_palette_runs_review_actions(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"false positive")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert where(app) == ("brief-a", "22.4")
    assert labels(engine) == [("50", "ann", "false_positive", False)]


async def test_long_list_is_counted_in_a_worker_and_paged(tmp_path: Path) -> None:
    rhr = POOL[0]
    texts = [(f"b{i:03d}", f"rhr {50 + i % 2} bpm today.", i) for i in range(250)]
    briefs = [(bid, text, [make_flag(text, str(50 + i % 2), rhr)]) for bid, text, i in texts]
    engine = seed(tmp_path / "long.db", briefs)
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.pause()
        rows = app.screen.query_one(BriefRows)
        assert rows.total == 250 and rows.counted
        assert str(app.screen.query_one("#list-title").render()) == "all · 250"
        assert sorted(rows._cache) == [0]  # only the page on screen was fetched
        await pilot.press("end", "enter")
        assert where(app) == ("b249", "51")
        assert sorted(rows._cache) == [0, 2]
        await pilot.press("J")  # past the last brief: stays, says so
        assert where(app) == ("b249", "51")
    engine.dispose()


async def test_keys_still_label_after_stats_and_help(engine) -> None:
    """Hiding the list with the stats panel must not leave the focus in the search box."""
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "p", "question_mark", "escape")
        assert isinstance(app.screen, ReviewScreen)
        assert isinstance(app.focused, BriefRows)
        await pilot.press("t")
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
    assert labels(engine) == [("50", "ann", "true_positive", False)]


async def test_footer_fits_every_shown_key_at_120_columns(engine) -> None:
    from textual.widgets._footer import FooterKey

    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = {k.key_display: k.region for k in app.screen.query(FooterKey)}
        for key in ("t", "f", "s", "u", "j", "]", "space", "n", "/", "v", "p", "?", "q"):
            assert key in shown, key
            assert shown[key].right <= SIZE[0], key


async def test_help_lists_the_list_keys_and_the_palette(engine) -> None:
    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        text = str(app.screen.query_one("Static").render())
        for needed in ("ctrl+p", "Command palette", "pagedown", "Brief list: open brief",
                       "escape", "Toggle annotations"):  # fmt: skip
            assert needed in text, needed


@pytest.mark.parametrize("key", ["6", "7"])
async def test_gone_or_same_on_a_first_run_says_why_it_lists_nothing(engine, key) -> None:
    from tests.support.notices import said

    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=SIZE) as pilot:
        await workers_done(app)
        await pilot.press(key)
        await workers_done(app)
        rows = app.screen.query_one(BriefRows)
        assert rows.total == 5  # the list as it was
        assert any(m.startswith("No run before this one to compare with") for m in said(app))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_search_box_says_its_whole_hint(engine, size) -> None:
    from textual.widgets import Input

    app = ReviewApp(engine, reviewer="ann", order="brief")
    async with app.run_test(size=size) as pilot:
        await pilot.press("slash")
        await pilot.pause()
        box = app.screen.query_one("#search", Input)
        assert box.has_focus and len(box.placeholder) <= box.content_region.width
