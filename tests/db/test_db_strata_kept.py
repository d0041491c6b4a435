"""A run's strata are kept as labels are made (db.tally.Moves, table runstratum), so
`stats` reads a few rows instead of looking up every labeled claim. Whatever the labels
do (queue and by-hand labels in several runs, relabels, undos, an adjudicator's final
word, disputes) the kept counts must equal a pass over every flag, after every write, for
the team and for each reviewer; and a database from before them is counted on upgrade."""

from __future__ import annotations

import random
import sqlite3

import pytest
from sqlalchemy import select, update
from typer.testing import CliRunner

import db
from db import strata
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from reviewer.cli import app
from tests.support.db_seed import add_run, flag, seed

REVIEWERS = ("ana", "ben", "cy")
VERDICTS = ("true_positive", "false_positive", "skip")


def briefs(first: int, last: int) -> list[list]:
    return [[flag(10 * j, f"{50 + j}", 50.0 + j) for j in range(first, last)] for _ in range(4)]


def kept_and_full(c, run_id: int, reviewer: str | None):  # type: ignore[no-untyped-def]
    """The strata as `stats` reads them (kept rows), and from a pass over every flag."""
    said: list[str] = []
    plain = strata.reader(c)

    def rows(sql, params):  # type: ignore[no-untyped-def]
        said.append(sql)
        return plain(sql, params)

    kept = strata.run_strata(rows=rows, run_id=run_id, reviewer=reviewer)
    assert strata.KEPT_SQL in said  # read from the kept rows, not a pass
    same = c.scalar(select(R.c.same_flags).where(R.c.id == run_id))
    c.execute(update(R).where(R.c.id == run_id).values(same_flags=None))  # forces the pass
    full = strata.run_strata(session=c, run_id=run_id, reviewer=reviewer)
    c.execute(update(R).where(R.c.id == run_id).values(same_flags=same))
    c.commit()
    return kept, full


def assert_kept(c, runs: list[int], step: object) -> None:  # type: ignore[no-untyped-def]
    for run_id in runs:
        for reviewer in (None, *REVIEWERS):
            kept, full = kept_and_full(c, run_id, reviewer)
            assert kept == full, (step, run_id, reviewer)


def random_writes(c, rng: random.Random, runs: list[int], count: int) -> None:  # type: ignore[no-untyped-def]
    """Labels on the runs' claims from any run's review (queue or by hand, or none), by
    reviewers and now and then an adjudicator, with undos among them; checked after each."""
    claims = sorted(set(c.execute(select(F.c.claim_id)).scalars()))
    for step in range(count):
        who = rng.choice(REVIEWERS)
        if rng.random() < 0.2:
            db.undo_last_label(session=c, reviewer=who)
        else:
            db.record_label(
                session=c, claim_id=rng.choice(claims), reviewer=who,
                verdict=rng.choice(VERDICTS), run_id=rng.choice([None, *runs]),
                queue=rng.random() < 0.5,
                role="adjudicator" if rng.random() < 0.1 else "reviewer",
            )  # fmt: skip
        assert_kept(c, runs, step)


@pytest.mark.parametrize("seed_value", [1, 2, 3])
def test_kept_strata_equal_a_full_pass_after_every_write(tmp_path, seed_value: int) -> None:
    rng = random.Random(seed_value)
    engine, run_a, pks = seed(tmp_path / "s.db", briefs(0, 5))
    with engine.connect() as c:
        random_writes(c, rng, [run_a], 25)
    run_b = add_run(engine, pks, briefs(2, 7))  # counted when it finishes, labels and all
    with engine.connect() as c:
        assert_kept(c, [run_a, run_b], "run b finished")
        random_writes(c, rng, [run_a, run_b], 40)
    run_c = add_run(engine, pks, briefs(0, 3))
    with engine.connect() as c:
        random_writes(c, rng, [run_a, run_b, run_c], 30)
    engine.dispose()


def test_kept_strata_on_postgresql(pg_url) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    engine, run_a, pks = seed(pg_url, briefs(0, 4))
    with engine.connect() as c:
        random_writes(c, rng, [run_a], 10)
    run_b = add_run(engine, pks, briefs(2, 6))
    with engine.connect() as c:
        random_writes(c, rng, [run_a, run_b], 20)
    engine.dispose()


def test_a_database_from_before_kept_strata_is_counted_on_upgrade(tmp_path) -> None:
    path = tmp_path / "old.db"
    engine, run_a, pks = seed(path, briefs(0, 5))
    with engine.connect() as c:
        random_writes(c, random.Random(4), [run_a], 12)
    run_b = add_run(engine, pks, briefs(2, 7))
    with engine.connect() as c:
        random_writes(c, random.Random(5), [run_a, run_b], 12)
        expected = {
            (run, who): kept_and_full(c, run, who)[1]
            for run in (run_a, run_b) for who in (None, *REVIEWERS)
        }  # fmt: skip
    engine.dispose()
    with sqlite3.connect(path) as old:  # as the schema stood at 0008
        old.execute("DROP TABLE runstratum")
        old.execute("UPDATE alembic_version SET version_num = '0008'")
    result = CliRunner().invoke(app, ["db", "upgrade", "--db", str(path)])
    assert result.exit_code == 0, result.output
    engine = db.open_existing(str(path))
    with engine.connect() as c:
        for (run, who), full in expected.items():
            kept, again = kept_and_full(c, run, who)
            assert kept == full == again, (run, who)
    engine.dispose()
