"""The stored tallies behind precision_stats agree with counting every flag by hand."""

from __future__ import annotations

import random
from collections import Counter

from sqlmodel import Session

import db
from db import tally
from tests.support.db_seed import add_run, flag, seed

REVIEWERS = ("ana", "bob", None)


def by_hand(session, run_id, brief_pks, reviewer):
    """(kind, unit, verdict) counts from brief_flags, one brief at a time."""
    counts: Counter = Counter()
    for pk in brief_pks:
        for f in db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer=reviewer):
            counts[(f.kind, f.unit, f.verdict)] += 1
    return counts


def from_stats(stats):
    return {
        "flags": stats["flags"],
        "tp": stats["true_positives"],
        "fp": stats["false_positives"],
        "skip": stats["skipped"],
        "kinds": {k: (v["flags"], v["labeled"]) for k, v in stats["by_kind"].items()},
        "units": {u: (v["flags"], v["labeled"]) for u, v in stats["by_unit"].items()},
    }


def expected(counts):
    def slice_of(pred):
        part = {key: n for key, n in counts.items() if pred(key)}
        return (sum(part.values()), sum(n for (_, _, v), n in part.items() if v))

    return {
        "flags": sum(counts.values()),
        "tp": sum(n for (_, _, v), n in counts.items() if v == "true_positive"),
        "fp": sum(n for (_, _, v), n in counts.items() if v == "false_positive"),
        "skip": sum(n for (_, _, v), n in counts.items() if v == "skip"),
        "kinds": {k: slice_of(lambda key, k=k: key[0] == k) for k in {key[0] for key in counts}},
        "units": {u: slice_of(lambda key, u=u: key[1] == u) for u in {key[1] for key in counts}},
    }


def test_random_labels_and_undos_keep_tallies_exact(database):
    rng = random.Random(3)
    flags = [
        [flag(20, "55", 55.0), flag(31, "22.4", 22.4, "sign", "none")],
        [flag(8, "50", 50.0)],
        [],
        [flag(8, "50", 50.0), flag(20, "55", 55.0), flag(31, "22.4", 22.4, "sign", "none")],
    ]
    engine, run1, pks = seed(database, flags)
    with Session(engine) as session:
        claims = [
            f.claim_id
            for pk in pks
            for f in db.brief_flags(session=session, run_id=run1, brief_pk=pk, reviewer=None)
        ]
        for step in range(250):
            if step == 120:  # a second run sharing some spans, while labels exist
                add_run(engine, pks, [[*fl[:1], flag(40, "5.1", 5.1, unit="none")] for fl in flags])
            reviewer = rng.choice(REVIEWERS[:2])
            if rng.random() < 0.3:
                db.undo_last_label(session=session, reviewer=reviewer)
            else:
                verdict = rng.choice(db.VERDICTS)
                db.record_label(
                    session=session, claim_id=rng.choice(claims), reviewer=reviewer, verdict=verdict
                )
            if step % 25 == 0 or step == 249:
                for run_id in (run1, 2) if step >= 120 else (run1,):
                    for who in REVIEWERS:
                        got = db.precision_stats(session=session, run_id=run_id, reviewer=who)
                        assert from_stats(got) == expected(by_hand(session, run_id, pks, who))
        final = {who: db.precision_stats(session=session, reviewer=who) for who in REVIEWERS}
        tally.rebuild_all(session)
        session.commit()
        assert {
            who: db.precision_stats(session=session, reviewer=who) for who in REVIEWERS
        } == final
    engine.dispose()
