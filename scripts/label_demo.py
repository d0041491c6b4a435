"""Label a run of the demo from its known answers, as a reviewer would with the app.

The demo's briefs say which of their numbers are real contradictions (meta.planted, see
fixtures/demo/README.md): a flag overlapping a planted true positive is one, any other flag
is a false alarm. This labels every flag of a run (`--all`, by hand in brief order), or the
first N flags its random review queue brings (`--queue N`), and can mark every brief read
in full (`--read-in-full`), so the figures of `reviewer stats` and `reviewer diff` can be
checked against the truth. Used for the README's worked figures:

    reviewer ingest fixtures/demo/briefs.jsonl --db demo.db
    python scripts/label_demo.py --db demo.db --run 1 --all --read-in-full
    reviewer flag -d reference --db demo.db
    reviewer stats --run 2 --db demo.db
    python scripts/label_demo.py --db demo.db --run 2 --queue 40
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sqlalchemy import select

import db
from db import misses, queue
from db.tables import brief as B
from db.tables import flagrecord as F

DEMO = Path(__file__).resolve().parents[1] / "fixtures" / "demo" / "briefs.jsonl"


def answers(path: Path = DEMO) -> dict[str, list[tuple[int, int]]]:
    """Brief id -> the spans of its planted true positives."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        brief = json.loads(line)
        found[brief["id"]] = [
            (p["start"], p["start"] + len(p["token"]))
            for p in brief["meta"]["planted"]
            if p["truth"] == "true_positive"
        ]
    return found


def truth(spans: list[tuple[int, int]], start: int, end: int) -> str:
    hit = any(s < end and start < e for s, e in spans)
    return "true_positive" if hit else "false_positive"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a database made from the demo briefs")
    parser.add_argument("--run", type=int, required=True, help="the run to label")
    parser.add_argument("--reviewer", default="ana")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--all", action="store_true", help="every flag, in brief order")
    how.add_argument("--queue", type=int, metavar="N", help="the queue's next N flags")
    parser.add_argument("--read-in-full", action="store_true", help="mark every brief read")
    args = parser.parse_args()
    known = answers()
    engine = db.open_existing(args.db)
    with engine.connect() as c:
        where = {
            pk: (brief_id, start, end)
            for pk, brief_id, start, end in c.execute(
                select(F.c.pk, B.c.brief_id, F.c.start, F.c.end)
                .select_from(F.join(B, B.c.pk == F.c.brief_pk))
                .where(F.c.run_id == args.run)
                .order_by(F.c.brief_pk, F.c.start)
            )
        }
        made = 0
        if args.all:
            claims = dict(
                c.execute(select(F.c.pk, F.c.claim_id).where(F.c.run_id == args.run)).all()
            )
            for pk, (brief_id, start, end) in where.items():
                verdict = truth(known[brief_id], start, end)
                db.record_label(session=c, claim_id=claims[pk], reviewer=args.reviewer,
                                verdict=verdict, run_id=args.run)  # fmt: skip
                made += 1
        else:
            queue.ensure_order(session=c, run_id=args.run)
            after = None
            for _ in range(args.queue):
                found = queue.next_in_queue(
                    session=c, run_id=args.run, reviewer=args.reviewer, after=after
                )
                if found is None:
                    break
                brief_id, start, end = where[found.flag_pk]
                db.record_label(
                    session=c, claim_id=found.claim_id, reviewer=args.reviewer,
                    verdict=truth(known[brief_id], start, end), run_id=args.run, queue=True,
                )  # fmt: skip
                after = queue.queue_key(session=c, flag_pk=found.flag_pk)
                made += 1
        read = 0
        if args.read_in_full:
            for (brief_pk,) in c.execute(select(B.c.pk)):
                misses.set_reviewed(session=c, brief_pk=brief_pk, reviewer=args.reviewer,
                                    run_id=args.run)  # fmt: skip
                read += 1
    engine.dispose()
    print(f"run {args.run}: {made} labels by {args.reviewer}; {read} briefs marked read in full")


if __name__ == "__main__":
    main()
