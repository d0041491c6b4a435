"""Shared work on a real SQLite file: every flag taken once, the overlap twice, holds lapse."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update
from sqlmodel import Session

import db
from db import queue, share
from db.changes import class_size
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import utcnow
from db.tables import workclaim as W
from tests.support.db_seed import flag, seed


@pytest.fixture
def run(tmp_path):
    flags = [[flag(10, "55", 55.0), flag(20, "22.4", 22.4, "sign", "none")]] * 100
    engine, run_id, _ = seed(tmp_path / "team.db", flags)
    with Session(engine) as session:
        yield session, run_id
    engine.dispose()


def take(session, run_id, reviewer, overlap, **kw):
    seed_ = share.run_seed(session=session, run_id=run_id)
    return share.take_next(
        session=session, run_id=run_id, reviewer=reviewer, overlap=overlap, seed=seed_, **kw
    )


def labelers(session) -> dict[int, set[str]]:
    found: dict[int, set[str]] = {}
    for claim_id, reviewer in session.execute(
        select(LS.c.claim_id, LS.c.reviewer).where(LS.c.verdict.is_not(None))
    ):
        found.setdefault(claim_id, set()).add(reviewer)
    return found


def test_two_reviewers_cover_the_run_and_share_only_the_overlap(run) -> None:
    session, run_id = run
    order = share.share_order(session=session, run_id=run_id)
    assert sorted(order) == list(range(1, 201)) and order != sorted(order)  # random order
    done = {"ann": False, "bob": False}
    while not all(done.values()):
        for reviewer in done:
            if done[reviewer]:
                continue
            taken = take(session, run_id, reviewer, 0.2)
            if taken is None:
                done[reviewer] = True
                continue
            db.record_label(session=session, claim_id=taken.claim_id, reviewer=reviewer,
                            verdict="true_positive")  # fmt: skip
    found = labelers(session)
    assert set(found) == set(order)  # every flag labeled
    seed_ = share.run_seed(session=session, run_id=run_id)
    overlap = {c for c in order if share.in_overlap(seed_, c, 0.2)}
    both = {c for c, who in found.items() if len(who) == 2}
    assert both == overlap  # the overlap twice, nothing else
    # about a fifth: the overlap is a hash of the run's random seed and each claim, so its
    # size is binomial (200, 0.2), 40 ± 5.7; five standard deviations either side
    assert 12 <= len(both) <= 68
    assert 60 < sum("ann" in who for who in found.values()) < 140  # the work is shared


def test_a_hold_is_resumed_then_lapses_for_others(run) -> None:
    session, run_id = run
    first = take(session, run_id, "ann", 0.0)
    order = share.share_order(session=session, run_id=run_id)
    assert first is not None and first.claim_id == order[0] and first.key is not None
    assert take(session, run_id, "ann", 0.0) == first  # still hers: the same flag again
    other = take(session, run_id, "bob", 0.0)
    assert other is not None and other.claim_id != first.claim_id
    db.record_label(session=session, claim_id=other.claim_id, reviewer="bob", verdict="skip")
    share.release(session=session, run_id=run_id, claim_id=other.claim_id, reviewer="bob")
    later = utcnow() + share.HOLD + timedelta(seconds=1)
    # ann walked away: her unlabeled hold has lapsed, so bob gets her flag
    again = take(session, run_id, "bob", 0.0, now=later)
    assert again is not None and again.claim_id == first.claim_id
    # bob's skip gave his first flag back: ann (who has not seen it) may take it
    assert take(session, run_id, "ann", 0.0, now=later).claim_id == other.claim_id


def test_a_labeled_hold_never_lapses(run) -> None:
    session, run_id = run
    mine = take(session, run_id, "ann", 0.0)
    db.record_label(session=session, claim_id=mine.claim_id, reviewer="ann",
                    verdict="false_positive")  # fmt: skip
    later = utcnow() + 10 * share.HOLD
    seen = set()
    while (taken := take(session, run_id, "bob", 0.0, now=later)) is not None:
        seen.add(taken.claim_id)
        db.record_label(session=session, claim_id=taken.claim_id, reviewer="bob",
                        verdict="true_positive")  # fmt: skip
    assert mine.claim_id not in seen and len(seen) == 199


def test_overlap_is_stored_with_the_run_and_progress_counts_the_team(run) -> None:
    session, run_id = run
    assert share.run_overlap(session=session, run_id=run_id) == share.DEFAULT_OVERLAP
    share.set_overlap(session=session, run_id=run_id, overlap=0.25)
    assert share.run_overlap(session=session, run_id=run_id) == 0.25
    with pytest.raises(ValueError, match="between 0 and 1"):
        share.set_overlap(session=session, run_id=run_id, overlap=1.5)
    for reviewer, n in (("ann", 3), ("bob", 2)):
        for _ in range(n):
            taken = take(session, run_id, reviewer, 0.0)
            db.record_label(session=session, claim_id=taken.claim_id, reviewer=reviewer,
                            verdict="true_positive")  # fmt: skip
    progress = share.team_progress(session=session, run_id=run_id, reviewer="ann")
    assert (progress.flags, progress.labeled, progress.mine, progress.overlap) == (200, 5, 3, 0.25)


def test_an_overlap_claim_waits_only_while_someone_on_the_run_has_not_seen_it(run) -> None:
    """ann rates an overlap claim and bob skips it: with only the two of them it has
    passed (nobody left to rate it); once cy has worked on the run, it waits for cy."""
    session, run_id = run
    share.set_overlap(session=session, run_id=run_id, overlap=1.0)
    claim_ids = share.share_order(session=session, run_id=run_id)
    first, other = claim_ids[0], claim_ids[1]
    db.record_label(session=session, claim_id=first, reviewer="ann", verdict="true_positive")
    assert share.overlap_left(session=session, run_id=run_id) == share.OverlapLeft(
        len(claim_ids), 0
    )
    db.record_label(session=session, claim_id=first, reviewer="bob", verdict="skip")
    assert share.overlap_left(session=session, run_id=run_id) == share.OverlapLeft(
        len(claim_ids) - 1, 1
    )
    db.record_label(session=session, claim_id=other, reviewer="cy", verdict="true_positive")
    assert share.overlap_left(session=session, run_id=run_id).passed == 0
    # an adjudicator is no reviewer: their verdict neither rates it nor makes a teammate
    db.record_label(session=session, claim_id=first, reviewer="cy", verdict="true_positive",
                    role="adjudicator")  # fmt: skip
    assert share.overlap_left(session=session, run_id=run_id).passed == 0


def test_a_later_run_gives_out_only_what_no_earlier_label_covers(tmp_path) -> None:
    """Run 2 flags the claims of run 1 and one new claim per brief: with no overlap, the
    claims labeled in run 1 are not given out again, so sharing walks the rest."""
    from tests.support.db_seed import add_run

    old = [flag(10, "55", 55.0)]
    engine, first, pks = seed(tmp_path / "two.db", [old] * 5)
    with Session(engine) as session:
        for claim_id in share.share_order(session=session, run_id=first):
            db.record_label(session=session, claim_id=claim_id, reviewer="ann",
                            verdict="true_positive", run_id=first)  # fmt: skip
    second = add_run(engine, pks, [[*old, flag(30, "7", 7.0)]] * 5)
    with Session(engine) as session:
        labeled_before = {c for c in share.share_order(session=session, run_id=first)}
        given = []
        while (taken := take(session, second, "bob", 0.0)) is not None:
            given.append(taken.claim_id)
            db.record_label(session=session, claim_id=taken.claim_id, reviewer="bob",
                            verdict="true_positive", run_id=second)  # fmt: skip
        assert len(given) == 5 and not set(given) & labeled_before
    engine.dispose()


def test_a_class_of_flags_counts_its_own_claims_labels_and_overlap(tmp_path) -> None:
    """Run 2 keeps one of run 1's flags per brief, drops another and adds a new one. The
    team's progress and the overlap left over the new flags count their labels alone: not
    those of the flags both runs have, nor of the flag run 2 no longer has; and whoever
    labeled only those is no teammate who could still rate a new flag."""
    from tests.support.db_seed import add_run

    kept, dropped = flag(10, "55", 55.0), flag(50, "9", 9.0)
    engine, first, pks = seed(tmp_path / "class.db", [[kept, dropped]] * 4)
    second = add_run(engine, pks, [[kept, flag(30, "7", 7.0)]] * 4)
    with Session(engine) as session:
        everything = share.share_order(session=session, run_id=second)
        new_flags = share.FlagClass("new", first)
        new = share.share_order(session=session, run_id=second, flag_class=new_flags)
        assert len(everything) == 8 and len(new) == 4
        # the class's size comes from the count stored with the run; counted, it is the same
        assert class_size(db=session, run_id=second, previous=first, change="new") == 4
        session.execute(update(R).where(R.c.id == second).values(same_flags=None))
        assert class_size(db=session, run_id=second, previous=first, change="new") == 4
        assert class_size(db=session, run_id=second, previous=first, change="same") == 4
        session.commit()
        share.set_overlap(session=session, run_id=second, overlap=1.0)
        old = [c for c in everything if c not in new]
        gone = [c for c in share.share_order(session=session, run_id=first) if c not in everything]
        tp, skip = "true_positive", "skip"
        for reviewer, claim_id, verdict in [
            *(("ann", c, tp) for c in (new[0], new[2], old[0], old[2])),
            ("bob", new[0], tp), ("bob", new[1], tp), ("bob", new[2], skip), ("bob", old[2], skip),
            ("cy", old[1], tp), ("cy", old[2], skip),  # the old flags only
            ("dave", gone[0], tp),  # a flag run 2 does not have
        ]:  # fmt: skip
            db.record_label(session=session, claim_id=claim_id, reviewer=reviewer, verdict=verdict)
        progress = share.team_progress(
            session=session, run_id=second, reviewer="ann", flag_class=new_flags
        )
        assert (progress.flags, progress.labeled, progress.mine) == (4, 3, 2)
        # new[0] has two ratings; new[1] waits for ann and new[3] for both; ann rated new[2]
        # and bob skipped it: with cy no teammate on the new flags, it has passed
        assert share.overlap_left(session=session, run_id=second, flag_class=new_flags) == (
            share.OverlapLeft(2, 1)
        )
        # the whole run: old[2] was rated by ann and skipped by bob and cy, so it has
        # passed; dave labeled only a flag the run does not have and is no teammate
        whole = share.team_progress(session=session, run_id=second, reviewer="ann")
        assert (whole.flags, whole.labeled, whole.mine) == (8, 6, 4)
        assert share.overlap_left(session=session, run_id=second) == share.OverlapLeft(6, 1)
    engine.dispose()


def test_the_shared_order_is_the_run_queue_read_a_page_at_a_time(run, monkeypatch) -> None:
    """Sharing walks the run's stored review order (rank, then flag), a few rows per query:
    across page ends every claim comes once, in that order, and a take after a place
    starts right after it."""
    session, run_id = run
    monkeypatch.setattr(share, "BATCH", 7)  # 200 flags: 29 pages, the last one short
    ranked = [
        claim_id
        for claim_id, _, _ in sorted(
            session.execute(
                select(F.c.claim_id, F.c.queue_rank, F.c.pk).where(F.c.run_id == run_id)
            ),
            key=lambda row: (row[1], row[2]),
        )
    ]
    order = share.share_order(session=session, run_id=run_id)
    assert order == ranked and len(set(order)) == 200
    keys = [key for key, _ in share.walk(session=session, run_id=run_id)]
    assert keys == sorted(keys)
    after = list(share.walk(session=session, run_id=run_id, after=keys[40]))
    assert [c for _, c in after] == order[41:]
    taken = []
    while (got := take(session, run_id, "ann", 0.0)) is not None:
        taken.append(got.claim_id)
        db.record_label(session=session, claim_id=got.claim_id, reviewer="ann",
                        verdict="true_positive")  # fmt: skip
    assert taken == order


def test_an_older_run_shared_before_it_had_a_seed_keeps_its_overlap(run) -> None:
    """A run from before the stored order drew its overlap from its id: when it gets its
    order, a run a team already shares takes its id as its seed, so the sample holds."""
    session, run_id = run
    session.execute(update(R).values(order_seed=None))
    session.execute(update(F).values(queue_rank=None))
    session.commit()
    before = share.run_seed(session=session, run_id=run_id)
    assert before == run_id
    # ann shared it under an earlier release: her hold is there, the run has no order yet
    session.execute(W.insert().values(run_id=run_id, claim_id=1, slot=0, reviewer="ann",
                                      claimed_at=utcnow()))  # fmt: skip
    session.commit()
    assert queue.ensure_order(session=session, run_id=run_id) == run_id
    assert share.run_seed(session=session, run_id=run_id) == before
    assert session.scalar(select(F.c.pk).where(F.c.queue_rank.is_(None))) is None


@pytest.mark.parametrize("stored", [True, False])
def test_a_class_size_is_the_count_of_its_flags(tmp_path, stored) -> None:
    """Three briefs: run 2 keeps run 1's flag on each and adds two: 3 same, 6 new, from
    the count stored with the run or, without it, counted."""
    from tests.support.db_seed import add_run

    kept = flag(10, "55", 55.0)
    engine, first, pks = seed(tmp_path / "size.db", [[kept]] * 3)
    second = add_run(engine, pks, [[kept, flag(30, "7", 7.0), flag(40, "8", 8.0)]] * 3)
    with Session(engine) as session:
        if not stored:
            session.execute(update(R).where(R.c.id == second).values(same_flags=None))
        sizes = {
            change: class_size(db=session, run_id=second, previous=first, change=change)
            for change in ("new", "same")
        }
        assert sizes == {"new": 6, "same": 3}
        for change, size in sizes.items():
            walked = share.share_order(
                session=session, run_id=second, flag_class=share.FlagClass(change, first)
            )
            assert len(walked) == size
    engine.dispose()


def test_an_older_run_shared_first_draws_its_overlap_from_the_seed_it_keeps(run) -> None:
    """A run from before the stored order, shared for the first time, gets its seed before
    the team's queue reads it: the overlap this reviewer's process draws is the one every
    later process draws."""
    from reviewer.tui.queue import SharedQueue

    session, run_id = run
    session.execute(update(R).values(order_seed=None))
    session.execute(update(F).values(queue_rank=None))
    session.commit()
    with session.get_bind().connect() as connection:
        queue = SharedQueue(connection, run_id, "ann", overlap=0.2)
        assert queue.next(connection) is not None
    assert queue.seed == share.run_seed(session=session, run_id=run_id)
    assert session.scalar(select(F.c.pk).where(F.c.queue_rank.is_(None))) is None
