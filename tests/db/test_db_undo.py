"""On a SQLite file and on PostgreSQL (the `database` fixture): failing a run removes its
rows but not what reviewers made; abandoned runs are found by their owner process; an
ingest's writes can be taken back, row for row."""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import select
from sqlmodel import Session

import db
from db.tables import detectorrun as R
from db.undo import IngestUndo, abandoned_runs, fail_run, owner_alive, this_owner, undo_ingest
from db.views import pool_to_json
from db.writes import (
    Scan,
    digest,
    finish_run,
    insert_briefs,
    pool_pks,
    replace_brief,
    start_run,
    store_scans,
)
from reviewer import Known
from tests.support.db_seed import flag, seed
from tests.support.faults import snapshot


def _status(engine, run_id):
    with Session(engine) as session:
        return session.execute(select(R.c.status, R.c.finished_at).where(R.c.id == run_id)).one()


def test_a_run_is_running_then_finished_and_owned_by_its_process(database):
    engine, run_id, _ = seed(database, [[flag(12, "55", 55.0)]])
    assert _status(engine, run_id)[0] == "finished"
    with Session(engine) as session:
        running = start_run(session, detector="d", version="1", config="{}")
        session.commit()
        owner = session.scalar(select(R.c.owner).where(R.c.id == running))
    assert owner == this_owner()
    assert _status(engine, running) == ("running", None)


def test_failing_a_run_removes_its_rows_but_keeps_labeled_and_shared_claims(database):
    first = [flag(12, "55", 55.0)]
    engine, run_1, pks = seed(database, [first])
    with Session(engine) as session:
        run_2 = start_run(session, detector="d", version="2", config="{}")
        # the shared claim (55) and one of its own (22.4)
        scans = [Scan(pks[0], 3, [*first, flag(25, "22.4", 22.4, "sign", "none")])]
        store_scans(session, run_2, scans)
        finish_run(session, run_2)
        session.commit()
    before = snapshot(database)
    with Session(engine) as session:
        fail_run(session=session, run_id=run_2)
        session.commit()
    after = snapshot(database)
    assert _status(engine, run_2) == ("failed", None)
    assert [r for r in after["flagrecord"] if r[1] == run_2] == []
    assert [r for r in after["briefscan"] if r[0] == run_2] == []
    assert [r for r in after["runtally"] if r[0] == run_2] == []
    assert after["flagrecord"] == [r for r in before["flagrecord"] if r[1] == run_1]
    tokens = sorted(r[4] for r in after["claim"])
    assert tokens == ["55"]  # the claim run 1 also raised stays; run 2's own is gone
    with Session(engine) as session:
        assert db.latest_run(session=session).id == run_1


def test_a_run_whose_process_is_gone_is_abandoned(database):
    engine, _, _ = seed(database, [[]])
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    with Session(engine) as session:
        mine = start_run(session, detector="d", version="1", config="{}")
        gone = start_run(session, detector="d", version="1", config="{}")
        session.execute(
            R.update()
            .where(R.c.id == gone)
            .values(owner=f"{this_owner().rpartition(':')[0]}:{dead.stdout.strip()}")
        )
        elsewhere = start_run(session, detector="d", version="1", config="{}")
        session.execute(R.update().where(R.c.id == elsewhere).values(owner="another-host:1"))
        session.commit()
        assert abandoned_runs(session=session) == [gone]
    assert owner_alive(this_owner())
    assert not owner_alive(None)
    assert mine


def test_undo_ingest_takes_back_added_and_replaced_briefs_row_for_row(database):
    engine, _, pks = seed(database, [[flag(12, "55", 55.0)]])
    before = snapshot(database)
    with Session(engine) as session:
        undo = IngestUndo.begin(session=session)
        knowns = pool_to_json((Known("hrv", 64.0, "none"),))
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        added = insert_briefs(
            session, [{"brief_id": "new", "text": "HRV 70", "pool_pk": pool_pk, "digest": "x"}]
        )
        replace_brief(session, pks[0], {"text": "changed", "pool_pk": pool_pk, "digest": "y"})
        run = start_run(session, detector="d", version="1", config="{}")
        store_scans(session, run, [Scan(added[0], 1, [flag(4, "70", 70.0)])])
        undo.wrote(added=added, replaced=[pks[0]])
        session.commit()
    assert snapshot(database) != before
    with Session(engine) as session:
        undo_ingest(session=session, undo=undo)
        fail_run(session=session, run_id=run)
        session.execute(R.delete().where(R.c.id == run))
        session.commit()
    assert snapshot(database) == before
