"""A team sharing a run made with a learned model (`review --share`): the shared queue gives
first, in the run's order, the flags nobody labeled since the model was learned, then the
rest, each to one reviewer; a label made before training (the model learned from it) is
no sample, so it keeps no flag from the team. Two apps driven with pilot, each on its own
engine, on one real SQLite file made by the real commands (learn, then flag --model); what
they labeled is read back from the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

import db
from reviewer.tui.app import ReviewApp
from tests.cli.test_cli_model_probability import made_with_model
from tests.db.test_db_model_queue import queue_order
from tests.support.notices import said
from tests.support.workers import at_rest, workers_done

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
TEAM = ("ann", "bob")


def rows(where: str, sql: str) -> list[tuple]:
    engine = db.open_existing(where)
    with engine.connect() as connection:
        found = [tuple(row) for row in connection.execute(text(sql))]
    engine.dispose()
    return found


def since_training(where: str) -> tuple[set[int], set[int], set[int]]:
    """Claims of the model run (2): labeled before the model was learned, labeled since,
    and with no label since (the post-training queue's first part)."""
    (last,) = rows(where, "SELECT m.last_label FROM learnedmodel m "
                          "JOIN detectorrun r ON r.model_id = m.id WHERE r.id = 2")[0]  # fmt: skip
    claims = rows(where, "SELECT f.claim_id, c.label_id FROM flagrecord f "
                         "JOIN claim c ON c.id = f.claim_id WHERE f.run_id = 2")  # fmt: skip
    before = {claim for claim, newest in claims if newest is not None and newest <= last}
    since = {claim for claim, newest in claims if newest is not None and newest > last}
    return before, since, {claim for claim, _ in claims} - since


def header(app: ReviewApp) -> str:
    return str(app.screen.query_one("#progress").render())


async def test_a_team_sharing_a_model_run_gets_the_flags_unlabeled_since_training_first(
    tmp_path: Path,
) -> None:
    where = str(tmp_path / "model.db")
    made_with_model(where, tmp_path)  # ana's labels, a model learned from them, run 2
    order = [claim for _, claim in queue_order(where, 2)]
    trained, _, _ = since_training(where)
    assert 0 < len(trained) < len(order)  # some flags were labeled before training
    # after training carla rates one flag (its one slot is filled) and skips two (a skip
    # fills no slot: they are still to be labeled, after every fresh flag); one of those
    # was labeled before training, so that label of ana's takes no flag from the team
    rated, skipped = order[0], [order[1], next(c for c in order[2:] if c in trained)]
    engine = db.open_existing(where)
    with engine.connect() as connection:
        db.record_label(session=connection, claim_id=rated, reviewer="carla",
                        verdict="true_positive", run_id=2)  # fmt: skip
        for claim in skipped:
            db.record_label(session=connection, claim_id=claim, reviewer="carla",
                            verdict="skip", run_id=2)  # fmt: skip
    engine.dispose()
    _, since, fresh = since_training(where)
    assert since == {rated, *skipped} and trained & fresh  # training flags are fresh too

    engines = [db.open_existing(where) for _ in TEAM]
    apps = [ReviewApp(e, reviewer=who, run=2, share=True, overlap=0.0)
            for e, who in zip(engines, TEAM, strict=True)]  # fmt: skip
    async with apps[0].run_test(size=SIZE) as a, apps[1].run_test(size=SIZE) as b:
        pilots = (a, b)
        for app in apps:
            await workers_done(app)
        assert f"team 3/{len(order)} since training" in header(apps[0]), header(apps[0])
        for _ in range(len(order)):  # in turn, each labels the flag it holds
            for pilot in pilots:
                if not pilot.app.screen.finished:
                    await pilot.press("t")
                    # a label refused by a busy database is kept and retried: until it is
                    # stored, `finished` cannot say whether another flag is left, and a
                    # second press would be kept for after it (a relabel once nothing is)
                    await at_rest(pilot)
        assert all(app.screen.finished for app in apps)
        for app in apps:
            await workers_done(app)
        apps[0].screen.draw_progress()
        shown = header(apps[0])
        finished = f"all {len(order)} flags are labeled since the model was learned"
        assert any(finished in m for app in apps for m in said(app))
    for e in engines:
        e.dispose()
    assert f"team {len(order)}/{len(order)} since training (100%)" in shown, shown

    team = rows(where, "SELECT claim_id, reviewer, queue FROM label "
                       "WHERE reviewer IN ('ann', 'bob') ORDER BY id")  # fmt: skip
    claims = [claim for claim, _, _ in team]
    assert len(claims) == len(set(claims)), team  # no flag was given to both
    assert set(claims) == set(order) - {rated}  # carla's rating fills its slot
    # every flag labeled first was one nobody had labeled since training, then the rest
    assert set(claims[: len(fresh)]) == fresh and set(claims[len(fresh) :]) == set(skipped)
    place = {claim: n for n, claim in enumerate(order)}
    for who in TEAM:  # each reviewer's part in the run's seeded order, fresh then the rest
        mine = [claim for claim, reviewer, _ in team if reviewer == who]
        first = [c for c in mine if c in fresh]
        assert mine[: len(first)] == sorted(first, key=place.get)
        assert mine[len(first) :] == sorted(mine[len(first) :], key=place.get)
    assert all(queue for _, _, queue in team)  # each one the queue's: a sample's label
