"""Benchmark: one database for a team, SQLite file against a PostgreSQL server.

Run: python scripts/bench_team.py --pg URL [--n 20000] [--reviewers 4] [--labels 200]
URL names a server database the script may create others from (as $REVIEWER_TEST_PG_URL
does for the tests). For each backend it reports
  - ingest + flag (default detector) of N generated briefs: briefs per second;
  - the review app opening on that database: from constructing the app to the first brief
    shown (Textual's pilot, headless), and from spawning a new process (imports included)
    to the first brief shown, the median of 3;
  - label writes while R reviewer processes label at once: p50 / p90 / max of each
    record_label call, and the writes per second of all of them together;
  - `reviewer stats` wall time, start-up included (the best and the median of 5).
Not collected by pytest (the name does not start with test_).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_ingest import generate  # noqa: E402

import db  # noqa: E402
from reviewer.checks.registry import load_detector  # noqa: E402
from reviewer.pipeline.writer import ingest_files  # noqa: E402

LABELER = """
import random, sys, time
import db
from sqlalchemy import select
from db.tables import flagrecord as F
where, who, count, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
engine = db.open_existing(where)
with engine.connect() as c:
    run = db.latest_run(session=c)
    claims = list(c.scalars(select(F.c.claim_id).where(F.c.run_id == run.id).limit(5000)))
rng = random.Random(who)
while time.time() < start:
    time.sleep(0.005)
took = []
with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
    for _ in range(count):
        verdict = rng.choice(("true_positive", "false_positive", "skip"))
        t = time.perf_counter()
        db.record_label(session=c, claim_id=rng.choice(claims), reviewer=who, verdict=verdict)
        took.append(time.perf_counter() - t)
print(" ".join(f"{x:.6f}" for x in took))
"""


def new_pg_database(admin: str) -> str:
    from sqlalchemy import create_engine, make_url

    name = f"reviewer_bench_{uuid.uuid4().hex[:8]}"
    server = create_engine(admin, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    server.dispose()
    return make_url(admin).set(database=name).render_as_string(hide_password=False)


def drop_pg_database(admin: str, url: str) -> None:
    from sqlalchemy import create_engine, make_url

    server = create_engine(admin, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        name = make_url(url).database
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    server.dispose()


def bench_ingest(where: str, src: Path, n: int) -> float:
    engine = db.make_engine(where)
    t = time.perf_counter()
    report = ingest_files(engine, [str(src)], detector=load_detector("default"))
    elapsed = time.perf_counter() - t
    engine.dispose()
    assert report.added == n, report
    return n / elapsed


def bench_open(where: str) -> float:
    from reviewer.tui.app import ReviewApp
    from reviewer.tui.screens.review import ReviewScreen

    async def run() -> float:
        engine = db.open_existing(where)
        t = time.perf_counter()
        app = ReviewApp(engine, reviewer="bench")
        async with app.run_test(size=(120, 40)) as pilot:
            while not (isinstance(app.screen, ReviewScreen) and app.screen.brief is not None):
                await pilot.pause(0.001)
            took = time.perf_counter() - t
        engine.dispose()
        return took

    return min(asyncio.run(run()) for _ in range(3))


OPENER = """
import asyncio, sys, time
spawned = float(sys.argv[2])
import db
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen

async def run():
    engine = db.open_existing(sys.argv[1])
    app = ReviewApp(engine, reviewer="bench")
    async with app.run_test(size=(120, 40)) as pilot:
        while not (isinstance(app.screen, ReviewScreen) and app.screen.brief is not None):
            await pilot.pause(0.001)
        print(time.time() - spawned)
    engine.dispose()

asyncio.run(run())
"""


def bench_spawn_open(where: str) -> float:
    """Seconds from spawning a process to its app showing the first brief (median of 3)."""
    took = []
    for _ in range(3):
        spawned = time.time()
        done = subprocess.run([sys.executable, "-c", OPENER, where, str(spawned)],
                              capture_output=True, text=True, check=True, cwd=ROOT)  # fmt: skip
        took.append(float(done.stdout.split()[-1]))
    return statistics.median(took)


def bench_labels(where: str, reviewers: int, count: int) -> tuple[list[float], float]:
    start = time.time() + 3.0
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", LABELER, where, f"r{i}", str(count), str(start)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for i in range(reviewers)
    ]
    outs = [p.communicate()[0] for p in procs]
    took = [float(x) for out in outs for x in out.split()]
    return took, len(took) / sum(took) * reviewers


def bench_stats(where: str) -> tuple[float, float]:
    times = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", "from reviewer.cli import main; main()", "stats", "--db", where],
            stdout=subprocess.DEVNULL,
            check=True,
            cwd=ROOT,
        )
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", required=True, help="a PostgreSQL server URL (admin database)")
    parser.add_argument("--n", type=int, default=20_000, help="briefs to ingest")
    parser.add_argument("--reviewers", type=int, default=4)
    parser.add_argument("--labels", type=int, default=200, help="labels per reviewer")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "briefs.jsonl"
        generate(src, args.n)
        pg = new_pg_database(args.pg)
        try:
            for name, where in (("sqlite", str(Path(tmp) / "bench.db")), ("postgresql", pg)):
                rate = bench_ingest(where, src, args.n)
                print(f"{name}: ingest + flag {args.n:,} briefs: {rate:,.0f} briefs/s")
                print(f"{name}: app open to first brief: {bench_open(where) * 1000:.0f} ms; "
                      f"spawn to first brief {bench_spawn_open(where) * 1000:.0f} ms")  # fmt: skip
                took, rate = bench_labels(where, args.reviewers, args.labels)
                print(
                    f"{name}: label write with {args.reviewers} reviewers at once: "
                    f"p50 {pct(took, 0.5) * 1000:.1f} ms, p90 {pct(took, 0.9) * 1000:.1f} ms, "
                    f"max {max(took) * 1000:.0f} ms ({len(took)} labels)"
                )
                best, median = bench_stats(where)
                print(f"{name}: reviewer stats: best {best:.2f} s, median {median:.2f} s")
        finally:
            drop_pg_database(args.pg, pg)


if __name__ == "__main__":
    main()
