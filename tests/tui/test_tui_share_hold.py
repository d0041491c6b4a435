"""A shared run's hold in the app: kept fresh while the reviewer looks at the flag, and
checked before a label once it may have lapsed (a teammate may have taken the flag)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from db.share import HOLD
from db.tables import utcnow
from db.tables import workclaim as W
from tests.support.notices import said as said_by
from tests.support.workers import at_rest
from tests.tui.test_tui_sharing import labelers, pair_without_overlap

pytestmark = pytest.mark.asyncio


def hold_of(engine, reviewer: str) -> tuple[int, object]:
    with engine.connect() as connection:
        return connection.execute(
            select(W.c.claim_id, W.c.claimed_at).where(W.c.reviewer == reviewer)
        ).one()


def set_back(engine, reviewer: str, by: timedelta) -> None:
    """The reviewer's hold as though taken `by` ago."""
    with engine.begin() as connection:
        connection.execute(
            update(W).where(W.c.reviewer == reviewer).values(claimed_at=utcnow() - by)
        )


async def away(pilot, engine) -> int:
    """ann's first flag, her app then away past its hold (a laptop asleep)."""
    await pilot.pause()
    review = pilot.app.screen.review
    review.kept_at -= HOLD.total_seconds() * 2
    set_back(engine, "ann", HOLD * 2)
    return review.taken


async def test_a_hold_is_kept_fresh_while_the_reviewer_looks(tmp_path, size, monkeypatch) -> None:
    """ann looks at her flag past the five minutes a hold lasts (the rounds shortened here
    to a tenth of a second): her hold is kept, and bob, starting then, gets another flag."""
    from reviewer.tui.screens import review

    monkeypatch.setattr(review, "KEEP_EVERY", 0.1)
    engine, ann, bob = pair_without_overlap(tmp_path)
    async with ann.run_test(size=size) as a:
        await a.pause()
        mine = ann.screen.review.taken
        assert mine is not None
        set_back(engine, "ann", HOLD * 2)
        for _ in range(600):  # up to a minute on a loaded machine
            await a.pause(0.1)
            if utcnow() - hold_of(engine, "ann")[1] < HOLD:
                break
        assert hold_of(engine, "ann")[0] == mine
        assert utcnow() - hold_of(engine, "ann")[1] < HOLD
        async with bob.run_test(size=size) as b:
            await b.pause()
            assert bob.screen.review.taken not in (None, mine)


async def test_a_lapsed_hold_a_teammate_took_is_not_labeled(tmp_path, size) -> None:
    """ann's app was away past her hold (a laptop asleep): bob takes her flag over. Her t
    on it is then refused, saying why, and nothing of hers is stored; bob's label is."""
    engine, ann, bob = pair_without_overlap(tmp_path)
    async with ann.run_test(size=size) as a:
        mine = await away(a, engine)
        async with bob.run_test(size=size) as b:
            await b.pause()
            assert bob.screen.review.taken == mine  # the lapsed hold, taken over
            await a.press("t")
            await at_rest(a)
            assert labelers(engine) == {}
            said = said_by(ann)
            assert any(m.startswith("Your hold on this flag lapsed") for m in said), said
            await b.press("f")
            await at_rest(b)
            assert labelers(engine) == {mine: {"bob": ("false_positive", "reviewer")}}


@pytest.mark.parametrize("server", ["sqlite", "postgresql"])
async def test_a_hold_a_teammate_took_over_is_found_on_the_next_round(
    request, server, tmp_path, size, monkeypatch
) -> None:
    """The app wakes after bob took ann's lapsed flag over: its next round finds the hold
    gone (it does not count as kept), and her t on the flag is refused; on SQLite and on
    PostgreSQL, whose drivers each say how many rows the renewal updated."""
    from reviewer.tui.screens import review

    monkeypatch.setattr(review, "KEEP_EVERY", 0.1)
    where = tmp_path if server == "sqlite" else request.getfixturevalue("pg_url")
    engine, ann, _ = pair_without_overlap(where)
    async with ann.run_test(size=size) as a:
        await a.pause()
        mine = ann.screen.review.taken
        with engine.begin() as connection:  # what bob's queue does to a lapsed hold
            connection.execute(update(W).where(W.c.reviewer == "ann").values(reviewer="bob"))
        for _ in range(600):  # up to a minute on a loaded machine
            await a.pause(0.1)
            if ann.screen.review.hold_may_have_lapsed(60.0):
                break
        await a.press("t")
        await at_rest(a)
        assert labelers(engine) == {}
        assert hold_of(engine, "bob")[0] == mine
        said = said_by(ann)
        assert any("bob has this flag" in m for m in said), said


async def test_a_lapsed_hold_nobody_took_still_takes_the_label(tmp_path, size) -> None:
    """The same lapse with no teammate about: the check finds the flag still hers, and her
    label is stored as it would have been."""
    engine, ann, _ = pair_without_overlap(tmp_path)
    async with ann.run_test(size=size) as a:
        mine = await away(a, engine)
        await a.press("t")
        await at_rest(a)
        assert labelers(engine) == {mine: {"ann": ("true_positive", "reviewer")}}
