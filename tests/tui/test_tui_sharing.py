"""A team in the app: two reviewers share a run with an overlap, an adjudicator settles it."""

from __future__ import annotations

import json
import random
import re

import krippendorff
import numpy as np
import pytest
from rich.cells import cell_len
from sklearn.metrics import cohen_kappa_score
from sqlalchemy import select
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db import get_claim, share
from db.tables import labelstate as LS
from reviewer.cli import app as cli
from reviewer.tui.app import ReviewApp
from tests.support.db_seed import flag, seed
from tests.support.notices import said as said_by
from tests.support.workers import at_rest, workers_done

pytestmark = pytest.mark.asyncio
FLAGS = 60


def labelers(engine) -> dict[int, dict[str, tuple[str, str]]]:
    found: dict[int, dict[str, tuple[str, str]]] = {}
    with engine.connect() as connection:
        for claim_id, reviewer, verdict, role in connection.execute(
            select(LS.c.claim_id, LS.c.reviewer, LS.c.verdict, LS.c.role).where(
                LS.c.verdict.is_not(None)
            )
        ):
            found.setdefault(claim_id, {})[reviewer] = (verdict, role)
    return found


def header(app: ReviewApp) -> str:
    return str(app.screen.query_one("#progress").render())


async def move_to(pilot, engine, claim_id: int) -> None:
    """Open the brief of a claim with the cursor on it, as moving there by hand does."""
    with engine.connect() as connection:
        where = get_claim(session=connection, claim_id=claim_id).brief_pk
    pilot.app.screen.open_brief(where, claim_id=claim_id)
    await pilot.pause()
    assert pilot.app.screen.current.claim_id == claim_id


async def press_and_hear(pilot, key: str, notice: str) -> None:
    """Press a key and find a notice that starts with `notice` among the app's."""
    await pilot.press(key)
    await at_rest(pilot)
    said = said_by(pilot.app)
    assert any(m.startswith(notice) for m in said), said


async def label_until_done(apps, engine, rng, keys="tf", limit=400) -> None:
    for _ in range(limit):
        for pilot in apps:
            await pilot.press(rng.choice(keys))
            await pilot.pause()
        if len(labelers(engine)) == FLAGS and all(
            pilot.app.screen.current is None or pilot.app.screen.finished for pilot in apps
        ):
            return


async def test_two_reviewers_share_a_run_then_an_adjudicator_settles_it(tmp_path, size) -> None:
    path = tmp_path / "team.db"
    pair = [flag(10, "55", 55.0), flag(20, "22.4", 22.4, "sign", "none")]
    engine, run_id, _ = seed(path, [pair] * (FLAGS // 2))
    rng = random.Random(5)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=0.2)
    bob = ReviewApp(engine, reviewer="bob", share=True, overlap=0.2)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        assert "team 0/60 (0%) · yours 0 (0%) · overlap 20%" in header(ann)
        await label_until_done([a, b], engine, rng)
        mine = sum("ann" in who for who in labelers(engine).values())
        # the run's order is seeded at random: bob may have labeled the last flag, which
        # ann's header shows when it is next drawn
        ann.screen.draw_progress()
        await a.pause()
        shown = header(ann)  # the whole team part fits the header's width
        team = f"team 60/60 (100%) · yours {mine} ({mine / FLAGS:.0%}) · overlap 20%"
        assert team in shown and shown.index(team) + len(team) <= size[0]
    found = labelers(engine)
    assert len(found) == FLAGS  # every flag labeled
    with engine.connect() as connection:
        seed_ = share.run_seed(session=connection, run_id=run_id)
    overlap = {c for c in found if share.in_overlap(seed_, c, 0.2)}
    both = {c for c, who in found.items() if len(who) == 2}
    assert both == overlap and 0 < len(both) < FLAGS // 2  # by two only in the overlap
    assert {"ann", "bob"} <= {r for who in found.values() for r in who}

    result = CliRunner().invoke(cli, ["agreement", "--db", str(path), "--json"])
    report = json.loads(result.output)
    first = [found[c]["ann"][0] for c in sorted(both)]
    second = [found[c]["bob"][0] for c in sorted(both)]
    assert report["claims"] == len(both)
    (pair_report,) = report["pairs"]
    if pair_report["kappa"]["value"] is not None:
        assert pair_report["kappa"]["value"] == pytest.approx(cohen_kappa_score(first, second))
        codes = {"true_positive": 0, "false_positive": 1}
        alpha = krippendorff.alpha(
            reliability_data=np.array([[codes[v] for v in first], [codes[v] for v in second]]),
            level_of_measurement="nominal",
        )
        assert report["alpha"]["value"] == pytest.approx(alpha)
    disputed = sum(x != y for x, y in zip(first, second, strict=True))
    stats = json.loads(CliRunner().invoke(cli, ["stats", "--db", str(path), "--json"]).output)
    assert stats["in_dispute"] == disputed
    if disputed:  # the stats table says how to settle them
        said = CliRunner().invoke(cli, ["stats", "--db", str(path)]).output
        noun = "claim" if disputed == 1 else "claims"
        assert f"{disputed} {noun} in dispute" in said and "review --adjudicate" in said

    cy = ReviewApp(engine, reviewer="cy", adjudicate=True)
    async with cy.run_test(size=size) as c:
        assert f"adjudicating · {disputed} in dispute · your verdict is final" in header(cy)
        for _ in range(disputed + 2):
            await c.press("f")
            await c.pause()
        assert "adjudicating · 0 in dispute" in header(cy)
    settled = labelers(engine)
    finals = [c for c, who in settled.items() if who.get("cy", ("", ""))[1] == "adjudicator"]
    assert len(finals) == disputed
    stats = json.loads(CliRunner().invoke(cli, ["stats", "--db", str(path), "--json"]).output)
    assert stats["in_dispute"] == 0
    assert stats["true_positives"] + stats["false_positives"] == FLAGS
    engine.dispose()


async def test_the_stats_panel_shows_alpha_and_the_doubly_labeled_claims(tmp_path, size) -> None:
    from textual.widgets import Static

    import db

    engine, run_id, pks = seed(tmp_path / "two.db", [[flag(10, "55", 55.0)]] * 6)
    verdicts = ["true_positive", "false_positive"]
    with engine.connect() as connection:
        for n, pk in enumerate(pks):
            (f,) = db.brief_flags(session=connection, run_id=run_id, brief_pk=pk, reviewer="x")
            for who, shift in (("ann", 0), ("bob", n // 5)):  # they differ on the last one
                db.record_label(session=connection, claim_id=f.claim_id, reviewer=who,
                                verdict=verdicts[(n + shift) % 2])  # fmt: skip
    app = ReviewApp(engine, reviewer="ann")
    async with app.run_test(size=size) as pilot:
        await pilot.press("p")
        await workers_done(app)
        await pilot.pause()
        text = str(app.screen.query_one("#stats-text", Static).render())
    ratings = {i: {"ann": verdicts[i % 2], "bob": verdicts[(i + i // 5) % 2]} for i in range(6)}
    from reviewer.agreement import krippendorff_alpha

    assert f"α {krippendorff_alpha(ratings):.2f}" in text
    assert "6 claims labeled by two or more" in text
    assert "reviewers differ on 1" in text
    engine.dispose()


async def test_the_disagree_filter_walks_differing_claims_showing_every_verdict(
    tmp_path, size
) -> None:
    from textual.widgets import Static

    import db

    engine, run_id, pks = seed(tmp_path / "split.db", [[flag(10, "55", 55.0)]] * 4)
    with engine.connect() as connection:
        for n, pk in enumerate(pks):
            (f,) = db.brief_flags(session=connection, run_id=run_id, brief_pk=pk, reviewer="x")
            bob = "false_positive" if n == 2 else "true_positive"
            for who, verdict in (("ann", "true_positive"), ("[b]bob", bob)):
                db.record_label(session=connection, claim_id=f.claim_id, reviewer=who,
                                verdict=verdict)  # fmt: skip
    app = ReviewApp(engine, reviewer="ann")
    async with app.run_test(size=size) as pilot:
        await pilot.press("8")
        await workers_done(app)
        await pilot.pause()
        assert app.screen.brief_list.rows.total == 1
        await pilot.press("enter")
        await pilot.pause()
        title = str(app.screen.query_one("#brief-title", Static).render())
    assert title.startswith("b2")
    assert "others: [b]bob false positive" in title  # a name is text, never markup
    app = ReviewApp(engine, reviewer="ann")
    async with app.run_test(size=size) as pilot:  # two reviewers: `v` reaches it too
        await pilot.press("v", "v", "v", "v")
        await workers_done(app)
        assert app.screen.brief_list.filter == "disagree"
        assert app.screen.brief_list.rows.total == 1
    engine.dispose()


def pair_without_overlap(where):  # type: ignore[no-untyped-def]
    """Ten flags shared by ann and bob, none of them in the overlap: in a SQLite file in the
    folder `where`, or in the database at the URL `where`."""
    pair = [flag(10, "55", 55.0), flag(20, "22.4", 22.4, "sign", "none")]
    engine, _, _ = seed(where if isinstance(where, str) else where / "team.db", [pair] * 5)
    ann = ReviewApp(engine, reviewer="ann", share=True, overlap=0.0)
    bob = ReviewApp(engine, reviewer="bob", share=True)
    return engine, ann, bob


async def test_a_teammates_labels_reach_the_header_without_a_key(
    tmp_path, size, monkeypatch
) -> None:
    """bob labels three flags; ann presses nothing, and her header counts them within a
    recount (shortened here from seconds to a tenth of one)."""
    from reviewer.tui.screens import review

    monkeypatch.setattr(review, "RECOUNT_EVERY", 0.1)
    engine, ann, bob = pair_without_overlap(tmp_path)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        await a.pause()
        assert "team 0/10 (0%)" in header(ann)
        for key in "ttf":
            await b.press(key)
            await b.pause()
        assert len(labelers(engine)) == 3
        for _ in range(600):  # up to a minute on a loaded machine
            await a.pause(0.1)
            if "team 3/10 (30%) · yours 0 (0%)" in header(ann):
                break
        assert "team 3/10 (30%) · yours 0 (0%)" in header(ann), header(ann)


async def test_a_flag_a_teammate_holds_is_not_labeled_twice(tmp_path, size) -> None:
    """With no overlap each flag goes to one reviewer: ann moving to the flag bob holds and
    pressing t is refused with a notice, and nothing is stored; her own flag still takes
    her label."""
    engine, ann, bob = pair_without_overlap(tmp_path)
    async with ann.run_test(size=size) as a, bob.run_test(size=size) as b:
        await a.pause()
        await b.pause()
        held = bob.screen.review.taken
        mine = ann.screen.review.taken
        assert held is not None and mine is not None and held != mine
        assert labelers(engine) == {}
        await move_to(a, engine, held)
        await a.press("t")
        await a.pause()
        assert labelers(engine) == {}
        said = said_by(ann)
        assert any(m.startswith("bob has this flag") for m in said), said
        await b.press("f")  # bob labels his own
        await b.pause()
        assert labelers(engine) == {held: {"bob": ("false_positive", "reviewer")}}


async def test_the_header_keeps_the_precision_interval_in_sight_when_narrow(tmp_path) -> None:
    """With the team's part in the header a narrow screen names the run by its number
    alone, drops the queue's count, and puts the precision right after it, before the
    team's part and the warning about the run's detector (the test detector cannot be
    loaded): the precision and its interval stay in the 92 columns shown, and a wide
    screen gets the run's full title back."""
    engine, ann, _ = pair_without_overlap(tmp_path)
    async with ann.run_test(size=(92, 30)) as pilot:
        for key in "ttf":
            await pilot.press(key)
            await pilot.pause()
        for _ in range(600):  # up to a minute on a loaded machine
            await pilot.pause(0.1)
            if "precision 0." in header(ann):
                break
        text = str(ann.screen.query_one("#progress").render())
        assert cell_len(text) == len(text), text  # so the first 92 characters are in sight
        seen = text[:92]
        assert "team 3/10 (30%)" in seen and re.search(r"#1\s+precision", seen), text
        assert re.search(r"precision 0\.\d\d \[0\.\d\d, [01]\.\d\d\]", seen), text
        assert "queue" not in text and "cannot be loaded" in text[92:], text
        assert len(labelers(engine)) == 3  # the three labels the header counts are stored
        await pilot.resize_terminal(320, 30)
        await pilot.pause()
        wide = str(ann.screen.query_one("#progress").render())
        assert f"{ann.screen.run_title}  team" in wide and "queue" in wide, wide


async def test_an_adjudicator_cannot_settle_a_dispute_of_their_own(tmp_path, size) -> None:
    """ann and bob differ on one claim, bob and cy on another. ann adjudicating is walked
    to the second; moving to the first and pressing t is refused with a notice, her rating
    stays a reviewer's (agreement still counts it), and the claim stays in dispute. The
    claim the walk gave her takes her verdict as final."""
    engine, _, pks = seed(tmp_path / "team.db", [[flag(10, "55", 55.0)]] * 2)
    with engine.connect() as connection:
        own, other = (
            db.brief_flags(session=connection, run_id=1, brief_pk=pk, reviewer="x")[0].claim_id
            for pk in pks
        )
    with Session(engine) as session:
        for claim_id, votes in (
            (own, {"ann": "true_positive", "bob": "false_positive"}),
            (other, {"bob": "true_positive", "cy": "false_positive"}),
        ):
            for who, verdict in votes.items():
                db.record_label(session=session, claim_id=claim_id, reviewer=who, verdict=verdict)
    ann = ReviewApp(engine, reviewer="ann", adjudicate=True)
    async with ann.run_test(size=size) as pilot:
        await pilot.pause()
        assert ann.screen.review.taken == other
        await move_to(pilot, engine, own)
        await press_and_hear(pilot, "t", "You rated this claim as a reviewer")
        assert labelers(engine)[own]["ann"] == ("true_positive", "reviewer")
        with engine.connect() as connection:
            assert get_claim(session=connection, claim_id=own).verdict == "disputed"
        await move_to(pilot, engine, other)
        await pilot.press("f")
        await pilot.pause()
        # the one claim left in dispute is her own
        await press_and_hear(pilot, "space", "No claim left for you: the 1 claim still")
    assert labelers(engine)[other]["ann"] == ("false_positive", "adjudicator")
    with engine.connect() as connection:
        assert get_claim(session=connection, claim_id=other).verdict == "false_positive"
