"""Benchmark: ingest + flag N generated briefs into a fresh SQLite file, then time stats.

Run: python scripts/bench_ingest.py [--n 100000] [--labels 1000000] [--workers N]
Reports briefs per second end to end (check, write, detect), the CPU time per brief of the
main process and of the detector workers (on a machine others are using, wall time swings;
CPU time tells what the work costs, and cores / total CPU is what an idle machine gives),
RSS at each quarter of the work (flat means memory does not grow with the number of
briefs), peak RSS, and the time of `precision_stats` and the app's queries after inserting
the labels. `--also-storage` first times the same ingest without a detector.
Not collected by pytest (the name does not start with test_).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import bindparam, insert, select, update
from sqlmodel import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import db
from db import tally
from db.tables import claim as C
from db.tables import labelstate as LS
from reviewer.checks.registry import load_detector
from reviewer.pipeline.writer import ingest_files

UNITS = ("bpm", "mi", "min", "steps", "pct", "none")
SUFFIX = {"bpm": " bpm", "mi": " mi", "min": " min", "steps": " steps", "pct": "%", "none": ""}
WORDS = [
    "steady",
    "easy",
    "tempo",
    "recovery",
    "long",
    "aerobic",
    "threshold",
    "rest",
    "solid",
    "light",
]


def brief(i: int, rng: random.Random) -> dict:
    """~1.5 KB of prose citing a pool of 30 values: mostly faithful, some off, some flipped."""
    pool = [
        {"name": f"m{j}", "value": round(rng.uniform(-40, 180), 1), "unit": UNITS[j % 6]}
        for j in range(30)
    ]
    parts, size = [], 0
    while size < 1450:
        k = rng.choice(pool)
        factor = rng.choices((1.0, 1.06, -1.0, 2.5), weights=(70, 15, 5, 10))[0]
        value = k["value"] * factor
        sentence = (
            f"The {rng.choice(WORDS)} block put {k['name']} at {value:.1f}{SUFFIX[k['unit']]} "
            f"over the {rng.randint(2, 9)}-day stretch."
        )
        parts.append(sentence)
        size += len(sentence) + 1
    return {"id": f"brief-{i:07d}", "text": " ".join(parts), "pool": pool, "meta": {"n": i}}


def generate(path: Path, n: int) -> None:
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            out.write(json.dumps(brief(i, rng)) + "\n")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def insert_labels(engine, count: int) -> float:
    """Bulk-load `count` labels (1 reviewer per claim, then more reviewers) with their state."""
    start = time.perf_counter()
    with Session(engine) as session:
        claim_ids = list(session.scalars(select(C.c.id).order_by(C.c.id)))
    verdicts = ("true_positive", "false_positive", "skip", "true_positive")
    made, reviewer = 0, 0
    while made < count and claim_ids:
        name = f"r{reviewer}"
        for at in range(0, len(claim_ids), 50_000):
            chunk = claim_ids[at : at + 50_000][: count - made]
            if not chunk:
                break
            with Session(engine) as session:
                rows = [
                    {
                        "claim_id": c,
                        "reviewer": name,
                        "verdict": verdicts[c % 4],
                        "note": None,
                        "created_at": db.models.utcnow(),
                    }
                    for c in chunk
                ]
                ids = session.execute(
                    insert(db.Label).returning(db.Label.id, sort_by_parameter_order=True), rows
                ).scalars()
                session.execute(
                    insert(LS),
                    [
                        {
                            "claim_id": r["claim_id"],
                            "reviewer": name,
                            "label_id": i,
                            "verdict": r["verdict"],
                        }
                        for r, i in zip(rows, ids, strict=True)
                    ],
                )
                session.execute(
                    update(C).where(C.c.id == bindparam("cid")).values(verdict=bindparam("v")),
                    [{"cid": r["claim_id"], "v": r["verdict"]} for r in rows],
                )
                session.commit()
            made += len(chunk)
        reviewer += 1
    return time.perf_counter() - start


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def ingest(dbp: Path, src: Path, args: argparse.Namespace, spec: str):  # -> Engine
    """One timed ingest into a fresh database; prints speed, CPU per brief and RSS."""
    for p in (dbp, dbp.with_suffix(".db-wal"), dbp.with_suffix(".db-shm")):
        p.unlink(missing_ok=True)
    engine = db.make_engine(str(dbp))
    samples: list[tuple[int, float, float]] = []
    done = [0]
    marks = [int(2 * args.n * q / 8) for q in range(1, 9)]

    def advance(k: int) -> None:
        done[0] += k
        while marks and done[0] >= marks[0]:
            samples.append((marks.pop(0), rss_mb(), time.perf_counter() - t))

    rss_before = rss_mb()
    detector = None if spec == "none" else load_detector(spec)
    t = time.perf_counter()
    main_cpu = cpu_seconds(resource.RUSAGE_SELF)
    workers_cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    report = ingest_files(
        engine,
        [str(src)],
        detector=detector,
        workers=args.workers,
        advance=advance,
        expected=args.n,
    )
    elapsed = time.perf_counter() - t
    main_cpu = cpu_seconds(resource.RUSAGE_SELF) - main_cpu
    workers_cpu = cpu_seconds(resource.RUSAGE_CHILDREN) - workers_cpu
    assert report.added == args.n, report
    run = report.run
    found = f"{run.flags:,} flags, {run.checkable:,} checkable numbers" if run else "no run"
    what = "ingest + flag" if detector else "ingest alone"
    print(
        f"{what} ({spec}): {args.n:,} briefs in {elapsed:.1f}s = "
        f"{args.n / elapsed:,.0f} briefs/s ({found})"
    )
    per = 1e6 / args.n
    total = (main_cpu + workers_cpu) * per
    print(
        f"  CPU per brief: main {main_cpu * per:.0f} us, workers {workers_cpu * per:.0f} us; "
        f"{os.cpu_count()} idle cores would give ~{(os.cpu_count() or 1) * 1e6 / total:,.0f} "
        f"briefs/s if the work overlapped fully"
    )
    print(f"  RSS before {rss_before:.0f} MB; during (checked then written), and when:")
    for mark, mb, at in samples:
        phase = "check" if mark <= args.n else "write"
        count = mark if mark <= args.n else mark - args.n
        print(f"    {phase} {count:>9,}: {mb:7.1f} MB at {at:6.1f}s")
    print(f"    run finished (the rest scanned, totals and tallies) at {elapsed:.1f}s")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  peak RSS (maxrss): main {own:.0f} MB, largest worker {kids:.0f} MB")
    return engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="briefs to ingest")
    parser.add_argument("--labels", type=int, default=1_000_000, help="labels to insert")
    parser.add_argument("--workers", type=int, default=None, help="detector processes")
    parser.add_argument(
        "--detector", default="default", help="detector spec, or none to time storage alone"
    )
    parser.add_argument("--dir", type=Path, default=None, help="work folder (default: temp)")
    parser.add_argument(
        "--also-storage", action="store_true", help="first time the ingest without a detector"
    )
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    work.mkdir(parents=True, exist_ok=True)
    src, dbp = work / "briefs.jsonl", work / "bench.db"

    t = time.perf_counter()
    generate(src, args.n)
    size = src.stat().st_size
    print(
        f"generated {args.n:,} briefs ({size / args.n / 1024:.2f} KB each) "
        f"in {time.perf_counter() - t:.1f}s"
    )

    print(f"cores: {os.cpu_count()}, load average at start: {load()}")
    if args.also_storage:
        ingest(work / "storage.db", src, args, "none")
    engine = ingest(dbp, src, args, args.detector)
    print(f"load average at end: {load()}")
    print(f"database: {dbp.stat().st_size / 1e6:,.0f} MB")

    took = insert_labels(engine, args.labels)
    print(f"bulk-inserted {args.labels:,} labels in {took:.1f}s")
    with Session(engine) as session:
        t = time.perf_counter()
        tally.rebuild_all(session)  # the bulk load bypassed record_label's tally upkeep
        session.commit()
        print(f"recounted the run tallies in {time.perf_counter() - t:.1f}s")
    with Session(engine) as session:
        run_id = db.latest_run(session=session).id
        s = db.precision_stats(session=session)
        print(
            f"stats: {s.flags:,} flags, {s.labeled:,} labeled, "
            f"precision {s.precision if s.precision is not None else float('nan'):.3f} "
            f"{s.precision_ci}"
        )
        for who in (None, "r0"):
            took = timed(lambda who=who: db.precision_stats(session=session, reviewer=who))
            print(f"precision_stats (reviewer {who or 'any'}): {took:.3f}s")
        pages = {
            "list_briefs page 1": lambda: db.list_briefs(
                session=session, run_id=run_id, reviewer="r0"
            ),
            "list_briefs last page": lambda: db.list_briefs(
                session=session, run_id=run_id, reviewer="r0", offset=args.n - 100
            ),
            "count_briefs all": lambda: db.count_briefs(
                session=session, run_id=run_id, reviewer="r0"
            ),
            "count_briefs unlabeled": lambda: db.count_briefs(
                session=session, run_id=run_id, reviewer="r1", filter="unlabeled"
            ),
            "list_briefs false_positive": lambda: db.list_briefs(
                session=session, run_id=run_id, reviewer="r0", filter="false_positive"
            ),
            "brief_flags": lambda: db.brief_flags(
                session=session, run_id=run_id, brief_pk=args.n // 2, reviewer="r0"
            ),
            "next_unlabeled (r1, mid)": lambda: db.next_unlabeled(
                session=session, run_id=run_id, reviewer="r1", after=(args.n // 2, 0)
            ),
            "next_unlabeled (r0, all labeled)": lambda: db.next_unlabeled(
                session=session, run_id=run_id, reviewer="r0"
            ),
        }
        for name, fn in pages.items():
            print(f"{name:<34} {1000 * timed(fn):8.1f} ms")
        claim = db.next_unlabeled(session=session, run_id=run_id, reviewer="bench")
        t = time.perf_counter()
        for _ in range(200):
            db.record_label(
                session=session, claim_id=claim.claim_id, reviewer="bench", verdict="skip"
            )
        print(f"record_label (commit each): {1000 * (time.perf_counter() - t) / 200:.2f} ms")
    from typer.testing import CliRunner

    from reviewer.cli import app

    t = time.perf_counter()
    result = CliRunner().invoke(app, ["stats", "--json", "--db", str(dbp)])
    print(
        f"reviewer stats --json (CLI, incl. opening): {time.perf_counter() - t:.3f}s "
        f"exit {result.exit_code}"
    )
    engine.dispose()


if __name__ == "__main__":
    main()
