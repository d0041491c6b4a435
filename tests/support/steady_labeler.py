"""A reviewer labeling every flag of the latest run once, in claim order, as fast as keys
come: `python steady_labeler.py WHERE REVIEWER PAUSE`.

Each label is one record_label call (which retries what the database refuses for a while).
Prints the labels made and the retries it was told of, e.g. `231 4`; an exception (or a
label given up on) fails the test that started it.
"""

from __future__ import annotations

import sys
import time

from sqlalchemy import select

import db
from db.tables import flagrecord as F

VERDICTS = ("true_positive", "false_positive", "skip")


def main() -> None:
    where, reviewer, pause = sys.argv[1], sys.argv[2], float(sys.argv[3])
    engine = db.open_existing(where)
    with engine.connect() as connection:
        run = db.latest_run(session=connection)
        claims = sorted(set(connection.scalars(select(F.c.claim_id).where(F.c.run_id == run.id))))
    retries = 0

    def told(*_: object) -> None:
        nonlocal retries
        retries += 1

    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        for n, claim_id in enumerate(claims):
            db.record_label(session=connection, claim_id=claim_id, reviewer=reviewer,
                            verdict=VERDICTS[n % 3], on_retry=told)  # fmt: skip
            time.sleep(pause)
    engine.dispose()
    print(len(claims), retries)


if __name__ == "__main__":
    main()
