"""Snapshots of the review screen and the stats panel (update with --snapshot-update)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from reviewer.tui.app import ReviewApp
from tests.support.tui_changes_seed import second_run
from tests.support.tui_seed import seed
from tests.support.workers import workers_done

SIZE = (120, 40)


async def settle(pilot: Pilot) -> None:
    """Workers finished and the screen redrawn, so the picture is stable."""
    await workers_done(pilot.app)
    await pilot.pause()


def test_review_screen(snap_compare, tmp_path: Path) -> None:
    app = ReviewApp(seed(tmp_path / "snap.db"), reviewer="ann", order="brief")

    async def label_some(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("t", "f")  # brief-a: 50 true, 22.4 false; 5.3 current
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=label_some)


def test_stats_panel(snap_compare, tmp_path: Path) -> None:
    app = ReviewApp(seed(tmp_path / "snap.db"), reviewer="ann", order="brief")

    async def open_stats(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("t", "f", "t", "s", "p")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=open_stats)


def test_prose_with_new_and_gone_flags(snap_compare, tmp_path: Path) -> None:
    engine = seed(tmp_path / "snap.db")
    second_run(engine)
    app = ReviewApp(engine, reviewer="ann", run=2, order="brief")

    async def open_changed(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("t")  # brief-a's 50, a same flag: true; the new 55 current
        await pilot.press("j")  # the gone 22.4, faint, now current
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=open_changed)


SMALL = (80, 24)


def test_review_screen_at_80x24(snap_compare, tmp_path: Path) -> None:
    """A small terminal: the flag's facts in full width, a footer of whole keys."""
    app = ReviewApp(seed(tmp_path / "snap.db"), reviewer="ann", order="brief")

    async def label_some(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("t", "f")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=label_some)


def test_stats_panel_at_80x24(snap_compare, tmp_path: Path) -> None:
    """A small terminal with the panel open: it takes the brief list's place."""
    app = ReviewApp(seed(tmp_path / "snap.db"), reviewer="ann", order="brief")

    async def open_stats(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("t", "f", "p")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=open_stats)
