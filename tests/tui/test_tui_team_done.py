"""The end of a shared run, as each reviewer sees it: nothing left for you while a teammate
still holds a flag or the overlap waits for a second verdict; once every flag is labeled,
that the team has finished, and where the disputes left are settled."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

import db
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from tests.support.db_seed import flag, seed
from tests.support.notices import said
from tests.support.workers import at_rest

pytestmark = pytest.mark.asyncio
NOTHING = "Nothing left for you"


def labels(where: str) -> dict[str, list[str]]:
    engine = db.open_existing(where)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT reviewer, verdict FROM label WHERE undone_at IS NULL ORDER BY id")
        ).all()
    engine.dispose()
    found: dict[str, list[str]] = {}
    for who, verdict in rows:
        found.setdefault(who, []).append(verdict)
    return found


async def press(pilot, key: str) -> None:
    await pilot.press(key)
    await at_rest(pilot)


async def test_the_reviewer_who_labels_the_last_flag_hears_the_team_has_finished(
    database, size
) -> None:
    engine, run_id, _ = seed(database, [[flag(10, "55", 55.0)]] * 4)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=0.0)
    bob = ReviewApp(engine, reviewer="bob", share=True)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        await press(a, "t")  # each holds one flag, labels it and takes the next
        await press(b, "t")
        await press(a, "t")  # the last free flag is bob's: nothing left, but not finished
        assert any(NOTHING in m and "held by a teammate" in m for m in said(ann)), said(ann)
        assert not any("finished" in m for m in said(ann))
        await press(b, "f")
        finished = f"The team has finished run {run_id}: all 4 flags are labeled."
        assert any(m.startswith(finished) and "`reviewer stats`" in m for m in said(bob))
        assert not any("in dispute" in m for m in said(bob))
    assert labels(database) == {"ann": ["true_positive"] * 2,
                                "bob": ["true_positive", "false_positive"]}  # fmt: skip
    engine.dispose()


async def test_a_finished_run_with_disputes_points_at_stats_and_adjudication(
    database, size
) -> None:
    engine, run_id, _ = seed(database, [[flag(10, "55", 55.0)]] * 3)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=1.0)  # every flag twice
    bob = ReviewApp(engine, reviewer="bob", share=True)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        for key in "ttt":
            await press(a, key)
        # every flag has a verdict, yet each still waits for its second one
        waiting = "Nothing left for you: every flag is labeled; 3 of the overlap wait"
        assert any(m.startswith(waiting) for m in said(ann)), said(ann)
        for key in "tft":
            await press(b, key)
        told = [m for m in said(bob) if "finished" in m]
        assert told == [
            f"The team has finished run {run_id}: all 3 flags are labeled. 1 claim in dispute: "
            "`reviewer stats` has the figures, `reviewer review --adjudicate` settles the "
            "disputes."
        ], said(bob)
    bob_said = ["true_positive", "false_positive", "true_positive"]
    assert labels(database) == {"ann": ["true_positive"] * 3, "bob": bob_said}
    engine.dispose()
    stats = CliRunner().invoke(cli, ["stats", "--db", database, "--json"])
    assert json.loads(stats.output)["in_dispute"] == 1  # the count the message gave


async def test_an_overlap_flag_every_other_reviewer_skipped_does_not_keep_the_run_open(
    database, size
) -> None:
    """A team of two, every flag in the overlap: ann rates both, bob rates one and skips
    the other. Nobody who worked on the run can give that one a second rating, so the
    team has finished, and the message says the overlap flag has one rating."""
    engine, run_id, _ = seed(database, [[flag(10, "55", 55.0)]] * 2)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=1.0)
    bob = ReviewApp(engine, reviewer="bob", share=True)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        for key in "tt":
            await press(a, key)
        await press(b, "t")
        await press(b, "s")
        finished = (
            f"The team has finished run {run_id}: all 2 flags are labeled. 1 of the overlap "
            "has one rating: the other reviewers skipped it."
        )
        assert any(m.startswith(finished) for m in said(bob)), said(bob)
        assert not any("wait for a second reviewer" in m or "waits for" in m for m in said(bob))
    assert labels(database) == {"ann": ["true_positive"] * 2, "bob": ["true_positive", "skip"]}
    engine.dispose()


async def test_a_team_shares_only_the_new_flags_of_a_release(database, size) -> None:
    """Run 2 keeps run 1's flags (never labeled) and adds one new flag per brief: two
    reviewers sharing `--only new` are given the new flags alone, the header counts them,
    and the team hears it has finished them while the old ones stay unlabeled."""
    from tests.support.db_seed import add_run

    old = [flag(10, "55", 55.0)]
    engine, _, pks = seed(database, [old] * 3)
    second = add_run(engine, pks, [[*old, flag(30, "7", 7.0)]] * 3)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=0.0, only="new")
    bob = ReviewApp(engine, reviewer="bob", share=True, only="new")
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        await a.pause()
        assert "team new 0/3 (0%)" in str(ann.screen.query_one("#progress").render())
        await press(a, "t")
        await press(b, "f")
        await press(a, "t")
        finished = f"The team has finished the new flags of run {second}: all 3 are labeled."
        assert any(m.startswith(finished) for m in said(ann)), said(ann)
    engine.dispose()
    found = labels(database)
    assert found == {"ann": ["true_positive"] * 2, "bob": ["false_positive"]}
    engine = db.open_existing(database)
    with engine.connect() as connection:
        starts = (
            connection.execute(
                text("SELECT DISTINCT c.start FROM label l JOIN claim c ON c.id = l.claim_id")
            )
            .scalars()
            .all()
        )
    engine.dispose()
    assert starts == [30]  # the new flags alone


async def test_a_flag_labeled_again_after_the_end_stays_a_queue_label(database, size) -> None:
    # the cursor stays on the last flag the queue gave; a second key on it changes the
    # verdict, not how the flag came to the reviewer
    engine, _, _ = seed(database, [[flag(10, "55", 55.0)]] * 2)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=0.0)
    async with ann.run_test(size=size) as a:
        await press(a, "t")
        await press(a, "t")
        assert any("The team has finished" in m for m in said(ann)), said(ann)
        await press(a, "f")
    engine.dispose()
    engine = db.open_existing(database)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT verdict, queue FROM label WHERE reviewer = 'ann' ORDER BY id")
        ).all()
    engine.dispose()
    assert [(verdict, bool(queued)) for verdict, queued in rows] == [
        ("true_positive", True), ("true_positive", True), ("false_positive", True),
    ]  # fmt: skip
