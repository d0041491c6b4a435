"""Benchmark: what the strata and recall cost `reviewer stats` on a large database.

Run: python scripts/bench_stats.py [--n 100000] [--labels 50000] [--db PATH]
Builds (or reuses, with --db on an existing file) a database of N generated briefs (those
of bench_ingest.py) with two runs: `default`, then `reference` over the same briefs, so
the second run has a previous run and every stratum (inherited, by hand, new, same) is
populated: LABELS labels made on run 1, a tenth of them through run 2's queue, and a tenth
of the briefs marked read in full. Then reports, best and median of 5:
  - `reviewer stats` and `reviewer stats --json`, start-up included (the target is 0.3 s),
    and each with `--by-rule` (two GROUP BYs over the run's flags, asked for);
  - in process: the strata of run 2 and its previous run, run 2's recall alone, and its
    figures by rule (the team's verdicts, and one reviewer's).
Not collected by pytest (the name does not start with test_).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_ingest import generate, insert_labels  # noqa: E402
from sqlalchemy import func, insert, select, update  # noqa: E402

import db  # noqa: E402
from db import tally  # noqa: E402
from db.by_rule import by_rule  # noqa: E402
from db.strata import reader, run_recall, run_strata  # noqa: E402
from db.tables import brief as B  # noqa: E402
from db.tables import flagrecord as F  # noqa: E402
from db.tables import label as L  # noqa: E402
from db.tables import reviewedbrief as RB  # noqa: E402
from db.tables import utcnow  # noqa: E402

REVIEWER = [sys.executable, "-c", "from reviewer.cli import main; main()"]


def build(dbp: Path, n: int, labels: int) -> None:
    src = dbp.with_suffix(".jsonl")
    generate(src, n)
    for args in (["ingest", str(src)], ["flag", "-d", "reference"]):
        t = time.perf_counter()
        subprocess.run([*REVIEWER, *args, "--db", str(dbp)], check=True, cwd=ROOT)
        print(f"  {args[0]}: {time.perf_counter() - t:.1f} s")
    engine = db.make_engine(str(dbp))
    insert_labels(engine, labels)  # labels without a run: inherited by run 2
    with engine.begin() as c:
        # a tenth of them as if made through run 2's queue, on flags run 2 has
        in_run_2 = select(F.c.claim_id).where(F.c.run_id == 2)
        chosen = select(L.c.id).where(L.c.claim_id.in_(in_run_2), L.c.id % 10 == 0)
        c.execute(update(L).where(L.c.id.in_(chosen)).values(run_id=2, queue=True))
        c.execute(update(L).where(L.c.run_id.is_(None)).values(run_id=1))
        rows = c.execute(select(B.c.pk).where(B.c.pk % 10 == 0)).scalars().all()
        c.execute(
            insert(RB), [{"brief_pk": pk, "reviewer": "r0", "created_at": utcnow()} for pk in rows]
        )
        tally.rebuild_all(c)  # the label updates above bypassed the label functions' upkeep
    engine.dispose()


def timed(fn, repeat: int = 5) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description="the cost of the strata in reviewer stats")
    parser.add_argument("--n", type=int, default=100_000, help="briefs to generate")
    parser.add_argument("--labels", type=int, default=50_000, help="labels to insert")
    parser.add_argument("--db", type=Path, default=None, help="database file (kept; reused)")
    args = parser.parse_args()
    folder = None
    if args.db is None:
        folder = tempfile.TemporaryDirectory()
        args.db = Path(folder.name) / "stats.db"
    if not args.db.exists():
        print(f"building {args.db}: {args.n:,} briefs, {args.labels:,} labels")
        build(args.db, args.n, args.labels)
    engine = db.open_existing(str(args.db))
    with engine.connect() as c:
        flags = dict(c.execute(select(F.c.run_id, func.count()).group_by(F.c.run_id)).all())
        print(f"flags per run: {flags}")
        strata = timed(lambda: [run_strata(session=c, run_id=r) for r in (2, 1)])
        recall = timed(lambda: run_recall(session=c, run_id=2))
        rules = timed(lambda: by_rule(reader(c), run_id=2))
        ana = timed(lambda: by_rule(reader(c), run_id=2, reviewer="r0"))
    engine.dispose()
    cases = (("stats", []), ("stats --json", ["--json"]), ("stats --by-rule", ["--by-rule"]),
             ("stats --by-rule --json", ["--by-rule", "--json"]))  # fmt: skip
    for name, extra in cases:

        def command(extra: list[str] = extra) -> None:
            subprocess.run([*REVIEWER, "stats", *extra, "--db", str(args.db)],
                           stdout=subprocess.DEVNULL, check=True, cwd=ROOT)  # fmt: skip

        best, median = timed(command)
        print(f"reviewer {name:<22} best {best:.3f} s  median {median:.3f} s")
    print(f"strata of runs 2 and 1  best {strata[0]:.3f} s  median {strata[1]:.3f} s")
    print(f"recall of run 2         best {recall[0]:.3f} s  median {recall[1]:.3f} s")
    print(f"by rule of run 2 (team) best {rules[0]:.3f} s  median {rules[1]:.3f} s")
    print(f"by rule of run 2 (r0)   best {ana[0]:.3f} s  median {ana[1]:.3f} s")
    if folder is not None:
        folder.cleanup()


if __name__ == "__main__":
    main()
