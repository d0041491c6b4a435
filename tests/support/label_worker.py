"""One reviewer hammering a database: `python label_worker.py WHERE REVIEWER SEED N START`.

Builds the reviewer's progress as the review app does, waits for the wall clock to reach
START (so every worker begins together), then makes N random labels, undos and notes on
random claims of the latest run. Prints how many writes it made; any exception is a failure
of the test that started it.
"""

from __future__ import annotations

import random
import sys
import time

from sqlalchemy import select

import db
from db.progress import ensure_progress
from db.tables import flagrecord as F

VERDICTS = ("true_positive", "false_positive", "skip")


def main() -> None:
    where, reviewer, seed, count, start = sys.argv[1:6]
    rng = random.Random(int(seed))
    engine = db.open_existing(where)
    with engine.connect() as connection:
        run = db.latest_run(session=connection)
        claims = sorted(set(connection.scalars(select(F.c.claim_id).where(F.c.run_id == run.id))))
        ensure_progress(session=connection, run_id=run.id, reviewer=reviewer)
    while time.time() < float(start):
        time.sleep(0.005)
    writes = 0
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        for _ in range(int(count)):
            roll = rng.random()
            claim_id = rng.choice(claims[: max(8, len(claims) // 3)])  # crowd a few claims
            if roll < 0.25:
                db.undo_last_label(session=connection, reviewer=reviewer)
            elif roll < 0.3:
                db.set_note(session=connection, claim_id=claim_id, reviewer=reviewer, note="n")
            else:
                verdict = rng.choice(VERDICTS)
                db.record_label(
                    session=connection, claim_id=claim_id, reviewer=reviewer, verdict=verdict
                )
            writes += 1
    engine.dispose()
    print(writes)


if __name__ == "__main__":
    main()
