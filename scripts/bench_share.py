"""Benchmark: a shared review (`review --share`) on a large run, whole and by class.

Run: python scripts/bench_share.py [--db PATH] [--labels 20]
Uses the database of bench_stats.py (100,000 briefs; run 2 has 811,602 flags, of them
495,516 new and 316,086 the same as run 1's; 50,000 labels), building it when PATH does
not exist, and works on a copy so the file stays as it was. For run 2 whole, then its
new and its same flags, it reports in process (the median of 5 reviewers, each new to
the run):
  - open: the team's queue made and its first flag held (what `review --share` waits
    for before it can show a brief);
  - the header's team count (recounted every five seconds while the app is open);
  - take + label: one label written and the next flag held, the median over LABELS.
With --model, run 2 is taken as made with a learned model that learned from the first
half of the labels (a model row added to the copy), so the queue walks first the flags
unlabeled since and counts only the labels made since.
Not collected by pytest (the name does not start with test_).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_stats import build  # noqa: E402
from sqlalchemy import Engine, text  # noqa: E402

import db  # noqa: E402
from reviewer.tui.queue import SharedQueue  # noqa: E402

RUN, PREVIOUS = 2, 1


def ms(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1e3:7.1f} ms"


def as_model_run(engine: Engine) -> None:
    """Run 2 made with a model learned from the labels up to the median one."""
    with engine.begin() as connection:
        last = connection.scalar(text("SELECT id FROM label ORDER BY id LIMIT 1 OFFSET "
                                      "(SELECT count(*) / 2 FROM label)"))  # fmt: skip
        connection.execute(
            text("INSERT INTO learnedmodel (name, detector, version, examples, positives, "
                 "briefs, last_label, body, created_at) VALUES ('bench', 'reference', '1.1', "
                 "0, 0, 0, :last, '{}', CURRENT_TIMESTAMP)"), {"last": last},
        )  # fmt: skip
        connection.execute(text("UPDATE detectorrun SET model_id = (SELECT max(id) FROM "
                                "learnedmodel) WHERE id = :run"), {"run": RUN})  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description="a shared review's cost on a large run")
    parser.add_argument("--db", type=Path, default=None, help="database file (kept; reused)")
    parser.add_argument("--labels", type=int, default=20, help="labels per reviewer")
    parser.add_argument("--model", action="store_true", help="run 2 as a model's run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source = args.db or Path(tmp) / "stats.db"
        if not source.exists():
            print(f"building {source}: 100,000 briefs, 50,000 labels")
            build(source, 100_000, 50_000)
        work = Path(tmp) / "share.db"
        shutil.copyfile(source, work)
        engine = db.open_existing(str(work))
        if args.model:
            as_model_run(engine)
        with engine.connect() as connection:
            for only in (None, "new", "same"):
                opened, counted, labeled = [], [], []
                for n in range(5):
                    reviewer = f"bench-{only}-{n}"
                    began = time.perf_counter()
                    queue = SharedQueue(connection, RUN, reviewer, overlap=None, only=only,
                                        previous=PREVIOUS if only else None)  # fmt: skip
                    taken = queue.next(connection)
                    opened.append(time.perf_counter() - began)
                    began = time.perf_counter()
                    header = queue.header(connection)
                    counted.append(time.perf_counter() - began)
                    for _ in range(args.labels):
                        assert taken is not None
                        began = time.perf_counter()
                        db.record_label(session=connection, claim_id=taken.claim_id,
                                        reviewer=reviewer, verdict="true_positive")  # fmt: skip
                        taken = queue.next(connection)
                        labeled.append(time.perf_counter() - began)
                print(f"run {RUN} {only or 'whole'}: open {ms(opened)}, team count "
                      f"{ms(counted)}, take + label {ms(labeled)}  ({header})")  # fmt: skip
        engine.dispose()


if __name__ == "__main__":
    main()
