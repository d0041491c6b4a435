"""Benchmark of `reviewer diff` on many briefs (a script, not a test).

    python scripts/bench_diff.py [--briefs 25000,100000] [--flags-per-brief 3] [--keep DIR]

For each size, builds a database (in a child process, so its memory does not count) of
briefs with two finished runs: run 2 drops one flag of every tenth brief and adds one to
every tenth other brief, and some claims are labeled. Then runs the real command for the
text diff, the JSON diff of every class, and `runs`, output to /dev/null, and prints wall
time and the command's peak memory (its maximum resident set size). Flat memory means
the peak does not grow with the number of briefs.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BATCH = 2000


def build(path: Path, briefs: int, per_brief: int) -> None:
    """Briefs with `per_brief` numbers each; run 1 flags them all, run 2 changes a fifth."""
    from sqlmodel import Session

    import db
    from db.views import pool_to_json
    from db.writes import Scan, digest, finish_run, insert_briefs, pool_pks, start_run, store_scans
    from reviewer import Flag, Known

    engine = db.make_engine(str(path))
    pool = (Known("rhr", 52.0, "bpm"),)
    with Session(engine) as session:
        knowns = pool_to_json(pool)
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        pks: list[int] = []
        texts: dict[int, str] = {}
        for first in range(0, briefs, BATCH):
            rows = []
            for i in range(first, min(first + BATCH, briefs)):
                text = f"Brief {i}: " + " ".join(f"rhr {50 + j % 3} bpm" for j in range(per_brief))
                texts[i] = text
                rows.append({"brief_id": f"b{i:07d}", "text": text, "pool_pk": pool_pk,
                             "digest": digest(str(i))})  # fmt: skip
            pks += insert_briefs(session, rows)
        session.commit()

        def flags(i: int, extra: bool, drop: bool) -> list[Flag]:
            text, out, at = texts[i], [], 0
            for j in range(per_brief + 1):
                at = text.find("rhr ", at) + 4
                token = text[at : at + 2]
                if (j == per_brief and not extra) or (j == 0 and drop):
                    continue
                if j == per_brief:  # the new flag: the brief number itself
                    start = len("Brief ")
                    token = str(i)
                    out.append(Flag(start, start + len(token), token, float(i), "bpm", "rhr",
                                    52.0, i - 52.0, "value"))  # fmt: skip
                    continue
                out.append(Flag(at, at + 2, token, float(token), "bpm", "rhr", 52.0,
                                float(token) - 52.0, "value"))  # fmt: skip
            return out

        for run_no in (1, 2):
            run_id = start_run(session, detector="default", version=f"bench{run_no}", config="{}")
            for first in range(0, briefs, BATCH):
                scans = []
                for i in range(first, min(first + BATCH, briefs)):
                    extra = run_no == 2 and i % 10 == 5
                    drop = run_no == 2 and i % 10 == 0
                    scans.append(Scan(pks[i], per_brief, flags(i, extra, drop)))
                store_scans(session, run_id, scans)
                session.commit()
            finish_run(session, run_id)
            session.commit()
        claims = [c for (c,) in session.execute(db.Claim.__table__.select().with_only_columns(
            db.Claim.__table__.c.id).limit(300))]  # fmt: skip
    for n, claim_id in enumerate(claims):
        with Session(engine) as session:
            verdict = "true_positive" if n % 3 else "false_positive"
            db.record_label(session=session, claim_id=claim_id, reviewer="bench", verdict=verdict)
    engine.dispose()


def timed(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one command, output to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    with open(os.devnull, "w") as sink:
        code = subprocess.call(args, stdout=sink)
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert code in (0, 1), f"{args} exited {code}"
    # ru_maxrss of children is the largest of any child so far: measure in a fresh child
    return wall, max(peak, before) / 1024


def measure(args: list[str]) -> tuple[float, float]:
    """Run `timed` in a child of its own, so each command's peak is its own."""
    code = (
        "import sys, json\n"
        f"sys.path.insert(0, {str(ROOT / 'scripts')!r})\n"
        "from bench_diff import timed\n"
        f"print(json.dumps(timed({args!r})))\n"
    )
    out = subprocess.check_output([sys.executable, "-c", code], text=True)
    import json

    wall, peak = json.loads(out)
    return wall, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--briefs", default="25000,100000")
    parser.add_argument("--flags-per-brief", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="Folder to keep databases in.")
    options = parser.parse_args()
    folder = options.keep or Path(tempfile.mkdtemp(prefix="bench-diff-"))
    folder.mkdir(parents=True, exist_ok=True)
    reviewer = str(Path(sys.executable).parent / "reviewer")
    print(f"load average {os.getloadavg()[0]:.1f}")
    for size in (int(x) for x in options.briefs.split(",")):
        path = folder / f"diff-{size}.db"
        if not path.exists():
            started = time.perf_counter()
            child = subprocess.run(
                [sys.executable, "-c",
                 f"import sys; sys.path.insert(0, {str(ROOT / 'scripts')!r}); "
                 f"from bench_diff import build; from pathlib import Path; "
                 f"build(Path({str(path)!r}), {size}, {options.flags_per_brief})"],
                check=True,
            )  # fmt: skip
            assert child.returncode == 0
            print(f"built {size:,} briefs in {time.perf_counter() - started:.1f} s")
        for label, args in (
            ("diff (new, gone)", [reviewer, "diff", "--db", str(path)]),
            ("diff --json, every class", [reviewer, "diff", "--json", "--only",
                                          "new,gone,same", "--db", str(path)]),
            ("diff --fail-on recall-regression", [reviewer, "diff", "--fail-on",
                                                  "recall-regression", "--db", str(path)]),
            ("runs", [reviewer, "runs", "--db", str(path)]),
        ):  # fmt: skip
            wall, peak = measure(args)
            print(f"{size:>8,} briefs  {label:<34} {wall:6.2f} s  {peak:6.1f} MB peak")


if __name__ == "__main__":
    main()
