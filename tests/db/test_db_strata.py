"""The random review queue and a run's strata, on real SQLite files."""

from __future__ import annotations

from sqlalchemy import select, update

import db
from db import queue, strata
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import label as L
from tests.support.db_seed import add_run, flag, seed

TP, FP = "true_positive", "false_positive"


def many_flags(briefs: int = 8, per_brief: int = 5) -> list[list]:
    return [[flag(10 * j, f"{50 + j}", 50.0 + j) for j in range(per_brief)] for _ in range(briefs)]


def walk(connection, run_id: int, reviewer: str = "ana") -> list[int]:  # type: ignore[no-untyped-def]
    """Label the whole queue in order (queue labels), returning the flag pks met."""
    met, after = [], None
    while (
        found := queue.next_in_queue(
            session=connection, run_id=run_id, reviewer=reviewer, after=after
        )
    ) is not None:
        assert queue.is_next_in_queue(
            session=connection, run_id=run_id, reviewer=reviewer, flag_pk=found.flag_pk
        )
        met.append(found.flag_pk)
        db.record_label(
            session=connection,
            claim_id=found.claim_id,
            reviewer=reviewer,
            verdict=FP,
            run_id=run_id,
            queue=True,
        )
        after = queue.queue_key(session=connection, flag_pk=found.flag_pk)
    return met


def test_a_run_stores_its_seed_and_every_flag_its_rank(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, _ = seed(tmp_path / "q.db", many_flags())
    with engine.connect() as c:
        seed_value = c.scalar(select(R.c.order_seed).where(R.c.id == run_id))
        assert seed_value
        rows = c.execute(select(F.c.claim_id, F.c.queue_rank).where(F.c.run_id == run_id)).all()
        assert all(rank == queue.queue_rank(seed_value, claim) for claim, rank in rows)


def test_the_queue_is_a_random_order_the_same_for_every_reviewer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, _ = seed(tmp_path / "q.db", many_flags())
    with engine.connect() as c:
        ana = walk(c, run_id, "ana")
        ben = walk(c, run_id, "ben")
        stored = [
            pk for (pk,) in c.execute(select(F.c.pk).where(F.c.run_id == run_id).order_by(F.c.pk))
        ]
    assert sorted(ana) == stored  # every flag once
    assert ana == ben  # one order for everyone
    assert ana != stored  # not the stored (brief) order


def test_next_in_queue_wraps_around_and_skips_labeled_flags(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, _ = seed(tmp_path / "q.db", many_flags(2, 3))
    with engine.connect() as c:
        first = queue.next_in_queue(session=c, run_id=run_id, reviewer="ana")
        assert first is not None
        last_key = max(
            queue.queue_key(session=c, flag_pk=pk) for (pk,) in c.execute(select(F.c.pk))
        )
        again = queue.next_in_queue(session=c, run_id=run_id, reviewer="ana", after=last_key)
        assert again is not None and again.flag_pk == first.flag_pk
        db.record_label(session=c, claim_id=first.claim_id, reviewer="ana", verdict=TP)
        second = queue.next_in_queue(session=c, run_id=run_id, reviewer="ana")
        assert second is not None and second.flag_pk != first.flag_pk
        other = next(
            pk for (pk,) in c.execute(select(F.c.pk)) if pk not in (first.flag_pk, second.flag_pk)
        )
        assert not queue.is_next_in_queue(session=c, run_id=run_id, reviewer="ana", flag_pk=other)


def test_an_older_run_gets_its_order_on_first_review(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, _ = seed(tmp_path / "q.db", many_flags(2, 3))
    with engine.begin() as c:
        c.execute(update(R).values(order_seed=None))
        c.execute(update(F).values(queue_rank=None))
    with engine.connect() as c:
        got = queue.ensure_order(session=c, run_id=run_id)
        assert got == c.scalar(select(R.c.order_seed))
        assert c.scalar(select(F.c.pk).where(F.c.queue_rank.is_(None))) is None
        assert queue.ensure_order(session=c, run_id=run_id) == got  # fixed from then on


def test_strata_of_a_first_run_labeled_through_the_queue_and_by_hand(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine, run_id, _ = seed(tmp_path / "s.db", many_flags())
    with engine.connect() as c:
        for _ in range(6):
            found = queue.next_in_queue(session=c, run_id=run_id, reviewer="ana")
            db.record_label(
                session=c,
                claim_id=found.claim_id,
                reviewer="ana",
                verdict=TP,
                run_id=run_id,
                queue=True,
            )
        unlabeled = c.execute(
            select(F.c.claim_id).where(F.c.run_id == run_id).order_by(F.c.pk)
        ).scalars()
        chosen = [
            cid for cid in unlabeled if c.scalar(select(L.c.id).where(L.c.claim_id == cid)) is None
        ][:2]
        for claim_id in chosen:
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict=FP, run_id=run_id)
        result = strata.run_strata(session=c, run_id=run_id)
    by_name = {s.name: s for s in result.precision.strata}
    assert result.previous_run is None
    assert (by_name["by_hand"].flags, by_name["by_hand"].fp) == (2, 2)
    assert (by_name["new"].flags, by_name["new"].tp, by_name["new"].fp) == (38, 6, 0)
    assert by_name["inherited"].flags == by_name["same"].flags == 0
    assert (result.queue_labels, result.hand_labels) == (6, 2)
    assert result.precision.measured
    # by hand 2 false of 2, the queue's 6 of 6 true stand for the other 38
    assert result.precision.value == 38 / 40


def test_labels_carried_to_a_new_run_are_inherited_and_its_new_flags_unmeasured(tmp_path) -> None:  # type: ignore[no-untyped-def]
    first = [[flag(0, "55", 55.0), flag(10, "56", 56.0)] for _ in range(4)]
    engine, run_a, pks = seed(tmp_path / "s.db", first)
    with engine.connect() as c:
        for claim_id in c.execute(select(F.c.claim_id).where(F.c.run_id == run_a)).scalars().all():
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict=TP, run_id=run_a)
    second = [[flag(0, "55", 55.0), flag(20, "57", 57.0), flag(30, "58", 58.0)] for _ in range(4)]
    run_b = add_run(engine, pks, second)
    with engine.connect() as c:
        result = strata.run_strata(session=c, run_id=run_b)
        assert (
            strata.run_strata(session=c, run_id=run_b, reviewer="ana").precision == result.precision
        )
    by_name = {s.name: s for s in result.precision.strata}
    assert result.previous_run == run_a
    assert (by_name["inherited"].flags, by_name["inherited"].tp) == (4, 4)
    assert (by_name["new"].flags, by_name["new"].n) == (8, 0)
    assert result.precision.unmeasured == ("new",)
    assert result.precision.bounds == (4 / 12, 1.0)


def test_strata_from_the_labeled_claims_equal_a_pass_over_every_flag(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A finished run stores how many of its flags its previous run has too, so its strata
    are read from the labeled claims alone; they must equal the full pass, for the team and
    for each reviewer, with inherited, queue, by-hand, skipped and disputed labels."""
    first = [[flag(10 * j, f"{50 + j}", 50.0 + j) for j in range(4)] for _ in range(5)]
    engine, run_a, pks = seed(tmp_path / "s.db", first)
    with engine.connect() as c:
        claims = c.execute(select(F.c.claim_id).where(F.c.run_id == run_a)).scalars().all()
        for i, claim_id in enumerate(claims[:12]):
            verdict = (TP, FP, "skip")[i % 3]
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict=verdict,
                            run_id=run_a if i % 2 else None)  # fmt: skip
        db.record_label(session=c, claim_id=claims[0], reviewer="ben", verdict=FP)  # disputed
    second = [[flag(10 * j, f"{50 + j}", 50.0 + j) for j in range(2, 7)] for _ in range(5)]
    run_b = add_run(engine, pks, second)
    with engine.connect() as c:
        for _ in range(5):
            found = queue.next_in_queue(session=c, run_id=run_b, reviewer="ana")
            db.record_label(session=c, claim_id=found.claim_id, reviewer="ana", verdict=TP,
                            run_id=run_b, queue=True)  # fmt: skip
        hand = c.execute(select(F.c.claim_id).where(F.c.run_id == run_b)).scalars().all()[-1]
        db.record_label(session=c, claim_id=hand, reviewer="ben", verdict=FP, run_id=run_b)
    run_c = add_run(engine, pks, first)
    with engine.connect() as c:
        stored = dict(c.execute(select(R.c.id, R.c.same_flags)).all())
        assert stored[run_a] == 0 and stored[run_b] == 2 * 5 and stored[run_c] == 2 * 5
        for run_id in (run_a, run_b, run_c):
            for reviewer in (None, "ana", "ben"):
                said: list[str] = []
                plain = strata.reader(c)

                def rows(sql, params, said=said, plain=plain):  # type: ignore[no-untyped-def]
                    said.append(sql)
                    return plain(sql, params)

                fast = strata.run_strata(rows=rows, run_id=run_id, reviewer=reviewer)
                assert strata.STRATA_SQL.split("{")[0] not in " ".join(said)  # no full pass
                c.execute(update(R).where(R.c.id == run_id).values(same_flags=None))
                slow = strata.run_strata(session=c, run_id=run_id, reviewer=reviewer)
                c.execute(update(R).where(R.c.id == run_id).values(same_flags=stored[run_id]))
                assert fast == slow, (run_id, reviewer)
        # counted against another run than the one before it now: a wrong count is not
        # used, the full pass gives the strata again
        right = strata.run_strata(session=c, run_id=run_b)
        c.execute(
            update(R).where(R.c.id == run_b).values(same_as=run_c, same_flags=stored[run_b] + 3)
        )
        assert strata.run_strata(session=c, run_id=run_b) == right
